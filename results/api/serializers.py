"""Events, classifications, people and championships as the API gives them, with links."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field, inline_serializer
from rest_framework import serializers

from results.api.entries import EntrySerializer, link
from results.models.championships import tie_break_codes
from results.models.people import person_name
from results.services.diffing import VersionDiff


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
    stage_name = serializers.CharField(
        help_text="For one stage's classification, the stage (`ES3`); empty for an overall one."
    )
    stage_order = serializers.IntegerField(
        allow_null=True, help_text="That stage's number, its order among the stages; or null."
    )
    after_stage = serializers.CharField(
        help_text="An interim overall classification: the stage its results stand after "
        "(`ES5`); empty once the final results are in."
    )
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


class ChangesField(serializers.Field):
    """What a revision changed, from the stored diff: counts, crews added and removed (as
    `#12 Martin / Durand`), and per crew changed each field with its old and new value."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: Any) -> dict[str, Any] | None:
        if not value or not isinstance(value, dict):
            return None  # nothing compared: the first publication, made official
        diff = VersionDiff.from_json(value)
        return {
            "counts": diff.counts,
            "added": [item.label for item in diff.added],
            "removed": [item.label for item in diff.removed],
            "changed": [
                {
                    "crew": item.label,
                    "fields": [
                        {"field": c.field, "old": c.old, "new": c.new} for c in item.changes
                    ],
                }
                for item in diff.changed
            ],
        }


CHANGES_SCHEMA = {
    "type": "object",
    "nullable": True,
    "properties": {
        "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
        "added": {"type": "array", "items": {"type": "string"}},
        "removed": {"type": "array", "items": {"type": "string"}},
        "changed": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "crew": {"type": "string"},
                    "fields": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"field": {"type": "string"}, "old": {}, "new": {}},
                        },
                    },
                },
            },
        },
    },
}
ChangesField = extend_schema_field(CHANGES_SCHEMA)(ChangesField)


class RevisionSerializer(serializers.Serializer):
    """One change of the published results: when, what kind, why, and what changed."""

    date = serializers.DateTimeField(source="created_at")
    kind = serializers.CharField(help_text="`published`, `revised`, `official` or `decision`.")
    reason = serializers.CharField()
    changes = ChangesField(
        help_text="What changed from the version before; null when no entry changed "
        "(the first publication, making the results official)."
    )


class DecisionSerializer(serializers.Serializer):
    """A decision the published results apply (a retired one is not listed)."""

    kind = serializers.CharField(
        help_text="`time_penalty`, `time_correction`, `exclusion`, `reinstatement` or "
        "`position_change`."
    )
    number = serializers.CharField(help_text="The crew's race number as written; may be empty.")
    crew = serializers.ListField(child=serializers.CharField(), help_text="Names as written.")
    value = serializers.IntegerField(
        allow_null=True,
        help_text="Milliseconds added (penalty), the corrected time in milliseconds, or the "
        "new position.",
    )
    reason = serializers.CharField()
    reference = serializers.CharField()
    decided_on = serializers.DateField()


class ClassificationDetailSerializer(ClassificationSerializer):
    event = EventSerializer()
    official_at = serializers.DateTimeField(
        allow_null=True, help_text="When the results were made official; null: provisional."
    )
    revisions = RevisionSerializer(source="revision_list", many=True, help_text="Newest first.")
    decisions = DecisionSerializer(
        source="decision_list", many=True, help_text="The active decisions, oldest first."
    )


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
    """One of a person's entries: where, in which seat, and the entry with its crew. The
    fields declare the answer (and its schema); `to_representation` writes the same values
    without DRF's per-field machinery (a page holds fifty, each with its event)."""

    event = EventSerializer(source="entry.classification.event")
    classification = ClassificationSerializer(source="entry.classification")
    seat = serializers.IntegerField()
    entry = EntrySerializer()

    def to_representation(self, seat: Any) -> dict[str, Any]:
        request = self.context["request"]
        table = seat.entry.classification
        event = table.event
        return {
            "event": {
                "id": event.pk,
                "slug": event.slug,
                "name": event.name,
                "date": event.date.isoformat(),
                "place": event.place,
                "discipline": event.discipline,
                "club": event.club.name if event.club_id else None,
                "url": link(request, "event", slug=event.slug),
            },
            "classification": {
                "id": table.pk,
                "slug": table.slug,
                "name": table.name,
                "state": table.state,
                "stage_name": table.stage_name,
                "stage_order": table.stage_order,
                "after_stage": table.after_stage,
                "url": link(request, "classification", event_slug=event.slug, slug=table.slug),
            },
            "seat": seat.seat,
            "entry": self.fields["entry"].to_representation(seat.entry),
        }


class PersonDetailSerializer(PersonSerializer):
    """The person, then a cursor page of their results (as every list of the API)."""

    next = serializers.URLField(allow_null=True, help_text="The next page, if any.")
    previous = serializers.URLField(allow_null=True)
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
    provisional = serializers.SerializerMethodField(
        help_text="The results that score are still provisional: the points may change."
    )
    event = EventSerializer()

    def get_provisional(self, item: Any) -> bool:
        return getattr(item, "scoring_state", None) == "provisional"


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
    tie_breaks = serializers.SerializerMethodField(
        help_text="The tie-breaks (`countback`, `last_event`, `first_stage`) that decided the "
        "position against a line level on points; empty when points alone decided."
    )

    def get_tie_breaks(self, row: Any) -> list[str]:
        return [code for code in (row.tie_breaks or "").split(",") if code]

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
            "tie_breaks": self.get_tie_breaks(row),
        }


class TableSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    split_by = serializers.CharField()
    rows = StandingSerializer(many=True)


class ChampionshipDetailSerializer(ChampionshipSerializer):
    best_results = serializers.IntegerField(allow_null=True)
    ranking = serializers.CharField()
    rally2 = serializers.CharField(help_text="Rallye 2 results: `none`, `place` or `after`.")
    tie_breaks = serializers.SerializerMethodField(help_text="In the order they apply.")
    countback = serializers.CharField(help_text="`all` results, or those `kept`.")
    dead_heat = serializers.CharField(help_text="`place` (each its points) or `share`.")
    provisional_rounds = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The numbers of the rounds whose results are still provisional.",
    )
    rounds = RoundSerializer(source="rounds_shown", many=True)
    tables = TableSerializer(
        many=True,
        help_text="Every table, each with the lines of this page: the lines come in cursor "
        "pages over the tables in turn (`next`, `previous`).",
    )
    next = serializers.URLField(
        source="next_link", allow_null=True, help_text="The next page of lines, if any."
    )
    previous = serializers.URLField(source="previous_link", allow_null=True)

    def get_tie_breaks(self, championship: Any) -> list[str]:
        return list(tie_break_codes(championship.tie_breaks))


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
