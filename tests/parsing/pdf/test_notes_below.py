"""Text under a table in columns of its own (race conditions beside the fastest lap, a
session log) is no part of the table: it neither runs the table's columns together nor
becomes entries. Written as a PDF and as the same lines of space-aligned text."""

from __future__ import annotations

from fpdf import FPDF

from results.parsing import parse

#: (x in mm, text) of the table's columns: a header, then six rows.
COLUMNS = (12, 24, 40, 90, 140)
TABLE = [
    ("Pos", "N°", "Pilote", "Club", "Temps"),
    ("1", "12", "DUPONT Jean", "ASA Vienne", "42'28.663"),
    ("2", "5", "MARTIN Luc", "ASA Drome", "42'29.755"),
    ("3", "63", "BERNARD Paul", "ASA Vienne", "42'29.792"),
    ("4", "36", "PETIT Marc", "Ecurie Rhone", "42'31.693"),
    ("5", "20", "ROUX Pierre", "ASA Drome", "42'32.020"),
    ("6", "42", "FAURE Remi", "ASA Ardeche", "42'34.597"),
]
#: Notes in columns of their own, whose runs of text span the table's gutters.
NOTES = [
    ((16, "Piste : sèche"), (55, "Meilleur tour en course :"), (118, "DUPONT Jean 1'54.624")),
    ((16, "Air : 20°"), (55, "Record du tour (2019) :"), (118, "MARTIN Luc 1'52.772")),
    ((16, "Sol : 22°"), (55, "Pole position :"), (118, "BERNARD Paul 1'52.900")),
]


def _pdf() -> bytes:
    pdf = FPDF()
    pdf.add_font("Body", "", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    pdf.set_font("Body", size=9)
    pdf.add_page()
    pdf.text(12, 15, "Course de côte de Vienne - Classement")
    y = 30.0
    for row in TABLE:
        for x, text in zip(COLUMNS, row, strict=True):
            pdf.text(x, y, text)
        y += 5
    y += 10
    for note in NOTES:
        for x, text in note:
            pdf.text(x, y, text)
        y += 5
    return bytes(pdf.output())


def _text() -> bytes:
    def line(parts) -> str:
        out = ""
        for x, text in parts:
            out = out.ljust(round(x / 2)) + text
        return out

    rows = [line(zip(COLUMNS, row, strict=True)) for row in TABLE]
    notes = [line(note) for note in NOTES]
    return "\n".join(["Course de côte de Vienne - Classement", "", *rows, "", *notes, ""]).encode()


def _check(data: bytes) -> None:
    sheet = parse(data)
    got = [(e.position, str(e.number), e.crew[0].surname, e.club, e.time_ms) for e in sheet.entries]
    want = [
        (int(pos), number, name.split()[0], club, None) for pos, number, name, club, _ in TABLE[1:]
    ]
    assert [g[:4] for g in got] == [w[:4] for w in want]
    assert got[0][4] == ((42 * 60) + 28) * 1000 + 663
    assert sheet.columns[:5] == ("position", "number", "driver", "club", "time")


def test_notes_in_columns_of_their_own_under_a_pdf_table_are_no_entries() -> None:
    _check(_pdf())


def test_notes_in_columns_of_their_own_under_aligned_text_are_no_entries() -> None:
    _check(_text())
