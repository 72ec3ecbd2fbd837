"""A championship's rules and season as the plain data `results.standings` computes on.

Everything comes as tuples (`values_list`), never as model instances, in the same few queries
whatever the season's size: scopes, equivalences, rounds (each with the classification that
scores), people, crews, entries, and the first-stage times when a tie-break needs them.

`load_season` also feeds every row it reads to a digest: the same digest, the same tables
(`results.services.championships` skips a recompute whose inputs did not change).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from results.models import (
    Championship,
    ClassEquivalence,
    CrewMember,
    Entry,
    Person,
    Round,
    ScoringScope,
    Split,
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
    parse_scale,
)
from results.standings.digest import Digest

#: What the rules need of a championship (`Championship.objects.only(*RULE_FIELDS)`): the
#: admin's points rules too.
RULE_FIELDS = (
    "best_results",
    "min_starters",
    "short_field_factor",
    "rally2",
    "ranking",
    "tie_breaks",
    "countback",
    "dead_heat",
)


_new = tuple.__new__


def rules_of(championship: Championship, scopes: Iterable, equivalences: Iterable) -> Rules:
    """The championship's rules as plain data. `scopes` are `(pk, name, overall points,
    group points, class points, split by)` and `equivalences` `(group, class, as group,
    as class)`, as `load_season` reads them."""
    return Rules(
        scopes=tuple(
            ScopeRules(
                key=pk,
                name=name,
                overall_points=parse_scale(overall),
                group_points=parse_scale(group),
                class_points=parse_scale(klass),
                split_by=split_by,
            )
            for pk, name, overall, group, klass, split_by in scopes
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
            (group.strip().upper(), klass.strip().upper()): (
                as_group.strip().upper(),
                as_klass.strip().upper(),
            )
            for group, klass, as_group, as_klass in equivalences
        },
    )


def load_season(
    championship: Championship, digest: Digest | None = None
) -> tuple[Rules, list[RoundData]]:
    """The rules and every round's results: six queries whatever the season's size (seven
    with the first-stage tie-break); `digest`, when given, is fed everything read."""
    feed = digest.results if digest is not None else _as_is
    pk = championship.pk
    feed([repr(getattr(championship, name)) for name in RULE_FIELDS])
    scopes = ScoringScope.objects.filter(championship_id=pk).in_order()
    equivalences = ClassEquivalence.objects.filter(championship_id=pk).order_by("pk")
    rules = rules_of(
        championship,
        feed(
            list(
                scopes.values_list(
                    "pk", "name", "overall_points", "group_points", "class_points", "split_by"
                )
            )
        ),
        feed(list(equivalences.values_list("group", "klass", "as_group", "as_klass"))),
    )
    rounds = feed(
        [
            (table, str(coefficient), published)
            for table, coefficient, published in Round.objects.filter(championship_id=pk)
            .with_scoring_table()
            .season_order()
            .values_list("scoring_table", "coefficient", "event__published")
        ]
    )
    # An unpublished event's results stay off the public tables until it is published.
    ids = sorted({table for table, _, published in rounds if table is not None and published})
    crews = _crews(ids, feed, digest.names if digest is not None else _as_is)
    first_stage: dict[int, int] = {}
    if FIRST_STAGE in rules.tie_breaks and ids:
        first_stage = dict(feed(sorted(Split.objects.first_stage_times(ids))))
    by_table: dict[int, list[EntryData]] = defaultdict(list)
    no_crew: tuple[Member, ...] = ()
    # In one order whatever the plan, so that the same rows make the same digest.
    entry_rows = Entry.objects.filter(classification_id__in=ids).order_by(
        "classification_id", "sheet_order", "pk"
    )
    for pk, table, position, status, group, klass in feed(
        list(
            entry_rows.values_list(
                "pk", "classification_id", "position", "status", "group", "klass"
            )
        )
    ):
        crew = crews.get(pk, no_crew)
        # tuple.__new__ rather than the named tuple's constructor: one per entry of the
        # season, three times cheaper.
        by_table[table].append(
            _new(EntryData, (position, status, group, klass, crew, first_stage.get(pk)))
        )
    # Rounds are numbered by their place in the season, as the page numbers its columns.
    season = [
        RoundData(
            order=number,
            coefficient=Decimal(coefficient),
            entries=tuple(by_table.get(table, ())) if published else (),
        )
        for number, (table, coefficient, published) in enumerate(rounds, 1)
    ]
    return rules, season


def _as_is(rows: list) -> list:
    return rows


def _crews(
    ids: list[int], feed: Any = _as_is, feed_names: Any = _as_is
) -> dict[int, tuple[Member, ...]]:
    """Entry pk → its crew, in seat order: two queries (the people, then the seats); `feed`
    is given the seats, `feed_names` the people's names."""
    if not ids:
        return {}
    seats = CrewMember.objects.filter(entry__classification_id__in=ids)
    people = Person.objects.filter(pk__in=seats.values("person_id")).order_by("pk")
    names = {
        pk: (person_name(surname, first_name), slug)
        for pk, surname, first_name, slug in feed_names(
            list(people.values_list("pk", "surname", "first_name", "slug"))
        )
    }
    # A person sits in the same seat event after event: one Member for all those seats.
    members: dict[tuple[int, int], Member] = {}
    crews: dict[int, list[Member]] = defaultdict(list)
    rows = feed(
        list(seats.order_by("entry_id", "seat").values_list("entry_id", "seat", "person_id"))
    )
    for entry_id, seat, person_id in rows:
        member = members.get((person_id, seat))
        if member is None:
            name, slug = names[person_id]
            member = members[(person_id, seat)] = Member(person_id, seat, name, slug)
        crews[entry_id].append(member)
    return {entry_id: tuple(crew) for entry_id, crew in crews.items()}
