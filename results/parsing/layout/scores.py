"""How well a column's content fits each role: value patterns, scored 0..1.

Headings only propose roles; these scores decide between proposals, and give roles to columns
that have no heading at all. Each scorer looks at a sample of the column's non-empty values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise

from results.parsing.fields import (
    has_gap_marker,
    looks_like_person,
    make_of,
    names_a_category,
    number_before_name,
    parse_gap,
    parse_gap_pair,
    parse_int,
    parse_penalty,
    parse_points,
    parse_position,
    parse_speed,
    parse_status,
    parse_time,
    split_crew,
    status_details,
)
from results.parsing.fields.countries import is_country_code

_SAMPLE = 120
_LETTERS = re.compile(r"[A-Z]{1,4}")
_GROUPISH = re.compile(r"[A-Z]{1,3}\d|F2000|\dP|[A-Z]{1,3}\d{4}")
# A historic event's grouping by an ordinal (`2°` under `Raggr.`).
_ORDINAL_GROUP = re.compile(r"\d{1,2}[°º]")
_DIGIT_FIRST = re.compile(r"\d{1,2}[A-Z]{0,2}")
_ROUND_CAPACITY = re.compile(r"[+>]?\s?(\d{3,4})")
# `1.6`, `2,0`, `+3.5`: the same in litres, as Italian and Spanish hill climbs class cars.
_LITRES = re.compile(r"[+>]?\s?([1-6])[.,](\d)")
# `N4`, `A7S`, and the FIA's names for its rally classes: `Rally2`, `RC4`, `R-GT`.
_LETTER_DIGITS = re.compile(r"[A-Z]\d{1,2}[A-Z]?|(?i:rally) ?[1-5]|RC[1-5][A-Z]?|R-?GT")
_FUSED = re.compile(r"[A-Z]{1,3}\d{1,2}[A-Z]?|[A-Z0-9]{1,5}(?:[-/]| [-/]? ?)[A-Z0-9]{1,3}")
_UPPER_WORDS = re.compile(r"[A-ZÀ-ÖØ-Þ' .\-\"]+")


def _share(values: Sequence[str], test: Callable[[str], object]) -> float:
    if not values:
        return 0.0
    return sum(1 for v in values if test(v)) / len(values)


def _steps(numbers: Sequence[float]) -> tuple[float, float, float]:
    """Shares of steps that go up by exactly one, up (or level), and down (or level)."""
    pairs = list(pairwise(numbers))
    if not pairs:
        return 0.0, 0.0, 0.0
    n = len(pairs)
    return (
        sum(1 for a, b in pairs if b - a == 1) / n,
        sum(1 for a, b in pairs if b >= a) / n,
        sum(1 for a, b in pairs if b <= a) / n,
    )


def _positions(values: Sequence[str]) -> float:
    parsed = [parse_position(v) for v in values]
    share = sum(1 for p in parsed if p) / len(values)
    nums = [p.value for p in parsed if p]
    by_one, up, _ = _steps(nums)
    if len(nums) == 1:
        return share * (1.0 if nums[0] <= 3 else 0.5)
    return share * (0.3 + 0.4 * by_one + 0.3 * up)


def _distinct(values: Sequence[str]) -> float:
    return len(set(values)) / len(values)


def _numbers(values: Sequence[str]) -> float:
    # Race numbers are unique in a table and in no particular order.
    nums = [n for n in (parse_int(v) for v in values) if n is not None]
    share = len(nums) / len(values)
    by_one, _, _ = _steps(nums)
    return share * (0.9 - 0.6 * by_one) * (0.5 + 0.5 * _distinct(values))


_DECIMAL_SECONDS = re.compile(r"\d{1,5}[.,]\d{1,3}")


def _times(values: Sequence[str]) -> float:
    plain = _share(values, lambda v: not has_gap_marker(v) and parse_time(v) is not None)
    marked = _share(values, lambda v: has_gap_marker(v) and parse_gap(v) is not None)
    if plain == 0:
        # Seconds with decimals (`123,33`): a time where a heading says so, too weak to name
        # a column alone (speeds and points read the same).
        return 0.5 * _share(values, _DECIMAL_SECONDS.fullmatch)
    return min(1.0, plain + marked)


def _varied(values: Sequence[str]) -> float:
    """1 for a column whose values differ from row to row, less for one that holds a value over
    long runs (a stage or class key): gaps and times of different crews seldom repeat."""
    if len(values) < 10:
        return 1.0
    return min(1.0, 0.2 + 2 * _distinct(values))


def _gaps(values: Sequence[str]) -> float:
    parsed = [parse_gap(v) or (pair[0] if (pair := parse_gap_pair(v)) else None) for v in values]
    share = sum(1 for g in parsed if g) / len(values)
    ms = [g.ms for g in parsed if g and g.ms is not None]
    _, up, _ = _steps(ms)
    marked = _share(values, has_gap_marker)
    return share * (0.5 + 0.3 * up + 0.2 * marked) * _varied(values)


def _speeds(values: Sequence[str]) -> float:
    speeds = [s for s in (parse_speed(v) for v in values) if s is not None and 5 <= s <= 400]
    share = len(speeds) / len(values)
    decimals = _share(values, lambda v: "," in v or "." in v or "km" in v.lower())
    _, _, down = _steps(speeds)
    return share * (0.4 + 0.3 * down + 0.3 * decimals) * (1.0 if decimals > 0.5 else 0.5)


def _laps(values: Sequence[str]) -> float:
    # Laps completed never grow down a classification; a lap number column jumps about.
    nums = [n for n in (parse_int(v) for v in values) if n is not None and n < 5000]
    _, _, down = _steps(nums)
    return len(nums) / len(values) * (0.1 + 0.8 * down**3)


def _small_ints(values: Sequence[str]) -> float:
    return 0.4 * _share(values, lambda v: (n := parse_int(v)) is not None and n < 1000)


def _capacity(values: Sequence[str]) -> float:
    return 0.4 * _share(values, lambda v: re.fullmatch(r"\d{2,4}(,\d)?( ?cc| ?cm3)?", v))


def _people(values: Sequence[str]) -> float:
    # A crew stands once in a table; clubs, classes and makes repeat down it. A door number
    # printed before the name (`272 Ammon, Tim`) leaves it a name.
    distinct = 1.0 if len(values) < 6 else 0.4 + 0.6 * _distinct(values)
    people = sum(looks_like_person(number_before_name(v)[1]) for v in values)
    return people / len(values) * distinct


_NAMEISH = re.compile(r"[^\W\d_][^\d]{1,80}")


def _nameish(values: Sequence[str]) -> float:
    """Names given by surname alone (`Metge / LeMoyne`) read like no person: text with no
    digit is enough to confirm a heading that says driver or crew, never to name a column."""
    return 0.35 * _share(values, _NAMEISH.fullmatch)


def _crews(values: Sequence[str]) -> float:
    several = _share(values, lambda v: len(split_crew(v).people) >= 2)
    return max(_people(values) * (0.6 + 0.4 * several), _nameish(values))


def _single_people(values: Sequence[str]) -> float:
    single = _share(values, lambda v: len(split_crew(v).people) == 1)
    return max(_people(values) * (0.5 + 0.5 * single), _nameish(values))


_NAME_WORDS = re.compile(r"[^\W\d_]{2,}(?:[ '’.-]+[^\W\d_]+){0,3}\.?")


def _name_parts(values: Sequence[str]) -> float:
    # A surname or a first name alone: letters, a few words at most, no digits; not the
    # words of a category (`Senior`, `Junior`).
    return 0.9 * _share(values, lambda v: _NAME_WORDS.fullmatch(v) and not names_a_category(v))


def _cars(values: Sequence[str]) -> float:
    makes = _share(values, lambda v: make_of(v) is not None)
    # Two letters at least: a time stamp (`2019-08-25T10:40:01`) or a code is no car.
    texty = _share(values, lambda v: sum(c.isalpha() for c in v) >= 2 and len(v) > 2)
    return max(makes, 0.35 * texty * (1 - _people(values)))


def _groups(values: Sequence[str]) -> float:
    if _share(values, is_country_code) >= _COUNTRIES:
        return 0.0  # `CZE`, `SVK`: countries, no groups
    letters = _share(values, lambda v: _LETTERS.fullmatch(v) or _ORDINAL_GROUP.fullmatch(v))
    groupish = _share(values, _GROUPISH.fullmatch)
    return min(1.0, letters + 0.5 * groupish) if letters >= 0.3 else 0.3 * (letters + groupish)


def _capacity_class(value: str) -> bool:
    found = _ROUND_CAPACITY.fullmatch(value)
    if found is None:
        return _LITRES.fullmatch(value) is not None
    return int(found[1]) % 50 == 0 and 500 <= int(found[1]) <= 6000


def _classes(values: Sequence[str]) -> float:
    digit_first = _share(values, _DIGIT_FIRST.fullmatch)
    letter_digits = _share(values, _LETTER_DIGITS.fullmatch)
    # Classes repeat down a table; a column of all-different values is rather a number.
    repeats = 1.0 if len(values) < 6 else min(1.0, 1.6 - _distinct(values))
    # A column of numbers rising row after row, none repeated, counts rows: no classes.
    numbers = [n for n in (parse_int(v) for v in values) if n is not None]
    _, up, _ = _steps(numbers)
    counter = len(numbers) >= 10 and up == 1.0 and len(set(numbers)) == len(numbers)
    # Noughts and ones (a drive-through served or not, a count of jokers): a flag, no class.
    counter = counter or set(values) <= {"0", "1"}
    # Classes by engine size (`1600`, `2000`, `+3000` in hill climbs): round capacities.
    sized = _share(values, _capacity_class)
    coded = 0.0 if counter else min(1.0, digit_first + 0.5 * letter_digits + sized) * 0.95 * repeats
    # Named classes (`K Senior`, `Elite`, `M40`): short texts that repeat down the table,
    # enough to confirm a heading that says class, not to name a column alone.
    named = _share(values, lambda v: len(v) <= 16 and not v[0].isdigit() and ":" not in v)
    kinds = len(set(values))
    # A few of them: under a third of the rows, or two in a short table (`KZ2`, `KZ2 Master`).
    few = len(values) >= 6 and kinds <= max(2, 0.3 * len(values))
    # Categories by age, level or sex (`Senior`, `Junior`, `Vétéran`): classes by their words,
    # each met again down the table.
    again = len(values) >= 4 and kinds * 2 <= len(values)
    ages = 0.9 * _share(values, names_a_category) if again else 0.0
    return max(coded, ages, 0.4 * named if few else 0.0)


# `C1 R5/Rally2`, `4/5 C8`: a short group code, a space, then the class as the rules name it.
_GROUP_THEN_CLASS = re.compile(r"[A-Z0-9/]{1,5} [A-Za-z0-9/+-]{1,12}")


def _group_classes(values: Sequence[str]) -> float:
    fused = max(_share(values, _FUSED.fullmatch), 0.5 * _share(values, _GROUP_THEN_CLASS.fullmatch))
    letters = _share(values, _LETTERS.fullmatch)
    digit_first = _share(values, _DIGIT_FIRST.fullmatch)
    if fused < 0.3:
        return 0.0
    return min(1.0, fused + 0.3 * letters) * (1 - 0.5 * digit_first)


def _clubs(values: Sequence[str]) -> float:
    # Clubs (ASA, écurie) are upper-case place or team names, longer than group codes; in
    # mixed case (`MSC Oberland`) they read like any text: enough to confirm a heading only.
    upper = _share(values, lambda v: len(v) >= 4 and _UPPER_WORDS.fullmatch(v))
    texty = _share(values, lambda v: len(v) >= 4 and not v[0].isdigit())
    score = max(0.8 * upper * (1 - _people(values)), 0.4 * texty * (1 - 0.5 * _people(values)))
    # Three words again and again down forty rows (`PROTO`, `PREPA`, `SERIE`) sort the crews
    # into categories; a field's clubs are many.
    return score * 0.5 if len(values) >= 10 and _distinct(values) <= 0.15 else score


def _statuses(values: Sequence[str]) -> float:
    return _share(values, lambda v: parse_status(v) is not None)


def _team_name(value: str) -> bool:
    return len(value) >= 4 and not value[0].isdigit() and not _FUSED.fullmatch(value)


def _texts(values: Sequence[str]) -> float:
    return _share(values, lambda v: any(c.isalpha() for c in v) and not v[0].isdigit())


# `FRA`, `F`, `BEL`, `GB`: nationalities as codes; spelled out (`France`) they are any text.
_NATION_CODE = re.compile(r"[A-Z]{1,3}")


def _nationalities(values: Sequence[str]) -> float:
    # Countries' own codes (`CZE`, `SVK`, `POL`) down the column: surely nationalities.
    known = 0.95 * (_share(values, is_country_code) >= _COUNTRIES)
    return max(known, 0.8 * _share(values, _NATION_CODE.fullmatch) * (_distinct(values) <= 0.5),
               0.4 * _texts(values))  # fmt: skip


#: The share of a column's cells that must be countries' codes for it to be nationalities.
_COUNTRIES = 0.8


def _retired_at(values: Sequence[str]) -> float:
    # A stage, lap or hour (`ES4`, `Lap 12`, `6h`), read as a status cell would read it.
    stages = _share(values, lambda v: status_details(f"Abandon {v}").retired_at is not None)
    return max(0.8 * stages, 0.3 * _texts(values))


# Roles of columns only a heading names (`HEADING_ONLY` in reading.py): their scores confirm a
# heading's proposal, so a few cells that are no such value make it give way to the content.
_WAVE_TWO: dict[str, Callable[[Sequence[str]], float]] = {
    "class_position": lambda v: 0.8 * _share(v, lambda x: parse_position(x) is not None),
    # A team reads like a club; names confirm the heading, people rather make it the crew, and
    # short codes (`RC1`) a class.
    "team": lambda v: max(_clubs(v), 0.35 * _share(v, _team_name)),
    "nationality": _nationalities,
    "reason": lambda v: 0.6 * _texts(v),
    "retired_at": _retired_at,
    "penalty": lambda v: 0.8 * _share(v, lambda x: parse_penalty(x) is not None),
    "points": lambda v: 0.8 * _share(v, lambda x: parse_points(x) is not None),
    "distance": lambda v: 0.8 * _share(v, lambda x: any(c.isdigit() for c in x)),
}

#: Roles only a heading gives (content confirms them, never names them) and that no column
#: read from its content has as a rival.
NAMED_BY_HEADING: frozenset[str] = frozenset(_WAVE_TWO)

SCORERS: dict[str, Callable[[Sequence[str]], float]] = {
    "position": _positions,
    "number": _numbers,
    "time": _times,
    "gap": _gaps,
    "gap_prev": lambda v: 0.8 * _gaps(v),
    # A best lap reads like any time: a heading that says "best" keeps its word unless the
    # content clearly says otherwise.
    "best_lap": lambda v: 0.9 * _share(v, lambda x: parse_time(x, bare_seconds=True) is not None),
    "speed": _speeds,
    "laps": _laps,
    "best_lap_no": _small_ints,
    "capacity": _capacity,
    "crew": _crews,
    "driver": _single_people,
    "codriver": _single_people,
    "surname": _name_parts,
    "first_name": _name_parts,
    "car": _cars,
    "group": _groups,
    "class": _classes,
    "group_class": _group_classes,
    "club": _clubs,
    "status": _statuses,
    "category": lambda v: 0.2 * _share(v, lambda x: any(c.isalpha() for c in x)),
    **_WAVE_TWO,
}


def score_column(values: Sequence[str]) -> dict[str, float]:
    """Every role's score for a column (its values in order, empty ones included)."""
    filled = list(filter(None, values))
    if not filled:
        return {}
    step = max(1, len(filled) // _SAMPLE)
    sample = filled[::step][:_SAMPLE]
    statuses = _statuses(sample)
    # Status words ("Abandon") in a time or position column must not hide its real role.
    cleaned = [v for v in sample if parse_status(v) is None] or sample
    scores = {role: scorer(cleaned) for role, scorer in SCORERS.items() if role != "status"}
    scores["status"] = statuses
    if not values[0]:
        # The leader's row leaves gap cells empty, never the time it is ranked on.
        scores["time"] *= 0.4
    return scores
