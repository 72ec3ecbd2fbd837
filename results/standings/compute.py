"""Points per result, best-N, tie-breaks and positions, over plain data."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal

from results.stages.compute import competition_ranks
from results.standings.rules import (
    CLASSIFIED,
    COUNTBACK,
    COUNTBACK_KEPT,
    DEAD_HEAT_SHARE,
    DNS,
    FIRST_STAGE,
    LAST_EVENT,
    PERSON,
    RALLY2,
    RALLY2_AFTER,
    RALLY2_NONE,
    EntryData,
    Member,
    Pair,
    RoundData,
    RoundResult,
    Rules,
    ScopeRules,
    StandingRow,
    class_label,
)

CENT = Decimal("0.01")
# Larger than any place, so "no result" sorts after every real place.
NO_PLACE = 1 << 30


@dataclass(frozen=True, slots=True)
class _Scored:
    entry: EntryData
    pair: Pair
    ranks: dict[str, int | None]
    #: How many crews share the place, per grouping (1 without a dead heat).
    tied: dict[str, int]
    short_field: bool
    competitors: list[tuple[str, str, tuple[Member, ...]]]


def compute_standings(rules: Rules, rounds: Sequence[RoundData]) -> list[StandingRow]:
    """Every scope's table: rows by role, section and position (ties share a position)."""
    ordered = sorted(rounds, key=lambda item: item.order)
    scored = [(item, _score_round(rules, item)) for item in ordered]
    orders = [item.order for item in ordered]
    rows: list[StandingRow] = []
    for scope in rules.scopes:
        rows += _scope_rows(rules, scope, scored, orders)
    return rows


def _score_round(rules: Rules, item: RoundData) -> list[_Scored]:
    pairs = [rules.equivalent(entry.group, entry.klass) for entry in item.entries]
    starters: dict[Pair, int] = defaultdict(int)
    for entry, pair in zip(item.entries, pairs, strict=True):
        if entry.status != DNS:
            starters[pair] += 1
    scoring = {CLASSIFIED} if rules.rally2 == RALLY2_NONE else {CLASSIFIED, RALLY2}
    eligible = [
        index
        for index, entry in enumerate(item.entries)
        if entry.position is not None and entry.status in scoring
    ]
    # Places are counted among the crews that may score, so a Rallye 2 crew excluded from
    # the points does not take a place from the crews behind it; placed after the classified
    # crews, it takes none from them either.
    after = rules.rally2 == RALLY2_AFTER
    eligible.sort(
        key=lambda index: (
            after and item.entries[index].status == RALLY2,
            item.entries[index].position,
        )
    )
    ranks: list[dict[str, int | None]] = [
        {"overall": None, "group": None, "class": None} for _ in item.entries
    ]
    groupings = {
        "overall": lambda pair: "",
        "group": lambda pair: pair[0] or None,
        "class": lambda pair: pair if pair[1] else None,
    }
    tied: list[dict[str, int]] = [{} for _ in item.entries]
    for grouping, key_of in groupings.items():
        seen: dict[object, int] = defaultdict(int)
        last: dict[object, tuple[int, int]] = {}
        sharing: dict[tuple[object, int], list[int]] = defaultdict(list)
        for index in eligible:
            key = key_of(pairs[index])
            if key is None:
                continue
            seen[key] += 1
            entry = item.entries[index]
            # Crews tie on a place when the sheet gives them the same one (and, Rallye 2
            # crews placed after the classified, only among themselves).
            position = (after and entry.status == RALLY2, entry.position)
            previous = last.get(key)
            rank = previous[1] if previous and previous[0] == position else seen[key]
            last[key] = (position, rank)
            ranks[index][grouping] = rank
            sharing[(key, rank)].append(index)
        for indexes in sharing.values():
            for index in indexes:
                tied[index][grouping] = len(indexes)
    # Ranks on the first stage, among every crew of the event with a time on it (1, 2, 2, 4).
    stage = {i: e.first_stage_ms for i, e in enumerate(item.entries) if e.first_stage_ms}
    for index, rank in competition_ranks(stage).items():
        ranks[index]["first_stage"] = rank
    return [
        _Scored(
            entry=entry,
            pair=pair,
            ranks=rank,
            tied=ties,
            short_field=bool(pair[1]) and starters[pair] < rules.min_starters,
            competitors=_competitors(rules, entry.crew),
        )
        for entry, pair, rank, ties in zip(item.entries, pairs, ranks, tied, strict=True)
    ]


def _points(rules: Rules, scope: ScopeRules, scored: _Scored, coefficient: Decimal) -> Decimal:
    ranks = scored.ranks
    share = rules.dead_heat == DEAD_HEAT_SHARE

    def on(scale: tuple[Decimal, ...], grouping: str) -> Decimal:
        return _on_scale(scale, ranks[grouping], scored.tied.get(grouping, 1) if share else 1)

    class_points = on(scope.class_points, "class")
    if scored.short_field:
        # The factor applies to class points only: a small class says nothing about the
        # crew's place overall or in its group.
        class_points *= rules.short_field_factor
    total = on(scope.overall_points, "overall") + on(scope.group_points, "group") + class_points
    return (total * coefficient).quantize(CENT, rounding=ROUND_HALF_UP)


