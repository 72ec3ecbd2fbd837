"""Two tables printed side by side on one page (a class on the left, another on the right, or
one table flowing from the left half into the right), in a PDF or in its text copied with the
layout: the page read as its left half, then its right half.

The sign is a header line whose headings run twice in a row (`Clt N° Pilote Temps  Clt N°
Pilote Temps`): a table is never headed by its own headings again. From that line down, and
over the titles just above it, every line is cut where the second run of headings starts,
until a line with a word across that place (a footnote, a signature) or a header that runs
once (a table across the page). The right half's words move left by the distance between the
two runs, so that both tables, printed alike, keep the same columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from results.parsing.codes import level_of
from results.parsing.grid import Row
from results.parsing.layout.header_rows import is_header, names_records
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
    """The lines in reading order: each run of lines with tables side by side as its left
    half, then its right half; other lines as they are. Every line keeps a number of its own:
    a PDF's lines are numbered anew in that order, as a PDF numbers the lines it reads; a
    text's keep theirs, as its writer sees them, and its right halves are numbered after its
    last line. `paged`: the lines' pages are a PDF's, named in the issues (a text's are its
    form feeds', which no row keeps)."""
    out: list[Line] = []
    rights: list[Line] = []  # a text's right halves
    said: list[tuple[int, int, int | None]] = []  # (header's index, right half's first, page)
    for page, grouped in groupby(lines, key=lambda line: line.page):
        page_lines = list(grouped)
        done = 0
        while (found := _twice_headed(page_lines, space, done)) is not None:
            at, cut, shift = found
            start = _zone_start(page_lines, at, cut, space, done)
            end = _zone_end(page_lines, at, cut, space)
            left, right = _cut(page_lines[start:end], cut, shift)
            out.extend(page_lines[done:start])
            header = len(out) + at - start
            out.extend(left)
            if paged:
                said.append((header, len(out), page))
                out.extend(right)
            else:
                said.append((header, len(rights), None))
                rights.extend(right)
            done = end
        out.extend(page_lines[done:])
    if not said:
        return list(lines), []
    if paged:
        base = lines[0].number
        out = [Line(base + i, line.page, line.words) for i, line in enumerate(out)]
        numbered = [(out[header].number, base + first, page) for header, first, page in said]
    else:
        base = max(line.number for line in lines) + 1
        numbered = [(out[header].number, base + first, page) for header, first, page in said]
        out += [Line(base + i, line.page, line.words) for i, line in enumerate(rights)]
    issues = [
        Issue(
            line=header,
            code="tables-side-by-side",
            message="two tables side by side: the left one read first, then the right one "
            f"(its lines numbered on from line {first})",
            level=level_of("tables-side-by-side"),
            page=page,
        )
        for header, first, page in numbered
    ]
    return out, issues


def _twice_headed(lines: Sequence[Line], space: int, start: int = 0) -> tuple[int, int, int] | None:
    """(index of the first line from `start` headed twice, x where its second run of headings
    starts, and how far right of the first run it is). Each run must head a table of its own:
    a place, a number or a crew among its headings (`Temps  Pén.  Total` twice under two runs'
    names is one table's header)."""
    for index in range(start, len(lines)):
        line = lines[index]
        parts = phrases(line.words, space)
        if len(parts) < 2 * _MIN_HEADINGS or not _runs_twice(parts):
            continue
        first, second = parts[: len(parts) // 2], parts[len(parts) // 2 :]
        row = Row(line.number, _texts(first))
        if is_header(row) and names_records(row):
            return index, second[0].x0, second[0].x0 - first[0].x0
    return None


def _runs_twice(parts: Sequence[Phrase]) -> bool:
    """Whether a line's phrases are one run of headings, then the same again."""
    half = len(parts) // 2
    return len(parts) % 2 == 0 and _key(parts[:half]) == _key(parts[half:])


def _key(parts: Sequence[Phrase]) -> tuple[str, ...]:
    return tuple(normalise_heading(p.text) for p in parts)


def _texts(parts: Sequence[Phrase]) -> tuple[str, ...]:
    return tuple(p.text for p in parts)


def _straddles(line: Line, cut: int) -> bool:
    return any(word.x0 < cut < word.x1 for word in line.words)


def _zone_start(lines: Sequence[Line], at: int, cut: int, space: int, done: int = 0) -> int:
    """The first line to cut: the header, or a title line or two just above it that hold a
    phrase on each side of the cut (a title over each table)."""
    start = at
    for index in range(at - 1, max(done - 1, at - 1 - _TITLES_ABOVE), -1):
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


def _zone_end(lines: Sequence[Line], at: int, cut: int, space: int) -> int:
    """One past the last line to cut: the zone ends where a line crosses the cut, or at a
    header that is not headed twice (a table across the page below the two)."""
    for index in range(at + 1, len(lines)):
        line = lines[index]
        if _straddles(line, cut):
            return index
        parts = phrases(line.words, space)
        runs_once = len(parts) >= 2 and not _runs_twice(parts)
        if runs_once and is_header(Row(line.number, _texts(parts))):
            # Its title lines just above go with it.
            while index > at + 1 and _lone_title(lines[index - 1], cut, space):
                index -= 1
            return index
    return len(lines)


def _lone_title(line: Line, cut: int, space: int) -> bool:
    parts = phrases(line.words, space)
    return len(parts) == 1 and parts[0].x1 <= cut


def _cut(lines: Sequence[Line], cut: int, shift: int) -> tuple[list[Line], list[Line]]:
    left: list[Line] = []
    right: list[Line] = []
    for line in lines:  # none crosses the cut: the zone ends before such a line
        left.append(Line(line.number, line.page, tuple(w for w in line.words if w.x1 <= cut)))
        words = tuple(Word(w.x0 - shift, w.x1 - shift, w.text) for w in line.words if w.x0 >= cut)
        if words:
            right.append(Line(line.number, line.page, words))
    return left, right
