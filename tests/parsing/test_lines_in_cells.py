"""A cell written on several lines: a `<br>` in HTML, a line break in a spreadsheet's cell or in a
quoted CSV field. A crew cell whose lines each name a whole person holds one seat per line; a
surname over its first name, or a name over its nationality, is still one person."""

from __future__ import annotations

import io

import openpyxl
import pytest

from results.parsing import parse

CREWS = (
    ("1", "12", ["Jean Dupont", "Paul Martin"], "Peugeot 208", "45:12.3"),
    ("2", "7", ["Marie Lefèvre", "Sophie Bernard"], "Renault Clio", "45:40.0"),
    ("3", "3", ["Pierre-Yves Durand", "Luc Moreau"], "Citroën C2", "46:01.7"),
)
SEATS = [
    [("Dupont", "Jean"), ("Martin", "Paul")],
    [("Lefèvre", "Marie"), ("Bernard", "Sophie")],
    [("Durand", "Pierre-Yves"), ("Moreau", "Luc")],
]
HEADINGS = ("Pos", "N°", "Équipage", "Voiture", "Temps")


def _html(rows) -> bytes:
    body = "".join(
        "<tr>"
        + "".join(f"<td>{'<br>'.join(c) if isinstance(c, list) else c}</td>" for c in row)
        + "</tr>"
        for row in rows
    )
    head = "".join(f"<th>{h}</th>" for h in HEADINGS)
    return f"<html><body><table><tr>{head}</tr>{body}</table></body></html>".encode()


