"""A table ranked on points, its total the sum of its runs, where some crews have a status
in a run (`NG`: not started, `DISK`: disqualified) and no place: the total is still the
points the table is ranked on, and those crews keep the status their runs say."""

from __future__ import annotations

from results.parsing import parse

SHEET = """\
Autocross Staphorst 2026 - Klasse Standaard
Pos;Nr;Naam;Woonplaats;Auto;Manche 1;Manche 2;Manche 3;Totaal
1;14;Dirk van Dijk;Staphorst;Opel Kadett;20;20;17;57
2;5;Wim Jansen;Meppel;VW Golf;17;15;20;52
3;8;Gerrit Mulder;Zwolle;Ford Escort;15;17;15;47
4;11;Klaas Visser;Dalfsen;BMW 318;13;13;13;39
5;2;Henk Bakker;Hoogeveen;Opel Astra;11;11;15;37
6;20;Piet Smit;Nijverdal;Honda Civic;10;9;11;30
7;17;Bert Kok;Ommen;Toyota Starlet;9;10;10;29
8;23;Harm Prins;Hardenberg;Fiat Uno;8;8;9;25
9;26;Jos Vos;Kampen;Renault Clio;0;11;8;19
10;29;Jan Meijer;Raalte;Mazda 323;0;0;13;13
;18;Anton Hendriks;Nijeveen;Peugeot 205;NG;NG;NG;0
;9;Roel Dekker;Ommen;Seat Ibiza;DISK;11;9;0
"""


def test_the_total_is_the_points_and_run_statuses_stay():
    sheet = parse(SHEET.encode())
    assert sheet.columns[-1] == "points"
    entries = sheet.entries
    assert [e.points for e in entries] == [57, 52, 47, 39, 37, 30, 29, 25, 19, 13, 0, 0]
    assert [(e.position, e.number, e.status) for e in entries] == [
        *[(place, number, "classified") for place, number in enumerate(
            ["14", "5", "8", "11", "2", "20", "17", "23", "26", "29"], 1)],
        (None, "18", "nc"),
        (None, "9", "dsq"),
    ]  # fmt: skip
    assert not [i for i in sheet.issues if i.level == "warning"]
