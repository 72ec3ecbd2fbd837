"""One round scored: each entry's places (overall, in its group, in its class), the crews
sharing them, whether its class was short of starters, and the points a scope gives for that.

Everything a scope needs of an entry is worked out here once, so that scoring the same round
for several scopes is a few lookups per entry.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import NamedTuple

from results.stages.compute import competition_ranks
from results.standings.rules import (
    CLASSIFIED,
    DEAD_HEAT_SHARE,
    DNS,
    PERSON,
    RALLY2,
    RALLY2_AFTER,
    RALLY2_NONE,
    Member,
    Pair,
    RoundData,
    Rules,
    ScopeRules,
    class_label,
)

CENT = Decimal("0.01")

#: The groupings an entry is placed in, in the order of `Scored.ranks`.
GROUPINGS = ("overall", "group", "class")
#: Where a scope's `split_by` ("", "group", "class") finds its section in `Scored.sections`.
SPLITS = {"": 0, "group": 1, "class": 2}

#: (role, competitor key, people): a line of a table a result goes to.
Competitor = tuple[str, str, tuple[Member, ...]]
#: What an entry's points depend on besides the scope's scales: its ranks, the crews sharing
#: them, whether its class was short, and the round's coefficient.
PointsKey = tuple[tuple[int | None, int | None, int | None], tuple[int, int, int], bool, Decimal]
#: One crew alone on each of its places.
ALONE = (1, 1, 1)
_new = tuple.__new__


class Scored(NamedTuple):
    """An entry of a round, as every scope of the championship scores it."""

    status: str
    #: Places overall, in the (equivalent) group and in the class; None: no place there.
    ranks: tuple[int | None, int | None, int | None]
    #: How many crews share each place, when dead heats share points (else 1 each).
    tied: tuple[int, int, int]
    #: Whether the entry's class had fewer starters than the rules ask.
    short: bool
    #: The entry's section by split (see `SPLITS`): "", its group, its class; None: the
    #: entry stands in no section of a table split that way.
    sections: tuple[str, str | None, str | None]
    #: The rank of the entry's time on the event's first stage (None: none known).
    first_stage: int | None
    competitors: tuple[Competitor, ...]
    #: What its points depend on in every scope (`PointsKey` without the coefficient), its
    #: places past the end of every scope's scale left out: a season has a few dozen.
    case: tuple


def score_round(
    rules: Rules,
    item: RoundData,
    crews: dict[tuple[Member, ...], tuple[Competitor, ...]],
    cases: dict[tuple, tuple] | None = None,
) -> list[Scored]:
    """The round's entries scored, in the round's order. `crews` caches the lines of a crew
    across rounds (a crew usually runs several), `cases` the points cases (one object for
    equal cases, so that a scope's lookups compare them by identity first)."""
    if cases is None:
        cases = {}
    entries = item.entries
    count = len(entries)
    scoring = {CLASSIFIED} if rules.rally2 == RALLY2_NONE else {CLASSIFIED, RALLY2}
    after = rules.rally2 == RALLY2_AFTER
    equivalent: dict[Pair, Pair] = {}
    starters: dict[Pair, int] = defaultdict(int)
    # One pass over the round: each entry's (equivalent) class, its group and class keys,
    # whether it started, the place it scores from and its first-stage time.
    pairs, groups, classes, places, stage = [], [], [], [], {}
    for index, entry in enumerate(entries):
        status = entry.status
        written = (entry.group, entry.klass)
        pair = equivalent.get(written)
        if pair is None:
            pair = equivalent[written] = rules.equivalent(*written)
        pairs.append(pair)
        groups.append(pair[0] or None)
        classes.append(pair if pair[1] else None)
        if status != DNS:
            starters[pair] += 1
        # Places are counted among the crews that may score, so a Rallye 2 crew excluded
        # from the points does not take a place from the crews behind it; placed after the
        # classified crews, it takes none from them either. Crews tie on a place when the
        # sheet gives them the same one (and, Rallye 2 crews placed after the classified,
        # only among themselves).
        position = entry.position
        places.append(
            (after and status == RALLY2, position)
            if position is not None and status in scoring
            else None
        )
        if entry.first_stage_ms:
            stage[index] = entry.first_stage_ms
    eligible = sorted((i for i in range(count) if places[i] is not None), key=places.__getitem__)
    # Without shared points, each crew of a dead heat scores the place's points: how many
    # share it does not count.
    share = rules.dead_heat == DEAD_HEAT_SHARE
    overall, overall_tied = _places(eligible, [""] * count, places, share)
    group, group_tied = _places(eligible, groups, places, share)
    klass, class_tied = _places(eligible, classes, places, share)
    ranks = list(zip(overall, group, klass, strict=True))
    tied = (
        list(zip(overall_tied, group_tied, class_tied, strict=True)) if share else [ALONE] * count
    )
    # Ranks on the first stage, among every crew of the event with a time on it (1, 2, 2, 4).
    first_stage = competition_ranks(stage) if stage else {}
    firsts = [first_stage.get(i) for i in range(count)] if first_stage else [None] * count
    # A round has a handful of classes: their sections and fields are worked out once each.
    of_pair = {
        pair: (
            ("", pair[0] or None, class_label(pair) if pair[1] else None),
            bool(pair[1]) and starters[pair] < rules.min_starters,
        )
        for pair in equivalent.values()
    }
    # Past the longest scale of its grouping, a place earns nothing in any scope, whatever
    # the crews sharing it or the class's size: such places are left out of the case.
    in_overall, in_group, in_class = scale_lengths(rules)
    scored = []
    append = scored.append
    for entry, pair, rank, ties, first in zip(entries, pairs, ranks, tied, firsts, strict=True):
        sections, short = of_pair[pair]
        lines = crews.get(entry.crew)
        if lines is None:
            lines = crews[entry.crew] = competitors(rules, entry.crew)
        o, g, c = rank
        if o is not None and o > in_overall:
            o = None
        if g is not None and g > in_group:
            g = None
        if c is None or c > in_class:
            c, short = None, False
        if o is None and g is None and c is None:
            case = NOWHERE_CASE
        else:
            case = ((o, g, c), ties, short) if share else ((o, g, c), ALONE, short)
            case = cases.setdefault(case, case)
        # tuple.__new__ rather than the named tuple's own constructor: a season builds one
        # per entry, and this is three times cheaper.
        append(_new(Scored, (entry.status, rank, ties, short, sections, first, lines, case)))
    return scored


def scale_lengths(rules: Rules) -> tuple[int, int, int]:
    """The longest overall, group and class scale of the championship's scopes."""
    scopes = rules.scopes
    return (
        max((len(scope.overall_points) for scope in scopes), default=0),
        max((len(scope.group_points) for scope in scopes), default=0),
        max((len(scope.class_points) for scope in scopes), default=0),
    )


def _places(
    eligible: Sequence[int], keys: Sequence[object], places: Sequence[object], share: bool
) -> tuple[list[int | None], list[int]]:
    """Each entry's place among the entries of its key (None: no key, or not eligible), and,
    with `share`, how many share that place (else 1); `eligible` lists the entries that take
    a place, best first."""
    count = len(keys)
    ranks: list[int | None] = [None] * count
    seen: dict[object, int] = defaultdict(int)
    last: dict[object, tuple[object, int]] = {}
    for index in eligible:
        key = keys[index]
        if key is None:
            continue
        seen[key] += 1
        place = places[index]
        previous = last.get(key)
        rank = previous[1] if previous is not None and previous[0] == place else seen[key]
        last[key] = (place, rank)
        ranks[index] = rank
    if not share:
        return ranks, [1] * count
    sharing: dict[tuple[object, int], int] = defaultdict(int)
    for key, rank in zip(keys, ranks, strict=True):
        if rank is not None:
            sharing[(key, rank)] += 1
    return ranks, [
        1 if rank is None else sharing[(key, rank)] for key, rank in zip(keys, ranks, strict=True)
    ]


def competitors(rules: Rules, crew: tuple[Member, ...]) -> tuple[Competitor, ...]:
    """(role, key, people) for each line a crew's result goes to."""
    seated = tuple(sorted(crew, key=lambda member: member.seat))
    if not seated:
        return ()
    if rules.ranking == PERSON:
        return tuple(
            ("driver" if member.seat == 1 else "codriver", f"p:{member.person}", (member,))
            for member in seated
        )
    # Seats may swap between events: the same people are the same crew.
    key = "c:" + "-".join(str(pk) for pk in sorted({member.person for member in seated}))
    return (("", key, seated),)


class ScopePoints:
    """The points of one scope's results, each distinct case worked out once: most results
    of a season share a few cases (and most score nothing)."""

    __slots__ = ("_known", "_rules", "_scope")

    def __init__(self, rules: Rules, scope: ScopeRules):
        self._rules, self._scope = rules, scope
        self._known: dict[tuple[tuple, Decimal], Decimal] = {}

    def of(self, one: Scored, coefficient: Decimal) -> Decimal:
        case = one.case
        if case is NOWHERE_CASE:
            return ZERO
        earned = self._known.get((case, coefficient))
        if earned is None:
            ranks, tied, short = case
            key = (ranks, tied, short, coefficient)
            earned = self._known[(case, coefficient)] = points(self._rules, self._scope, key)
        return earned


#: The ranks of a result placed on none of a scope's scales.
NOWHERE = (None, None, None)
#: The case of a result placed on no scale of any scope: no points anywhere.
NOWHERE_CASE = (NOWHERE, ALONE, False)
ZERO = Decimal("0.00")


def points(rules: Rules, scope: ScopeRules, key: PointsKey) -> Decimal:
    """The points a result earns in `scope`: the sum of its three scales, the class points
    cut by the short field factor, times the round's coefficient, to the cent."""
    (overall, group, klass), (overall_tied, group_tied, class_tied), short, coefficient = key
    class_points = on_scale(scope.class_points, klass, class_tied)
    if short:
        # The factor applies to class points only: a small class says nothing about the
        # crew's place overall or in its group.
        class_points *= rules.short_field_factor
    total = (
        on_scale(scope.overall_points, overall, overall_tied)
        + on_scale(scope.group_points, group, group_tied)
        + class_points
    )
    return (total * coefficient).quantize(CENT, rounding=ROUND_HALF_UP)


def on_scale(scale: tuple[Decimal, ...], rank: int | None, tied: int = 1) -> Decimal:
    """The points of `rank`; with `tied` crews sharing it, the mean of the points of the
    places they cover (two crews tied 2nd on 25-18-15: (18 + 15) / 2 each)."""
    if rank is None or rank > len(scale):
        return Decimal(0)
    covered = scale[rank - 1 : rank - 1 + tied]
    return sum(covered, Decimal(0)) / tied
