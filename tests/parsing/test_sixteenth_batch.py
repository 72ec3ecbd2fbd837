"""Traits of a sixteenth batch of sheets: a column of an aligned printout whose cells hold a
semicolon on every row (a list of transponders)."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

TRANSPONDERS = """\
Pl   Nr   Navn                Klubb            Transpondere         Klasse    Tid
1    28   Anders Røkenes      Harstad CK       3925328;4410021      MMaster   2:54.1
2    39   Stian Storeng       Harstad CK       3925411;4410188      MMaster   3:12.5
3    25   William Salminen    Narvik CK        3926002;             MMaster   3:25.2
4    42   Sindre Lillehaug    Lofoten SK       3925990;4410307      MMaster   3:27.6
5    33   Bjørn Larsen        Harstad CK       3925100;4410009      MMaster   3:31.0
"""


def test_a_semicolon_inside_a_column_of_aligned_text_is_no_delimiter():
    sheet = parse(TRANSPONDERS.encode())
    assert sheet.format == "fixed"
    assert [
        (e.position, e.number, [m.surname.upper() for m in e.crew], e.club, e.klass, e.time_ms)
        for e in sheet.entries
    ] == [
        (1, "28", ["RØKENES"], "Harstad CK", "MMaster", 174_100),
        (2, "39", ["STORENG"], "Harstad CK", "MMaster", 192_500),
        (3, "25", ["SALMINEN"], "Narvik CK", "MMaster", 205_200),
        (4, "42", ["LILLEHAUG"], "Lofoten SK", "MMaster", 207_600),
        (5, "33", ["LARSEN"], "Harstad CK", "MMaster", 211_000),
    ]
    assert not warnings(sheet)
