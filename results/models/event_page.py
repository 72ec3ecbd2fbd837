"""The event page's read of its classifications, championships and revisions: one UNION.

The event page's budget is five queries whatever the event: its classifications (with what
their stage pages have), the championships it counts for and the revisions of every
classification come in one query, three kinds of rows told apart by a `kind` column.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.apps import apps
from django.db import models
from django.db.models import BooleanField, CharField, Exists, F, IntegerField, OuterRef, Value
from django.db.models.functions import Cast

if TYPE_CHECKING:
    from results.models.events import Classification, Event


@dataclass(frozen=True, slots=True)
class ChampionshipLink:
    """A championship an event counts for, as the event's page links to it."""

    slug: str
    name: str
    season: str
    round: int


#: The union's columns of what a classification says of its stage (see `_event_union`).
_STAGE_COLUMNS = ("after_stage_", "stage_name_", "stage_order_")


@dataclass(frozen=True, slots=True)
class RevisionNote:
    """A revision as the event's page lists it (see `results.models.Revision`)."""

    classification: int
    kind: str
    reason: str
    at: datetime.datetime
    changes: dict


#: The union's columns of what a classification says of its stage (see `event_union`).
_STAGE_COLUMNS = ("after_stage_", "stage_name_", "stage_order_")


def event_union(
    queryset: models.QuerySet, event: Event, *, revisions: bool
) -> tuple[list[Classification], list[ChampionshipLink], list[RevisionNote]]:
    """The event's classifications (each with `has_splits`), the championships it counts
    for and, with `revisions`, the revisions of every classification, newest first: one
    query (a UNION of the three)."""
    text, number = CharField(), IntegerField()
    when, flag = models.DateTimeField(), BooleanField()
    columns = ("kind", "pk", "slug", "name", "extra", "rank", "at", "staged", *_STAGE_COLUMNS)
    # What a stage's or an interim classification says of itself; none of the others'.
    blank = {
        "after_stage_": Value("", output_field=text),
        "stage_name_": Value("", output_field=text),
        "stage_order_": Value(None, output_field=number),
    }
    classifications = (
        queryset.filter(event=event)
        .annotate(
            kind=Value(0, output_field=number),
            extra=Cast("state", text),
            rank=F("pk"),
            at=F("official_at"),
            # Whether the stage pages have anything to show (one query still).
            staged=Exists(
                apps.get_model("results", "Split").objects.filter(
                    entry__classification=OuterRef("pk")
                )
            ),
            after_stage_=F("after_stage"),
            stage_name_=F("stage_name"),
            stage_order_=F("stage_order"),
        )
        .order_by()
        .values_list(*columns)
    )
    # Round and Revision, reached through the models, as they are declared after this one.
    rounds = (
        type(event)
        ._meta.get_field("rounds")
        .related_model.objects.filter(event=event)
        .annotate(
            kind=Value(1, output_field=number),
            pk_=F("championship__pk"),
            slug=F("championship__slug"),
            name=F("championship__name"),
            extra=Cast("championship__season", text),
            rank=F("order"),
            at=Value(None, output_field=when),
            staged=Value(False, output_field=flag),
            **blank,
        )
        .order_by()
        .values_list(
            "kind", "pk_", "slug", "name", "extra", "rank", "at", "staged", *_STAGE_COLUMNS
        )
    )
    parts = [rounds]
    if revisions:
        parts.append(
            queryset.model._meta.get_field("revisions")
            .related_model.objects.filter(classification__event=event)
            .annotate(
                kind_=Value(2, output_field=number),
                slug=Cast("kind", text),
                name=F("reason"),
                extra=Cast("changes", text),
                rank=F("classification_id"),
                at=F("created_at"),
                staged=Value(False, output_field=flag),
                **blank,
            )
            .order_by()
            .values_list("kind_", *columns[1:])
        )
    found, links, notes = [], [], []
    for kind, pk, slug, name, extra, rank, at, staged, after, stage, order in sorted(
        classifications.union(*parts, all=True), key=lambda row: (row[0], row[1])
    ):
        if kind == 0:
            found.append(
                queryset.model(pk=pk, event=event, slug=slug, name=name, state=extra,
                           official_at=at, after_stage=after, stage_name=stage,
                           stage_order=order)
            )  # fmt: skip
            found[-1].has_splits = staged
        elif kind == 1:
            links.append(ChampionshipLink(slug=slug, name=name, season=extra, round=rank))
        else:
            notes.append(RevisionNote(classification=rank, kind=slug, reason=name or "",
                                      at=at, changes=json.loads(extra or "{}")))  # fmt: skip
    notes.reverse()
    return found, links, notes
