"""The hostile inputs of issue 14, each read in a child process under a memory cap and with a
generous time guard: a ParseError (or a Sheet) comes back, the process is not held or killed.
No timing is asserted beyond the guard, which is many times what the reading takes."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from fpdf import FPDF

from results.parsing.model import ParseError
from results.parsing.readers.limits import LIMITS, Budget

ROOT = Path(__file__).resolve().parents[3]
#: A worker's memory, far above what reading any of these needs (a few hundred MB).
MEMORY_CAP = 2 * 1024**3
GUARD_S = 120

_CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
from results.parsing import ParseError, parse
data = sys.stdin.buffer.read()
try:
    sheet = parse(data)
except ParseError as error:
    print("ParseError", error)
else:
    print("Sheet", len(sheet.entries))
"""


def _outcome(data: bytes) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD.format(cap=MEMORY_CAP)],
        input=data,
        capture_output=True,
        timeout=GUARD_S,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return done.stdout.decode().strip()


def _html_spans(rows: int) -> bytes:
    head = '<table><tr><td colspan="500" rowspan="999999">x</td></tr>\n'
    return (head + "<tr><tr><tr><tr>\n" * (rows // 4) + "</table>").encode()


def test_html_one_huge_span_and_a_million_empty_rows_is_refused_at_a_line():
    data = _html_spans(1_000_000)
    assert 4_000_000 < len(data) < 5_000_000  # the 4.8 MB page of the issue
    outcome = _outcome(data)
    assert outcome.startswith("ParseError line ")
    assert "rows" in outcome


def test_html_one_huge_span_under_the_row_limit_is_read_within_bounds():
    outcome = _outcome(_html_spans(150_000))
    assert outcome.startswith(("ParseError", "Sheet"))


def test_xlsx_with_one_cell_at_the_last_row_is_refused_at_that_row():
    workbook = openpyxl.Workbook()
    workbook.active.cell(row=1_048_576, column=1, value="x")
    buffer = io.BytesIO()
    workbook.save(buffer)
    data = buffer.getvalue()
    assert len(data) < 10_000
    assert _outcome(data) == "ParseError line 1048576: the sheet has more than 200,000 rows"


@pytest.mark.parametrize("lines", [1, 40])
def test_a_200_page_pdf_is_answered_within_the_pdf_budget(lines: int):
    pdf = FPDF()
    pdf.set_font("Helvetica", size=6)
    for page in range(200):
        pdf.add_page()
        for line in range(lines):
            pdf.cell(text=f"{page} {line} DUPONT Jean 12:34,5", new_x="LMARGIN", new_y="NEXT")
    outcome = _outcome(bytes(pdf.output()))
    assert outcome.startswith(("ParseError", "Sheet"))
    assert LIMITS.pdf_seconds < 30  # the child is stopped well before a worker's timeout


def test_the_budget_counts_rows_and_cells_as_they_are_made():
    budget = Budget()
    with pytest.raises(ParseError, match="more than 500 cells") as caught:
        budget.row(501, 7)
    assert caught.value.line == 7
    budget = Budget()
    with pytest.raises(ParseError, match="cells: this is not a results sheet"):
        for line in range(LIMITS.total_cells // 400 + 1):
            budget.row(400, line)


def _ods(body: str) -> bytes:
    content = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f'<office:body><office:spreadsheet><table:table table:name="S">{body}</table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(
            zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet"
        )
        archive.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr(
            "META-INF/manifest.xml",
            '<?xml version="1.0"?><manifest:manifest '
            'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            '<manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            "</manifest:manifest>",
        )
    return buffer.getvalue()


def test_ods_with_one_cell_past_a_million_empty_rows_is_refused_at_its_row():
    cell = '<table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell>'
    body = (
        '<table:table-row table:number-rows-repeated="1048575"><table:table-cell/>'
        f"</table:table-row><table:table-row>{cell}</table:table-row>"
    )
    data = _ods(body)
    assert len(data) < 2000
    assert _outcome(data) == "ParseError line 1048576: the sheet has more than 200,000 rows"
