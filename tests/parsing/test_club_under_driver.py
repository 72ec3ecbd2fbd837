"""A German hill climb's results by class, as its timing program prints them: the header on two
lines, `Verein` alone under `Fahrer`, and each record's club on its second line under the
driver; the class winner's gap left blank. The lone heading is the header's second line (no
record), and the clubs are clubs, not a second driver."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

#: (x, text) of each column: the page as `pdftotext -layout` copies it.
COLUMNS = (3, 10, 18, 50, 72, 79, 89, 99, 109, 119, 130)
HEADER = ("Pl.", "St.-Nr.", "Fahrer", "Fahrzeug", "ccm", "Gr./Kl.", "1. Lauf", "2. Lauf",
          "3. Lauf", "Gesamt", "Rückstand")  # fmt: skip
#: (place, number, driver, club, car, runs, total in ms, gap in ms)
CLASS_3 = (
    ("1.", "4", ("Hubmann", "Josef"), "AC Wolfstein e.V. im ADAC", "Citroën Saxo VTS",
     ("1:47,81", "1:47,06", "1:45,02"), "5:19,89", ""),
    ("2.", "6", ("Ebertshäuser", "Sabine"), "MSG Dreiländereck", "VW Polo GTI",
     ("1:47,57", "1:47,99", "1:46,26"), "5:21,82", "+1,93"),
    ("3.", "2", ("Thalhammer", "Sebastian"), "AMC Freyung e.V. im ADAC", "VW Polo GTI",
     ("1:51,55", "1:49,84", "1:51,50"), "5:32,89", "+13,00"),
    ("4.", "1", ("Thalhammer", "Ulrich"), "MSC Bayerwald", "Citroën Saxo VTS",
     ("1:52,38", "1:54,42", "1:54,01"), "5:40,81", "+20,92"),
)  # fmt: skip
TOTALS_MS = (319_890, 321_820, 332_890, 340_810)


def _line(parts: list[tuple[int, str]]) -> str:
    out = ""
    for x, text in parts:
        out = out.ljust(x) + text if text else out
    return out.rstrip()


def _sheet() -> bytes:
    lines = ["51. ADAC Bergrennen Schönbergleiten - Ergebnisliste", "",
             "Gruppe G - Klasse 3 (1401 - 1600 ccm)"]  # fmt: skip
    lines.append(_line(list(zip(COLUMNS, HEADER, strict=True))))
    lines.append(_line([(COLUMNS[2], "Verein")]))
    for place, number, (surname, first), club, car, runs, total, gap in CLASS_3:
        cells = (place, number, f"{first} {surname}", car, "1598", "G/3", *runs, total, gap)
        lines.append(_line(list(zip(COLUMNS, cells, strict=True))))
        lines.append(_line([(COLUMNS[2] + 1, club)]))
    return ("\n".join(lines) + "\n").encode()


def test_the_club_under_the_driver_and_its_heading_under_the_drivers() -> None:
    sheet = parse(_sheet(), filename="ergebnisse.txt")
    assert len(sheet.entries) == len(CLASS_3)
    for row, total, entry in zip(CLASS_3, TOTALS_MS, sheet.entries, strict=True):
        place, number, name, club, car, _, _, _ = row
        assert (entry.position, entry.number) == (int(place[:-1]), number)
        assert [(m.surname, m.first_name) for m in entry.crew] == [name]
        assert (entry.club, entry.car) == (club, car)
        assert (entry.group, entry.klass) == ("G", "3")
        assert entry.time_ms == total
        assert entry.gap_ms == total - TOTALS_MS[0]
    assert "Verein" not in {e.crew[0].surname for e in sheet.entries}
    continued = [i for i in sheet.issues if i.code == "header-continued"]
    assert [i.line for i in continued] == [5]
    assert warnings(sheet) == []


#: Each page's tables: (title, the class as the column writes it, what its numbers add).
PAGES = (
    (("Gruppe G - Klasse 3", "G/3", 0),),
    (("Gruppe F - Klasse 11", "F/11", 20), ("Gruppe E2-SS - Klasse 4", "E2-SS/4", 40)),
)


def _tables() -> list[tuple[str, str, int, list[tuple]]]:
    """Every table with its crews: the same drivers and times, other numbers and clubs."""
    clubs = [row[3] for row in CLASS_3]
    out = []
    for k, (title, klass, add) in enumerate(t for page in PAGES for t in page):
        rows = [
            (*row[:1], str(int(row[1]) + add), row[2], clubs[(i + k) % len(clubs)], *row[4:])
            for i, row in enumerate(CLASS_3)
        ]
        out.append((title, klass, add, rows))
    return out


def _pdf() -> bytes:
    """The classes printed over two pages, title, header and `Verein` again on each; a class
    of the second page parts its group from its class with a dash inside the group
    (`E2-SS/4`), the slash parting them as down the rest of the column."""
    from fpdf import FPDF

    pdf = FPDF(orientation="L")
    pdf.add_font("Body", "", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    pdf.set_font("Body", size=8)
    pdf.set_auto_page_break(False)
    xs = [8 + 2.1 * x for x in COLUMNS]
    tables = iter(_tables())
    for page, titles in enumerate(PAGES, 1):
        pdf.add_page()
        pdf.text(8, 10, "51. ADAC Bergrennen Schönbergleiten - Ergebnisliste")
        y = 20.0
        for _ in titles:
            title, klass, _, rows = next(tables)
            pdf.text(8, y, title)
            for x, heading in zip(xs, HEADER, strict=True):
                pdf.text(x, y + 6, heading)
            pdf.text(xs[2], y + 10, "Verein")
            y += 16
            for place, number, (surname, first), club, car, runs, total, gap in rows:
                cells = (place, number, f"{first} {surname}", car, "1598", klass, *runs, total,
                         gap)  # fmt: skip
                for x, text in zip(xs, cells, strict=True):
                    if text:
                        pdf.text(x, y, text)
                pdf.text(xs[2] + 2, y + 4, club)
                y += 9
            y += 6
        pdf.text(8, 200, f"Zeitnahme: BergZeit 2.3        Seite {page} von 2")
    return bytes(pdf.output())


def test_every_page_keeps_the_heading_under_the_drivers_and_the_column_its_slash() -> None:
    sheet = parse(_pdf(), filename="ergebnisse.pdf")
    expected = [(klass, row) for _, klass, _, rows in _tables() for row in rows]
    assert len(sheet.entries) == len(expected)
    for (klass, row), entry in zip(expected, sheet.entries, strict=True):
        assert entry.number == row[1]
        assert [(m.surname, m.first_name) for m in entry.crew] == [row[2]]
        assert (entry.club, entry.car) == (row[3], row[4])
        assert (entry.group, entry.klass) == tuple(klass.split("/"))
    assert warnings(sheet) == []
