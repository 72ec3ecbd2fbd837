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


FASTEST_BESIDE = """\
Pos;Nr;Naam;Auto;Manche 1;Manche 2;Manche 3;Totaal;Snelste tijd
1;11;Henk Bakker;Opel Kadett;20;17;17;54;1:00.995
2;12;Gerrit Mulder;Opel Kadett;20;13;20;53;0:58.704
3;13;Jan Meijer;Opel Kadett;17;13;20;50;1:02.727
4;14;Piet Smit;Opel Kadett;17;9;20;46;1:04.773
5;15;Dirk van Dijk;Opel Kadett;17;11;15;43;0:58.844
6;16;Kees Bos;Opel Kadett;9;20;13;42;0:58.381
"""


def test_a_table_ranked_on_points_derives_no_gaps_from_its_fastest_runs():
    sheet = parse(FASTEST_BESIDE.encode())
    entries = sheet.entries
    assert [(e.position, e.points, e.gap_ms) for e in entries] == [
        (1, 54, None), (2, 53, None), (3, 50, None), (4, 46, None), (5, 43, None), (6, 42, None),
    ]  # fmt: skip
    assert [e.time_ms for e in entries][:2] == [60_995, 58_704]
    codes = [i.code for i in sheet.issues]
    assert "ranked-on-points" in codes and "time-decreasing" not in codes
