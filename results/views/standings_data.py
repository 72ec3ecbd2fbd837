"""A classification's entries as the standings page reads them: plain rows, two queries.

The page prints a dozen fields of each entry and the names of its crew. Loading them as model
instances (an entry, its car, its make, a crew member and a person per seat: about seven
objects per row) cost more than everything else on the page, so the page reads tuples into
slotted records instead. Writes never go through these: they are for display only. The
fields read are the stored fields of the field catalogue (`results.catalogue.fields`).
"""

from __future__ import annotations

from dataclasses import field, make_dataclass
from typing import Any

from results.catalogue import FIELDS, Kind
from results.models import Classification, CrewMember, Entry
from results.models.cars import car_as_written
from results.models.people import person_name

#: The Python type of a stored value of each kind (`None` too where the model allows it).
_TYPES: dict[Kind, Any] = {
    Kind.TIME: int | None,
    Kind.GAP: int | None,
    Kind.INTEGER: int | None,
    Kind.DECIMAL: float | None,
    Kind.TEXT: str,
    Kind.STATUS: str,
}
#: Every stored field of the catalogue, then the car's parts, in `StandingEntry`'s order.
_CATALOGUE_FIELDS = tuple(f for f in FIELDS if f.model)
#: The sort keys the writer stores beside some values (a door number's numeric part).
_SORT_FIELDS = tuple(f.sort_model for f in FIELDS if f.sort_model)
_ENTRY_FIELDS = (
    "pk",
    "sheet_order",
    *(f.model for f in _CATALOGUE_FIELDS),
    *_SORT_FIELDS,
    "car_id",
    "car__make__name",
    "car__model",
)


def _car(self: Any) -> str:
    """The car as the page names it: as the sheet wrote it, or the name an admin fixed."""
    if self.car_id is None:
        return self.car_text
    return car_as_written(self.car_text, self.car_make, self.car_model or "")


# Built from the catalogue, so a new field reaches the page without an edit here.
StandingEntry = make_dataclass(
    "StandingEntry",
    [
        ("pk", int),
        ("sheet_order", int),
        *((f.model, _TYPES[f.kind]) for f in _CATALOGUE_FIELDS),
        *((name, int | None) for name in _SORT_FIELDS),
        ("car_id", int | None),
        ("car_make", str | None),
        ("car_model", str | None),
        ("crew", list[tuple[str, str]], field(default_factory=list)),
    ],
    slots=True,
    namespace={"car": property(_car), "__module__": __name__},
)
StandingEntry.__doc__ = (
    "One entry of a standings table: the stored fields and its crew as (name, slug)."
)


def load_standings(classification: Classification) -> list[StandingEntry]:
    """The classification's entries in sheet order, each with its crew by seat: two queries
    whatever the number of rows."""
    entries = {
        row[0]: StandingEntry(*row)
        for row in Entry.objects.page_rows(classification, _ENTRY_FIELDS)
    }
    seats = CrewMember.objects.names_in(classification)
    for entry_id, surname, first_name, slug in seats:
        # An import committed between the two queries: its seats belong to entries this page
        # does not show (the page is stored under the version read before, never served again).
        entry = entries.get(entry_id)
        if entry is not None:
            entry.crew.append((person_name(surname, first_name), slug))
    return list(entries.values())
