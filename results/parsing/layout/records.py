"""From data rows to records: what copy and paste broke into lines, put back.

- a stray line that repeats the start of the next record is dropped;
- a record spread over several lines (fragments shorter than the table) is joined.

Every repair is an issue on its line. Records then get one width in `alignment.py`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from results.parsing.codes import level_of
from results.parsing.fields import parse_gap, parse_status
from results.parsing.grid import Row
from results.parsing.layout.crew_lines import is_reason_line, people_lines, status_under
from results.parsing.layout.profile import kind
from results.parsing.model import Issue

#: A record is a row: a whole line of the sheet as read (passed on, not copied), or a new row
#: where lines were joined or cells moved back. Rows are frozen: a repair makes a new one.
Record = Row


def _issue(line: int, code: str, message: str, page: int | None) -> Issue:
    return Issue(line=line, code=code, message=message, level=level_of(code), page=page)


def _filled(row: Row) -> list[str]:
    return list(filter(None, row.cells))


def drop_stray_lines(rows: Sequence[Row]) -> tuple[list[Row], list[Issue]]:
    """Drop a line whose cells repeat the start of the next line, or the line before."""
    kept: list[Row] = []
    issues: list[Issue] = []
    # How many cells each row fills: only a row filling fewer than the next can repeat its start.
    counts = [len(row.cells) - row.cells.count("") for row in rows]
    for i, row in enumerate(rows):
        if i + 1 < len(rows) and counts[i] < counts[i + 1]:
            mine = _filled(row)
            if _filled(rows[i + 1])[: len(mine)] == mine:
                issues.append(
                    _issue(
                        row.line,
                        "line-repeated",
                        f"dropped a stray line repeating the next one: {' | '.join(mine)}",
                        row.page,
                    )
                )
                continue
        if kept and row.cells == kept[-1].cells:
            issues.append(_issue(row.line, "line-repeated", "dropped a repeated line", row.page))
            continue
        kept.append(row)
    return kept, issues


def merge_fragments(
    rows: Sequence[Row], target: int, apart: Sequence[int] = (), seats: Sequence[int] = ()
) -> tuple[list[Record], list[Issue]]:
    """Join consecutive rows shorter than the table until they make one record of its width.

    A row with at least `target - 1` cells is a record on its own. Shorter rows accumulate;
    when the next row would overshoot, its first cell is taken as the continuation of the last
    cell (a value wrapped inside a cell).

    `apart`: columns whose cell on a record's second line is a value of its own (the header's
    second line heads it otherwise: the car under the club). Those cells go to columns added
    after the table's `target`, one per such column in order, on every record.

    `seats`: columns whose second line is the next person of the crew (`Pilot` under
    `Kierowca`): a line break joins them, the mark between two people.
    """
    if apart:
        rows = [_widened(row, target, apart) for row in rows]
        target += len(apart)
    records: list[Record] = []
    issues: list[Issue] = []
    acc: list[str] = []
    acc_rows: list[Row] = []

    def flush() -> None:
        if not acc_rows:
            return
        first = acc_rows[0]
        if len(acc_rows) > 1:
            lines = ", ".join(str(r.line) for r in acc_rows)
            issues.append(
                _issue(
                    first.line, "record-merged", f"joined lines {lines} into one record", first.page
                )
            )
        records.append(Row(first.line, tuple(acc), first.page))
        acc.clear()
        acc_rows.clear()

    filled_counts = sorted(len(row.cells) - row.cells.count("") for row in rows)
    typical = filled_counts[len(filled_counts) // 2] if filled_counts else 0
    sparse = max(1, typical // 4)  # a row this empty holds no result of its own
    step = _line_step(rows)
    kinds = _column_kinds(rows, target)

    for index, row in enumerate(rows):
        cells = row.cells
        if not acc_rows:
            full = len(cells) >= target - 1
            following = rows[index + 1] if index + 1 < len(rows) else None
            starts_record = following is not None and len(following.cells) < target - 1
            # A line with too little in it to be a result, or a short line that does not start
            # a record over several lines, may continue the record above.
            under = bool(records) and _under(records[-1], cells)
            if under and _lone_gap(cells):
                # `+3,197` alone under the record's total: its gap, which the times give.
                said = f"the gap under the record above, read from the times: {row.cells_text!r}"
                issues.append(_issue(row.line, "line-skipped", said, row.page))
                continue
            previous = rows[index - 1] if index else None
            # A blank line more than the table's rows are apart ends the record above (a
            # section's title after it, `Sonstige`, is none of it).
            after_blank = (
                previous is not None
                and previous.page == row.page
                and row.line - previous.line > step
            )
            may_continue = (
                bool(records)
                and not after_blank
                and (
                    (full and (len(cells) - cells.count("") <= sparse or under))
                    or (not full and not starts_record)
                )
            )
            # A gap under the record's own (`+11.6` under `+11.7`): the gap to the crew ahead,
            # which the times give; the rest of the line is the record's second line.
            at = [j for j, c in enumerate(cells) if under and _gap_under(records[-1], j, c)]
            ahead = [cells[j] for j in at]
            if at:
                cells = tuple("" if j in at else c for j, c in enumerate(cells))
            joined = (
                _continued(records[-1], cells, under, len(apart), seats) if may_continue else None
            )
            if joined is not None:
                records[-1] = joined
                said = f"line {row.line} continues the record above: joined"
                if ahead:
                    said += f" (the gap to the crew ahead, {', '.join(ahead)}, read from the times)"
                issues.append(_issue(records[-1].line, "record-merged", said, row.page))
            elif full:
                records.append(row)
            else:
                acc.extend(cells)
                acc_rows.append(row)
            continue
        total = len(acc) + len(cells)
        if total - 1 == target and acc[-1] and cells and cells[0] and kind(cells[0]) != "int":
            # `5  MARINO Michele` over `PUCCINELLI Tommaso  Garfagnana Rally Team  …`: a cell
            # with a line break (a web page's `<br>`, pasted), the rest of the record after it.
            acc[-1] = f"{acc[-1]}\n{cells[0]}"
            acc.extend(cells[1:])
            acc_rows.append(row)
            flush()
            continue
        if len(cells) >= target - 1 and total not in (target - 1, target):
            flush()
            records.append(row)
            continue
        wrapped = bool(acc and cells and acc[-1] and cells[0])
        if total <= target and not (wrapped and _wrap_fits_better(acc, cells, kinds)):
            acc.extend(cells)
            acc_rows.append(row)
        elif total - 1 <= target and wrapped:
            # A line break inside the cell (a web page's `<br>`, copied): kept as one.
            acc[-1] = f"{acc[-1]}\n{cells[0]}"
            acc.extend(cells[1:])
            acc_rows.append(row)
        else:
            flush()
            acc.extend(cells)
            acc_rows.append(row)
        if len(acc) >= target - 1:
            flush()
    flush()
    return records, issues


def _column_kinds(rows: Sequence[Row], target: int) -> list[str | None]:
    """The commonest kind of each column among the rows of the table's full width (None: no
    such rows, or no kind fills most of them)."""
    full = [row.cells for row in rows if len(row.cells) == target][:_KIND_ROWS]
    kinds: list[str | None] = []
    for j in range(target):
        counted = Counter(kind(cells[j]) for cells in full)
        found = counted.most_common(1)
        kinds.append(found[0][0] if found and found[0][1] * 2 > len(full) else None)
    return kinds


#: The full rows the columns' kinds are told from.
_KIND_ROWS = 50


def _wrap_fits_better(
    acc: Sequence[str], cells: Sequence[str], kinds: Sequence[str | None]
) -> bool:
    """Whether a line break inside the last cell (a web page's `<br>` between driver and
    co-driver, copied) puts the line's cells under columns of their kinds better than the line
    following on as cells of its own: a leader's line that lost its empty gap cell holds as
    many cells as a record, and its co-driver would push each value one column right."""
    apart = [*acc, *cells]
    joined = [*acc[:-1], f"{acc[-1]}\n{cells[0]}", *cells[1:]]

    def fit(candidate: Sequence[str]) -> int:
        # Cells under a column of their kind, less those under a column of another.
        return sum(
            1 if kind(cell) == kinds[j] else -1
            for j, cell in enumerate(candidate[: len(kinds)])
            if cell and kinds[j] is not None
        )

    return fit(joined) > fit(apart)


def _widened(row: Row, target: int, apart: Sequence[int]) -> Row:
    """A row of the table's width with room for the second-line columns: a line that only
    continues a record (nothing but words, in the columns set apart among others) moves its
    cells of those columns there; any other line leaves them empty."""
    if len(row.cells) > target:
        return row
    cells = [*row.cells, *[""] * (target - len(row.cells))]
    extra = [""] * len(apart)
    filled = [c for c in cells if c]
    # Words, or a number beside them (a car's year under the car); under the first two
    # columns left empty, a time or a gap too where the header's second line heads one of its
    # own (`Ecart préc.` under `Ecart 1er`), or a signed gap anywhere (the gap to the crew
    # ahead under the record's gap to the leader, which `merge_fragments` sets aside).
    measured = not (cells[0] or cells[1]) if len(cells) > 1 else False
    continues = filled and all(
        kind(c) in ("text", "code", "int")
        or (measured and kind(c) in _MEASURED and (j in apart or _signed_gap(c)))
        for j, c in enumerate(cells)
        if c
    )
    continues = continues and any(kind(c) != "int" for c in filled)
    # A number where records have theirs, or a place: a record's first line (a retired crew
    # with no times), not its second.
    continues = continues and not (len(cells) > 1 and kind(cells[0] or cells[1]) == "int")
    if continues and any(cells[j] for j in apart) and (len(filled) * 2 <= target or measured):
        for k, j in enumerate(apart):
            extra[k], cells[j] = cells[j], ""
    marks = (*row.marks, *[None] * (len(cells) + len(extra) - len(row.marks))) if row.marks else ()
    return replace(row, cells=(*cells, *extra), marks=marks)


def _lone_gap(cells: Sequence[str]) -> bool:
    filled = [c for c in cells if c]
    return len(filled) == 1 and _signed_gap(filled[0])


def _gap_under(record: Record, j: int, cell: str) -> bool:
    """A signed gap under the record's own signed gap (`+11.6` under `+11.7`)."""
    above = record.cells[j] if j < len(record.cells) else ""
    return _signed_gap(above) and _signed_gap(cell)


