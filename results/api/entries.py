"""An entry as the API gives it, its fields read from the field catalogue.

Every field the catalogue declares with an Entry model field is in the answer under its
contract name (`class`, `time_ms`), so a field added to the catalogue reaches the API without
an edit here. Times and gaps come as milliseconds and, beside them (`time_text`), as the
pages write them in English (`1:05:21.1`, `+0:08.3`), with as many decimals as the value
needs (at least one); the leader's gap text is empty, as on the pages.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from results.catalogue import FIELDS, Kind
from results.models import Entry
from results.models.cars import car_name
from results.models.people import person_name
from results.views.formatting import clock, decimals_for, gap

#: The serializer field of each kind's stored value.
_VALUE_FIELDS: dict[Kind, type[serializers.Field]] = {
    Kind.TIME: serializers.IntegerField,
    Kind.GAP: serializers.IntegerField,
    Kind.INTEGER: serializers.IntegerField,
    Kind.DECIMAL: serializers.FloatField,
    Kind.TEXT: serializers.CharField,
    Kind.STATUS: serializers.CharField,
}


@extend_schema_field({"type": "string", "nullable": True, "example": "1:05:21.1"})
class TimeText(serializers.Field):
    """Milliseconds as the pages write them; None stays None (DRF skips the field)."""

    def __init__(self, *, is_gap: bool, **kwargs: Any) -> None:
        self.is_gap = is_gap
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: int) -> str:
        decimals = decimals_for([value])
        if self.is_gap:
            return "" if value == 0 else gap(value, decimals=decimals)
        return clock(value, decimals=decimals)


def link(request: Any, name: str, **kwargs: str) -> str:
    """The absolute address of an API resource. Each route is reversed once per request
    (with placeholders): an answer holds hundreds of links."""
    patterns = request.__dict__.setdefault("_podium_api_links", {})
    key = (name, *sorted(kwargs))
    if key not in patterns:
        marks = {k: f"__{k}__" for k in kwargs}
        patterns[key] = request.build_absolute_uri(reverse(f"api:{name}", kwargs=marks))
    url = patterns[key]
    for k, value in kwargs.items():
        url = url.replace(f"__{k}__", value)
    return url


# Declarations of the answer's shape (for the schema): `BaseEntrySerializer.to_representation`
# writes the values.
class CrewSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="1 = driver, 2 = co-driver, and so on.")
    id = serializers.IntegerField()
    slug = serializers.CharField()
    name = serializers.CharField(help_text="The person's name (as fixed by admins).")
    written = serializers.CharField(help_text="The name as the sheet wrote it.")
    url = serializers.URLField()


class CarSerializer(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True, help_text="The identified car, if any.")
    name = serializers.CharField(help_text="The identified car's name, else as written.")
    written = serializers.CharField(help_text="The car as the sheet wrote it.")


class BaseEntrySerializer(serializers.Serializer):
    """The fields below declare the answer (and its schema); `to_representation` writes the
    same values without DRF's per-field machinery, which cost twice the standings page."""

    id = serializers.IntegerField()
    crew = CrewSeatSerializer(many=True)
    car = CarSerializer()

    def to_representation(self, entry: Entry) -> dict[str, Any]:
        request = self.context["request"]
        row: dict[str, Any] = {
            "id": entry.pk,
            "crew": [
                {
                    "seat": seat.seat,
                    "id": seat.person.pk,
                    "slug": seat.person.slug,
                    "name": person_name(seat.person.surname, seat.person.first_name),
                    "written": person_name(seat.surname, seat.first_name),
                    "url": link(request, "person", slug=seat.person.slug),
                }
                for seat in entry.seats
            ],
            "car": {"id": entry.car_id, "name": _car_name(entry), "written": entry.car_text},
        }
        for name, model, text in _PLAN:
            value = getattr(entry, model)
            row[name] = value
            if text is not None:
                row[text[0]] = None if value is None else text[1].to_representation(value)
        return row


def _car_name(entry: Entry) -> str:
    if entry.car is None:
        return entry.car_text
    return car_name(entry.car.make.name if entry.car.make else None, entry.car.model)


def _catalogue() -> tuple[dict[str, serializers.Field], tuple]:
    """The serializer fields of the catalogue's stored fields, and the plan that writes them:
    (name, model field, (text name, text field) or None) each."""
    declared: dict[str, serializers.Field] = {}
    plan = []
    for field in FIELDS:
        name = field.contract or field.model
        if field.model is None or field.kind is Kind.CREW or name in ("car", "crew"):
            continue
        # DRF refuses a `source` equal to the name.
        source = {} if field.model == name else {"source": field.model}
        declared[name] = _VALUE_FIELDS[field.kind](read_only=True, allow_null=True, **source)
        text = None
        if field.kind in (Kind.TIME, Kind.GAP):
            text_name = name.removesuffix("_ms") + "_text"
            declared[text_name] = TimeText(
                source=field.model, is_gap=field.kind is Kind.GAP, allow_null=True
            )
            text = (text_name, declared[text_name])
        plan.append((name, field.model, text))
    return declared, tuple(plan)


_DECLARED, _PLAN = _catalogue()
#: The entry's fields: id, crew, car, then the catalogue's, in its order.
EntrySerializer = type("EntrySerializer", (BaseEntrySerializer,), _DECLARED)
