"""The reader of each column: a function that stores a cell's value in the record's draft and
says (code, message) when it doubts the cell.

One reader is chosen once per column from its role and from what the whole column shows (name
order, bare seconds, dotted hours); readers of text that repeats down a column (groups,
classes, cars, clubs) remember what they have read. The readers of people's names are in
`people_readers.py`, what all readers share in `cell_reading.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from results.parsing.cell_reading import Reader, Remembered, stopped
from results.parsing.draft import Draft
from results.parsing.fields import (
    clean_text,
    has_gap_marker,
    is_tie_mark,
    parse_capacity,
    parse_gap,
    parse_gap_pair,
    parse_int,
    parse_lap_and_time,
    parse_laps,
    parse_number,
    parse_penalty,
    parse_points,
    parse_position,
    parse_speed,
    parse_status,
    parse_time,
    parse_time_and_penalty,
    penalty_after,
    reads_dotted_hours,
    split_group_class_sure,
    stage_reference,
)
from results.parsing.fields.statuses import is_finisher_word
from results.parsing.fields.times import parse_day_fraction
from results.parsing.layout.synonyms import is_rally2_mark
from results.parsing.people_readers import people_reader

_PERSON_ROLES = ("driver", "crew", "codriver")  # seat order


def _unreadable(role: str, cell: str, what: str) -> tuple[str, str]:
    return "value-unreadable", f"column {role}: {cell!r} is not {what}"


def _text_reader(attribute: str) -> Reader:
    clean = Remembered(clean_text)

    def read(d: Draft, cell: str) -> None:
        setattr(d, attribute, clean[cell])

    return read


# `RC2 (1)`: the class and, in brackets after it, the crew's place in that class.
_PLACE_AFTER = re.compile(r"(\S.*?)\s*\((\d{1,3})\.?\)")


def with_class_place(read: Reader) -> Reader:
    """`read` for a class cell, the place in brackets after the class set aside as the class
    position; a code in brackets (`18 (C28)`) is part of the class."""

    def split(d: Draft, cell: str) -> tuple[str, str] | None:
        found = _PLACE_AFTER.fullmatch(cell) if cell.endswith(")") else None
        if found is None:
            return read(d, cell)
        if d.class_position is None:
            d.class_position = int(found[2])
        return read(d, found[1])

    return split


def _parsed_reader(role: str, attribute: str, parse: Callable[[str], object], what: str) -> Reader:
    def read(d: Draft, cell: str) -> tuple[str, str] | None:
        value = parse(cell)
        setattr(d, attribute, value)
        return _unreadable(role, cell, what) if value is None else None

    return read


def _position(d: Draft, cell: str) -> tuple[str, str] | None:
    pos = parse_position(cell)
    if pos is None and is_tie_mark(cell):
        d.tied = True  # the position of the row above, filled in by the checks
        return None
    if pos is None:
        return _unreadable("position", cell, "a position")
    d.position, d.tied = pos.value, pos.tied
    return None


def _without_included(d: Draft, cell: str) -> str:
    """The cell without the penalty it says it includes (`à 5'00"8 (dont 10" de pén.)`), which
    goes to the draft's penalty where no column gives one."""
    found = penalty_after(cell)
    if found is None or not found[2]:
        return cell
    if d.penalty_ms is None:
        d.penalty_ms = found[1]
    return found[0]


