"""What a reader gives the layout stage: rows of cells, each with its source line."""

from __future__ import annotations

from dataclasses import dataclass

from results.parsing.model import Issue


@dataclass(frozen=True, slots=True)
class Row:
    """One source row. `line` is 1-based (the text line, the XLSX sheet row, the HTML line of
    the `<tr>`); cells are stripped, inner white space collapsed, possibly all empty."""

    line: int
    cells: tuple[str, ...]
    page: int | None = None

    @property
    def is_empty(self) -> bool:
        return not any(self.cells)

    @property
    def cells_text(self) -> str:
        return " ".join(c for c in self.cells if c)


@dataclass(frozen=True, slots=True)
class Grid:
    format: str  # "pipe", "tsv", "csv", "xlsx", "html"
    rows: tuple[Row, ...]
    issues: tuple[Issue, ...] = ()
