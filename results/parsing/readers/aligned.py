"""Columns from alignment: lines of positioned words → a Grid of cells.

Shared by the space-aligned text reader (positions are character offsets) and the PDF reader
(positions are scaled x coordinates). Columns are found from the gutters that run down a
block of rows: x positions that no word of any data row covers. A header row starts a block
with its own alignment (the classified, then the retirements), a repeat of it continues the
block. What only the alignment can show is repaired here, each on its line: a cell that ran
over its gutter into the next column, numbers aligned on their right edge.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from results.parsing.codes import level_of
from results.parsing.grid import Mark, Row
from results.parsing.layout.header_rows import is_header
from results.parsing.layout.profile import VALUE_KINDS, kind
from results.parsing.layout.synonyms import (
    is_known_heading,
    normalise_heading,
    roles_for_heading,
)
from results.parsing.model import Issue
from results.parsing.readers.grid_fit import keep_to_grid
from results.parsing.readers.gutters import Columns, find_columns
from results.parsing.readers.words import Line, Phrase, Word, line_text, phrases

__all__ = ["Line", "Phrase", "Word", "lay_out", "line_text", "phrases"]


def _issue(line: int, code: str, message: str, page: int | None) -> Issue:
    return Issue(line=line, code=code, message=message, level=level_of(code), page=page)


def _header_key(parts: Sequence[Phrase]) -> tuple[str, ...]:
    return tuple(normalise_heading(p.text) for p in parts)


@dataclass(slots=True)
class _Block:
    header: Line | None
    lines: list[Line]
    repeated: bool = False
    second: Line | None = None  # the header's second line (`Beifahrer  Fahrzeug`)
    repeats: set[int] = field(default_factory=set)  # lines repeating the header

    @property
    def heads(self) -> list[Line]:
        return [line for line in (self.header, self.second) if line is not None]


def _blocks(lines: Sequence[Line], space: int) -> tuple[list[Line], list[_Block]]:
    """(preamble, blocks): a block per header with its own column titles; a header repeating
    the current one (a new page) continues its block, and a header right under a header is
    its second line (two-line records: driver over co-driver). No header at all: a block per
    page."""
    headers = {}
    for line in lines:
        parts = phrases(line.words, space)
        if len(parts) >= 2 and is_header(Row(line.number, tuple(p.text for p in parts))):
            headers[line.number] = _header_key(parts)
    if not headers:
        # Each page its own block: a printout may scale every page its own way.
        pages: dict[int | None, list[Line]] = {}
        for line in lines:
            pages.setdefault(line.page, []).append(line)
        return [], [_Block(None, page) for page in pages.values()]
    preamble: list[Line] = []
    blocks: list[_Block] = []
    current_key: tuple[str, ...] | None = None
    for line in lines:
        key = headers.get(line.number)
        # Each page is laid out anew (a printout may scale every page its own way), but a
        # header repeated on it continues the same table.
        if (
            key is not None
            and blocks
            and not blocks[-1].lines
            and blocks[-1].second is None
            and line.page == blocks[-1].header.page
        ):
            blocks[-1].second = line
        elif (
            key is not None
            and blocks
            and blocks[-1].second is not None
            and key == headers[blocks[-1].second.number]
            and blocks[-1].lines
            and blocks[-1].lines[-1].number in blocks[-1].repeats
        ):
            # The header's second line under the header repeated: a repeat too.
            blocks[-1].lines.append(line)
            blocks[-1].repeats.add(line.number)
        elif key is not None and (key != current_key or line.page != blocks[-1].header.page):
            # Repeated: the header of a block before, under a page's own heading or not.
            blocks.append(_Block(line, [], any(key == headers[b.header.number] for b in blocks)))
            current_key = key
        elif blocks:
            blocks[-1].lines.append(line)
            if key is not None:
                blocks[-1].repeats.add(line.number)
        else:
            preamble.append(line)
    return preamble, blocks


def _geometry(header: Line | None, space: int) -> tuple[tuple[int, int], ...]:
    """Where a header's titles stand: their first and last columns."""
    if header is None:
        return ()
    return tuple((p.x0, p.x1) for p in phrases(header.words, space))


