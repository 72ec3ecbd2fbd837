"""A historic rally's classification as its timekeeper prints it: one column headed `Équipage /
Voiture` holding, a line each, the driver, the co-driver and the car; the place, number, class,
time and gap on the driver's line. The slash names the cell's two fields, but the first of them
(the crew) takes two lines: the cell is read whole, the car on its last line. As pasted text
and as a PDF."""

from __future__ import annotations

from fpdf import FPDF

from results.parsing import parse
from tests.parsing.made import warnings

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TITLE = "Rallye Historique des Cévennes - Classement général VHC"
HEADINGS = ("Pos", "N°", "Équipage / Voiture", "Cl.", "Temps", "Écart")
#: (position, number, driver, co-driver or None, car, class, time, gap)
CREWS = (
    (1, "201", ("DUVAL", "Pierre"), ("LEMAIRE", "Jacques"), "Porsche 911 SC", "C4",
     "1:12:33.4", ""),
    (2, "215", ("ROUSSEL", "Michel"), ("JOLY", "Anne"), "Ford Escort RS 2000", "C3",
     "1:13:02.9", "29.5"),
    (3, "208", ("GARNIER", "Alain"), None, "BMW 323i", "C4", "1:14:45.1", "2:11.7"),
    (4, "230", ("BLANC", "Henri"), ("MOREL", "Luc"), "Alpine A110 1600S", "C2",
     "1:16:20.0", "3:46.6"),
    (5, "222", ("CHEVALIER", "Paul"), ("PERRIN", "Julie"), "Opel Kadett GT/E", "C3",
     "1:17:05.3", "4:31.9"),
    (6, "240", ("MASSON", "Éric"), ("DENIS", "Claire"), "Lancia Fulvia HF", "C1",
     "1:19:48.0", "7:14.6"),
)  # fmt: skip
TIMES_MS = (4_353_400, 4_382_900, 4_485_100, 4_580_000, 4_625_300, 4_788_000)


def _lines(crew: tuple) -> list[tuple[str, ...]]:
    position, number, driver, codriver, car, klass, time, gap = crew
    lines = [(str(position), number, " ".join(driver), klass, time, gap)]
    if codriver is not None:
        lines.append(("", "", " ".join(codriver), "", "", ""))
    return [*lines, ("", "", car, "", "", "")]


def _text() -> bytes:
    widths = (6, 5, 33, 6, 12, 8)
    out = [TITLE, ""]
    for cells in [HEADINGS, *(line for crew in CREWS for line in _lines(crew))]:
        out.append("".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip())
    return ("\n".join(out) + "\n").encode()


def _pdf() -> bytes:
    pdf = FPDF()
    pdf.add_font("Body", "", FONT)
    pdf.add_page()
    pdf.set_font("Body", size=11)
    pdf.text(10, 12, TITLE)
    pdf.set_font("Body", size=8)
    xs = (10, 20, 32, 90, 105, 130)
    y = 22.0
    for cells in [HEADINGS, *(line for crew in CREWS for line in _lines(crew))]:
        for x, text in zip(xs, cells, strict=True):
            if text:
                pdf.text(x, y, text)
        y += 4.2
    pdf.text(10, 287, "Édité le 14/09/2025 à 19:02")
    return bytes(pdf.output())


def _check(sheet) -> None:
    assert len(sheet.entries) == len(CREWS)
    for crew, time_ms, entry in zip(CREWS, TIMES_MS, sheet.entries, strict=True):
        position, number, driver, codriver, car, klass, _, _ = crew
        assert (entry.position, entry.number) == (position, number)
        people = [driver] if codriver is None else [driver, codriver]
        assert [(m.surname, m.first_name) for m in entry.crew] == people
        assert entry.car == car
        assert (entry.group or "") + (entry.klass or "") == klass
        assert entry.time_ms == time_ms
        assert entry.gap_ms == time_ms - TIMES_MS[0]
        assert entry.status == "classified"
    assert warnings(sheet) == []


def test_pasted_text() -> None:
    _check(parse(_text(), filename="vhc.txt"))


def test_pdf() -> None:
    _check(parse(_pdf(), filename="vhc.pdf"))
