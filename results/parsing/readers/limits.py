"""One table of limits for every reader, enforced while reading, before large allocations.

A results sheet is a few hundred rows of a few dozen cells on a few pages. Far beyond is not
a results sheet but a mistake or an attack, and each reader refuses it as soon as it sees it,
with a ParseError naming the line where it can: the row count as rows are read, the span of
a cell before the cells it covers are made, a PDF's page count before any page is laid out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from results.parsing.model import ParseError


@dataclass(frozen=True, slots=True)
class Limits:
    #: Bytes accepted at all, before any container is opened.
    bytes: int = 50 * 1024 * 1024
    #: Rows read from one file (text lines, sheet rows, `<tr>`s, PDF lines).
    rows: int = 200_000
    #: Cells in one row: a results table has a few dozen columns at most.
    cells: int = 500
    #: Cells of the whole file, spans filled in: rows × columns of every table.
    total_cells: int = 4_000_000
    #: Rows or columns one HTML cell may span (browsers stop at 65,534 rows and 1,000 columns).
    span: int = 1_000
    #: Pages of a PDF.
    pages: int = 200
    #: Seconds one file may take to read, wall clock (a PDF's child process has its own).
    seconds: float = 20.0
    #: Seconds for a PDF, well under the 30 s a web worker is given for the whole request.
    pdf_seconds: float = 15.0


LIMITS = Limits()


class Budget:
    """Counts rows and cells as a reader makes them and watches the clock; `ParseError` as
    soon as one runs out. The clock is looked at every 1,024 rows, not on each."""

    __slots__ = ("cells", "deadline", "limits", "rows")

    def __init__(self, limits: Limits = LIMITS) -> None:
        self.limits = limits
        self.rows = 0
        self.cells = 0
        self.deadline = time.monotonic() + limits.seconds

    def row(self, width: int, line: int | None) -> None:
        self.rows += 1
        self.cells += width
        if self.rows > self.limits.rows:
            raise ParseError(
                f"more than {self.limits.rows:,} rows: this is not a results sheet",
                code="too-large",
                line=line,
            )
        if width > self.limits.cells:
            raise ParseError(
                f"more than {self.limits.cells} cells in one row: this is not a results table",
                code="too-large",
                line=line,
            )
        if self.cells > self.limits.total_cells:
            raise ParseError(
                f"more than {self.limits.total_cells:,} cells: this is not a results sheet",
                code="too-large",
                line=line,
            )
        if not self.rows & 1023:
            self.tick(line)

    def tick(self, line: int | None = None) -> None:
        if time.monotonic() > self.deadline:
            raise ParseError(
                f"this file took longer than {self.limits.seconds:g} s to read",
                code="too-slow",
                line=line,
            )
