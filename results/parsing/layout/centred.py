"""Records whose cells are centred on their middle line: a table printed with cells of two lines
(driver over co-driver, a car's make over its model) beside cells of one (position, number,
times), which the one-line cells put on the middle line. As text, each record is a line above,
the line with the position and number, and a line below:

            ROUX Jean-Baptiste   Skoda Fabia
     1   1                                     47'59.3
            FAURE Mathilde       Rally2 Evo

The line above belongs to the record below it, which nothing else shows but the pattern of the
whole table: it starts with such a line, and every record has one above and one below.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise, zip_longest

from results.parsing.codes import level_of
from results.parsing.grid import Row
from results.parsing.layout.profile import kind
from results.parsing.model import Issue


def _keyed(row: Row) -> bool:
    """A line with a position or a number in its first two cells: where a record is."""
    return len(row.cells) >= 2 and (_key(row.cells[0]) or _key(row.cells[1]))


def _key(cell: str) -> bool:
    """A position or a number (`12`, `NC`, `Rit.`): a short word, not a line of words run
    into the first column (a footer at the foot of the page)."""
    return bool(cell) and len(cell) <= _KEY_LENGTH and " " not in cell


#: The longest position or number: `Abbruch` and `A-1234` fit, a sentence does not.
_KEY_LENGTH = 8


def _half(row: Row) -> bool:
    """A line of words beside the record's line: nothing in its first two cells, no value."""
    filled = [c for c in row.cells if c]
    words = all(kind(c) in ("text", "code") for c in filled)
    return not any(row.cells[:2]) and bool(filled) and words


def join_centred(rows: Sequence[Row]) -> tuple[list[Row], list[Issue]]:
    """Each record's three lines joined on its middle line, where the block is laid out so: a
    half line right before the first record, two between each pair of records, one alone after
    the last (records of three lines, each under its middle one, leave two after the last);
    lines before the first half (a header's second line) stay as they are. Else the rows as
    they are."""
    filled = [r for r in rows if any(r.cells)]
    keys = [i for i, r in enumerate(filled) if _keyed(r)]
    if len(keys) < 2 or keys[0] < 1 or keys[-1] + 1 >= len(filled):
        return list(rows), []
    if any(b - a != 3 for a, b in pairwise(keys)):
        return list(rows), []
    last = keys[-1] + 1
    halves = range(keys[0] - 1, last + 1)
    if not all(_half(filled[i]) for i in halves if i not in keys):
        return list(rows), []
    if last + 1 < len(filled) and _half(filled[last + 1]):
        return list(rows), []
    out: list[Row] = filled[: keys[0] - 1]
    issues: list[Issue] = []
    for i in keys:
        above, middle, below = filled[i - 1], filled[i], filled[i + 1]
        cells = tuple(
            " ".join(filter(None, parts))
            for parts in zip_longest(above.cells, middle.cells, below.cells, fillvalue="")
        )
        out.append(Row(middle.line, cells, middle.page, middle.table))
        issues.append(
            Issue(
                line=middle.line,
                page=middle.page,
                code="record-merged",
                level=level_of("record-merged"),
                message=f"lines {above.line}, {middle.line} and {below.line} make one record, "
                "its cells centred on the middle line: joined",
            )
        )
    out.extend(filled[last + 1 :])
    return out, issues
