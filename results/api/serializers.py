"""Events, classifications, people and championships as the API gives them, with links."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field, inline_serializer
from rest_framework import serializers

from results.api.entries import EntrySerializer, link
from results.models.people import person_name


@extend_schema_field({"type": "string", "format": "uri"})
class LinkField(serializers.Field):
    """The absolute address of the resource `name`, its keys read from the object."""

    def __init__(self, name: str, **keys: str) -> None:
        self.name, self.keys = name, keys
        super().__init__(source="*", read_only=True)

    def to_representation(self, value: Any) -> str:
        kwargs = {key: _attr(value, path) for key, path in self.keys.items()}
        return link(self.context["request"], self.name, **kwargs)


def _attr(value: Any, path: str) -> Any:
    for part in path.split("."):
        value = getattr(value, part)
    return value


class EventSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    slug = serializers.CharField()
    name = serializers.CharField()
    date = serializers.DateField()
    place = serializers.CharField()
    discipline = serializers.CharField()
    club = serializers.CharField(source="club.name", allow_null=True, default=None)
    url = LinkField("event", slug="slug")


class ClassificationSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    slug = serializers.CharField()
    name = serializers.CharField()
    state = serializers.CharField()
    url = LinkField("classification", event_slug="event.slug", slug="slug")


class ChampionshipLinkSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    season = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    url = LinkField("championship", slug="slug")


class EventDetailSerializer(EventSerializer):
    classifications = ClassificationSerializer(source="found", many=True)
    championships = ChampionshipLinkSerializer(source="links", many=True)


class ClassificationDetailSerializer(ClassificationSerializer):
    event = EventSerializer()


class PersonSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    slug = serializers.CharField()
    surname = serializers.CharField()
    first_name = serializers.CharField(allow_null=True)
    name = serializers.SerializerMethodField()
    url = LinkField("person", slug="slug")

    def get_name(self, person: Any) -> str:
        return person_name(person.surname, person.first_name)


class ResultSerializer(serializers.Serializer):
    """One of a person's entries: where, in which seat, and the entry with its crew."""

    event = EventSerializer(source="entry.classification.event")
    classification = ClassificationSerializer(source="entry.classification")
    seat = serializers.IntegerField()
    entry = EntrySerializer()


class PersonDetailSerializer(PersonSerializer):
    results = ResultSerializer(many=True, help_text="Published results, newest event first.")


class ChampionshipSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    slug = serializers.CharField()
    name = serializers.CharField()
    season = serializers.IntegerField()
    url = LinkField("championship", slug="slug")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The column of the tables' results.")
    order = serializers.IntegerField(allow_null=True)
    coefficient = serializers.DecimalField(max_digits=4, decimal_places=2)
    event = EventSerializer()


class StandingPersonSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    slug = serializers.CharField()
    name = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True, default=None)
    url = serializers.CharField(allow_null=True)


class StandingResultSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    points = serializers.CharField()
    place = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    counted = serializers.BooleanField()


def _plain(value: Any, kind: type) -> Any:
    return None if value is None else kind(value)


class StandingSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    role = serializers.CharField(help_text="``, `driver` or `codriver`.")
    section = serializers.CharField(help_text="The group or class of a split table.")
    name = serializers.CharField()
    total = serializers.DecimalField(max_digits=10, decimal_places=2)
    people = StandingPersonSerializer(many=True)
    results = StandingResultSerializer(many=True)

    def to_representation(self, row: Any) -> dict:
        """The fields above, written directly: a federation's championship has thousands of
        rows of a dozen results each, and a nested serializer per result took most of the
        answer's time. The same values and types as the declared fields give."""
        return {
            "position": _plain(row.position, int),
            "role": _plain(row.role, str),
            "section": _plain(row.section, str),
            "name": _plain(row.name, str),
            "total": self.fields["total"].to_representation(row.total),
            "people": [
                {
                    "id": _plain(p.get("id"), int),
                    "slug": _plain(p.get("slug"), str),
                    "name": _plain(p.get("name"), str),
                    "seat": _plain(p.get("seat"), int),
                    "url": _plain(p.get("url"), str),
                }
                for p in row.people
            ],
            "results": [
                {
                    "round": _plain(r.get("round"), int),
                    "points": _plain(r.get("points"), str),
                    "place": _plain(r.get("place"), int),
                    "status": _plain(r.get("status"), str),
                    "counted": _plain(r.get("counted"), bool),
                }
                for r in row.results
            ],
        }


class TableSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    split_by = serializers.CharField()
    rows = StandingSerializer(many=True)


class ChampionshipDetailSerializer(ChampionshipSerializer):
    best_results = serializers.IntegerField(allow_null=True)
    ranking = serializers.CharField()
    rounds = RoundSerializer(source="rounds_shown", many=True)
    tables = TableSerializer(many=True)


def page_of(name: str, serializer: type[serializers.Serializer], **extra: serializers.Field):
    """The schema of a cursor page of `serializer`'s objects (with `extra` fields first)."""
    return inline_serializer(
        name=f"{name}Page",
        fields={
            **extra,
            "next": serializers.URLField(allow_null=True, help_text="The next page, if any."),
            "previous": serializers.URLField(allow_null=True),
            "results": serializer(many=True),
        },
    )