def _time_reader(bare_seconds: bool, dotted_hours: bool) -> Reader:
    def read(d: Draft, cell: str) -> tuple[str, str] | None:
        cell = _without_included(d, cell)
        if has_gap_marker(cell) and (gap := parse_gap(cell, dotted_hours=dotted_hours)):
            d.time_gap_ms, d.lapped = gap.ms, gap.laps
            return None
        d.time_ms = parse_time(cell, bare_seconds=bare_seconds, dotted_hours=dotted_hours)
        if d.time_ms is None and (held := parse_time_and_penalty(cell, bare_seconds=bare_seconds)):
            d.time_ms, penalty = held  # `58:45.2 (0:10)`: the total, then its penalty
            d.penalty_ms = d.penalty_ms if d.penalty_ms is not None else penalty
        if d.time_ms is None and (lap_time := parse_lap_and_time(cell)) is not None:
            d.time_ms = lap_time[1]  # `8 1:31.546`: a best lap ranked on, after its lap number
        if d.time_ms is None and (fraction := parse_day_fraction(cell)) is not None:
            d.time_ms = fraction  # `0.0434375`: a workbook's time, its cell formatted as text
        if d.time_ms is None and (where := stage_reference(cell)) is not None:
            # `ES 5` where a retired crew's time would be: where (and why) it stopped.
            stopped(d, where)
            return None
        if d.time_ms is None and (worded := _time_then_status(cell, bare_seconds)) is not None:
            # `4:42:31.495 Opgave`: the time it ran, then why it stopped (the rest of the
            # words, spilled into the next column, go with it there).
            d.time_ms, status = worded
            d.status = d.status or status
            return None
        if d.time_ms == 0:
            # `0:00.0`: timing software's blank. Nobody finishes in no time: no time at all.
            d.time_ms = None
            d.zero_time = True
            return "time-zero", f"{cell!r} is no time: read as not started"
        return _unreadable("time", cell, "a time") if d.time_ms is None else None

    return read


def _time_then_status(cell: str, bare_seconds: bool) -> tuple[int, str] | None:
    """`4:42:31.495 Opgave`: (the time in ms, the status its word says), or None."""
    head, _, tail = cell.partition(" ")
    status = parse_status(tail) if tail else None
    if status is None or status in ("classified", "rally2"):
        return None
    ms = parse_time(head, bare_seconds=bare_seconds)
    return (ms, status) if ms else None


# `#37[SR]`, `12 (R2)`: a door number with a flag in brackets after it.
_FLAGGED = re.compile(r"(.+?)\s*[\[(]([^\])]{1,16})[\])]")
# Flags that say how the crew is classified; `SR` (Super Rallye) only in brackets, where it
# cannot be a class.
_FLAG_STATUS = {"sr": "rally2", "super rallye": "rally2", "super rally": "rally2"}


def _number(d: Draft, cell: str) -> tuple[str, str] | None:
    d.number = parse_number(cell)
    if d.number is not None:
        return None
    m = _FLAGGED.fullmatch(cell)
    if m is None or (number := parse_number(m[1])) is None:
        return _unreadable("number", cell, "a race number")
    d.number = number
    flag = m[2].strip()
    status = parse_status(flag) or _FLAG_STATUS.get(flag.lower())
    if status is not None:
        d.status = d.status or status
    return None


def _class_position(d: Draft, cell: str) -> tuple[str, str] | None:
    pos = parse_position(cell)
    if pos is None:
        return _unreadable("class_position", cell, "a class position")
    d.class_position = pos.value
    return None


def _penalty(d: Draft, cell: str) -> tuple[str, str] | None:
    d.penalty_ms = parse_penalty(cell)
    if d.penalty_ms is None and (restart := _restart_penalty(cell)) is not None:
        d.penalty_ms, d.status = restart, d.status or "rally2"
    return _unreadable("penalty", cell, "a penalty time") if d.penalty_ms is None else None


def _restart_penalty(cell: str) -> int | None:
    """`SR 05:00.0`, `05:00.0 Rallye 2`: the penalty of a restart under the Rallye 2 (Super
    Rally) rules, its mark before or after it."""
    words = cell.split()
    for k in (1, 2):
        for mark, rest in ((words[:k], words[k:]), (words[-k:], words[:-k])):
            if rest and is_rally2_mark(" ".join(mark)):
                penalty = parse_penalty(" ".join(rest))
                if penalty is not None:
                    return penalty
    return None