def _signed_gap(cell: str) -> bool:
    return bool(cell) and cell[0] == "+" and parse_gap(cell) is not None


def _under(record: Record, cells: Sequence[str]) -> bool:
    """A line that leaves empty the first two columns where the record above has its position
    or number (where a record starts): the record's second line, however much else it holds
    (the co-driver, the club, the class's place under the class)."""
    if len(cells) < 2 or cells[0] or cells[1] or not any(record.cells[:2]):
        return False
    # A status of its own (`Abandon`) is a crew that has no position, on a line of its own;
    # `Rally2` is the cars' class as well (under `Gr.` over `Cl.`), and a word under one of the
    # record's times says how that stage was run (`forfait`: a Rallye 2 crew's missed stage).
    return not any(
        c and parse_status(c) not in (None, "rally2") and not _under_time(record, j)
        for j, c in enumerate(cells)
    )


def _under_time(record: Record, j: int) -> bool:
    return j < len(record.cells) and kind(record.cells[j]) == "time"


# Kinds of a time or a gap (`+1:23.0`, `+8.0`).
_MEASURED = frozenset({"time", "num.", "num,"})


# Two people in one cell: parted by a slash, or a dash or `&` between spaces.
_TWO_PEOPLE = re.compile(r"/|\s[-–—&]\s")


