"""A classification's entries as the standings page reads them: plain rows, two queries.

The page prints a dozen fields of each entry and the names of its crew. Loading them as model
instances (an entry, its car, its make, a crew member and a person per seat: about seven
objects per row) cost more than everything else on the page, so the page reads tuples into
slotted records instead. Writes never go through these: they are for display only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from results.models import Classification, CrewMember, Entry
from results.models.cars import car_name
from results.models.people import person_name

#: Entry columns the page shows or sorts on, in `StandingEntry`'s field order.
_ENTRY_FIELDS = (
    "pk",
    "status",
    "position",
    "sheet_order",
    "number",
    "group",
    "klass",
    "class_position",
    "club",
    "time_ms",
    "gap_ms",
    "laps",
    "best_lap_ms",
    "best_lap_no",
    "speed_kmh",
    "capacity",
    "car_text",
    "car_id",
    "car__make__name",
    "car__model",
)


@dataclass(slots=True)
class StandingEntry:
    """One entry of a standings table: the stored fields and its crew as (name, slug)."""

    pk: int
    status: str
    position: int | None
    sheet_order: int
    number: int | None
    group: str
    klass: str
    class_position: int | None
    club: str
    time_ms: int | None
    gap_ms: int | None
    laps: int | None
    best_lap_ms: int | None
    best_lap_no: int | None
    speed_kmh: float | None
    capacity: str
    car_text: str
    car_id: int | None
    car_make: str | None
    car_model: str | None
    crew: list[tuple[str, str]] = field(default_factory=list)

    @property
    def car(self) -> str:
        """The car as the page names it: the fixed car's name, else as the sheet wrote it."""
        if self.car_id is None:
            return self.car_text
        return car_name(self.car_make, self.car_model or "")


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
