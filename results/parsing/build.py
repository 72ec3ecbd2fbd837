"""Cells become values: one `Draft` per record, with an issue for every cell it could not read.

Each column gets one reader function (`cell_readers`), chosen once from its role and from what
the whole column shows; a status word in a column that may carry one is read here, before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice

from results.parsing.cell_readers import category_reader, reader_for, with_class_place
from results.parsing.cell_reading import LOOKED_AT, Reader, said_status
from results.parsing.codes import level_of
from results.parsing.draft import Draft
from results.parsing.fields import parse_status
from results.parsing.layout.records import Record
from results.parsing.model import Issue
from results.parsing.people_readers import name_part_reader

# Roles whose cells may hold a status word instead of a value ("Abandon" in the time column).
_STATUS_CARRIERS = frozenset(
    "status position time gap gap_prev laps best_lap number best_lap_no speed reason retired_at "
    "class_position points penalty".split()
)
# Cells that say "nothing here": a dash or two where a position, a gap or a time would be.
_PLACEHOLDERS = frozenset({"-", "--", "–", "—", "---", "----", "-----", "------", "/", "*", "?"})


_CLASS_ROLES = frozenset({"group", "class", "group_class"})


@dataclass(frozen=True, slots=True)
class Column:
    role: str
    read: Reader
    status_words: bool


def plan_columns(roles: Sequence[str], records: Sequence[Record]) -> list[Column]:
    columns = []
    seats = {"surname": 0, "first_name": 0}  # the n-th column of each names the n-th seat
    classless = not _CLASS_ROLES.intersection(roles)
    for j, role in enumerate(roles):
        if role == "category":
            # `PRO (1)`: the category, and the crew's place in it in brackets.
            read = with_class_place(category_reader(is_class=classless))
        elif role in seats:
            read = name_part_reader(seats[role], 0 if role == "surname" else 1)
            seats[role] += 1
        else:
            values = list(islice(filter(None, (r.cells[j] for r in records)), LOOKED_AT))
            read = reader_for(role, values, numbers_elsewhere="number" in roles)
        columns.append(Column(role, read, role in _STATUS_CARRIERS))
    return columns


def read_record(
    rec: Record, columns: Sequence[Column], category: str | None, issues: list[Issue]
) -> Draft:
    """The record's draft; an issue for each cell it doubts goes to `issues`."""
    d = Draft(rec.line, rec.page, category)
    for column, cell in zip(columns, rec.cells, strict=True):
        if not cell or cell in _PLACEHOLDERS:
            continue
        # Status words start with a letter; times, positions and gaps never do.
        if column.status_words and not cell[0].isdigit() and cell[0] not in "+-":
            status = parse_status(cell)
            if status is not None:
                said_status(d, status, cell)
                continue
        doubt = column.read(d, cell)  # an ignored column's reader looks for status words only
        if doubt is not None:
            code, message = doubt
            issues.append(Issue(line=rec.line, page=rec.page, column=column.role, code=code,
                                level=level_of(code), message=message))  # fmt: skip
    # A status word in a run's column (`DNS` in the second heat) is the crew's only when
    # nothing ranks it: no time, and no points of a table ranked on points (none scored:
    # `0` under `Totaal` beside `DISK` ranks nobody).
    ranked = d.time_ms is not None or d.time_gap_ms is not None or bool(d.points)
    # A place given beside a run's mark ranks the crew too (`9` beside `RIT` in race 1).
    ranked = ranked or d.position is not None
    # Not started in every race of the meeting (`NP` in each heat, `Forfait`), with nothing
    # scored: not started, though the sheet prints it a place at the foot.
    unstarted = d.aside_unstarted >= 2 and d.aside_unstarted == d.aside_cells
    if d.status is None and unstarted and d.time_ms is None and not d.points:
        d.status = "dns"
    if d.status is None and d.aside_status and not ranked:
        d.status = d.aside_status
    elif d.status is None and d.aside_status == "rally2":
        d.status = "rally2"  # restarted under Rallye 2 rules: classified with a time all the same
    if d.status is None and d.zero_time:
        d.status = "dns"
    where = any(c.role == "retired_at" and v for c, v in zip(columns, rec.cells, strict=True))
    if d.status is None and d.position is not None and d.time_ms is not None and where:
        # Placed, with a time, and the stage it retired at in a column of its own (`ES 4`
        # under `Abandon`; not a note under `Observations`): restarted under Rallye 2 rules.
        d.status = "rally2"
        said = f"placed with a time after retiring at {d.retired_at}: restarted (Rallye 2)"
        issues.append(Issue(line=rec.line, page=rec.page, code="rally2-restart",
                            level=level_of("rally2-restart"), message=said))  # fmt: skip
    return d