def _xlsx(rows) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(HEADINGS)
    for row in rows:
        sheet.append(["\n".join(c) if isinstance(c, list) else c for c in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _csv(rows) -> bytes:
    lines = [";".join(HEADINGS)]
    for row in rows:
        lines.append(";".join(f'"{chr(10).join(c)}"' if isinstance(c, list) else c for c in row))
    return ("\r\n".join(lines) + "\r\n").encode()


def _seats(sheet):
    return [[(p.surname, p.first_name) for p in e.crew] for e in sheet.entries]


@pytest.mark.parametrize(("make", "name"), [(_html, "r.html"), (_xlsx, "r.xlsx"), (_csv, "r.csv")])
def test_a_crew_cell_with_one_whole_name_a_line_holds_one_seat_a_line(make, name):
    sheet = parse(make(CREWS), filename=name)
    assert _seats(sheet) == SEATS
    assert [(e.position, e.number, e.car, e.time_ms) for e in sheet.entries] == [
        (1, "12", "Peugeot 208", 2_712_300),
        (2, "7", "Renault Clio", 2_740_000),
        (3, "3", "Citroën C2", 2_761_700),
    ]
    assert not [i for i in sheet.issues if i.level != "info"]


def test_a_quote_inside_a_csv_field_joins_no_lines():
    # `17'24"6`: one quote on each line, inside a field, opens no quoted cell.
    text = "Cl;N°;Pilote;Temps\n" + "".join(
        f"{n};{n + 10};{name};en 17'{20 + n}\"6\n"
        for n, name in enumerate(["DUPONT Jean", "MARTIN Paul", "DURAND Luc"], 1)
    )
    sheet = parse(text.encode(), filename="r.csv")
    assert [(e.line, e.position, e.crew[0].surname, e.time_ms) for e in sheet.entries] == [
        (2, 1, "DUPONT", 1_041_600),
        (3, 2, "MARTIN", 1_042_600),
        (4, 3, "DURAND", 1_043_600),
    ]


def test_a_surname_over_its_first_name_is_one_person():
    rows = [
        ("1", "12", ["DUPONT", "Jean"], "Peugeot 208", "45:12.3"),
        ("2", "7", ["LEFÈVRE", "Marie"], "Renault Clio", "45:40.0"),
    ]
    sheet = parse(_html(rows), filename="r.html")
    assert _seats(sheet) == [[("DUPONT", "Jean")], [("LEFÈVRE", "Marie")]]


def test_a_name_over_its_nationality_is_one_person_of_that_nationality():
    rows = [
        ("1", "12", ["Jean Dupont", "FRA"], "Peugeot 208", "45:12.3"),
        ("2", "7", ["Marie Lefèvre", "BEL"], "Renault Clio", "45:40.0"),
    ]
    sheet = parse(_xlsx(rows), filename="r.xlsx")
    assert [len(e.crew) for e in sheet.entries] == [1, 1]
    assert _seats(sheet) == [[("Dupont", "Jean")], [("Lefèvre", "Marie")]]
    assert [e.nationality for e in sheet.entries] == ["FRA", "BEL"]


def test_a_country_code_under_each_name_is_that_persons_nationality():
    rows = [
        ("1", "12", ["Jean Dupont", "FRA", "Paul Martin", "BEL"], "Peugeot 208", "45:12.3"),
        ("2", "7", ["Marie Lefèvre", "BEL", "Sophie Bernard", "FRA"], "Renault Clio", "45:40.0"),
    ]
    sheet = parse(_html(rows), filename="r.html")
    assert _seats(sheet) == SEATS[:2]
    assert [e.nationality for e in sheet.entries] == ["FRA", "BEL"]


def test_a_team_cell_of_drivers_with_surname_particles_seats_one_a_line():
    page = (
        "<table><tr><th>Pos</th><th>Nr</th><th>Team</th><th>Coureurs</th><th>Ronden</th>"
        "<th>Tijd</th></tr>"
        "<tr><td>1</td><td>7</td><td>Kartteam Horst</td>"
        "<td>Sanne van der Linden<br>Dennis Aerts<br>Jelle Van Hout</td><td>702</td>"
        "<td>12:00:31.442</td></tr>"
        "<tr><td>2</td><td>3</td><td>RT Venlo</td>"
        "<td>Luuk de Wit<br>Ruben Peeters<br>Eline op den Camp</td><td>702</td>"
        "<td>12:00:43.314</td></tr></table>"
    )
    sheet = parse(page.encode())
    assert [[p.surname for p in e.crew] for e in sheet.entries] == [
        ["van der Linden", "Aerts", "Van Hout"],
        ["de Wit", "Peeters", "op den Camp"],
    ]


def test_a_crew_column_headed_with_its_car_holds_the_car_on_each_records_last_line():
    # `Pilote / Copilote / Voiture`: the driver, the co-driver and the car, a line each, in
    # one column of a printed sheet.
    sheet = parse(
        "\n".join(
            [
                "Rallye des Monts 2026 - Classement général",
                "",
                "Clt  N°   Pilote / Copilote / Voiture     Gr/Cl    Temps      Ecart",
                "1    12   DURAND Paul                     A/7      45:12.3",
                "          MARTIN Léa",
                "          Renault Clio RS",
                "2    14   LEROY Anne                      N/3      45:40.1    27.8",
                "          PETIT Jean",
                "          Peugeot 206 RC",
                "3    11   MOREL Marc                      A/6      46:02.5    50.2",
                "          ROUX Éva",
                "          Citroën Saxo VTS",
            ]
        ).encode()
    )
    got = [
        (e.position, e.number, [(p.surname, p.first_name) for p in e.crew], e.car, e.klass)
        for e in sheet.entries
    ]
    assert got == [
        (1, "12", [("DURAND", "Paul"), ("MARTIN", "Léa")], "Renault Clio RS", "7"),
        (2, "14", [("LEROY", "Anne"), ("PETIT", "Jean")], "Peugeot 206 RC", "3"),
        (3, "11", [("MOREL", "Marc"), ("ROUX", "Éva")], "Citroën Saxo VTS", "6"),
    ]
    assert [i for i in sheet.issues if i.level != "info"] == []


def test_a_driver_named_after_a_make_on_a_cells_last_line_stays_a_person():
    # Two-line crews with no car in the cell: `FERRARI Marco` is the co-driver.
    rows = [
        ("1", "4", ["ROSSI Luca", "FERRARI Marco"], "Fiat 124 Abarth", "45:12.3"),
        ("2", "9", ["BIANCHI Aldo", "VERDI Gianni"], "Lancia Fulvia", "45:40.0"),
        ("3", "2", ["NERI Paolo", "ALPINE Jules"], "Alpine A110", "46:01.7"),
    ]
    sheet = parse(_html(rows))
    assert [[p.surname for p in e.crew] for e in sheet.entries] == [
        ["ROSSI", "FERRARI"],
        ["BIANCHI", "VERDI"],
        ["NERI", "ALPINE"],
    ]
    assert [e.car for e in sheet.entries] == ["Fiat 124 Abarth", "Lancia Fulvia", "Alpine A110"]


def test_a_co_driver_named_after_a_make_in_a_column_of_cars_on_last_lines_stays_a_person():
    rows = [
        ("1", "4", ["ROSSI Luca", "BIANCHI Anna", "Fiat 124 Abarth"], "45:12.3"),
        ("2", "9", ["ROUX Jean", "FERRARI Marco"], "45:40.0"),
        ("3", "2", ["NERI Paolo", "VERDI Gianni", "Lancia Fulvia HF"], "46:01.7"),
        ("4", "7", ["COSTA Luigi", "MARINO Sara", "Alfa Romeo Giulia"], "46:20.2"),
    ]
    body = "".join(
        "<tr>" + "".join(f"<td>{'<br>'.join(c) if isinstance(c, list) else c}</td>" for c in r)
        for r in rows
    )
    head = "<tr><th>Pos</th><th>N°</th><th>Pilote / Copilote / Voiture</th><th>Temps</th></tr>"
    sheet = parse(f"<html><body><table>{head}{body}</table></body></html>".encode())
    got = [([p.surname for p in e.crew], e.car) for e in sheet.entries]
    assert got == [
        (["ROSSI", "BIANCHI"], "Fiat 124 Abarth"),
        (["ROUX", "FERRARI"], None),
        (["NERI", "VERDI"], "Lancia Fulvia HF"),
        (["COSTA", "MARINO"], "Alfa Romeo Giulia"),
    ]