def _continued(
    record: Record,
    cells: Sequence[str],
    under: bool = False,
    apart: int = 0,
    seats: Sequence[int] = (),
) -> Record | None:
    """`record` with a continuation line joined, when the line's values are words that fall in
    the record's columns: a car or a co-driver pushed onto the next line; on a second line
    (`under`, see `_under`), numbers too (a car's year). Its values fill the record's empty
    cells, or follow the text already there. None: the line is no continuation."""
    if len(cells) > len(record.cells) or not any(cells):
        return None
    allowed = ("text", "code", "int") if under else ("text", "code")
    # On a second line, the columns set apart for it (the last `apart`) hold a value of any
    # kind: `_widened` put only second-line values there.
    own = len(record.cells) - apart if under else len(cells)
    if any(
        c and kind(c) not in allowed and not _goes_on(record, j, c)
        for j, c in enumerate(cells[:own])
    ):
        return None
    filled = [c for c in cells if c]
    if len(filled) == 1 and parse_status(filled[0]) is not None and not status_under(record, cells):
        return None  # `RITIRATI`, `Abandons`: the title of the crews below, no continuation
    joined = list(record.cells)
    for i, c in enumerate(cells):
        if c:
            # The next seat, unless the line above names two people already (the rest of a
            # wrapped name: `GUEDJ Jean-Paul - DE MONTREDON` over `Jean-François`); people
            # parted alike on both lines are a list going on (a team's drivers, a few a line).
            seat = under and i in seats and not _TWO_PEOPLE.search(joined[i])
            parted = _partings(c)
            listed = len(parted) == 1 and parted == _partings(joined[i])
            # People parted on the line under a name parted from nothing (a team's drivers
            # under its name): a line of its own.
            team = under and len(parted) == 1 and not _partings(joined[i])
            # Why the crew stopped, or its status, on the line under its people: a line of
            # its own, which the crew reader sets aside.
            above = joined[i].split("\n")
            aside = bool(joined[i]) and people_lines(above)
            aside = aside and (parse_status(c) is not None or is_reason_line(c, above))
            mark = "\n" if seat or listed or team or aside else " "
            joined[i] = f"{joined[i]}{mark}{c}" if joined[i] else c
    return Row(record.line, tuple(joined), record.page)


def _partings(text: str) -> set[str]:
    """The marks parting people in a cell's text (`/`, `-`, `&`)."""
    return {m.strip() for m in _TWO_PEOPLE.findall(text)}


def _goes_on(record: Record, j: int, cell: str) -> bool:
    """A decimal that ends the text above it (`Porsche 911 Carrera RS` over `3.0`)."""
    above = record.cells[j] if j < len(record.cells) else ""
    return kind(cell).startswith("num") and kind(above) == "text"


def _line_step(rows: Sequence[Row]) -> int:
    """How many lines apart the table's rows usually are: 1, or 2 for text printed with a
    blank line after each line."""
    steps = sorted(b.line - a.line for a, b in pairwise(rows) if b.line > a.line)
    return steps[len(steps) // 2] if steps else 1
