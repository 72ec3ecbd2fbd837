"""A season's tables: each result on its lines, best-N, then positions (`ranking`)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from operator import itemgetter

from results.standings.ranking import Line, ranked
from results.standings.rules import (
    DNS,
    Member,
    RoundData,
    RoundResult,
    Rules,
    ScopeRules,
    StandingRow,
)
from results.standings.scoring import (
    GROUPINGS,
    SPLITS,
    Competitor,
    ScopePoints,
    Scored,
    score_round,
)

_new = tuple.__new__


def compute_standings(rules: Rules, rounds: Sequence[RoundData]) -> list[StandingRow]:
    """Every scope's table: rows by role, section and position (ties share a position)."""
    ordered = sorted(rounds, key=lambda item: item.order)
    crews: dict[tuple[Member, ...], tuple[Competitor, ...]] = {}
    scored = [(item, score_round(rules, item, crews)) for item in ordered]
    orders = [item.order for item in ordered]
    rows: list[StandingRow] = []
    for scope in rules.scopes:
        rows += _scope_rows(rules, scope, scored, orders)
    return rows


def _scope_rows(
    rules: Rules,
    scope: ScopeRules,
    scored: list[tuple[RoundData, list[Scored]]],
    orders: list[int],
) -> list[StandingRow]:
    split = SPLITS.get(scope.split_by, 0)
    place_of = GROUPINGS.index(scope.place_grouping)
    # (role, section) → competitor → [people, {round: result}], each in order of first sight.
    tables: dict[tuple[str, str], dict[str, list]] = {}
    earn = ScopePoints(rules, scope).of
    for item, entries in scored:
        order, coefficient = item.order, item.coefficient
        for one in entries:
            section = one.sections[split]
            if section is None or one.status == DNS:
                continue
            earned = earn(one, coefficient)
            # tuple.__new__: one RoundResult per result of the season, three times cheaper.
            result = _new(
                RoundResult, (order, earned, one.ranks[place_of], one.status, True, one.first_stage)
            )
            for role, key, members in one.competitors:
                table = tables.get((role, section))
                if table is None:
                    table = tables[(role, section)] = {}
                line = table.get(key)
                if line is None:
                    table[key] = [members, {order: result}]
                    continue
                # The latest spelling of a crew is the one shown.
                line[0] = members
                by_round = line[1]
                if order not in by_round or earned > by_round[order].points:
                    by_round[order] = result
    rows: list[StandingRow] = []
    best = rules.best_results
    key = scope.key
    for (role, section), table in tables.items():
        lines = [_line(competitor, line[0], line[1], best) for competitor, line in table.items()]
        rows += [
            _new(
                StandingRow,
                (key, role, section, position, line[0], line[1], line[2], line[3], codes),
            )
            for line, position, codes in ranked(rules, lines, orders)
        ]
    return rows


def _line(key: str, members: tuple, by_round: dict[int, RoundResult], best: int | None) -> Line:
    # Rounds are scored in order, so `by_round` already runs from the first round to the last.
    results = tuple(by_round.values())
    if best is not None and len(results) > best:
        # Higher points first; of two equal scores the earlier one is kept.
        kept = sorted(results, key=_best_first)[:best]
        counted = {r[0] for r in kept}
        results = tuple(
            r if r[0] in counted else _new(RoundResult, (*r[:4], False, *r[5:])) for r in results
        )
        total = sum(map(_points, kept), _ZERO)
    else:
        total = sum(map(_points, results), _ZERO)
    return _new(Line, (key, members, total, results))


_points = itemgetter(1)
_ZERO = Decimal(0)


def _best_first(result: RoundResult) -> tuple:
    return (-result[1], result[0])
