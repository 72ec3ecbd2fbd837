"""Tables printed side by side on a landscape page (a class on each half, or one table going
on from the left half into the right): read as the left table, then the right one, each with
its own title, whatever the number of rows on each side. Written as a PDF, and as the text a
copy of it keeping the layout gives."""

from __future__ import annotations

from fpdf import FPDF

from results.parsing import parse
from tests.parsing.made import warnings

HEADER = ("Clt", "N°", "Pilote / Copilote", "Voiture", "Temps")
WIDTHS = (10, 10, 52, 38, 22)
A7 = [
    ("1", "12", "DURAND Paul / MARTIN Léa", "Renault Clio RS", "1:02:11.4"),
    ("2", "14", "LEROY Anne / PETIT Jean", "Peugeot 206 RC", "1:03:05.9"),
    ("3", "11", "MOREL Marc / ROUX Éva", "Citroën Saxo VTS", "1:04:40.0"),
    ("4", "17", "BLANC Luc / NOEL Inès", "Renault Clio Williams", "1:05:12.7"),
]
N2 = [
    ("1", "31", "GIRARD Jean / FAURE Zoé", "Peugeot 106 XSI", "1:06:20.4"),
    ("2", "33", "ROUSSEAU Éric / LAMBERT Paul", "Citroën Saxo", "1:07:02.8"),
    ("3", "35", "BONNET Hugo / DAVID Lou", "Peugeot 106 Rallye", "1:08:44.1"),
]


#: Both tables as read: (category, position, number, surnames, car, time, gap).
BOTH_CLASSES = [
    ("Classe A7", 1, "12", ["DURAND", "MARTIN"], "Renault Clio RS", 3_731_400, 0),
    ("Classe A7", 2, "14", ["LEROY", "PETIT"], "Peugeot 206 RC", 3_785_900, 54_500),
    ("Classe A7", 3, "11", ["MOREL", "ROUX"], "Citroën Saxo VTS", 3_880_000, 148_600),
    ("Classe A7", 4, "17", ["BLANC", "NOEL"], "Renault Clio Williams", 3_912_700, 181_300),
    ("Classe N2", 1, "31", ["GIRARD", "FAURE"], "Peugeot 106 XSI", 3_980_400, 0),
    ("Classe N2", 2, "33", ["ROUSSEAU", "LAMBERT"], "Citroën Saxo", 4_022_800, 42_400),
    ("Classe N2", 3, "35", ["BONNET", "DAVID"], "Peugeot 106 Rallye", 4_124_100, 143_700),
]


