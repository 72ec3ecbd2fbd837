"""The plain data the computation takes and returns (frozen, hashable, no Django).

The rules are frozen dataclasses (a handful per championship); what there are thousands of
in a season (people, entries, results, lines) are named tuples, which cost a third as much
to build.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

CREW = "crew"
PERSON = "person"

#: Tie-break codes, applied in the order a championship lists them.
COUNTBACK = "countback"
LAST_EVENT = "last_event"
#: The better rank on the first stage in the last event, then the one before (French rulebooks
#: break ties on the first stage's time); an option, not in the defaults.
FIRST_STAGE = "first_stage"
TIE_BREAKS = (COUNTBACK, LAST_EVENT)
KNOWN_TIE_BREAKS = (*TIE_BREAKS, FIRST_STAGE)

#: Which results a count-back compares: all of a competitor's, or only those kept (best N).
COUNTBACK_ALL = "all"
COUNTBACK_KEPT = "kept"
#: A dead heat (crews sharing a place): each gets the place's points, or the points of the
#: places they cover, shared (two crews tied 2nd share 2nd and 3rd).
DEAD_HEAT_PLACE = "place"
DEAD_HEAT_SHARE = "share"

#: Whether a Rallye 2 result scores, and at what place: not at all (it takes no place from the
#: crews behind), at the place the sheet gives it (sheets that rank Rallye 2 crews among all),
#: or at the places after every classified crew, in the order of its place (sheets that rank
#: them apart, or among the classified by time).
RALLY2_NONE = "none"
RALLY2_PLACE = "place"
RALLY2_AFTER = "after"

CLASSIFIED = "classified"
RALLY2 = "rally2"
DNS = "dns"

Pair = tuple[str, str]

MAX_POINTS = 1000


def parse_scale(text: str) -> tuple[Decimal, ...]:
    """`25-18-15`, `25, 18, 15` or `25 18 15` → points for 1st, 2nd, 3rd. Raises ValueError."""
    parts = [part for part in re.split(r"[\s,;/-]+", text.strip()) if part]
    try:
        points = tuple(Decimal(part) for part in parts)
    except InvalidOperation:
        raise ValueError(f"not a points scale: {text!r}") from None
    # Bounded so that a season's total always fits the stored column.
    if any(not value.is_finite() or not 0 <= value <= MAX_POINTS for value in points):
        raise ValueError(f"points must be between 0 and {MAX_POINTS}: {text!r}")
    return points


def class_label(pair: Pair) -> str:
    group, klass = pair
    return f"{group} {klass}".strip()


@dataclass(frozen=True, slots=True)
class ScopeRules:
    """One table of the championship: points by place overall, in the group and in the class.

    A result earns the sum of the three scales (a regional scheme gives group and class points
    together). `split_by` ("", "group" or "class") cuts the table into one section per
    (equivalent) group or class.
    """

    key: int
    name: str = ""
    overall_points: tuple[Decimal, ...] = ()
    group_points: tuple[Decimal, ...] = ()
    class_points: tuple[Decimal, ...] = ()
    split_by: str = ""

    @property
    def place_grouping(self) -> str:
        """The place count-back compares: the table's own sections, else its finest scale."""
        if self.split_by:
            return self.split_by
        if self.class_points:
            return "class"
        if self.group_points:
            return "group"
        return "overall"


@dataclass(frozen=True, slots=True)
class Rules:
    scopes: tuple[ScopeRules, ...]
    best_results: int | None = None
    min_starters: int = 0
    short_field_factor: Decimal = Decimal("0.5")
    rally2: str = RALLY2_NONE
    ranking: str = CREW
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    countback: str = COUNTBACK_ALL
    dead_heat: str = DEAD_HEAT_PLACE
    #: (group, class) as written → (group, class) it counts as. A class of "" in the key maps
    #: the whole group (its classes kept): ("F2000", "") → ("F2", "").
    equivalences: Mapping[Pair, Pair] = field(default_factory=dict)

    def equivalent(self, group: str, klass: str) -> Pair:
        key = (group.strip().upper(), klass.strip().upper())
        if key in self.equivalences:
            return self.equivalences[key]
        whole_group = self.equivalences.get((key[0], ""))
        if whole_group is not None:
            return (whole_group[0], key[1])
        return key


class Member(NamedTuple):
    person: int
    seat: int
    name: str
    slug: str = ""


class EntryData(NamedTuple):
    position: int | None
    status: str
    group: str
    klass: str
    crew: tuple[Member, ...]
    #: The entry's time on the event's first stage (None: no stage times, or none on it).
    first_stage_ms: int | None = None


class RoundData(NamedTuple):
    order: int
    coefficient: Decimal
    entries: tuple[EntryData, ...]


class RoundResult(NamedTuple):
    round: int
    points: Decimal
    place: int | None
    status: str
    counted: bool
    #: The rank of the crew's time on the event's first stage (None: none known).
    first_stage: int | None = None

    @property
    def dropped(self) -> bool:
        """A scoring result left out by the best-N rule (shown struck through)."""
        return not self.counted and self.points > 0


class StandingRow(NamedTuple):
    """One line of a table. `role` is "" for a crew, "driver" or "codriver" for a person."""

    scope: int
    role: str
    section: str
    position: int
    competitor: str
    people: tuple[Member, ...]
    total: Decimal
    results: tuple[RoundResult, ...]
    #: The tie-breaks that decided this position against a line level on points (above or
    #: below it), in the order the rules list them; empty when points alone decided.
    tie_breaks: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return " / ".join(member.name for member in self.people)
