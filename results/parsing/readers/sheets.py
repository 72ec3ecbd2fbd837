"""What every workbook reader shares: each sheet with data is one table of the grid."""

from __future__ import annotations

from collections.abc import Sequence

from results.parsing.grid import Grid, Mark, Row, Source
from results.parsing.model import Issue, ParseError
from results.parsing.readers.cells import build_grid
from results.parsing.readers.limits import LIMITS

SheetRows = Sequence[tuple[int, list[str]]]


def trimmed(rows: SheetRows) -> list[tuple[int, list[str]]]:
    """Rows cut to the columns that hold data anywhere, all of the same width, so that an
    empty last cell (the leader's gap) still counts and a blank column A does not shift all."""
    filled = [[i for i, text in enumerate(cells) if text.strip()] for _, cells in rows]
    first = min((found[0] for found in filled if found), default=0)
    width = max((found[-1] for found in filled if found), default=-1) + 1 - first
    out = []
    for (line, cells), found in zip(rows, filled, strict=True):
        kept = cells[first : first + width] if found else []
        out.append((line, kept + [""] * (width - len(kept)) if found else []))
    return out


def _lines(cells: Sequence[str]) -> tuple[Mark | None, ...]:
    """A mark for each cell written on several lines (two drivers in one cell)."""
    if not any("\n" in cell for cell in cells):
        return ()
    return tuple(
        Mark(lines=tuple(part for part in (" ".join(x.split()) for x in c.splitlines()) if part))
        if "\n" in c
        else None
        for c in cells
    )


def grid_of_sheets(
    fmt: str, sheets: Sequence[tuple[str, SheetRows]], issues: Sequence[Issue] = ()
) -> Grid:
    """One table per sheet that holds data, in workbook order; ParseError when none does."""
    rows: list[Row] = []
    sources: list[Source] = []
    found: list[Issue] = list(issues)
    total = 0
    for name, sheet_rows in sheets:
        if not sheet_rows:
            continue
        total += len(sheet_rows)
        if total > LIMITS.rows:
            raise ParseError(
                f"the workbook has more than {LIMITS.rows:,} rows of data", code="too-large"
            )
        raw = trimmed(sheet_rows)
        grid = build_grid(fmt, raw)
        index = len(sources)
        sources.append(Source("sheet", name.strip() or None))
        found.extend(grid.issues)
        rows.extend(
            Row(r.line, r.cells, r.page, index, _lines(cells))
            for r, (_, cells) in zip(grid.rows, raw, strict=True)
        )
    if not sources:
        raise ParseError("the workbook holds no data: all its sheets are empty", code="file-empty")
    return Grid(fmt, tuple(rows), tuple(found), tuple(sources))
