"""A printed header on two lines (driver over co-driver, club over car) with its titles set
one space apart, over records of two lines, the table going on over a second page that
repeats both header lines."""

from __future__ import annotations

from fpdf import FPDF

from results.parsing import parse

#: x in mm of each column; the header's titles sit at the same x, one space apart in print.
X: dict[str, float] = {
    "pos": 8, "no": 17, "grp": 28, "cls": 38.6, "crew": 49, "club": 88,
    "wp1": 120, "wp2": 138, "wp3": 156, "time": 176,
}  # fmt: skip
HEADER = (
    [("pos", "Platz"), ("no", "Startnr."), ("grp", "Gruppe"), ("cls", "Klasse"),
     ("crew", "Fahrer"), ("club", "Club"), ("wp1", "WP 1"), ("wp2", "WP 2"), ("wp3", "WP 3"),
     ("time", "Gesamtzeit")],
    [("crew", "Beifahrer"), ("club", "Fahrzeug")],
)  # fmt: skip
CREWS = [
    ("12", "F", "1", "Huber, Florian", "Lang, Lena", "MSC Traunstein", "Opel Kadett", "8:27.60"),
    ("21", "G", "8", "Brandl, Jörg", "Moser, Anja", "AC Rosenheim", "VW Golf 2", "8:42.50"),
    ("17", "F", "5", "Kern, Max", "Gassner, Eva", "MSC Traunstein", "Audi A3", "8:54.20"),
    ("22", "G", "9", "Zeller, Paul", "Wimmer, Sara", "MSC Chiemgau", "BMW 318is", "9:07.60"),
    ("10", "F", "1", "Rauch, Karl", "Pichler, Ute", "AC Rosenheim", "Fiat Ritmo", "9:15.70"),
    ("23", "G", "8", "Egger, Tim", "Bauer, Jana", "MSC Chiemgau", "Renault Clio", "9:19.60"),
]
PER_PAGE = 3


def _pdf() -> bytes:
    pdf = FPDF()
    pdf.set_font("Helvetica", size=8)
    for start in range(0, len(CREWS), PER_PAGE):
        pdf.add_page()
        pdf.text(60, 12, "Rallye Sprint Traunstein - Endergebnis")
        y = 22.0
        for line in HEADER:
            for key, text in line:
                pdf.text(X[key], y, text)
            y += 4
        y += 4
        for i, (no, grp, cls, driver, codriver, club, car, time) in enumerate(
            CREWS[start : start + PER_PAGE], start=start + 1
        ):
            for key, text in [("pos", str(i)), ("no", no), ("grp", grp), ("cls", cls),
                              ("crew", driver), ("club", club), ("wp1", "2:50.00"),
                              ("wp2", "2:48.90"), ("wp3", "2:48.70"), ("time", time)]:  # fmt: skip
                pdf.text(X[key], y, text)
            y += 4
            pdf.text(X["crew"], y, codriver)
            pdf.text(X["club"], y, car)
            y += 7
    return bytes(pdf.output())


def test_a_header_on_two_lines_names_every_column_of_two_line_records() -> None:
    sheet = parse(_pdf())
    got = [
        (e.page, e.position, str(e.number), e.group, e.klass, [p.surname for p in e.crew],
         e.time_ms)
        for e in sheet.entries
    ]  # fmt: skip
    want = [
        (1 + (i - 1) // PER_PAGE, i, no, grp, cls, [driver.split(",")[0], codriver.split(",")[0]])
        for i, (no, grp, cls, driver, codriver, _club, _car, _time) in enumerate(CREWS, start=1)
    ]  # fmt: skip
    assert [g[:6] for g in got] == [w[:6] for w in want]
    assert [t.title for t in sheet.tables] == [sheet.tables[0].title]  # one table over two pages
    assert got[0][6] == (8 * 60 + 27) * 1000 + 600