def _status_reader(role: str) -> Reader:
    """A `reason` or `retired_at` column: text as written; a status word at its start
    (`Abandon ES4 moteur` in a reason column) gives the status and is read as in any cell."""
    clean = Remembered(clean_text)

    def read(d: Draft, cell: str) -> None:
        if role == "reason" and (where := stage_reference(cell)) is not None:
            stopped(d, where)  # `ES2 - cardan`: where, then why
        elif getattr(d, role) is None:
            setattr(d, role, clean[cell])

    return read


def _words(cell: str) -> bool:
    """Letters and no digit: words, not a number written wrong."""
    return any(c.isalpha() for c in cell) and not any(c.isdigit() for c in cell)


def _gap_reader(dotted_hours: bool) -> Reader:
    def read(d: Draft, cell: str) -> tuple[str, str] | None:
        cell = _without_included(d, cell)
        gap = parse_gap(cell, dotted_hours=dotted_hours)
        if gap is None:
            pair = parse_gap_pair(cell)
            if pair is None and d.time_ms is None and (where := stage_reference(cell)):
                stopped(d, where)
                return None
            status = parse_status(cell) if pair is None and _words(cell) else None
            if status is not None:
                # `Abandon` where the gap would be: the crew's status, time or not.
                d.status = d.status or status
                return None
            if pair is None and _words(cell):
                # Words where the gap would be (`Sortie de route`, `hors délai`): why the
                # crew stopped or is out of the classification.
                d.reason = d.reason or clean_text(cell)
                return None
            if pair is None:
                return _unreadable("gap", cell, "a gap")
            gap, ahead = pair
            d.gap_prev_ms = d.gap_prev_ms if d.gap_prev_ms is not None else ahead.ms
        d.gap_ms, d.lapped = gap.ms, gap.laps
        return None

    return read


#: `1:21.578 (62,66 km/h)`: a best lap and its speed in one cell.
_LAP_AND_SPEED = re.compile(r"(.+?)\s*\(\s*(\d+(?:[.,]\d+)?\s*km\s*/?\s*h)\s*\)", re.IGNORECASE)


def _best_lap(d: Draft, cell: str) -> tuple[str, str] | None:
    lap_time = parse_lap_and_time(cell)
    if lap_time is None and (found := _LAP_AND_SPEED.fullmatch(cell.strip())) is not None:
        lap_time = parse_lap_and_time(found[1])
        if lap_time is not None and d.speed_kmh is None:
            d.speed_kmh = parse_speed(found[2])
    if lap_time is None:
        return _unreadable("best_lap", cell, "a lap time")
    lap_no, d.best_lap_ms = lap_time
    if d.best_lap_no is None:
        d.best_lap_no = lap_no
    return None


def _gap_prev(d: Draft, cell: str) -> tuple[str, str] | None:
    gap = parse_gap(cell)
    if gap is None:
        return _unreadable("gap_prev", cell, "a gap")
    d.gap_prev_ms = gap.ms
    return None


# `C1 R5/Rally2`, `C4 E10, F2`: a short group code, a space, the class as the rules name it.
_CODE_THEN_CLASS = re.compile(r"([A-Z0-9+]{1,5}) \S.*")


def _group_class_reader(values: Sequence[str]) -> Reader:
    split = Remembered(split_group_class_sure)
    # A split that is a guess cell by cell is settled when (nearly) every cell of the column
    # is a group code, a space and the class, or sure: one reading across the whole column.
    coded = sum(1 for v in values if _CODE_THEN_CLASS.fullmatch(v))
    read_so = sum(1 for v in values if _CODE_THEN_CLASS.fullmatch(v) or split[v][2])
    settled = coded >= 3 and read_so * 10 >= len(values) * 9
    # `G/3`, `F/11` down the column: its group and class are parted by the slash, in
    # `E2-SS/4` too (group `E2-SS`), whatever else a cell holds.
    sure = [v for v in values if v and split[v][2]]
    slashed = sum(1 for v in sure if v.count("/") == 1)
    by_slash = slashed >= 3 and slashed * 3 >= len(sure) * 2

    def read(d: Draft, cell: str) -> tuple[str, str] | None:
        d.group, d.klass, sure = split[cell]
        if not sure and by_slash and cell.count("/") == 1 and " " not in cell.strip():
            group, klass = cell.split("/")
            if group and klass:
                d.group, d.klass = group, klass
                return None
        if sure or (settled and _CODE_THEN_CLASS.fullmatch(cell)):
            return None
        return "group-class-uncertain", f"{cell!r} read as group {d.group}, class {d.klass}"

    return read


