"""The stages a person won, as their page counts and lists them.

A stage win is a stage of a classification on which no crew of that classification was
faster (from the stored stage times), or first place in one stage's own classification (its
sheet, `Classification.stage_order`); the same stage of the same event, won in both, counts
once. One query beyond the person's seats (`Split.objects.wins_of`), and one for the
classifications of the wins when there are any.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse

from results.catalogue import CLASSIFIED
from results.models import Classification, Event, Person, Split
from results.services.scoping import base_name
from results.views import formatting


@dataclass(frozen=True, slots=True)
class StageWin:
    event: Event
    classification: Classification
    stage: str
    order: int
    time: str
    link: str


def _stage_link(classification: Classification, order: int) -> str:
    url = reverse("results:event_stages", kwargs={"slug": classification.event.slug})
    return f"{url}?{urlencode({'classification': classification.slug, 'stage': order})}"


def _sheet_link(classification: Classification) -> str:
    url = reverse("results:event_detail", kwargs={"slug": classification.event.slug})
    return f"{url}?{urlencode({'classification': classification.slug})}"


def stage_wins(person: Person, seats) -> list[StageWin]:
    """The person's stage wins over the whole career, newest event first, then by stage.
    `seats` are the person's published seats (`CrewMember.objects.published_seats_of`); the
    classifications won in are read in one query, when there are any."""
    split_wins = list(Split.objects.wins_of(person))
    own_firsts = [
        seat
        for seat in seats
        if seat.stage_order is not None and seat.position == 1 and seat.status == CLASSIFIED
    ]
    wanted = {table_id for _event, table_id, *_rest in split_wins}
    wanted |= {seat.classification_id for seat in own_firsts}
    if not wanted:
        return []
    tables = Classification.objects.with_event().in_bulk(wanted)
    found: dict[tuple, tuple[Classification, str, int, int | None, str]] = {}
    for _event_id, table_id, order, name, total in split_wins:
        table = tables.get(table_id)
        if table is not None:
            key = (table.event_id, base_name(table), order)
            found.setdefault(key, (table, name, order, total, _stage_link(table, order)))
    for seat in own_firsts:
        table = tables[seat.classification_id]
        key = (table.event_id, base_name(table), table.stage_order)
        found.setdefault(
            key, (table, table.stage_name, table.stage_order, seat.time_ms, _sheet_link(table))
        )
    decimals = formatting.decimals_for(ms for *_rest, ms, _link in found.values())
    sep = formatting.decimal_separator()
    wins = [
        StageWin(
            event=table.event,
            classification=table,
            stage=name,
            order=order,
            time="" if ms is None else formatting.clock(ms, decimals=decimals, sep=sep),
            link=link,
        )
        for table, name, order, ms, link in found.values()
    ]
    wins.sort(key=lambda w: (-w.event.date.toordinal(), w.event.pk, w.order, w.classification.pk))
    return wins
