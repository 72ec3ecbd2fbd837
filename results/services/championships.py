"""Championship standings: load a season in a constant number of queries, compute, store.

`results.standings.compute_standings` does the arithmetic on plain data; this module only
turns rows into that data and the computed rows back into `Standing` rows (one bulk write).
`results.services.freshness.data_changed` calls `recompute_many` for every championship a write
touched, so nothing else needs to remember to.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from django.db import transaction

from results.models import (
    Championship,
    Classification,
    CrewMember,
    Entry,
    Round,
    Split,
    Standing,
)
from results.models.championships import tie_break_codes
from results.models.people import person_name
from results.standings import (
    FIRST_STAGE,
    EntryData,
    Member,
    RoundData,
    Rules,
    ScopeRules,
    StandingRow,
    compute_standings,
    parse_scale,
)

# Keeps IN lists of people well under every backend's bound on query parameters.
_CHUNK = 1000


def rules_of(championship: Championship, scopes: Iterable, equivalences: Iterable) -> Rules:
    """The championship's rules as plain data (scopes and equivalences already loaded)."""
    return Rules(
        scopes=tuple(
            ScopeRules(
                key=scope.pk,
                name=scope.name,
                overall_points=parse_scale(scope.overall_points),
                group_points=parse_scale(scope.group_points),
                class_points=parse_scale(scope.class_points),
                split_by=scope.split_by,
            )
            for scope in scopes
        ),
        best_results=championship.best_results,
        min_starters=championship.min_starters,
        short_field_factor=Decimal(championship.short_field_factor),
        rally2=championship.rally2,
        ranking=championship.ranking,
        tie_breaks=tie_break_codes(championship.tie_breaks),
        countback=championship.countback,
        dead_heat=championship.dead_heat,
        equivalences={
            (eq.group.strip().upper(), eq.klass.strip().upper()): (
                eq.as_group.strip().upper(),
                eq.as_klass.strip().upper(),
            )
            for eq in equivalences
        },
    )


def scoring_classifications(rounds: list[Round]) -> dict[int, int]:
    """Round pk → the classification that scores: the chosen one, else « Général », else the
    event's first. One query for the rounds that chose none."""
    chosen = {r.pk: r.classification_id for r in rounds if r.classification_id}
    pending = {r.event_id: r.pk for r in rounds if not r.classification_id}
    if pending:
        default: dict[int, int] = {}
        found = Classification.objects.filter(event_id__in=pending).order_by("pk")
        for pk, event_id, slug in found.values_list("pk", "event_id", "slug"):
            if event_id not in default or slug == "general":
                default.setdefault(event_id, pk)
                if slug == "general":
                    default[event_id] = pk
        chosen.update({pending[event]: pk for event, pk in default.items()})
    return chosen


def load_season(championship: Championship) -> tuple[Rules, list[RoundData]]:
    """The rules and every round's results, in five queries whatever the season's size."""
    scopes = list(championship.scopes.order_by("order", "pk"))
    equivalences = list(championship.equivalences.all())
    rounds = list(championship.rounds.in_season_order())
    tables = scoring_classifications(rounds)
    ids = set(tables.values())
    crews: dict[int, list[Member]] = defaultdict(list)
    crew_rows = CrewMember.objects.filter(entry__classification_id__in=ids).values_list(
        "entry_id", "seat", "person_id", "person__surname", "person__first_name", "person__slug"
    )
    for entry_id, seat, person_id, surname, first_name, slug in crew_rows:
        name = person_name(surname, first_name)
        crews[entry_id].append(Member(person=person_id, seat=seat, name=name, slug=slug))
    first_stage: dict[int, int] = {}
    if FIRST_STAGE in tie_break_codes(championship.tie_breaks):
        first_stage = dict(Split.objects.first_stage_times(ids))
    by_table: dict[int, list[EntryData]] = defaultdict(list)
    entry_rows = Entry.objects.filter(classification_id__in=ids).order_by("sheet_order")
    for pk, table, position, status, group, klass in entry_rows.values_list(
        "pk", "classification_id", "position", "status", "group", "klass"
    ):
        by_table[table].append(
            EntryData(
                position=position,
                status=status,
                group=group,
                klass=klass,
                crew=tuple(crews.get(pk, ())),
                first_stage_ms=first_stage.get(pk),
            )
        )
    # Rounds are numbered by their place in the season, as the page numbers its columns.
    season = [
        RoundData(
            order=number,
            coefficient=Decimal(r.coefficient),
            # An unpublished event's results stay off the public tables until it is published.
            entries=tuple(by_table.get(tables.get(r.pk, -1), ())) if r.event.published else (),
        )
        for number, r in enumerate(rounds, 1)
    ]
    return rules_of(championship, scopes, equivalences), season


def recompute(championship: Championship | int) -> int:
    """Compute and store the championship's tables; returns the number of rows written.

    Locks the championship's row so two writers recomputing it at once queue rather than
    interleave their delete and insert.
    """
    pk = championship if isinstance(championship, int) else championship.pk
    with transaction.atomic():
        locked = Championship.objects.select_for_update().filter(pk=pk).first()
        if locked is None:
            return 0
        rules, season = load_season(locked)
        rows = compute_standings(rules, season)
        Standing.objects.filter(championship_id=pk).delete()
        Standing.objects.bulk_create([standing_of(pk, row) for row in rows])
    return len(rows)


def recompute_many(pks: Iterable[int]) -> None:
    for pk in sorted(set(pks)):
        recompute(pk)


def standing_of(championship_id: int, row: StandingRow) -> Standing:
    return Standing(
        championship_id=championship_id,
        scope_id=row.scope,
        role=row.role,
        section=row.section,
        position=row.position,
        competitor=row.competitor,
        name=row.name[:500],
        people=[
            {"id": m.person, "slug": m.slug, "name": m.name, "seat": m.seat} for m in row.people
        ],
        total=row.total,
        tie_breaks=",".join(row.tie_breaks),
        results=[
            {
                "round": r.round,
                "points": format_points(r.points),
                "place": r.place,
                "status": r.status,
                "counted": r.counted,
            }
            for r in row.results
        ],
    )


def format_points(points: Decimal) -> str:
    """`25`, `12.5`, `8.33`: no trailing zeros, never an exponent."""
    text = f"{points:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def championships_touched(*, events: Iterable[int] = (), people: Iterable[int] = ()) -> set[int]:
    """Championships a write to these events or people may change: one query (a UNION), plus
    one per further 1,000 people.

    Points move only with the events' results, but people count too: a rename or a merge
    changes the names shown in every championship those people scored in.
    """
    events, people = sorted(set(events)), sorted(set(people))
    chunks = [people[start : start + _CHUNK] for start in range(0, len(people), _CHUNK)]
    queries = []
    if events:
        queries.append(Round.objects.filter(event_id__in=events))
    queries += [
        Round.objects.filter(event__classifications__entries__crew__person_id__in=chunk)
        for chunk in chunks
    ]
    found: set[int] = set()
    if queries:
        first, *others = [q.order_by().values_list("championship_id", flat=True) for q in queries]
        # The events and the first people in one round trip: every write pays for this lookup.
        found |= set(first.union(others[0]) if others else first)
        for query in others[1:]:
            found |= set(query)
    return found
