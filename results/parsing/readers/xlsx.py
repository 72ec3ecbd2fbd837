"""XLSX workbooks: the archive checked first, then every worksheet with data, one table each."""

from __future__ import annotations

import datetime as dt
import io
import re
import struct
import warnings
import zipfile
from collections.abc import Iterator
from itertools import repeat
from operator import attrgetter, is_not
from typing import Any

import openpyxl

from results.parsing.grid import Grid
from results.parsing.model import ParseError
from results.parsing.readers.cells import MAX_ROWS
from results.parsing.readers.limits import Budget
from results.parsing.readers.sheets import grid_of_sheets
from results.parsing.readers.xlsx_values import cell_text

#: Refused before any XML is parsed: a workbook of results is a few hundred kilobytes.
MAX_EXPANDED = 100 * 1024 * 1024
MAX_RATIO = 200
MAX_ENTRIES = 10_000
MAX_COLUMNS = 200
_VALUE = attrgetter("value")
# Entries this small may compress very well without being a threat.
_RATIO_FLOOR = 1024 * 1024

_NOT_XLSX = "not a readable XLSX workbook: "
# What else comes zipped, recognised by a member only it has: (member, what it is, the
# refusal's code, the format's name).
_OTHER_ZIPS: tuple[tuple[str, str, str, str], ...] = (
    ("xl/workbook.bin", "a binary workbook (.xlsb); save it as .xlsx", "xlsb-workbook", "Excel"),
    ("word/document.xml", "a Word document", "not-a-table", "Word"),
    ("ppt/presentation.xml", "a PowerPoint presentation", "not-a-table", "PowerPoint"),
    (
        "content.xml",
        "an OpenDocument file (.ods or .odt); save it as .xlsx",
        "not-a-table",
        "OpenDocument",
    ),
)


