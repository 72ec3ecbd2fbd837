"""Columns that explain each other: what a column is, told by how it agrees with the others.

A column of whole numbers that is, on every row, the sum of other such columns, and in whose
order the rows stand, is what the table is ranked on: points (a trial's penalty points, a
championship's points) and their parts (runs, rounds, sections). No heading is needed, and no
single column's content could tell it: each is only a column of small numbers. Likewise of
several columns of times with no heading to tell the total: the one as long as every other on
(nearly) every row is the total, the others its parts.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from itertools import combinations, pairwise

from results.parsing.fields import parse_int, parse_status, parse_time

# Columns tried as parts of a sum: the subsets of this many columns at most (2^n tries).
_MOST_COLUMNS = 10
# A sum must hold on this share of the rows where every column has a number, and the order on
# this share of the steps between rows (a tie broken by another rule, a row out of place).
_AGREE = 0.9
_MIN_ROWS = 3
# The rows the search looks at (2^n subsets each): enough to tell a sum from a coincidence.
_SAMPLE_ROWS = 200


def _whole_numbers(column: Sequence[str]) -> list[int | None] | None:
    """The column's numbers, None where a cell is empty or says a status (`adW.`, `DNF`);
    None when another filled cell is no whole number or the column is mostly empty."""
    column = ["" if c and parse_status(c) is not None else c for c in column]
    values = [parse_int(c) if c else None for c in column]
    filled = [c for c in column if c]
    if len(filled) < _MIN_ROWS or len(filled) * 2 < len(column):
        return None
    if any(v is None for c, v in zip(column, values, strict=True) if c):
        return None
    return values


def _in_order(values: Sequence[int]) -> bool:
    steps = list(pairwise(values))
    if not steps:
        return False
    up = sum(1 for a, b in steps if b >= a)
    down = sum(1 for a, b in steps if b <= a)
    return max(up, down) >= _AGREE * len(steps) and len(set(values)) > 1


# Roles a heading may have given a column of runs or their total that a sum overrules: a run
# headed `Runde 1` reads as a lap number, `R1` or `Lauf 2` as a part time.
_OVERRULED = frozenset({None, "ignore", "best_lap_no", "laps", "split", "penalty"})


def points_of_parts(
    columns: Sequence[Sequence[str]], roles: list[str | None], fixed: Collection[int] = ()
) -> tuple[int, tuple[int, ...], str] | None:
    """Find, among the columns with no role yet (or one a sum overrules, `fixed` ones aside:
    hints), one that is the sum of two or more others on (nearly) every row, with the rows in
    its order. Of whole numbers, it becomes `points` and its parts `ignore`; of seconds with
    decimals (`322.2`, the sum of eight tests of an autotest), the `time` and its parts
    `split`. Returns its index, theirs and its role, or None when no column is such a sum."""
    free = [j for j in range(len(columns)) if j not in fixed and roles[j] in _OVERRULED]
    for read, role, part in ((_whole_numbers, "points", "ignore"), (_seconds, "time", "split")):
        numbers = {}
        # Rows where a run says a status (`NG`, `DISK`, `WT`): a run not driven, or not
        # counted, so their total need not be the sum of the others.
        excused: set[int] = set()
        for j in free:
            column = columns[j][:_SAMPLE_ROWS]
            if (values := read(column)) is not None:
                numbers[j] = values
                # a filled cell with no number is a status word
                excused.update(i for i, c in enumerate(column) if c and values[i] is None)
        found = _sum_of_parts(numbers, excused, slack=role == "time")
        if found is not None:
            total, parts = found
            roles[total] = role
            for j in parts:
                roles[j] = part
            return total, parts, role
    return None


def _sum_of_parts(
    numbers: dict[int, list[int | None]], excused: set[int], *, slack: bool
) -> tuple[int, tuple[int, ...]] | None:
    """The column that is the sum of the most others on (nearly) every row, in whose order the
    rows stand; `slack`: each part may be off by half its last printed digit (tenths)."""
    if len(numbers) < 3 or len(numbers) > _MOST_COLUMNS:
        return None
    best: tuple[int, tuple[int, ...]] | None = None
    for total, sums in numbers.items():
        rows = [i for i, v in enumerate(sums) if v is not None and i not in excused]
        if not _in_order([sums[i] for i in rows]):  # type: ignore[misc]
            continue
        others = [j for j in numbers if j != total]
        for size in range(len(others), 1, -1):
            off = size * _HALF_TENTH if slack else 0
            for parts in combinations(others, size):
                full = [i for i in rows if all(numbers[j][i] is not None for j in parts)]
                if len(full) < _MIN_ROWS or len(full) < _AGREE * len(rows):
                    continue
                agree = sum(
                    1
                    for i in full
                    if abs(sum(numbers[j][i] for j in parts) - sums[i]) <= off  # type: ignore[misc]
                )
                if agree >= _AGREE * len(full) and (best is None or size > len(best[1])):
                    best = (total, parts)
            if best is not None and best[0] == total:
                break
    return best


#: Seconds printed to the tenth: a part may be off by half of one (ms).
_HALF_TENTH = 50
_SECONDS = re.compile(r"(\d{1,5})[.,](\d{1,3})")


def _seconds(column: Sequence[str]) -> list[int | None] | None:
    """The column's seconds with decimals as milliseconds (`40.2`, `123,33`), None where a cell
    is empty or a mark with no digit (`WT`, `RTD`); None when another filled cell is no such
    number, or the column is mostly empty."""
    values: list[int | None] = []
    for cell in column:
        found = _SECONDS.fullmatch(cell) if cell else None
        if found is None and cell and any(c.isdigit() for c in cell):
            return None
        values.append(None if found is None else int(found[1]) * 1000 + int(found[2].ljust(3, "0")))
    filled = sum(1 for v in values if v is not None)
    if filled < _MIN_ROWS or filled * 2 < len(column):
        return None
    return values


def parts_of_the_total(
    columns: Sequence[Sequence[str]], times: Sequence[int], roles: list[str | None]
) -> None:
    """Several columns of times (`times`: those still without a role that read as a time is
    worth taking) and no heading to say which is the total: the one at least as long as every
    other on (nearly) every row is the total; the others are its parts (stage or run times,
    kept as splits), so none of them passes for the time or a gap."""
    if len(times) < 2:
        return
    parsed = {j: [parse_time(c) if c else None for c in columns[j]] for j in times}
    # One pass over the rows, not one per pair of columns: per column, the rows where it and
    # another have a time, and those of them where it is the longest.
    rows = dict.fromkeys(times, 0)
    wins = dict.fromkeys(times, 0)
    for i in range(len(columns[times[0]])):
        row = {j: parsed[j][i] for j in times if parsed[j][i] is not None}
        if len(row) < 2:
            continue
        longest_ms = max(row.values())
        for j, ms in row.items():
            rows[j] += 1
            wins[j] += ms == longest_ms

    def longest(j: int) -> bool:
        return rows[j] >= 3 and wins[j] * 10 >= rows[j] * 9

    totals = [j for j in times if longest(j)]
    if len(totals) == 1:
        for j in times:
            if j != totals[0]:
                roles[j] = "split"


def places_in_classes(
    columns: Sequence[Sequence[str]],
    roles: list[str | None],
    proposals: Sequence[tuple[str, ...]],
) -> None:
    """A class column of whole numbers (`Class`: 1, 2, 1, 3) beside a column left without a
    role whose heading names the class too and whose cells are codes (`Cls`: E5, E5, E4, E5):
    when the numbers count up from 1 within each code, row after row, they are the places in
    those classes, and the codes are the classes."""
    others = [k for k, r in enumerate(roles) if r in (None, "ignore") and "class" in proposals[k]]
    if "class_position" in roles:
        return
    for j, role in enumerate(roles if others else ()):
        numbers = _whole_numbers(columns[j]) if role == "class" else None
        if numbers is None:
            continue
        for k in others:
            codes = columns[k]
            if sum(1 for c in codes if c and not c.isdigit()) * 2 < len(codes):
                continue  # codes of letters, mostly: a class written as a number says nothing
            if _places_within(numbers, codes):
                roles[j], roles[k] = "class_position", "class"
                return
    _second_ranks(columns, roles, proposals)


def _second_ranks(
    columns: Sequence[Sequence[str]],
    roles: list[str | None],
    proposals: Sequence[tuple[str, ...]],
) -> None:
    """A second rank column beside the table's places (`Clt Moy.` beside `Clt` and `Moyenne`),
    left without a role: when its numbers count up from 1 within each class, row after row,
    they are the places in those classes."""
    if "class_position" in roles or "position" not in roles or "class" not in roles:
        return
    codes = columns[roles.index("class")]
    for k, role in enumerate(roles):
        if role not in (None, "ignore") or "position" not in proposals[k]:
            continue
        numbers = _whole_numbers(columns[k])
        if numbers is not None and _places_within(numbers, codes):
            roles[k] = "class_position"
            return


def _places_within(numbers: Sequence[int | None], codes: Sequence[str]) -> bool:
    seen: dict[str, int] = {}
    checked = 0
    for number, code in zip(numbers, codes, strict=True):
        if number is None or not code:
            continue
        count = seen[code] = seen.get(code, 0) + 1
        # Ties share a place: a place is at most the number of the class's rows so far.
        if number > count or number < 1:
            return False
        checked += 1
    return checked >= _MIN_ROWS and any(n > 1 for n in seen.values())


def gap_of_the_table(
    columns: Sequence[Sequence[str]],
    roles: list[str | None],
    proposals: Sequence[tuple[str, ...]],
) -> None:
    """Two gap columns over tables one under another (`Ero lk`, `Ero yht` by class): the gap
    of the table a row stands in is empty (or nought) on each table's first row; a column of
    gaps there runs from another leader (the overall one's), no field Podium keeps. Said by the
    content only where the heading leaves it open (`Ero lk`: a gap, to the leader or not)."""
    if "gap" not in roles or "position" not in roles:
        return
    gap = roles.index("gap")
    # The other gap column: read as the gap to the crew ahead, or left without a role.
    others = [
        k
        for k, role in enumerate(roles)
        if k != gap and role in (None, "gap_prev") and "gap" in proposals[k]
    ]
    if len(others) != 1:
        return
    prev = others[0]
    places = columns[roles.index("position")]
    firsts = [i for i, cell in enumerate(places) if cell.strip().rstrip(".") == "1"]
    if len(firsts) < 2:
        return

    def nought(j: int) -> bool:
        return all(columns[j][i].strip(" +-0:.,") == "" for i in firsts)

    if nought(prev) and not nought(gap):
        roles[prev], roles[gap] = "gap", "ignore"
