"""A hill climb's two-line records: the team under the driver, and under the group and class
columns the crew's places in them (`P.Gr`, `P.Cl` on the header's second line). The place in
the group is a column of its own, ignored, never joined to the group."""

from __future__ import annotations

from results.parsing import parse

SHEET = """\
29a CRONOSCALATA DEL MONTE ERICE
CLASSIFICA ASSOLUTA

Pos  N.  Conduttore               Vettura              Gr.   Cl.    Gara 1     Gara 2     Totale     Distacco
         Scuderia                                      P.Gr  P.Cl
  1    3 COLOMBO Simone           Fiat 500 Abarth      E2SC  1600     1'41.46    1'40.43    3'21.89
         Scuderia Etna                                   1    1
  2    6 ESPOSITO Paolo           Fiat 500 Abarth      E2SC  2000     1'52.42    1'51.14    3'43.56   +0'21.67
         Scuderia Etna                                   2    1
  3    9 RICCI Davide             Fiat 500 Abarth      N     1600     1'59.00    1'58.67    3'57.67   +0'35.78
         Team Palladio                                   1    1
  4   12 ROSSI Marco              Renault Clio RS      N     1600     1'58.52    1'59.38    3'57.90   +0'36.01
         Nuova Rally Team                                2    2
  5   15 RUSSO Luca               Fiat 500 Abarth      E2SC  1600     2'04.05    2'03.02    4'07.07   +0'45.18
         Scuderia Valdelsa                               3    2
  6   18 BIANCHI Giuseppe         Fiat 500 Abarth      N     1600     2'04.38    2'04.40    4'08.78   +0'46.89
         Team Palladio                                   3    3
  7   21 ROMANO Franco            Osella PA 2000       A     2000     2'05.52    2'03.59    4'09.11   +0'47.22
         Scuderia Etna                                   1    1
  8   24 FERRARI Andrea           Osella PA 2000       E2SC  1600     2'05.79    2'06.93    4'12.72   +0'50.83
         Scuderia Valdelsa                               4    3
"""  # noqa: E501

# What a person reads: place, number, driver, car, group, class, total, gap, team, class place.
EXPECTED = [
    (1, "3", "COLOMBO", "Fiat 500 Abarth", "E2SC", "1600", 201890, 0, "Scuderia Etna", 1),
    (2, "6", "ESPOSITO", "Fiat 500 Abarth", "E2SC", "2000", 223560, 21670, "Scuderia Etna", 1),
    (3, "9", "RICCI", "Fiat 500 Abarth", "N", "1600", 237670, 35780, "Team Palladio", 1),
    (4, "12", "ROSSI", "Renault Clio RS", "N", "1600", 237900, 36010, "Nuova Rally Team", 2),
    (5, "15", "RUSSO", "Fiat 500 Abarth", "E2SC", "1600", 247070, 45180, "Scuderia Valdelsa", 2),
    (6, "18", "BIANCHI", "Fiat 500 Abarth", "N", "1600", 248780, 46890, "Team Palladio", 3),
    (7, "21", "ROMANO", "Osella PA 2000", "A", "2000", 249110, 47220, "Scuderia Etna", 1),
    (8, "24", "FERRARI", "Osella PA 2000", "E2SC", "1600", 252720, 50830, "Scuderia Valdelsa", 3),
]


def test_the_place_in_the_group_stays_out_of_the_group():
    sheet = parse(SHEET.encode())
    assert [
        (e.position, e.number, e.crew[0].surname, e.car, e.group, e.klass, e.time_ms, e.gap_ms,
         e.club, e.class_position)
        for e in sheet.entries
    ] == EXPECTED  # fmt: skip
    assert [len(e.crew) for e in sheet.entries] == [1] * 8
    assert not [i for i in sheet.issues if i.level == "warning"]
