"""Where a block's columns stand: the gutters that run down its rows.

A gutter is a run of positions no word of any data row covers; one a few long cells cross
still parts two well-filled columns (a dip), and one a header's two headings stand on either
side of still parts them where most rows leave it free. A heading over no cell of its own
joins the column beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from results.parsing.readers.words import Line, Phrase, Word, phrases

#: Columns accepted in one block; a table has a few dozen at most.
MAX_COLUMNS = 200
#: Rows a block needs before a gutter some of them cross may still part two columns.
_DIP_ROWS = 5


def _coverage(lines: Sequence[Line], width: int) -> list[int]:
    """How many lines cover each position; counted with a difference array (linear)."""
    delta = [0] * (width + 2)
    for line in lines:
        for w in line.words:
            delta[w.x0] += 1
            delta[min(w.x1, width + 1)] -= 1
    out, running = [], 0
    for d in delta[: width + 1]:
        running += d
        out.append(running)
    return out


def _runs(values: Sequence[int], test) -> list[tuple[int, int]]:
    runs, start = [], None
    for x, v in enumerate(values):
        if test(v):
            if start is None:
                start = x
        elif start is not None:
            runs.append((start, x))
            start = None
    if start is not None:
        runs.append((start, len(values)))
    return runs


@dataclass(slots=True)
class Columns:
    spans: list[tuple[int, int]]  # (x0, x1) of each column, left to right
    strong: list[bool]  # per boundary: a real gutter (two spaces or more), not a narrow one
    ends: list[int] = field(default_factory=list)  # each column's x1, to find one by bisection

    def __post_init__(self) -> None:
        self.ends = [b for _, b in self.spans]


def over(p: Phrase | Word, span: tuple[int, int]) -> bool:
    return p.x0 < span[1] and span[0] < p.x1


def find_columns(data: Sequence[Line], heads: Sequence[Line], space: int) -> Columns:
    width = max((w.x1 for line in data for w in line.words), default=0)
    cover = _coverage(data, width)
    spans = _runs(cover, lambda v: v > 0)
    # A gutter a few lines cross (a long cell that ran over it) still splits two columns when
    # both sides are well filled: a dip of low coverage between two columns. Under five rows,
    # one row is no "few": the words of two names leave such dips by chance.
    limit = max(1, len(data) // 10) if len(data) >= _DIP_ROWS else 0
    split: list[tuple[int, int]] = []
    for a, b in spans:
        start = a
        for d0, d1 in _runs(cover[a:b], lambda v: v <= limit):
            d0, d1 = d0 + a, d1 + a
            if d0 > start and d1 < b and d1 - d0 >= 2 * space:
                split.append((start, d0))
                start = d1
        split.append((start, b))
    head = [p for line in heads for p in phrases(line.words, space)]
    split = _split_under_headings(split, cover, head, len(data) // 2, space)
    head_words = [w for line in heads for w in line.words]
    merged: list[tuple[int, int]] = []
    strong: list[bool] = []
    for span in split:
        if merged:
            gap = span[0] - merged[-1][1]
            narrow = gap < 2 * space
            # One space apart in every row: two columns only where the header has a word
            # over each side (`FA 8W` under `Gr/Cl` is one cell; a printed header may set
            # its titles one space apart too: `Klasse Fahrer`).
            left, right = merged[-1], span
            apart = any(over(w, left) and not over(w, right) for w in head_words) and any(
                over(w, right) and not over(w, left) for w in head_words
            )
            if narrow and not apart:
                merged[-1] = (merged[-1][0], span[1])
                continue
            strong.append(not narrow)
        merged.append(span)
    if head:
        merged, strong = _runs_on_unheaded(merged, strong, data, head, space)
    for p in head:
        if any(a < p.x1 and p.x0 < b for a, b in merged):
            continue
        near = _unheaded_beside(p, merged, head, space)
        if near is not None:
            # `Laps` set left, its numbers right-aligned a few spaces further: one column.
            a, b = merged[near]
            merged[near] = (min(a, p.x0), max(b, p.x1))
            continue
        # A heading over a column that is empty in every row still makes a column.
        at = sum(1 for a, _ in merged if a < p.x0)
        merged.insert(at, (p.x0, p.x1))
        strong.insert(min(at, len(strong)), True)
    return Columns(merged[:MAX_COLUMNS], strong)


def _split_under_headings(
    spans: list[tuple[int, int]],
    cover: Sequence[int],
    head: Sequence[Phrase],
    half: int,
    space: int,
) -> list[tuple[int, int]]:
    """Spans under two headings parted where most rows leave a gutter right before the second
    heading: long names ran over it on some rows (`DUPRÉ-LAMBERT Jean-Christophe ASA Bocage`),
    too many for a dip, but the header and most rows say two columns."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        start = a
        for p in sorted(head, key=lambda p: p.x0):
            if not (start < p.x0 < b) or not any(q.x1 < p.x0 and over(q, (start, b)) for q in head):
                continue
            runs = _runs(cover[start : p.x0 + 1], lambda v: v <= half)
            near = [
                (d0 + start, d1 + start) for d0, d1 in runs if d0 and d1 + start >= p.x0 - space
            ]
            if near:
                out.append((start, near[-1][0]))
                start = near[-1][1]
        out.append((start, b))
    return out


#: How far (in spaces) a heading may sit from the cells it names, over no cell of its own.
_HEADING_REACH = 3


def _unheaded_beside(
    p: Phrase, spans: Sequence[tuple[int, int]], head: Sequence[Phrase], space: int
) -> int | None:
    """The column next to a heading that is over no cell, when that column has no heading
    over it and lies within a few spaces: the heading's own column, its cells set apart
    from it (numbers right-aligned past a heading set left, or the other way)."""
    reach = _HEADING_REACH * space
    best: tuple[int, int] | None = None
    for i, (a, b) in enumerate(spans):
        distance = a - p.x1 if a >= p.x1 else p.x0 - b if b <= p.x0 else None
        if distance is None or distance > reach:
            continue
        if any(q is not p and over(q, (a, b)) for q in head):
            continue
        if best is None or distance < best[0]:
            best = (distance, i)
    return best[1] if best is not None else None


def _runs_on_unheaded(
    spans: list[tuple[int, int]],
    strong: list[bool],
    data: Sequence[Line],
    head: Sequence[Phrase],
    space: int,
) -> tuple[list[tuple[int, int]], list[bool]]:
    """Under a header, a column no heading stands over whose every cell runs on, a space
    after it, from the text of the column on its left (`GOOSSENS Stijn — motorschade`, a
    retirement's reason past the longest names) is the end of that column's cells, no column."""
    out, kept = list(spans[:1]), []
    for i, span in enumerate(spans[1:], 1):
        if not any(over(p, span) for p in head) and _all_run_on(data, out[-1], span, space):
            out[-1] = (out[-1][0], span[1])
            continue
        kept.append(strong[i - 1])
        out.append(span)
    return out, kept


def _all_run_on(
    data: Sequence[Line], left: tuple[int, int], span: tuple[int, int], space: int
) -> bool:
    filled = 0
    for line in data:
        words = line.words
        first = next((k for k, w in enumerate(words) if over(w, span)), None)
        if first is None:
            continue
        before = words[first - 1] if first else None
        if before is None or not over(before, left) or words[first].x0 - before.x1 >= 2 * space:
            return False
        filled += 1
    return filled > 0