def check_archive(
    data: bytes,
    *,
    max_expanded: int = MAX_EXPANDED,
    max_ratio: int = MAX_RATIO,
    max_entries: int = MAX_ENTRIES,
    member: str = "xl/workbook.xml",
) -> None:
    """Refuse a damaged archive, a zip bomb or a zip that is no workbook, from its directory
    alone. The declared sizes are binding: the zip reader never inflates a member past them.
    `member` is the one a workbook of the expected kind always holds."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (
        zipfile.BadZipFile,
        ValueError,
        OSError,
        EOFError,
        struct.error,
        OverflowError,
        NotImplementedError,
    ) as e:
        raise ParseError(
            f"{_NOT_XLSX}the zip archive is damaged ({e})", code="workbook-damaged"
        ) from None
    if not members:
        raise ParseError(f"{_NOT_XLSX}the zip archive is empty", code="workbook-damaged")
    if len(members) > max_entries:
        raise ParseError(
            f"{_NOT_XLSX}the archive holds more than {max_entries:,} files", code="too-large"
        )
    expanded = sum(member.file_size for member in members)
    if expanded > max_expanded:
        megabytes = max_expanded // (1024 * 1024)
        raise ParseError(
            f"{_NOT_XLSX}it would expand to more than {megabytes} MB", code="too-large"
        )
    packed = sum(member.compress_size for member in members)
    for size, compressed in [(expanded, packed)] + [
        (m.file_size, m.compress_size) for m in members
    ]:
        if size > _RATIO_FLOOR and size > max_ratio * max(compressed, 1):
            raise ParseError(
                f"{_NOT_XLSX}its content expands more than {max_ratio} times (a zip bomb?)",
                code="too-large",
            )
    names = {member.filename for member in members}
    if member not in names:
        other = next((other for other in _OTHER_ZIPS if other[0] in names), None)
        if other is None:
            raise ParseError(f"{_NOT_XLSX}this zip archive is not a workbook", code="archive-file",
                             params={"format": "zip"})  # fmt: skip
        _, kind, code, name = other
        raise ParseError(
            f"{_NOT_XLSX}this zip archive is {kind}", code=code, params={"format": name}
        )


def _text(cell: Any) -> str:
    value = cell.value
    if value is None:
        return ""
    if isinstance(value, float | dt.datetime):  # only these depend on the number format
        return cell_text(value, cell.number_format)
    return cell_text(value)


# A sheet's column widths come before its cells: `<col min="4" max="4" hidden="1"/>`.
_COL = re.compile(rb"<(?:\w+:)?col\b[^>]*>")
_COL_ATTRIBUTE = re.compile(rb'\b(min|max|hidden)="([^"]*)"')
#: Of a sheet's XML, what is read for its columns (they come first).
_HEAD = 1 << 20


def _hidden_columns(archive: zipfile.ZipFile, sheet: Any) -> frozenset[int]:
    """The indexes (from 0) of the columns a sheet hides: a timing export's working columns,
    which nobody reading the sheet sees."""
    path = getattr(sheet, "_worksheet_path", None)
    if not path:
        return frozenset()
    try:
        with archive.open(path) as member:
            head = member.read(_HEAD).split(b"<sheetData", 1)[0]
    except (KeyError, zipfile.BadZipFile, OSError, ValueError, EOFError):
        return frozenset()
    hidden: set[int] = set()
    for tag in _COL.finditer(head):
        attributes = dict(_COL_ATTRIBUTE.findall(tag[0]))
        if attributes.get(b"hidden") not in (b"1", b"true"):
            continue
        try:
            low, high = int(attributes.get(b"min", b"0")), int(attributes.get(b"max", b"0"))
        except ValueError:
            continue
        hidden.update(range(max(low, 1) - 1, min(high, MAX_COLUMNS + 1)))
    return frozenset(hidden)


def _sheet_rows(
    sheet: Any, budget: Budget, hidden: frozenset[int] = frozenset()
) -> Iterator[tuple[int, list[str]]]:
    """(sheet row, cell texts) up to the last row with data, the `hidden` columns left out;
    empty rows give no cells."""
    sheet.reset_dimensions()  # a wrong <dimension> must not hide rows
    empty_run: list[int] = []
    padding: object = None
    rows = sheet.iter_rows(min_row=1, max_col=MAX_COLUMNS + 1)
    for number, cells in enumerate(rows, start=1):
        if cells is padding:
            # The reader hands the same tuple of empty cells for each row missing from the
            # sheet: a cell alone at row 1,048,576 costs a step per row, not per cell.
            if number <= MAX_ROWS:
                empty_run.append(number)
            elif not number & 1023:
                budget.tick(number)
            continue
        # Rows come padded to the column cap; finding their last value with C-level calls
        # keeps a large sheet from costing a Python step per padding cell.
        filled = list(map(is_not, map(_VALUE, cells), repeat(None)))
        width = len(filled) - filled[::-1].index(True) if True in filled else 0
        texts = [_text(cell) for i, cell in enumerate(cells[:width]) if i not in hidden]
        if not any(text.strip() for text in texts):
            if width == 0:
                padding = cells
            if number <= MAX_ROWS:
                empty_run.append(number)
            continue
        if number > MAX_ROWS:
            raise ParseError(
                f"the sheet has more than {MAX_ROWS:,} rows", code="too-large", line=number
            )
        if len(texts) > MAX_COLUMNS:
            raise ParseError(
                f"the sheet has more than {MAX_COLUMNS} columns", code="too-large", line=number
            )
        budget.row(len(texts), number)
        yield from ((empty, []) for empty in empty_run)
        empty_run = []
        yield number, texts


def _describe(error: BaseException) -> str:
    """The error's first line and the type of its root cause (such as the XML protection's
    `EntitiesForbidden`), which the workbook reader hides behind a generic message."""
    first_line = (str(error).strip().splitlines() or [""])[0]
    text = f"{type(error).__name__}: {first_line}"
    cause = error.__cause__ or error.__context__
    seen = 0
    while cause is not None and cause.__cause__ is not None and seen < 10:
        cause, seen = cause.__cause__, seen + 1
    return f"{text} ({type(cause).__name__})" if cause is not None else text


def read_xlsx(data: bytes) -> Grid:
    """Every visible sheet with data, one table each (the hidden ones if no visible one has
    data), without the columns it hides; number formats decide what a cell shows, as in the
    spreadsheet."""
    check_archive(data)
    budget = Budget()
    try:
        with warnings.catch_warnings():
            # Workbooks routinely carry extensions the reader skips with a warning.
            warnings.simplefilter("ignore")
            workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            archive = zipfile.ZipFile(io.BytesIO(data))  # checked above: the sheets' columns
            try:
                sheets: list[tuple[str, list[tuple[int, list[str]]]]] = []
                hidden: list[Any] = []
                for sheet in workbook.worksheets:
                    if sheet.sheet_state != "visible":
                        hidden.append(sheet)
                        continue
                    hides = _hidden_columns(archive, sheet)
                    sheets.append((sheet.title, list(_sheet_rows(sheet, budget, hides))))
                if not any(rows for _, rows in sheets):
                    sheets = [(s.title, list(_sheet_rows(s, budget))) for s in hidden]
            finally:
                workbook.close()
                archive.close()
    except ParseError:
        raise
    except Exception as error:  # a damaged workbook fails in many ways inside the reader
        raise ParseError(f"{_NOT_XLSX}{_describe(error)}", code="workbook-damaged") from None
    return grid_of_sheets("xlsx", sheets)


def is_opendocument(data: bytes) -> bool:
    """An OpenDocument spreadsheet: its first member, stored uncompressed, is `mimetype`."""
    return data[30:38] == b"mimetype" and b"opendocument.spreadsheet" in data[38:160]
