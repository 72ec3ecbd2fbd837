"""A sheet's own legend of its status marks: `ausgef. = ausgefallen, n.a. = nicht angetreten,
disq. = disqualifiziert.` under the table says what its short marks mean. A mark no list knows,
an abbreviation with its dots (`n.a.`), whose meaning is a status word Podium knows (`nicht
angetreten`: not started) is read as that word wherever a whole cell holds it, in any column
of the file (a code such as `A` or `N`, which a group column holds too, is never taken), with
an info line saying so."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from results.parsing.codes import level_of
from results.parsing.fields import parse_status
from results.parsing.grid import Row
from results.parsing.model import Issue

# `n.a. = nicht angetreten`, `Ab.= abandon`, `F.T.M. = fuori tempo massimo`: a mark, then its
# meaning up to the next comma, semicolon, middle dot or bullet, full stop ending the line, or
# mark.
_ENTRY = re.compile(
    r"(?:^|[,;(·•|]\s*|\s)([^\s=,;()·•|]{1,10})\s*=\s*([^=,;()·•|]+?)"
    r"(?=\s*(?:[,;)·•|]|\.\s|\.?$))"
)
#: A legend is a line of a few such pairs; longer lines are prose (a rule quoted in full).
_LONGEST = 300


def is_legend_line(text: str) -> bool:
    """A line of two pairs or more (`Abd = abandon ; NP = non partant.`) that make most of it."""
    if text.count("=") < 2 or len(text) > _LONGEST:
        return False
    found = list(_ENTRY.finditer(text))
    return len(found) >= 2 and sum(m.end() - m.start() for m in found) * 2 >= len(text)


def legend_marks(rows: Sequence[Row]) -> dict[str, tuple[str, str]]:
    """Folded mark → (the meaning as written, its status code), for the marks no list knows
    that a legend line of the sheet explains with a status word."""
    found: dict[str, tuple[str, str]] = {}
    for row in rows:
        text = row.cells_text
        if "=" not in text or len(text) > _LONGEST:
            continue
        for mark, meaning in _ENTRY.findall(text):
            meaning = meaning.strip()
            status = parse_status(meaning)
            # An abbreviation (`n.a.`, `ausgef.`), not a code a column may hold for something
            # else (`A = abandon` beside the groups A and N).
            abbreviation = "." in mark and len(mark.replace(".", "")) >= 2
            if status is None or not abbreviation or parse_status(mark) is not None:
                continue
            found.setdefault(mark.casefold(), (meaning, status))
    return found


def with_legend(rows: Sequence[Row]) -> tuple[list[Row], list[Issue]]:
    """`rows` with each cell that is one of the legend's marks read as its meaning, and an
    info line for each mark met in a cell."""
    marks = legend_marks(rows)
    if not marks:
        return list(rows), []
    out: list[Row] = []
    first_seen: dict[str, Row] = {}
    for row in rows:
        cells = tuple(marks[c.casefold()][0] if c.casefold() in marks else c for c in row.cells)
        if cells != row.cells:
            for cell in row.cells:
                if cell.casefold() in marks:
                    first_seen.setdefault(cell.casefold(), row)
            row = replace(row, cells=cells)
        out.append(row)
    issues = [
        Issue(
            line=row.line,
            page=row.page,
            code="legend-mark",
            level=level_of("legend-mark"),
            message=f"{mark!r} read as {marks[mark][0]!r} ({marks[mark][1]}), as the sheet's "
            "legend says",
        )
        for mark, row in first_seen.items()
    ]
    return out, issues