def _landscape() -> FPDF:
    pdf = FPDF(orientation="L", format="A4")
    pdf.add_font("Body", "", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    return pdf


def _table(pdf: FPDF, x: float, y: float, title: str | None, rows) -> None:
    if title:
        pdf.set_font("Body", size=10)
        pdf.text(x, y, title)
        y += 7
    pdf.set_font("Body", size=8)
    for row in (HEADER, *rows):
        left = x
        for width, text in zip(WIDTHS, row, strict=True):
            pdf.text(left, y, text)
            left += width
        y += 5


def _classes_side_by_side() -> bytes:
    pdf = _landscape()
    pdf.add_page()
    pdf.set_font("Body", size=12)
    pdf.text(80, 12, "Rallye Régional des Vignes 2026 - Classements par classe")
    _table(pdf, 10, 24, "Classe A7", A7)
    _table(pdf, 150, 24, "Classe N2", N2)
    pdf.set_font("Body", size=7)
    pdf.text(100, 190, "Le Directeur de Course - affiché le 12/09/2026 à 19h02")
    return bytes(pdf.output())


def _read(sheet) -> list[tuple]:
    return [
        (
            e.category,
            e.position,
            e.number,
            [p.surname for p in e.crew],
            e.car,
            e.time_ms,
            e.gap_ms,
        )
        for e in sheet.entries
    ]


def test_two_class_tables_side_by_side_read_left_then_right_with_their_titles():
    sheet = parse(_classes_side_by_side(), filename="classes.pdf")
    assert _read(sheet) == BOTH_CLASSES
    assert warnings(sheet) == []
    said = [i for i in sheet.issues if i.code == "tables-side-by-side"]
    assert len(said) == 1 and said[0].page == 1
    # Every line keeps a number of its own, the right table's after the left one's.
    lines = [e.line for e in sheet.entries]
    assert lines == sorted(set(lines))


def _one_table_in_two_halves() -> bytes:
    """A general classification of 14 crews, 5 on each half of page 1, 4 on page 2's left."""
    surnames = (
        "ARNAUD BRUN CARON DUMAS ESNAULT FABRE GAUTIER HUET IMBERT JOLY KLEIN LEBRUN MASSON NOIR"
    )
    rows = [
        (str(n), str(100 + n), f"{name} Jean / VIDAL Marie", "Peugeot 208", f"58:{n:02d}.0")
        for n, name in enumerate(surnames.split(), start=1)
    ]
    pdf = _landscape()
    pdf.add_page()
    pdf.set_font("Body", size=12)
    pdf.text(100, 12, "Classement général")
    _table(pdf, 10, 24, None, rows[:5])
    _table(pdf, 150, 24, None, rows[5:10])
    pdf.add_page()
    _table(pdf, 10, 24, None, rows[10:])
    return bytes(pdf.output())


def test_one_table_going_on_from_the_left_half_into_the_right_stays_one_table():
    sheet = parse(_one_table_in_two_halves(), filename="general.pdf")
    assert [(e.position, e.number) for e in sheet.entries] == [
        (n, str(100 + n)) for n in range(1, 15)
    ]
    assert [e.time_ms for e in sheet.entries] == [3_480_000 + n * 1000 for n in range(1, 15)]
    assert [e.gap_ms for e in sheet.entries] == [(n - 1) * 1000 for n in range(1, 15)]
    assert len({e.table for e in sheet.entries}) == 1
    assert warnings(sheet) == []


def test_a_header_whose_headings_do_not_run_twice_is_read_across_the_page():
    pdf = _landscape()
    pdf.add_page()
    pdf.set_font("Body", size=8)
    header = ("Clt", "N°", "Pilote", "ES1", "ES2", "Temps", "ES1", "Écart")
    for y, row in enumerate(
        [header, ("1", "7", "MARTIN Luc", "5:01.2", "5:03.0", "10:04.2", "1", "")]
    ):
        for x, text in enumerate(row):
            pdf.text(10 + 30 * x, 20 + 6 * y, text)
    sheet = parse(bytes(pdf.output()), filename="stages.pdf")
    assert "tables-side-by-side" not in {i.code for i in sheet.issues}
    assert [(e.position, e.number, e.time_ms) for e in sheet.entries] == [(1, "7", 604_200)]


def test_the_same_page_copied_as_aligned_text_reads_the_same():
    # What `pdftotext -layout` (or a copy from a PDF viewer keeping the layout) gives.
    widths = (5, 4, 29, 22, 10)

    def half(cells: tuple) -> str:
        return "".join(f"{text:<{width + 2}}" for text, width in zip(cells, widths, strict=False))

    def line(left: tuple = (), right: tuple = ()) -> str:
        return f"{half(left):<80}{half(right)}".rstrip()

    rows = [line(HEADER, HEADER)]
    for index in range(max(len(A7), len(N2))):
        rows.append(
            line(A7[index] if index < len(A7) else (), N2[index] if index < len(N2) else ())
        )
    text = "\n".join(
        [
            "        Rallye Régional des Vignes 2026 - Classements par classe",
            "",
            f"{'Classe A7':<80}Classe N2",
            *rows,
        ]
    )
    sheet = parse(text.encode())
    assert _read(sheet) == BOTH_CLASSES
    assert warnings(sheet) == []
    # The left table keeps the paste's line numbers; the right one's come after its last.
    assert [e.line for e in sheet.entries] == [5, 6, 7, 8, 11, 12, 13]
    said = next(i for i in sheet.issues if i.code == "tables-side-by-side")
    assert (said.line, said.page) == (4, None)


def test_a_table_across_the_page_below_the_two_is_read_whole():
    text = "\n".join(
        [
            "Classe A7                              Classe N2",
            "Clt  N°  Pilote            Temps       Clt  N°  Pilote            Temps",
            "1    12  DURAND Paul       1'02.5      1    31  MARTIN Léa        1'05.2",
            "2    14  PETIT Marc        1'03.1      2    33  BERNARD Luc       1'06.0",
            "3    15  ROUX Jean         1'04.9      3    35  DUBOIS Eric       1'07.3",
            "",
            "Classement général",
            "Clt  N°  Pilote            Classe      Voiture         Temps",
            "1    12  DURAND Paul       A7          Peugeot 106     1'02.5",
            "2    14  PETIT Marc        A7          Peugeot 106     1'03.1",
            "3    31  MARTIN Léa        N2          Renault Clio    1'05.2",
        ]
    )
    sheet = parse(text.encode())
    got = [(e.category, e.position, e.number, e.car, e.time_ms, e.line) for e in sheet.entries]
    assert got == [
        ("Classe A7", 1, "12", None, 62_500, 3),
        ("Classe A7", 2, "14", None, 63_100, 4),
        ("Classe A7", 3, "15", None, 64_900, 5),
        ("Classement général", 1, "12", "Peugeot 106", 62_500, 9),
        ("Classement général", 2, "14", "Peugeot 106", 63_100, 10),
        ("Classement général", 3, "31", "Renault Clio", 65_200, 11),
        # The right table's lines come after the paste's last line.
        ("Classe N2", 1, "31", None, 65_200, 14),
        ("Classe N2", 2, "33", None, 66_000, 15),
        ("Classe N2", 3, "35", None, 67_300, 16),
    ]
    assert warnings(sheet) == []


def test_headings_of_two_runs_side_by_side_are_one_tables_header():
    # `Temps  Pén.  Total` twice, under `Manche 1` and `Manche 2`: no place, number or crew
    # in either run, so no two tables.
    text = "\n".join(
        [
            "Pos  N°  Pilote          Manche 1                   Manche 2",
            "                         Temps    Pén.   Total      Temps    Pén.   Total",
            "1    12  DURAND Paul     1'02.5   0      1'02.5     1'01.5   2      1'03.5",
            "2    14  PETIT Marc      1'03.1   0      1'03.1     1'03.0   0      1'03.0",
        ]
    )
    sheet = parse(text.encode())
    assert "tables-side-by-side" not in {i.code for i in sheet.issues}
    assert [(e.position, e.number, e.crew[0].surname) for e in sheet.entries] == [
        (1, "12", "DURAND"),
        (2, "14", "PETIT"),
    ]