def _on_scale(scale: tuple[Decimal, ...], rank: int | None, tied: int = 1) -> Decimal:
    """The points of `rank`; with `tied` crews sharing it, the mean of the points of the
    places they cover (two crews tied 2nd on 25-18-15: (18 + 15) / 2 each)."""
    if rank is None or rank > len(scale):
        return Decimal(0)
    covered = scale[rank - 1 : rank - 1 + tied]
    return sum(covered, Decimal(0)) / tied


def _section(scope: ScopeRules, pair: Pair) -> str | None:
    if scope.split_by == "group":
        return pair[0] or None
    if scope.split_by == "class":
        return class_label(pair) if pair[1] else None
    return ""


def _competitors(rules: Rules, crew: tuple[Member, ...]) -> list[tuple[str, str, tuple]]:
    """(role, key, people) for each line a crew's result goes to."""
    seated = tuple(sorted(crew, key=lambda member: member.seat))
    if not seated:
        return []
    if rules.ranking == PERSON:
        return [
            ("driver" if member.seat == 1 else "codriver", f"p:{member.person}", (member,))
            for member in seated
        ]
    # Seats may swap between events: the same people are the same crew.
    key = "c:" + "-".join(str(pk) for pk in sorted({member.person for member in seated}))
    return [("", key, seated)]


def _scope_rows(
    rules: Rules,
    scope: ScopeRules,
    scored: list[tuple[RoundData, list[_Scored]]],
    orders: list[int],
) -> list[StandingRow]:
    people: dict[tuple[str, str, str], tuple[Member, ...]] = {}
    results: dict[tuple[str, str, str], dict[int, tuple[Decimal, int | None, str, int | None]]]
    results = defaultdict(dict)
    for item, entries in scored:
        for one in entries:
            section = _section(scope, one.pair)
            if one.entry.status == DNS or section is None:
                continue
            points = _points(rules, scope, one, item.coefficient)
            place = one.ranks[scope.place_grouping]
            for role, key, members in one.competitors:
                line = (role, section, key)
                # The latest spelling of a crew is the one shown.
                people[line] = members
                earlier = results[line].get(item.order)
                if earlier is None or points > earlier[0]:
                    first = one.ranks.get("first_stage")
                    results[line][item.order] = (points, place, one.entry.status, first)
    lines: dict[tuple[str, str], list[StandingRow]] = defaultdict(list)
    for line, by_round in results.items():
        role, section, key = line
        counted = _best(by_round, rules.best_results)
        round_results = tuple(
            RoundResult(
                round=order,
                points=points,
                place=place,
                status=status,
                counted=order in counted,
                first_stage=first,
            )
            for order, (points, place, status, first) in sorted(by_round.items())
        )
        total = sum((r.points for r in round_results if r.counted), Decimal(0))
        lines[(role, section)].append(
            StandingRow(
                scope=scope.key,
                role=role,
                section=section,
                position=0,
                competitor=key,
                people=people[line],
                total=total,
                results=round_results,
            )
        )
    rows: list[StandingRow] = []
    for table in lines.values():
        rows += _ranked(rules, table, orders)
    return rows


def _best(by_round: dict[int, tuple], best: int | None) -> set[int]:
    if best is None:
        return set(by_round)
    # Higher points first; of two equal scores the earlier one is kept.
    ranked = sorted(by_round, key=lambda order: (-by_round[order][0], order))
    return set(ranked[:best])


def _ranked(rules: Rules, table: list[StandingRow], orders: list[int]) -> list[StandingRow]:
    deepest = max((r.place or 0 for row in table for r in row.results), default=0)

    def key(row: StandingRow) -> tuple:
        parts: list = [-row.total]
        places = {r.round: r.place for r in row.results if r.place is not None}
        kept = rules.countback == COUNTBACK_KEPT
        for code in rules.tie_breaks:
            if code == COUNTBACK:
                # Over every result, or only over those that count (best N).
                counts = defaultdict(int)
                for result in row.results:
                    if result.place is None or (kept and not result.counted):
                        continue
                    place = result.place
                    counts[place] += 1
                parts.append(tuple(-counts[place] for place in range(1, deepest + 1)))
            elif code == LAST_EVENT:
                parts.append(tuple(places.get(order, NO_PLACE) for order in reversed(orders)))
            elif code == FIRST_STAGE:
                firsts = {r.round: r.first_stage for r in row.results if r.first_stage}
                parts.append(tuple(firsts.get(order, NO_PLACE) for order in reversed(orders)))
            else:
                parts.append(())  # one part per code, so a part names its tie-break
        return tuple(parts)

    keyed = sorted(((key(row), row.name, row) for row in table), key=lambda t: (t[0], t[1]))
    # Which tie-break parted each pair of neighbours level on points: the first that differs.
    decided: list[list[str]] = [[] for _ in keyed]
    for index in range(1, len(keyed)):
        above, below = keyed[index - 1][0], keyed[index][0]
        if above[0] != below[0] or above == below:
            continue
        parts = zip(rules.tie_breaks, above[1:], below[1:], strict=True)
        code = next(c for c, a, b in parts if a != b)
        for side in (index - 1, index):
            if code not in decided[side]:
                decided[side].append(code)
    ranked: list[StandingRow] = []
    previous = None
    position = 0
    for index, (row_key, _name, row) in enumerate(keyed, 1):
        if row_key != previous:
            position = index
            previous = row_key
        codes = sorted(decided[index - 1], key=rules.tie_breaks.index)
        ranked.append(replace(row, position=position, tie_breaks=tuple(codes)))
    return ranked
