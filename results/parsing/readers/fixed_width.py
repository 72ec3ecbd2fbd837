"""Space-aligned text: columns lined up with spaces, as timing software exports them and as
text copied out of a results PDF reads (`pdftotext -layout` gives the same)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from results.parsing.grid import Grid
from results.parsing.model import Issue, ParseError
from results.parsing.readers.aligned import Line, Word, lay_out, phrases
from results.parsing.readers.cells import MAX_ROWS, build_grid, mojibake_in
from results.parsing.readers.page_furniture import (
    drop_page_labels,
    drop_repeated_headings,
    drop_running_lines,
)
from results.parsing.readers.side_by_side import split_halves

_WORD = re.compile(r"\S+")
_GUTTER = re.compile(r" {2,}")
#: Lines looked at to tell aligned text from other text: enough to see the shape.
_SAMPLE = 400
#: Characters of one line laid out; beyond, the rest of the line is one word.
_MAX_LINE = 4000


def _positions(text: str) -> list[int] | None:
    """Column of each character when combining marks (a decomposed `é`) take no column of
    their own; None when every character takes one."""
    if text.isascii() or not any(unicodedata.combining(c) for c in text):
        return None
    out, column = [], 0
    for char in text:
        out.append(column)
        if not unicodedata.combining(char):
            column += 1
    out.append(column)
    return out


def to_lines(text: str) -> list[Line]:
    """Every line of the text, its words with their columns. A form feed (a page break in
    exported text) is not content but starts a page, which gets its own column positions (the
    Grid's rows of a text have no page); tabs stop every 8 columns, as a terminal shows."""
    out = []
    page = 1
    for number, raw in enumerate(text.split("\n"), start=1):
        if "\f" in raw:
            page += raw.count("\f")
            raw = raw.replace("\f", " ")
        if "\t" in raw:
            raw = raw.expandtabs(8)
        head, tail = raw[:_MAX_LINE], raw[_MAX_LINE:]
        where = _positions(head)
        words = [
            Word(m.start(), m.end(), m.group())
            if where is None
            else Word(where[m.start()], where[m.end()], m.group())
            for m in _WORD.finditer(head)
        ]
        if tail.strip():
            start = words[-1].x1 + 1 if words else 0
            words.append(Word(start, start + len(tail.strip()), " ".join(tail.split())))
        out.append(Line(number, page, tuple(words)))
    return out


def explained_by_delimiter(lines: Sequence[str]) -> bool:
    """Whether most lines hold a pipe, a tab or a semicolon: a delimited table, whatever its
    padding, unless its cells are themselves columns a gutter parts (`_gutters_inside`).
    (Commas are no evidence: aligned sheets write `05:14,4` and `27,839`.)"""
    filled = [line for line in lines if line.strip()][:_SAMPLE]
    for delimiter in "|\t;":
        holding = [line for line in filled if delimiter in line]
        if holding and len(holding) * 2 > len(filled):
            # A delimiter inside one cell of an aligned table (`3925328;;`, a list of chips)
            # leaves whole rows of gutter-parted columns in another cell: not its table.
            aligned = sum(1 for line in holding if _gutters_inside(line, delimiter))
            if aligned * 2 <= len(holding):
                return True
    return False


def _gutters_inside(line: str, delimiter: str) -> bool:
    """Whether a cell of the line, cut at `delimiter`, is itself three or more phrases parted
    by runs of spaces."""
    return any(
        len([p for p in _GUTTER.split(cell.strip()) if p not in _MARKS]) >= 3
        for cell in line.split(delimiter)
    )


#: Marks parting two people in a padded cell (`MARTIN Paul  -  DURAND Luc`): no column.
_MARKS = frozenset({"-", "/", "&", "+"})


def looks_aligned(lines: Sequence[str]) -> bool:
    """Whether gutters of spaces (two or more, running down the rows) split a third of the
    lines or more into three or more columns. A third, not most: records printed over two
    lines (the co-driver alone under the driver) have one line of a single phrase for each
    line of columns, and titles, section headings and page furniture add more."""
    filled = [line for line in lines if line.strip()][:_SAMPLE]
    if len(filled) < 2:
        return False
    parsed = to_lines("\n".join(filled))
    multi = [line for line in parsed if len(phrases(line.words, 1)) >= 3]
    if len(multi) < 2 or len(multi) * 3 < len(filled):
        return False
    rows, _ = lay_out(multi, 1)
    widths = sorted(sum(1 for c in row.cells if c) for row in rows)
    return widths[len(widths) // 2] >= 3


def read_fixed_width(text: str, issues: Sequence[Issue] = ()) -> Grid:
    if text.endswith("\n"):
        text = text[:-1]
    if text.count("\n") >= MAX_ROWS:
        raise ParseError(
            f"more than {MAX_ROWS:,} lines: this is not a results sheet", code="too-large"
        )
    lines, halves = split_halves(to_lines(text), 1, paged=False)
    lines, dropped = drop_repeated_headings(lines, 1)
    lines, running = _drop_running_lines(lines)
    lines, numbers = drop_page_labels(lines, 1)
    rows, found = lay_out(lines, 1)
    records = [(row.line, list(row.cells)) for row in rows]
    grid = build_grid(
        "fixed",
        records,
        [*issues, *halves, *dropped, *running, *numbers, *found],
        may_have_mojibake=bool(mojibake_in(text)),
    )
    return grid


def _drop_running_lines(lines: list[Line]) -> tuple[list[Line], list[Issue]]:
    """Pages parted by form feeds: the lines at their top or bottom that recur on other pages
    (a footer naming the clerk of the course) are page furniture, not a table's title."""
    pages: dict[int | None, list[Line]] = {}
    for line in lines:
        pages.setdefault(line.page, []).append(line)
    if len(pages) < 2:
        return lines, []
    # A page's edge is its last lines with words: the blank lines of a form's foot are none.
    kept, issues = drop_running_lines([_trimmed(page) for page in pages.values()], 1)
    by_number = {line.number: line for page in kept for line in page}
    return [by_number.get(line.number, line) for line in lines], issues


def _trimmed(page: list[Line]) -> list[Line]:
    end = len(page)
    while end and not page[end - 1].words:
        end -= 1
    return page[:end]
