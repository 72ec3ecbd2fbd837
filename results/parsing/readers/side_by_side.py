"""Two tables printed side by side on one page (a class on the left, another on the right, or
one table flowing from the left half into the right), in a PDF or in its text copied with the
layout: the page read as its left half, then its right half.

The sign is a header line whose headings run twice in a row (`Clt N° Pilote Temps  Clt N°
Pilote Temps`): a table is never headed by its own headings again. From that line down, and
over the titles just above it, every line is cut where the second run of headings starts;
a line with a word across that place (a footnote, a signature) stays whole, with the left
half. The right half's words move left by the distance between the two runs, so that both
tables, printed alike, keep the same columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from results.parsing.codes import level_of
from results.parsing.grid import Row
from results.parsing.layout.blocks import is_header
from results.parsing.layout.synonyms import normalise_heading
from results.parsing.model import Issue
from results.parsing.readers.words import Line, Phrase, Word, phrases

#: Headings a run must hold to count as a table's header (and not `N°  N°`).
_MIN_HEADINGS = 3
#: Title lines above the header cut with it (`Classe A7` over the left table, `Classe N2`
#: over the right one).
_TITLES_ABOVE = 2


def split_halves(
    lines: Sequence[Line], space: int, *, paged: bool = True
) -> tuple[list[Line], list[Issue]]:
    """The lines in reading order: each page with tables side by side as its left half, then
    its right half; other pages as they are. Lines are numbered anew in that order, as a PDF
    numbers the lines it reads (the right half's after the left half's), so that every line
    keeps a number of its own. `paged`: the lines' pages are a PDF's, named in the issues (a
    text's are its form feeds', which no row keeps)."""
    out: list[Line] = []
    issues: list[Issue] = []
    for page, grouped in groupby(lines, key=lambda line: line.page):
        page_lines = list(grouped)
        found = _twice_headed(page_lines, space)
        if found is None:
            out.extend(page_lines)
            continue
        at, cut, shift = found
        start = _zone_start(page_lines, at, cut, space)
        left, right = _cut(page_lines[start:], cut, shift)
        first = len(out) + start + len(left)
        out.extend(page_lines[:start])
        out.extend(left)
        out.extend(right)
        said = (
            "two tables side by side: the left one read first, then the right one "
            f"(its lines numbered on from line {_number_of(lines, first) if right else '?'})"
        )
        issues.append(
            Issue(
                line=page_lines[at].number,
                code="tables-side-by-side",
                message=said,
                level=level_of("tables-side-by-side"),
                page=page if paged else None,
            )
        )
    if not issues:
        return list(lines), []
    base = lines[0].number if lines else 1
    return [Line(base + i, line.page, line.words) for i, line in enumerate(out)], issues


def _number_of(lines: Sequence[Line], index: int) -> int:
    """The number the line at `index` of the new order gets."""
    return (lines[0].number if lines else 1) + index


def _twice_headed(lines: Sequence[Line], space: int) -> tuple[int, int, int] | None:
    """(index of the first line headed twice, x where its second run of headings starts, and
    how far right of the first run it is)."""
    for index, line in enumerate(lines):
        parts = phrases(line.words, space)
        half = len(parts) // 2
        if len(parts) % 2 or half < _MIN_HEADINGS:
            continue
        first, second = parts[:half], parts[half:]
        if _key(first) == _key(second) and is_header(Row(line.number, _texts(first))):
            return index, second[0].x0, second[0].x0 - first[0].x0
    return None


def _key(parts: Sequence[Phrase]) -> tuple[str, ...]:
    return tuple(normalise_heading(p.text) for p in parts)


def _texts(parts: Sequence[Phrase]) -> tuple[str, ...]:
    return tuple(p.text for p in parts)


def _straddles(line: Line, cut: int) -> bool:
    return any(word.x0 < cut < word.x1 for word in line.words)


def _zone_start(lines: Sequence[Line], at: int, cut: int, space: int) -> int:
    """The first line to cut: the header, or a title line or two just above it that hold a
    phrase on each side of the cut (a title over each table)."""
    start = at
    for index in range(at - 1, max(-1, at - 1 - _TITLES_ABOVE), -1):
        line = lines[index]
        if not line.words:
            continue
        parts = phrases(line.words, space)
        if _straddles(line, cut) or not (
            any(p.x1 <= cut for p in parts) and any(p.x0 >= cut for p in parts)
        ):
            break
        start = index
    return start


def _cut(lines: Sequence[Line], cut: int, shift: int) -> tuple[list[Line], list[Line]]:
    left: list[Line] = []
    right: list[Line] = []
    for line in lines:
        if _straddles(line, cut):
            left.append(line)
            continue
        left.append(Line(line.number, line.page, tuple(w for w in line.words if w.x1 <= cut)))
        words = tuple(Word(w.x0 - shift, w.x1 - shift, w.text) for w in line.words if w.x0 >= cut)
        if words:
            right.append(Line(line.number, line.page, words))
    return left, right
