"""Which lines of a block keep to its table's grid.

Under a table a printed page often carries more text in columns of its own: the race
conditions beside the fastest lap, a log of the session, the organiser's legal lines. Counted
with the table's rows, they cover the table's gutters and the columns run together. A line
is set apart where its runs of text cover the middle of two or more of the gutters that the
lines before it keep open (one is a cell that ran over, as a long name does); the lines that
follow it are measured against it in turn. The table is the run of lines the header leads
(the largest run where there is no header); a line of another run that keeps to the table's
gutters is the table's again (the table goes on under a note).
"""

from __future__ import annotations

from bisect import bisect_left
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
    """Gutters whose middle a run of text of the line covers: a run that ran over (a long
    name) or grew to the left (a number aligned on its right edge) reaches only an edge."""
    middles = [(a + b) / 2 for a, b in gutters]  # in order: gutters are disjoint
    return sum(
        bisect_left(middles, p.x1) - bisect_left(middles, p.x0) for p in phrases(line.words, space)
    )


def keep_to_grid(lines: Sequence[Line], space: int, *, headed: bool) -> set[int]:
    """The numbers of the lines (rows of a table, in order) that keep to the table's grid."""
    filled = [line for line in lines if line.words]
    if len(filled) < 3:
        return {line.number for line in lines}
    width = max(w.x1 for line in filled for w in line.words)
    runs: list[_Run] = []
    for line in filled:
        if not runs or _spanned(line, runs[-1].gutters(), space) >= _SPANNED:
            runs.append(_Run(width, space))
        runs[-1].add(line)
    if len(runs) == 1:
        return {line.number for line in lines}
    table = runs[0] if headed else max(runs, key=lambda r: len(r.lines))
    gutters = table.gutters()
    kept = {line.number for line in table.lines}
    for run in runs:
        if run is not table:
            kept.update(
                line.number for line in run.lines if _spanned(line, gutters, space) < _SPANNED
            )
    return kept
