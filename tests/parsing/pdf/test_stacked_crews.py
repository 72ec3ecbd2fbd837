"""A classification as Italian timekeepers print it: driver over co-driver in one cell, make
over model in the next, the other cells (position, number, class, time) centred between the
two lines; the title and header again on every page. A line at the foot of a page (who timed
the event), printed on the first page only, is no title of the rows on the next page; the
crews that retired under a title of their own, `Rit.` where the time would be."""

from __future__ import annotations

from fpdf import FPDF

from results.parsing import parse

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TITLE = "12° Rally Colline Moreniche - Classifica Assoluta"
FOOTER = "Cronometraggio a cura di FICR Brescia"
#: x in mm of each column.
X = (10, 20, 32, 80, 120, 150)
SURNAMES = ("ROSSI", "BIANCHI", "FERRARI", "ESPOSITO", "RICCI", "MARINO", "GRECO", "BRUNO")
FIRST_NAMES = ("Marco", "Luca", "Giulia", "Andrea", "Matteo", "Paolo", "Sara")
CARS = (("Skoda Fabia", "Rally2 Evo"), ("Peugeot 208", "Rally4"), ("Renault Clio", "RS Line"))
CLASSES = (("RC2N", "R5"), ("RC4", "R2B"), ("RC5", "N2"))
HEADINGS = ("Pos", "N.", "Equipaggio", "Vettura", "Gr. Cl.", "Tempo")
ROWS_PER_PAGE = 27


def _crews(count: int, retired: int = 0) -> list[dict]:
    crews = []
    elapsed = 2_400_000
    for i in range(count):
        elapsed += 1_000 + (i * 7_919) % 30_000 // 100 * 100
        make, model = CARS[i % len(CARS)]
        crews.append(
            {
                "position": i + 1,
                "number": str(100 - i),
                "driver": f"{SURNAMES[i % 8]} {FIRST_NAMES[i % 7]}",
                "codriver": f"{SURNAMES[(i + 3) % 8]} {FIRST_NAMES[(i + 2) % 7]}",
                "car": f"{make} {model}",
                "make": make,
                "model": model,
                "class": CLASSES[i % len(CLASSES)],
                "time_ms": elapsed,
                "status": "retired" if i >= count - retired else "classified",
            }
        )
    return crews


def _clock(ms: int) -> str:
    return f"{ms // 60_000}'{ms // 1000 % 60:02d}.{ms // 100 % 10}"


def _pdf(crews: list[dict], *, footer_on: set[int], retired: int = 0) -> bytes:
    """`footer_on`: the pages that have the footer; `retired`: how many of the last crews
    are listed as retired, under their own title."""
    pdf = FPDF()
    pdf.add_font("Body", "", FONT)
    pdf.set_auto_page_break(False)
    pages = [crews[i : i + ROWS_PER_PAGE] for i in range(0, len(crews), ROWS_PER_PAGE)]
    for number, page in enumerate(pages, 1):
        pdf.add_page()
        pdf.set_font("Body", size=11)
        pdf.text(10, 12, TITLE)
        pdf.set_font("Body", size=8)
        for x, heading in zip(X, HEADINGS, strict=True):
            pdf.text(x, 22, heading)
        y = 30.0
        for crew in page:
            out = crew["status"] == "retired"
            if out and crew is crews[-retired]:
                pdf.text(10, y, "RITIRATI")
                y += 6
            pdf.text(X[2], y, crew["driver"])
            pdf.text(X[3], y, crew["make"])
            middle = y + 2.0
            if not out:
                pdf.text(X[0], middle, str(crew["position"]))
            pdf.text(X[1], middle, crew["number"])
            pdf.text(X[4], middle, " ".join(crew["class"]))
            pdf.text(X[5], middle, "Rit." if out else _clock(crew["time_ms"]))
            pdf.text(X[2], y + 4, crew["codriver"])
            pdf.text(X[3], y + 4, crew["model"])
            y += 9
        if number in footer_on:
            pdf.text(10, 287, FOOTER)
    return bytes(pdf.output())


def _check(crews: list[dict], sheet) -> None:
    assert len(sheet.entries) == len(crews)
    leader = crews[0]["time_ms"]
    for crew, entry in zip(crews, sheet.entries, strict=True):
        if crew["status"] == "retired":
            assert (entry.position, entry.time_ms, entry.gap_ms) == (None, None, None)
            assert entry.status == "retired" and entry.category == "RITIRATI"
        else:
            assert entry.position == crew["position"]
            assert entry.time_ms == crew["time_ms"]
            assert entry.gap_ms == crew["time_ms"] - leader
            assert entry.status == "classified"
        assert entry.number == crew["number"]
        assert [(m.surname, m.first_name) for m in entry.crew] == [
            tuple(crew["driver"].split()),
            tuple(crew["codriver"].split()),
        ]
        assert entry.car == crew["car"]
        assert (entry.group, entry.klass) == crew["class"]


def test_a_footer_on_every_page_is_page_furniture() -> None:
    crews = _crews(40)
    sheet = parse(_pdf(crews, footer_on={1, 2}), filename="classifica.pdf")
    _check(crews, sheet)


def test_a_line_at_the_foot_of_the_first_page_only_starts_no_table() -> None:
    crews = _crews(40)
    sheet = parse(_pdf(crews, footer_on={1}), filename="classifica.pdf")
    # One table: the gaps on the second page are to the overall leader, not to its first crew.
    _check(crews, sheet)
    assert {entry.category for entry in sheet.entries} == {None}
    skipped = [i for i in sheet.issues if i.code == "line-skipped" and FOOTER in i.message]
    assert len(skipped) == 1 and skipped[0].page == 1
    assert "footer" in skipped[0].message


def test_retirements_under_their_title_and_a_last_line_under_them() -> None:
    crews = _crews(20, retired=4)
    sheet = parse(_pdf(crews, footer_on={1}, retired=4), filename="classifica.pdf")
    _check(crews, sheet)
    assert not [i for i in sheet.issues if i.level == "warning"]
    note = [i for i in sheet.issues if FOOTER in i.message]
    assert [(i.code, i.page) for i in note] == [("line-skipped", 1)]
