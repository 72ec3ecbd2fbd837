"""`.xls` (Excel 97-2003) and `.ods` (OpenDocument) workbooks, read with python-calamine.

Clubs still send both. Every visible sheet with data is a table of its own, as for `.xlsx`.
Calamine gives each cell's value already typed (a duration, a time of day, a number); the text
a person sees follows from it as for `.xlsx` (`xlsx_values.cell_text`).
"""

from __future__ import annotations

import io
from typing import Any

from python_calamine import CalamineWorkbook

from results.parsing.grid import Grid
from results.parsing.model import ParseError
from results.parsing.readers.limits import LIMITS, Budget
from results.parsing.readers.sheets import grid_of_sheets
from results.parsing.readers.xlsx import MAX_COLUMNS, check_archive
from results.parsing.readers.xlsx_values import cell_text

_OLD_OFFICE = "this is an old-format Office file (.xls, .doc) or a password-protected workbook"


def _rows(sheet: Any, budget: Budget) -> list[tuple[int, list[str]]]:
    """(sheet row, cell texts), empty rows kept as no cells up to the row limit; a row with
    data past it is refused at its line, and trailing empty cells and rows are dropped."""
    out: list[tuple[int, list[str]]] = []
    # Calamine yields rows from the sheet's first row (its columns from the first used one).
    for number, values in enumerate(sheet.iter_rows(), start=1):
        texts = [cell_text(v) if v != "" else "" for v in values]
        while texts and not texts[-1].strip():
            texts.pop()
        if len(texts) > MAX_COLUMNS:
            raise ParseError(
                f"the sheet has more than {MAX_COLUMNS} columns", code="too-large", line=number
            )
        if texts:
            if number > LIMITS.rows:
                raise ParseError(
                    f"the sheet has more than {LIMITS.rows:,} rows", code="too-large", line=number
                )
            budget.row(len(texts), number)
            out.append((number, texts))
        elif number <= LIMITS.rows:
            out.append((number, texts))
        elif not number & 1023:
            budget.tick(number)
    while out and not out[-1][1]:
        out.pop()
    return out


def _visible(metadata: Any) -> bool:
    return "hidden" not in str(getattr(metadata, "visible", "")).lower()


def read_calamine(data: bytes, fmt: str) -> Grid:
    """`fmt` is "xls" or "ods"."""
    if fmt == "ods":
        check_archive(data, member="content.xml")
    budget = Budget()
    try:
        workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
        try:
            metadata = list(workbook.sheets_metadata)
            shown = [m.name for m in metadata if _visible(m)]
            hidden = [m.name for m in metadata if not _visible(m)]
            sheets = [(name, _rows(workbook.get_sheet_by_name(name), budget)) for name in shown]
            if not any(rows for _, rows in sheets):
                sheets = [(n, _rows(workbook.get_sheet_by_name(n), budget)) for n in hidden]
        finally:
            workbook.close()
    except ParseError:
        raise
    except Exception as error:  # calamine reports a damaged file in many ways
        detail = f"{type(error).__name__}: {(str(error).splitlines() or [''])[0][:200]}"
        if fmt == "xls":
            reason = f"{_OLD_OFFICE}, and it cannot be read as a workbook ({detail})"
            raise ParseError(reason, code="old-office") from None
        raise ParseError(
            f"not a readable OpenDocument spreadsheet: {detail}", code="workbook-damaged"
        ) from None
    return grid_of_sheets(fmt, sheets)
