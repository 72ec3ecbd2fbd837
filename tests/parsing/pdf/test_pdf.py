"""Results PDFs: the samples typeset over two pages (title, repeated header and a footer on
each page, one crew wrapped onto a second line), the text `pdftotext -layout` makes of them,
and the PDFs Podium must refuse with a clear reason."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from fpdf import FPDF

from results.parsing import ParseError, parse
from results.parsing.readers import read
from tests.parsing.fixed_width.test_fixed_width import TYPESET, same_facts
from tests.parsing.pdf.typeset import sample_table, to_pdf

ROWS_PER_PAGE = {"000": 30, "001": 30, "002": 25, "004": 20}


def results_pdf(stem: str) -> bytes:
    return to_pdf(sample_table(stem), rows_per_page=ROWS_PER_PAGE[stem], wrap_row=4, wrap_column=2)


@pytest.fixture(scope="module", params=TYPESET)
def typeset(request: pytest.FixtureRequest) -> tuple[str, bytes]:
    return request.param, results_pdf(request.param)


def test_every_field_of_every_entry(typeset: tuple[str, bytes]) -> None:
    stem, data = typeset
    sheet = parse(data)
    assert sheet.format == "pdf"
    problems = same_facts(stem, sheet.to_dict()["entries"], "as PDF")
    assert not problems, "\n".join(problems)


def test_pages_lines_and_page_furniture(typeset: tuple[str, bytes]) -> None:
    stem, data = typeset
    sheet = parse(data)
    per_page = ROWS_PER_PAGE[stem]
    pages = [e.page for e in sheet.entries]
    assert pages == [1 + i // per_page for i in range(len(sheet.entries))]
    lines = [e.line for e in sheet.entries]
    assert lines == sorted(set(lines))  # numbered through the whole document
    codes = [i.code for i in sheet.issues]
    assert "header-repeated" in codes  # page 2's column header
    skipped = [i.message for i in sheet.issues if i.code == "line-skipped"]
    assert sum("Page" in m for m in skipped) == 2  # both footers
    assert any("RALLYE" in m for m in skipped)  # page 2's title
    wrapped = [i for i in sheet.issues if i.code == "record-merged"]
    assert [i.line for i in wrapped] == [sheet.entries[4].line]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_text_from_pdftotext_layout(typeset: tuple[str, bytes]) -> None:
    stem, data = typeset
    done = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", "-", "-"],
        input=data,
        capture_output=True,
        check=True,
    )
    sheet = parse(done.stdout)
    assert sheet.format == "fixed"
    problems = same_facts(stem, sheet.to_dict()["entries"], "via pdftotext -layout")
    assert not problems, "\n".join(problems)


def test_pdf_without_text_says_it_is_scanned() -> None:
    pdf = FPDF()
    pdf.add_page()
    pdf.rect(10, 10, 190, 270)  # a picture of a page, no text layer
    with pytest.raises(ParseError, match="no text layer"):
        read(bytes(pdf.output()))


@pytest.mark.parametrize("keep", [0.5, 0.1])
def test_truncated_pdf_is_refused(keep: float) -> None:
    data = results_pdf("001")
    with pytest.raises(ParseError, match="PDF cannot be read"):
        read(data[: int(len(data) * keep)])


def test_garbage_after_the_magic_is_refused() -> None:
    with pytest.raises(ParseError, match="PDF"):
        read(b"%PDF-1.7\n" + bytes(range(256)) * 20)


def test_page_limit() -> None:
    pdf = FPDF()
    pdf.set_font("Helvetica", size=8)
    for number in range(500):
        pdf.add_page()
        pdf.text(10, 10, f"Classement - page {number + 1}")
    with pytest.raises(ParseError, match="500 pages"):
        read(bytes(pdf.output()))


def test_limits_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    data = results_pdf("001")
    monkeypatch.setenv("PODIUM_PDF_MAX_PAGES", "1")
    with pytest.raises(ParseError, match="2 pages"):
        read(data)
    monkeypatch.delenv("PODIUM_PDF_MAX_PAGES")
    monkeypatch.setenv("PODIUM_PDF_TIMEOUT_S", "0.01")
    with pytest.raises(ParseError, match="longer than"):
        read(data)
    monkeypatch.delenv("PODIUM_PDF_TIMEOUT_S")
    monkeypatch.setenv("PODIUM_PDF_MAX_MB", "40")
    with pytest.raises(ParseError, match="memory"):
        read(data)


def test_pdf_cells_keep_their_horizontal_extent():
    from pathlib import Path

    data = (Path(__file__).parents[1] / "sheets" / "containers" / "report.pdf").read_bytes()
    grid = read(data)
    row = next(r for r in grid.rows if r.page == 2 and len(r.cells) > 5)
    extents = [(m.x0, m.x1) for m in row.marks if m is not None]
    assert extents and all(x0 < x1 for x0, x1 in extents)
    assert [x0 for x0, _ in extents] == sorted(x0 for x0, _ in extents)  # left to right


def _runs_pdf() -> bytes:
    """Two runs of the same crews, one a page, each table ending at the page's foot."""
    pdf = FPDF()
    pdf.set_font("Helvetica", size=10)
    crews = [("1.", "SCHMITT Josef", "MC Mering"), ("2.", "FUHRMANN Werner", "AC Burghausen"),
             ("3.", "AIGNER Daniela", "AC Burghausen")]  # fmt: skip
    for run, times in (
        (1, ("1:37,07", "1:52,80", "2:01,13")),
        (2, ("1:36,86", "1:50,58", "1:59,84")),
    ):
        pdf.add_page()
        pdf.cell(text=f"Lauf {run}", new_x="LMARGIN", new_y="NEXT")
        rows = [
            ("Pl.", "Fahrer", "Club", "Zeit"),
            *[(*c, t) for c, t in zip(crews, times, strict=True)],
        ]
        for row in rows:
            for x, text in zip((10, 30, 90, 150), row, strict=True):
                pdf.set_x(x)
                pdf.cell(w=50, text=text)
            pdf.ln(8)
    return bytes(pdf.output())


def test_the_last_rows_of_two_tables_of_the_same_crews_are_no_page_footer():
    sheet = parse(_runs_pdf())
    assert [(e.page, e.position, e.crew[0].surname) for e in sheet.entries] == [
        (1, 1, "SCHMITT"), (1, 2, "FUHRMANN"), (1, 3, "AIGNER"),
        (2, 1, "SCHMITT"), (2, 2, "FUHRMANN"), (2, 3, "AIGNER"),
    ]  # fmt: skip
    assert not [i for i in sheet.issues if "footer" in i.message]
