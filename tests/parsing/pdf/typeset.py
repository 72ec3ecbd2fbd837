"""The samples' rows typeset the way timing software prints results: into a PDF (title and
column header on every page, a footer with the page number, a crew wrapped onto a second line)
and into space-aligned text. Used by the tests and by `bench/pdf.py`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF

SAMPLES = Path(__file__).resolve().parents[3] / "samples"
#: A Unicode font for names such as `SŒUR` (the PDF core fonts stop at Latin-1), where the
#: system has Debian's DejaVu fonts.
UNICODE_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
_NUMERIC = re.compile(r"^[+\-]?[\d:.,'\"]+$")


@dataclass(frozen=True, slots=True)
class Table:
    title: str
    header: list[str]
    rows: list[list[str]]


def sample_table(stem: str, title: str = "Classement général") -> Table:
    """The cells of a pipe-table sample as written; sample 000 has no header row and some of
    its rows start with a stray empty cell (a paste artefact, not data): both set right."""
    path = next(SAMPLES.glob(f"{stem}_*.txt"))
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows.append(cells)
    if stem == "000":
        rows = [r[1:] if r[0] == "" else r for r in rows]
        header = ["Clt", "Pilote", "Copilote", "Voiture", "Temps", "Gr", "Cl"]
    else:
        header, rows = rows[0], rows[1:]
    width = len(header)
    if stem == "004":
        # The leader's row lacks its empty gap cell in the paste; in print it has one.
        rows = [[*r[:7], "", *r[7:8]] if r[0] == "1" else r for r in rows]
    rows = [(r + [""] * width)[:width] for r in rows]
    return Table(title, header, rows)


def _widths(table: Table, measure) -> list[float]:
    return [
        max(measure(text) for text in [heading, *(r[i] for r in table.rows)])
        for i, heading in enumerate(table.header)
    ]


def _right(table: Table, index: int) -> bool:
    filled = [r[index] for r in table.rows if r[index]]
    return bool(filled) and all(_NUMERIC.match(c) for c in filled)


def to_pdf(
    table: Table,
    *,
    rows_per_page: int = 30,
    wrap_row: int | None = None,
    wrap_column: int | None = None,
    gutter: float = 4.0,
) -> bytes:
    """A results PDF: each page has the title, the column header and a footer `Page n/m`;
    the cell of `wrap_row` in `wrap_column` is wrapped onto a second line at its last
    space or slash."""
    pdf = FPDF(orientation="L" if len(table.header) > 8 else "P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    family = "Helvetica"
    if UNICODE_FONT.is_file() and not all(c.isascii() or ord(c) < 256 for r in table.rows
                                          for c in "".join(r)):  # fmt: skip
        pdf.add_font("Unicode", "", str(UNICODE_FONT))
        pdf.add_font("Unicode", "B", str(UNICODE_FONT))
        family = "Unicode"
    pdf.set_font(family, size=8)
    widths = _widths(table, pdf.get_string_width)
    right = [_right(table, i) for i in range(len(table.header))]
    pages = [table.rows[i : i + rows_per_page] for i in range(0, len(table.rows), rows_per_page)]
    height = 4.2
    for number, page_rows in enumerate(pages, start=1):
        pdf.add_page()
        pdf.set_font(family, "B", 11)
        pdf.text(10, 12, "RALLYE - " + table.title.upper())
        pdf.set_font(family, size=8)
        y = 22.0

        def line(cells: list[str], y: float) -> None:
            x = 10.0
            for i, text in enumerate(cells):
                if text:
                    shift = widths[i] - pdf.get_string_width(text) if right[i] else 0
                    pdf.text(x + shift, y, text)
                x += widths[i] + gutter

        pdf.set_font(family, "B", 8)
        line(table.header, y)
        pdf.set_font(family, size=8)
        for offset, row in enumerate(page_rows):
            y += height
            index = (number - 1) * rows_per_page + offset
            if index == wrap_row and wrap_column is not None:
                text = row[wrap_column]
                cut = max(text.rfind("/"), text.rfind(" ", 0, len(text) // 2 + 4)) + 1
                line([*row[:wrap_column], text[:cut].strip(), *row[wrap_column + 1 :]], y)
                y += height
                line(["" for _ in row[:wrap_column]] + [text[cut:].strip()], y)
            else:
                line(row, y)
        pdf.text(10, 287 if len(table.header) <= 8 else 200, "Imprimé le 12/05/2024 à 18:42")
        pdf.text(170 if len(table.header) <= 8 else 260, 287 if len(table.header) <= 8 else 200,
                 f"Page {number}/{len(pages)}")  # fmt: skip
    return bytes(pdf.output())


def to_text(table: Table, *, gutter: int = 2) -> str:
    """Space-aligned text: numbers right-aligned, text left-aligned, title above."""
    widths = _widths(table, len)
    right = [_right(table, i) for i in range(len(table.header))]
    out = [table.title, ""]
    for cells in [table.header, *table.rows]:
        parts = [
            c.rjust(widths[i]) if right[i] else c.ljust(widths[i]) for i, c in enumerate(cells)
        ]
        out.append((" " * gutter).join(parts).rstrip())
    return "\n".join(out) + "\n"