def _column_of(word: Word, cols: Columns, glued_to: int | None) -> int:
    i = bisect_right(cols.ends, word.x0)  # the first column ending after the word's start
    if i == len(cols.spans):
        return len(cols.spans) - 1
    a, b = cols.spans[i]
    if word.x0 >= a and glued_to is None and i + 1 < len(cols.spans) and word.x1 > b:
        # Starting a run at a column's end and lying mostly in the next one: the next one's
        # (`+1:49.7` right-aligned under `Ecart`, its first signs under the times' column
        # that a retirement's words widened).
        after = cols.spans[i + 1][0]
        return i + 1 if (word.x1 - after) * 2 > word.x1 - word.x0 else i
    if word.x0 >= a or i == 0:
        return i
    # Between two columns: with the text it runs on from (unless it lies mostly in the next
    # column: `33` a bit left of the numbers it stands with), else where it reaches.
    if glued_to is not None and glued_to == i - 1 and (word.x1 - a) * 2 <= word.x1 - word.x0:
        return i - 1
    return i if word.x1 > a else i - 1


def _place(line: Line, cols: Columns, space: int) -> tuple[list[str], list[int]]:
    """The line's cells, and the boundaries where a run of text was cut."""
    cells: list[list[str]] = [[] for _ in cols.spans]
    cut: list[int] = []
    for phrase in phrases(line.words, space):
        last: int | None = None
        for word in phrase.words:
            index = _column_of(word, cols, last)
            if last is not None and index != last:
                cut.extend(range(last, index))
            cells[index].append(word.text)
            last = index
    return [" ".join(c) for c in cells], cut


def _place_heading(line: Line, cols: Columns, space: int) -> tuple[list[str], list[int]]:
    """A header's cells: each word over the column it overlaps most, else the nearest. A
    printed header sets its titles closer than the data (`Platz Startnr. Gruppe`, one space
    apart), so it is no run of text that ran over. A word over no column goes with the words
    of its phrase that are over one (`Clt` of `Clt Cl.` over a narrow column of numbers)."""

    def overlap(word: Word, i: int) -> int:
        return min(word.x1, cols.spans[i][1]) - max(word.x0, cols.spans[i][0])

    cells: list[list[str]] = [[] for _ in cols.spans]
    for phrase in phrases(line.words, space):
        spots = [
            max(
                range(len(cols.spans)),
                key=lambda i, w=word: (overlap(w, i), -abs(cols.spans[i][0] - w.x0)),
            )
            for word in phrase.words
        ]
        over = [i for word, i in zip(phrase.words, spots, strict=True) if overlap(word, i) > 0]
        for word, i in zip(phrase.words, spots, strict=True):
            if over and overlap(word, i) <= 0:
                i = min(over, key=lambda k: abs(k - i))
            cells[i].append(word.text)
    out = [" ".join(c) for c in cells]
    for i in range(len(out) - 1):
        if out[i] and not out[i + 1] and (parts := _two_headings(cells[i])) is not None:
            # `Motorcycle Total Time` over the makes and the times, the titles set left of
            # the right-aligned times: the second title heads the column after.
            out[i], out[i + 1] = parts
    return out, []


def _two_headings(words: Sequence[str]) -> tuple[str, str] | None:
    """A run of words that is no heading known whole but two headings proposing no role in
    common (`Motorcycle` then `Total Time`; not `Best Lap` then `Time`), the second one known
    whole, the longest second one first; None otherwise."""
    if len(words) < 2 or is_known_heading(" ".join(words)):
        return None
    for k in range(1, len(words)):
        first = roles_for_heading(" ".join(words[:k]), strict=True)
        second_text = " ".join(words[k:])
        second = roles_for_heading(second_text, strict=True)
        if (
            first
            and second
            and is_known_heading(second_text)
            and not set(first) & set(second)
            and "ignore" not in (first[0], second[0])
        ):
            return " ".join(words[:k]), second_text
    return None


