"""What a reader gives the layout stage: rows of cells, each with its source line and table.

A container may hold several tables (the sheets of a workbook, the `<table>` and `<pre>`
blocks of a page, the pages of a PDF): each `Source` is one of them, and every row names the
one it stands in. The layout stage reads each source on its own and keeps those that hold
results. A cell may carry what its text alone loses (`Mark`): its lines, link, picture text,
spans and, in a PDF, its horizontal extent. The parse contract itself stays plain text.
"""

from __future__ import annotations

from dataclasses import dataclass

from results.parsing.model import Issue


@dataclass(frozen=True, slots=True)
class Mark:
    """What a cell showed besides its text. `lines` are the cell's lines where it has several
    (two drivers on two lines); `x0`/`x1` are a PDF cell's extent in points."""

    lines: tuple[str, ...] = ()
    href: str | None = None
    alt: str | None = None
    rowspan: int = 1
    colspan: int = 1
    x0: float | None = None
    x1: float | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """One source row. `line` is 1-based (the text line, the XLSX sheet row, the HTML line of
    the `<tr>`); cells are stripped, inner white space collapsed, possibly all empty. `table`
    is the index of the row's `Source` in its grid; `marks`, where given, has one entry per
    cell (None: plain text)."""

    line: int
    cells: tuple[str, ...]
    page: int | None = None
    table: int = 0
    marks: tuple[Mark | None, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not any(self.cells)

    @property
    def cells_text(self) -> str:
        return " ".join(c for c in self.cells if c)


@dataclass(frozen=True, slots=True)
class Source:
    """One table of the container: `kind` says what it is ("sheet", "table", "pre", "rows" (a
    table drawn without `<table>`), "text", "page"), `title` what the file calls it (a sheet's
    name, a caption, the heading above)."""

    kind: str
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Grid:
    format: str  # "pipe", "tsv", "csv", "spaced", "xlsx", "xls", "ods", "html", "fixed", "pdf"
    rows: tuple[Row, ...]
    issues: tuple[Issue, ...] = ()
    #: The container's tables, in file order; rows name theirs by index. Empty: one table.
    sources: tuple[Source, ...] = ()
