"""Readers: the bytes of a results sheet → a `Grid` of rows of cells, each with its line.

The container is told from the content alone (a file name says little about what organisers
upload): an XLSX, ODS or XLS workbook, a PDF (its text layer), an HTML page with tables,
delimited text (pipe table, TSV, CSV) or text whose columns are aligned with spaces.
"""

from __future__ import annotations

from results.parsing.grid import Grid
from results.parsing.model import ParseError
from results.parsing.readers.calamine import read_calamine
from results.parsing.readers.cells import MAX_BYTES, MAX_CELLS, MAX_ROWS
from results.parsing.readers.decode import (
    decode,
    is_ole,
    is_pdf,
    is_workbook,
    refuse_binary,
    without_frames,
)
from results.parsing.readers.html_tables import has_table, is_page, read_html
from results.parsing.readers.pdf import read_pdf
from results.parsing.readers.text_block import read_text_table
from results.parsing.readers.xlsx import is_opendocument, read_xlsx

__all__ = ["MAX_BYTES", "MAX_CELLS", "MAX_ROWS", "Grid", "ParseError", "read"]


def read(data: bytes) -> Grid:
    """Read the bytes of a results sheet into a Grid; ParseError when they hold no table."""
    if len(data) > MAX_BYTES:
        raise ParseError(
            f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB", code="too-large"
        )
    if is_workbook(data):
        return read_calamine(data, "ods") if is_opendocument(data) else read_xlsx(data)
    if is_ole(data):
        return read_calamine(data, "xls")
    if is_pdf(data):
        return read_pdf(data)
    refuse_binary(data)
    text, issues = decode(data)
    if not text.strip():
        raise ParseError("the file is empty: it holds no text", code="file-empty")
    if has_table(text) or is_page(text):
        return read_html(text, issues)
    return read_text_table(without_frames(text), issues)