def _extents(line: Line, cols: Columns, space: int) -> tuple[Mark | None, ...]:
    """Where each cell's words lie (first and one past the last position), as `_place`
    puts them."""
    spans: list[list[int]] = [[] for _ in cols.spans]
    for phrase in phrases(line.words, space):
        last: int | None = None
        for word in phrase.words:
            last = _column_of(word, cols, last)
            spans[last] += [word.x0, word.x1]
    return tuple(Mark(x0=min(s), x1=max(s)) if s else None for s in spans)


def _crosses(line: Line, cols: Columns, space: int) -> bool:
    """A run of text over a real gutter: a title or note, not a row of the table."""
    for p in phrases(line.words, space):
        for i, strong in enumerate(cols.strong):
            if strong and p.x0 < cols.spans[i][1] and p.x1 > cols.spans[i + 1][0]:
                return True
    return False


def _under_column(line: Line, cols: Columns, space: int) -> int | None:
    """The column past the first whose left edge the line starts at (within a space), where
    a record's second line starts under its own column; None elsewhere (a title, a note)."""
    x0 = line.words[0].x0
    for i, (a, _b) in enumerate(cols.spans[1:], 1):
        if abs(x0 - a) <= space:
            return i
    return None


def _is_data(line: Line, typical: int, space: int) -> bool:
    return len(phrases(line.words, space)) >= max(2, (typical + 1) // 2)


def _typical(lines: Sequence[Line], space: int) -> int:
    counts = sorted(len(phrases(line.words, space)) for line in lines if line.words)
    return counts[len(counts) // 2] if counts else 0


def _right_aligned(data: Sequence[Line], cols: Columns) -> list[int]:
    """Columns of numbers whose cells share their right edge (most of them: a pushed row
    may not), not their left edge."""
    lefts: list[Counter[int]] = [Counter() for _ in cols.spans]
    rights: list[Counter[int]] = [Counter() for _ in cols.spans]
    numeric = [True] * len(cols.spans)
    for line in data:
        seen: dict[int, list[Word]] = {}
        for word in line.words:
            seen.setdefault(_column_of(word, cols, None), []).append(word)
        for i, words in seen.items():
            lefts[i][words[0].x0] += 1
            rights[i][words[-1].x1] += 1
            text = " ".join(w.text for w in words)
            numeric[i] = numeric[i] and kind(text) in VALUE_KINDS
    out = []
    for i in range(len(cols.spans)):
        total = sum(rights[i].values())
        if not numeric[i] or total < 2 or len(lefts[i]) < 2:
            continue
        if rights[i].most_common(1)[0][1] * 5 >= total * 4:
            out.append(i)
    return out


def _heading(header: Line | None, cols: Columns, index: int, space: int) -> str:
    if header is not None:
        cells, _ = _place_heading(header, cols, space)
        if cells[index]:
            return repr(cells[index])
    return f"{index + 1}"


#: A header's headings and where they stand: the columns found under it are those of any
#: later header the same at the same places.
Laid = dict[tuple[tuple[str, ...], tuple[tuple[int, int], ...]], Columns]


#: Of the headings of a header, the share at the very places of an earlier header's for the
#: two to be one table's (a heading moved from the line above into the header, on a new page).
_SAME_PLACES = 0.8


def _known(laid: Laid, key: tuple[tuple[str, ...], tuple[tuple[int, int], ...]]) -> Columns | None:
    """The columns of an earlier header the same as this one, or standing at nearly all of its
    places (four headings at least)."""
    if key in laid:
        return laid[key]
    where = set(key[1])
    for (_, earlier), cols in laid.items():
        shared = len(where & set(earlier))
        if shared >= 4 and shared >= _SAME_PLACES * max(len(where), len(earlier)):
            return cols
    return None


def lay_out(
    lines: Sequence[Line], space: int, *, extents: bool = False, laid: Laid | None = None
) -> tuple[list[Row], list[Issue]]:
    """Rows of cells for every line (in order), with the repairs made on the way; with
    `extents`, each cell of a table row marks the positions its words cover. `laid` carries
    the columns of the headers met over calls (the pages of a PDF laid out one by one)."""
    issues: list[Issue] = []
    preamble, blocks = _blocks(lines, space)
    rows: list[Row] = [
        Row(line.number, (line_text(line, space),) if line.words else (), line.page)
        for line in preamble
    ]
    laid = {} if laid is None else laid
    for n, block in enumerate(blocks):
        body = block.lines
        typical = _typical(body, space)
        data = [line for line in body if _is_data(line, typical, space)]
        tried = [line for line in data if line.number not in block.repeats]
        fit = keep_to_grid(tried, space, headed=block.header is not None)
        apart = {line.number for line in tried} - fit  # text in columns of its own
        data = [line for line in data if line.number in fit]
        in_data = {line.number for line in data}
        where = _geometry(block.header, space)
        key = (_header_key(phrases(block.header.words, space)), where) if block.header else None
        # The header repeated (on a new page) at the very same places: the same columns,
        # though this page's rows may blur a gutter (a retirement's words across the times,
        # a column empty on this page, numbers of two digits closer together).
        known = _known(laid, key) if key is not None else None
        cols = known or find_columns(data or block.heads, block.heads, space)
        if key is not None:
            laid.setdefault(key, cols)
        if n and block.header is not None and not block.repeated:
            issues.append(
                _issue(
                    block.header.number,
                    "columns-realigned",
                    "a table with columns of its own starts here; they were found anew",
                    block.header.page,
                )
            )
        first = block.header or (data[0] if data else None)
        for i in _right_aligned(data, cols) if first is not None else []:
            issues.append(
                _issue(
                    first.number,
                    "column-right-aligned",
                    f"column {_heading(block.header, cols, i, space)} holds numbers aligned on "
                    "their right edge; each was read in the column its right edge falls in",
                    first.page,
                )
            )
        ordered = block.heads + body
        for k, line in enumerate(ordered):
            previous = ordered[k - 1] if k else None
            if not line.words:
                rows.append(Row(line.number, (), line.page))
                continue
            heading = line is block.header or line is block.second or line.number in block.repeats
            loose = line.number not in in_data and not heading
            if not cols.spans or line.number in apart or (loose and _crosses(line, cols, space)):
                at = _under_column(line, cols, space) if loose and cols.spans else None
                if at is not None and previous is not None and previous.number in in_data:
                    # A record's second line run over the gutters (a team's drivers under
                    # its name): in the column it starts at, whole.
                    cells = [""] * len(cols.spans)
                    cells[at] = line_text(line, space)
                    rows.append(Row(line.number, tuple(cells), line.page))
                    continue
                rows.append(Row(line.number, (line_text(line, space),), line.page))
                continue
            cells, cut = _place_heading(line, cols, space) if heading else _place(line, cols, space)
            for i in sorted(set(cut)):
                if i < len(cols.strong) and cols.strong[i]:
                    issues.append(
                        _issue(
                            line.number,
                            "cell-spilled",
                            f"a cell ran over the gutter after column {i + 1}; it was cut "
                            f"where the next column starts: {cells[i]!r} | {cells[i + 1]!r}",
                            line.page,
                        )
                    )
            marks = _extents(line, cols, space) if extents else ()
            rows.append(Row(line.number, tuple(cells), line.page, marks=marks))
    rows.sort(key=lambda r: r.line)
    return rows, issues
