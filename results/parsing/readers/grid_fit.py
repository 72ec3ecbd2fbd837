"""Which lines of a block keep to its table's grid.

Under a table a printed page often carries more text in columns of its own: the race
conditions beside the fastest lap, a log of the session, the organiser's legal lines. Counted
with the table's rows, they cover the table's gutters and the columns run together. A line
is set apart where its runs of text span, or start in the first half of, two or more of the
gutters that the lines before it keep open (one is a cell that ran over, as a long name
does); the lines that follow it are measured against it in turn. The table is the largest
run of lines (of two as large, the one the header leads); a line of another run that keeps
to the table's gutters is the table's again (the table goes on under a note).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from results.parsing.readers.words import Line, phrases

#: Gutters a line covers before it is no row of the table: one is a cell that ran over.
_SPANNED = 2


class _Run:
    """Lines measured together: how many of them cover each position."""

    def __init__(self, width: int, space: int) -> None:
        self.cover = [0] * (width + 1)
        self.space = space
        self.lines: list[Line] = []
        self.lo = width
        self.hi = 0
        self._gutters: list[tuple[int, int]] | None = []

    def add(self, line: Line) -> None:
        cover = self.cover
        narrowed = False
        for w in line.words:
            for x in range(w.x0, w.x1):
                narrowed = narrowed or cover[x] == 0
                cover[x] += 1
        if narrowed:
            self._gutters = None  # a gutter may have narrowed: found again when next asked
        if line.words:
            lo, hi = line.words[0].x0, line.words[-1].x1
            if lo < self.lo or hi > self.hi:
                self.lo, self.hi = min(lo, self.lo), max(hi, self.hi)
                self._gutters = None
        self.lines.append(line)

    def gutters(self) -> list[tuple[int, int]]:
        """Runs of positions no line covers, between the lines' first and last words, at
        least two spaces wide."""
        if self._gutters is None:
            out: list[tuple[int, int]] = []
            start = None
            for x in range(self.lo, self.hi):
                if self.cover[x] == 0:
                    start = x if start is None else start
                elif start is not None:
                    if x - start >= 2 * self.space:
                        out.append((start, x))
                    start = None
            self._gutters = out
        return self._gutters


def _spanned(line: Line, gutters: Sequence[tuple[int, int]], space: int) -> int:
    """Gutters a run of text of the line spans whole, or starts in the first half of (past its
    very start). A row's cell starts where its column does (and may run on into
    a gutter, or over it once, as a long name does; a row pushed one space to the right
    starts at a gutter's very start), or ends where it does (a number aligned on its right
    edge grows to the left, into the gutter's second half)."""
    starts = [a for a, _ in gutters]  # in order: gutters are disjoint
    ends = [b for _, b in gutters]
    count = 0
    for p in phrases(line.words, space):
        count += max(0, bisect_left(ends, p.x1) - bisect_right(starts, p.x0))
        i = bisect_right(starts, p.x0) - 1
        if i >= 0 and starts[i] < p.x0 and 2 * p.x0 < starts[i] + ends[i]:
            count += 1
    return count


def keep_to_grid(lines: Sequence[Line], space: int, *, headed: bool) -> set[int]:
    """The numbers of the lines (rows of a table, in order) that keep to the table's grid."""
    filled = [line for line in lines if line.words]
    if len(filled) < 3:
        return {line.number for line in lines}
    width = max(w.x1 for line in filled for w in line.words)
    runs: list[_Run] = []
    for line in filled:
        # One line's gutters are no grid yet: the leader's empty gap cell leaves one that
        # every other row fills.
        if not runs or (
            len(runs[-1].lines) >= 2 and _spanned(line, runs[-1].gutters(), space) >= _SPANNED
        ):
            runs.append(_Run(width, space))
        runs[-1].add(line)
    if len(runs) == 1:
        return {line.number for line in lines}
    # The most lines make the table; a tie goes to the run the header leads.
    table = max(runs, key=lambda r: (len(r.lines), headed and r is runs[0]))
    gutters = table.gutters()
    kept = {line.number for line in table.lines}
    for run in runs:
        if run is not table:
            kept.update(
                line.number for line in run.lines if _spanned(line, gutters, space) < _SPANNED
            )
    return kept