def category_reader(*, is_class: bool = False) -> Reader:
    """A category written on each row. In a table with no class column of its own it is the
    class the crew is ranked in (the category a row names is the one its rank counts in)."""
    clean = Remembered(clean_text)

    def read(d: Draft, cell: str) -> None:
        d.category = clean[cell] or d.category
        if is_class:
            d.klass = clean[cell] or d.klass

    return read


def _status(d: Draft, cell: str) -> tuple[str, str] | None:
    # Other status words were caught before; a finisher's word says nothing more.
    if is_finisher_word(cell):
        return None
    if is_rally2_mark(cell):
        d.status = d.status or "rally2"
        return None
    return _unreadable("status", cell, "a status")


def _ignore(d: Draft, cell: str) -> None:
    # "DNS" in every run of a hill climb: it counts only if no time is given.
    d.aside_cells += 1
    if not cell[0].isdigit() and (status := parse_status(cell)) is not None:
        d.aside_status = d.aside_status or status
        d.aside_unstarted += status == "dns"
    elif d.aside_where is None and not cell[0].isdigit():
        d.aside_where = stage_reference(cell)


def reader_for(role: str, values: Sequence[str], *, numbers_elsewhere: bool = True) -> Reader:
    """The reader of a column, chosen from its role and a look at its values;
    `numbers_elsewhere`: the table has a column of race numbers."""
    if role in _PERSON_ROLES:
        return people_reader(role, values, not numbers_elsewhere)
    if role == "best_lap":
        return _best_lap
    if role in ("time", "gap"):
        sample = values[:200]
        dotted_hours = reads_dotted_hours(sample)
        if role == "gap":
            return _gap_reader(dotted_hours)
        plain = sum(1 for v in sample if parse_time(v) is not None)
        bare = sum(1 for v in sample if parse_time(v, bare_seconds=True) is not None)
        bare_seconds = bare > plain and bare * 2 > len(sample)
        return _time_reader(bare_seconds, dotted_hours)
    simple: dict[str, Reader] = {
        "position": _position,
        "number": _number,
        "gap_prev": _gap_prev,
        "group_class": with_class_place(_group_class_reader(values)),
        "laps": _parsed_reader(role, "laps", parse_laps, "a lap count"),
        "best_lap_no": _parsed_reader(role, "best_lap_no", parse_int, "a lap number"),
        "speed": _parsed_reader(role, "speed_kmh", parse_speed, "a speed"),
        "category": category_reader(),
        "status": _status,
        "class_position": _class_position,
        "penalty": _penalty,
        "points": _parsed_reader(role, "points", parse_points, "a number of points"),
        "reason": _status_reader("reason"),
        "retired_at": _status_reader("retired_at"),
    }
    if role in simple:
        return simple[role]
    attribute = {
        "car": "car",
        "group": "group",
        "class": "klass",
        "club": "club",
        "team": "team",
        "nationality": "nationality",
    }.get(role)
    if attribute is not None:
        text = _text_reader(attribute)
        return with_class_place(text) if role == "class" else text
    if role in ("capacity", "distance"):
        as_written = Remembered(parse_capacity)  # text as written that holds a number
        return lambda d, cell: setattr(d, role, as_written[cell])  # type: ignore[func-returns-value]
    return _ignore
