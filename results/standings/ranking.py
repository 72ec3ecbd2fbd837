"""Positions in a table: by points, then the championship's tie-breaks, then by name.

Only lines level on points are compared on the tie-breaks, so a table costs one sort by
points plus a little for each tie.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import NamedTuple

from results.standings.rules import (
    COUNTBACK,
    COUNTBACK_KEPT,
    FIRST_STAGE,
    LAST_EVENT,
    Member,
    RoundResult,
    Rules,
)

# Larger than any place, so "no result" sorts after every real place.
NO_PLACE = 1 << 30


class Line(NamedTuple):
    """A competitor's line of one table, before it has a position."""

    competitor: str
    people: tuple[Member, ...]
    total: Decimal
    results: tuple[RoundResult, ...]

    @property
    def name(self) -> str:
        return " / ".join(member.name for member in self.people)


def ranked(
    rules: Rules, lines: Sequence[Line], orders: Sequence[int]
) -> list[tuple[Line, int, tuple[str, ...]]]:
    """(line, position, tie-breaks that decided it) in table order; lines tied on points and
    on every tie-break share a position."""
    by_points = sorted(lines, key=attrgetter("total"), reverse=True)  # stable, ties in order
    # Where each round stands in a "latest round first" comparison.
    latest_first = {order: index for index, order in reversed(list(enumerate(reversed(orders))))}
    table: list[tuple[Line, int, tuple[str, ...]]] = []
    start = 0
    while start < len(by_points):
        total = by_points[start].total
        end = start + 1
        while end < len(by_points) and by_points[end].total == total:
            end += 1
        if end - start == 1:
            table.append((by_points[start], start + 1, ()))
        else:
            table += _level(rules, by_points[start:end], latest_first, start)
        start = end
    return table


def _level(
    rules: Rules, lines: Sequence[Line], latest_first: dict[int, int], above: int
) -> list[tuple[Line, int, tuple[str, ...]]]:
    """Lines level on points, with `above` lines ahead of them, parted by the tie-breaks;
    `latest_first` gives each round's place counting from the last one."""
    keyed = sorted(
        ((_tie_key(rules, line, latest_first), _crew_name(line.people), line) for line in lines),
        key=_key_and_name,
    )
    # Which tie-break parted each pair of neighbours: the first that differs.
    decided: list[list[str]] = [[] for _ in keyed]
    for index in range(1, len(keyed)):
        upper, lower = keyed[index - 1][0], keyed[index][0]
        if upper == lower:
            continue
        parts = zip(rules.tie_breaks, upper, lower, strict=True)
        code = next(c for c, a, b in parts if a != b)
        for side in (index - 1, index):
            if code not in decided[side]:
                decided[side].append(code)
    table = []
    previous = None
    position = 0
    for index, (key, _name, line) in enumerate(keyed, above + 1):
        if key != previous:
            position = index
            previous = key
        codes = sorted(decided[index - above - 1], key=rules.tie_breaks.index)
        table.append((line, position, tuple(codes)))
    return table


_key_and_name = itemgetter(0, 1)


@lru_cache(maxsize=4096)
def _crew_name(people: tuple[Member, ...]) -> str:
    """`Line.name`, kept for the crews met again in the next tie (of another section)."""
    return " / ".join(member.name for member in people)


def _tie_key(rules: Rules, line: Line, latest_first: dict[int, int]) -> tuple:
    """One part per tie-break, in the rules' order: smaller is better."""
    parts: list = []
    for code in rules.tie_breaks:
        if code == COUNTBACK:
            # Most better places (over every result, or only over those that count): the
            # places best first, then one past any, compare as "more wins, then more
            # seconds…" do.
            kept = rules.countback == COUNTBACK_KEPT
            places = sorted(
                r.place for r in line.results if r.place is not None and (r.counted or not kept)
            )
            parts.append((*places, NO_PLACE))
        elif code in (LAST_EVENT, FIRST_STAGE):
            # The better place (or first-stage rank) in the last round, then the one before.
            by_round = [NO_PLACE] * len(latest_first)
            for r in line.results:
                value = r.place if code == LAST_EVENT else r.first_stage or None
                if value is not None:
                    by_round[latest_first[r.round]] = value
            parts.append(tuple(by_round))
        else:
            parts.append(())  # one part per code, so a part names its tie-break
    return tuple(parts)
