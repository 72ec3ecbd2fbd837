"""A sheet's legend of its marks: a German hill climb writes `n.a.` where a driver who did not
start would have a total, and says under the table what it means. The mark is read as the
legend says, with an info line; without the legend, it stays a value Podium cannot read."""

from __future__ import annotations

from results.parsing import parse
from results.parsing.grid import Row
from results.parsing.legend import legend_marks
from tests.parsing.made import warnings

TABLE = """Bergrennen Schönbergleiten - Gruppe G - Klasse 3
Pl.   Nr.  Fahrer                  Fahrzeug            1. Lauf   2. Lauf   Gesamt
1.      4  Josef Hubmann           Citroën Saxo VTS    1:47,81   1:47,06   3:34,87
2.      6  Sabine Ebertshäuser     VW Polo GTI         1:47,57   1:47,99   3:35,56
        3  Patrick Voglsang        VW Polo GTI               -         -   n.a.
"""
LEGEND = "ausgef. = ausgefallen, n.a. = nicht angetreten, disq. = disqualifiziert.\n"


def test_a_mark_is_read_as_the_sheets_legend_says() -> None:
    sheet = parse((TABLE + "\n" + LEGEND).encode(), filename="ergebnis.txt")
    got = [(e.position, e.number, e.time_ms, e.status) for e in sheet.entries]
    assert got == [(1, "4", 214_870, "classified"), (2, "6", 215_560, "classified"),
                   (None, "3", None, "dns")]  # fmt: skip
    said = [i for i in sheet.issues if i.code == "legend-mark"]
    assert [(i.line, i.level) for i in said] == [(5, "info")]
    assert "'n.a.' read as 'nicht angetreten'" in said[0].message
    assert warnings(sheet) == []


def test_without_its_legend_the_mark_is_a_doubt() -> None:
    sheet = parse(TABLE.encode(), filename="ergebnis.txt")
    assert "legend-mark" not in {i.code for i in sheet.issues}
    assert (5, "value-unreadable") in warnings(sheet)


def test_only_marks_no_list_knows_and_meanings_that_are_statuses() -> None:
    rows = [
        Row(1, ("Ab. = abandon, N.P. = non partant, * = meilleur temps de la montée",)),
        Row(2, ("F.T.M. = fuori tempo massimo ; Rt. = ritirato ; Excl. = exclu",)),
        Row(3, ("Temps = temps des ES + pénalités",)),
    ]
    assert legend_marks(rows) == {"rt.": ("ritirato", "retired")}


def test_a_code_the_columns_hold_too_is_no_mark() -> None:
    # `A = abandon` and `N = non classé`, where the groups are A and N: codes, not marks.
    sheet = """Pos;N°;Pilote;Gr;Cl;Temps
1;12;DUPONT Jean;A;7;12:34,5
2;7;DURAND Paul;N;3;12:40,1
;21;NOIR Eric;A;6;Abandon

Légende : A = abandon, N = non classé, E = exclu
"""
    parsed = parse(sheet.encode(), filename="classement.csv")
    got = [(e.number, e.group, e.klass, e.status) for e in parsed.entries]
    assert got == [("12", "A", "7", "classified"), ("7", "N", "3", "classified"),
                   ("21", "A", "6", "retired")]  # fmt: skip
    assert "legend-mark" not in {i.code for i in parsed.issues}
