"""An Italian rally's final classification printed over two pages: the first page under the
event's title block, the second under a one-line heading naming the event and the
classification in other words (`15° Rally Città di Valmarena - 20/21 luglio 2024 CLASSIFICA
FINALE ASSOLUTA`), the places going on; then, under the same header, the crews that retired,
under their title. A team's name set so close to the car that the
two nearly touch (less than a space between them) is still two cells."""

from __future__ import annotations

from fpdf import FPDF

from results.parsing import parse
from tests.parsing.made import warnings

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
HEADINGS = ("Pos.", "N.", "Equipaggio", "Scuderia", "Vettura", "Gr.", "Cl.", "Tempo")
X = (10, 22, 32, 95, 128, 165, 177, 200)
TEAMS = ("Scuderia Grappa Rally", "Motor Team Piave", "Jolly Team Asolo")
CARS = ("Citroen C3 Rally2", "Skoda Fabia Rally2 Evo", "Renault Clio Rally4")
SURNAMES = ("DAL MASO", "MAZZUCATO", "SCARABELLI", "MENEGHETTI", "COLOMBARO", "VISENTINI")
FIRST_NAMES = ("Walter", "Fabio", "Luca", "Marco", "Paolo", "Sara", "Elena")
PER_PAGE = 30


def _crews() -> list[dict]:
    crews, elapsed = [], 3_204_700
    for i in range(40):
        crews.append(
            {
                "position": i + 1 if i < 36 else None,
                "number": str(i + 2),
                "crew": [
                    (SURNAMES[i % 6], FIRST_NAMES[i % 7]),
                    (SURNAMES[(i + 2) % 6], FIRST_NAMES[(i + 3) % 7]),
                ],
                "team": TEAMS[i % 3],
                "car": CARS[i % 3],
                "group": "RC2N" if i % 3 < 2 else "RC4",
                "klass": "Rally2" if i % 3 < 2 else "Rally4",
                "time_ms": elapsed if i < 36 else None,
                "status": "classified" if i < 36 else "retired",
            }
        )
        elapsed += 9_100 + i * 700
    return crews


def _clock(ms: int) -> str:
    return f"{ms // 3_600_000}:{ms // 60_000 % 60:02d}:{ms // 1000 % 60:02d}.{ms // 100 % 10}"


def _row(pdf: FPDF, y: float, crew: dict) -> None:
    people = " - ".join(f"{s} {f}" for s, f in crew["crew"])
    place = str(crew["position"]) if crew["position"] else "Rit."
    cells = (place, crew["number"], people, crew["team"], crew["car"], crew["group"],
             crew["klass"], _clock(crew["time_ms"]) if crew["time_ms"] else "PS 5")  # fmt: skip
    for i, (x, text) in enumerate(zip(X, cells, strict=True)):
        if i == 3:
            # The team ends a hair before the car's column: less than a space between them.
            x = X[4] - 0.8 - pdf.get_string_width(text)
        pdf.text(x, y, text)


def _header(pdf: FPDF, y: float) -> None:
    for x, heading in zip(X, HEADINGS, strict=True):
        pdf.text(x, y, heading)


def _landscape() -> FPDF:
    pdf = FPDF(orientation="L")
    pdf.add_font("Body", "", FONT)
    pdf.set_auto_page_break(False)
    pdf.set_font("Body", size=8)
    pdf.add_page()
    return pdf


def _pdf(crews: list[dict]) -> bytes:
    pdf = _landscape()
    pdf.text(110, 12, "15° RALLY CITTÀ DI VALMARENA")
    pdf.text(112, 17, "CLASSIFICA FINALE ASSOLUTA")
    pdf.text(108, 22, "Partiti: 40 Arrivati: 36 Classificati: 36")
    _header(pdf, 32)
    y = 38.0
    for crew in crews[:PER_PAGE]:
        _row(pdf, y, crew)
        y += 5
    pdf.text(10, 200, "Servizio cronometraggio: Cronometristi Valmarena    Pagina 1 di 2")
    pdf.add_page()
    pdf.text(10, 12, "15° Rally Città di Valmarena - 20/21 luglio 2024")
    pdf.text(200, 12, "CLASSIFICA FINALE ASSOLUTA")
    _header(pdf, 22)
    y = 28.0
    for crew in crews[PER_PAGE:]:
        if crew["status"] == "retired" and crew is crews[36]:
            y += 3
            pdf.text(10, y, "RITIRATI")
            y += 6
        _row(pdf, y, crew)
        y += 5
    pdf.text(10, 200, "Servizio cronometraggio: Cronometristi Valmarena    Pagina 2 di 2")
    return bytes(pdf.output())


def test_the_second_page_goes_on_and_the_retirements_below_read_alike() -> None:
    crews = _crews()
    sheet = parse(_pdf(crews), filename="classifica.pdf")
    assert len(sheet.entries) == len(crews)
    leader = crews[0]["time_ms"]
    for crew, entry in zip(crews, sheet.entries, strict=True):
        assert (entry.position, entry.number, entry.status) == (
            crew["position"],
            crew["number"],
            crew["status"],
        )
        assert [(m.surname, m.first_name) for m in entry.crew] == crew["crew"]
        assert (entry.club, entry.car) == (crew["team"], crew["car"])
        assert (entry.group, entry.klass) == (crew["group"], crew["klass"])
        assert entry.time_ms == crew["time_ms"]
        assert entry.gap_ms == (crew["time_ms"] - leader if crew["time_ms"] else None)
    assert {e.category for e in sheet.entries[:36]} == {"CLASSIFICA FINALE ASSOLUTA"}
    assert {e.category for e in sheet.entries[36:]} == {"RITIRATI"}
    assert warnings(sheet) == []


def _title_at_the_foot(crews: list[dict]) -> bytes:
    """The classified crews fill the first page; the retirements' title is printed at its foot,
    their rows on the next page under the header again."""
    pdf = _landscape()
    pdf.text(110, 12, "15° RALLY CITTÀ DI VALMARENA")
    _header(pdf, 22)
    y = 28.0
    for crew in crews[:36]:
        _row(pdf, y, crew)
        y += 4.5
    pdf.text(10, y + 3, "RITIRATI")
    pdf.add_page()
    _header(pdf, 22)
    y = 28.0
    for crew in crews[36:]:
        _row(pdf, y, crew)
        y += 5
    return bytes(pdf.output())


def test_a_title_left_at_the_foot_of_a_page_titles_the_rows_on_the_next() -> None:
    crews = _crews()
    sheet = parse(_title_at_the_foot(crews), filename="classifica.pdf")
    assert len(sheet.entries) == len(crews)
    assert [(e.status, e.category) for e in sheet.entries[36:]] == [("retired", "RITIRATI")] * 4
    assert {e.status for e in sheet.entries[:36]} == {"classified"}
