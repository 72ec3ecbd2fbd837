"""An entry as the API gives it, its fields read from the field catalogue.

Every field the catalogue declares with an Entry model field is in the answer under its
contract name (`class`, `time_ms`), so a field added to the catalogue reaches the API without
an edit here. Times and gaps come as milliseconds and, beside them (`time_text`), as the
pages write them in English (`1:05:21.1`, `+0:08.3`), with as many decimals as the value
needs (at least one); the leader's gap text is empty, as on the pages.
"""

from __future__ import annotations

from typing import Any

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


def link(request: Any, name: str, **kwargs: Any) -> str:
    """The absolute address of an API resource."""
    from django.urls import reverse

    return request.build_absolute_uri(reverse(f"api:{name}", kwargs=kwargs))


class CrewSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    id = serializers.IntegerField(source="person.pk")
    slug = serializers.CharField(source="person.slug")
    name = serializers.SerializerMethodField()
    written = serializers.SerializerMethodField(help_text="The name as the sheet wrote it.")
    url = serializers.SerializerMethodField()

    def get_name(self, seat: Any) -> str:
        return person_name(seat.person.surname, seat.person.first_name)

    def get_written(self, seat: Any) -> str:
        return person_name(seat.surname, seat.first_name)

    def get_url(self, seat: Any) -> str:
        return link(self.context["request"], "person", slug=seat.person.slug)


class CarSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="car_id", allow_null=True)
    name = serializers.SerializerMethodField(help_text="The identified car, else as written.")
    written = serializers.CharField(source="car_text", help_text="The car as the sheet wrote it.")

    def get_name(self, entry: Entry) -> str:
        if entry.car is None:
            return entry.car_text
        make = entry.car.make.name if entry.car.make else None
        return car_name(make, entry.car.model)


class BaseEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    crew = CrewSeatSerializer(source="seats", many=True)
    car = CarSerializer(source="*")


def _declared() -> dict[str, serializers.Field]:
    declared: dict[str, serializers.Field] = {}
    for field in FIELDS:
        name = field.contract or field.model
        if field.model is None or field.kind is Kind.CREW or name in ("car", "crew"):
            continue
        # DRF refuses a `source` equal to the name.
        source = {} if field.model == name else {"source": field.model}
        declared[name] = _VALUE_FIELDS[field.kind](read_only=True, allow_null=True, **source)
        if field.kind in (Kind.TIME, Kind.GAP):
            declared[name.removesuffix("_ms") + "_text"] = TimeText(
                source=field.model, is_gap=field.kind is Kind.GAP, allow_null=True
            )
    return declared


#: The entry's fields: id, crew, car, then the catalogue's, in its order.
EntrySerializer = type("EntrySerializer", (BaseEntrySerializer,), _declared())
