"""Traits of a sixteenth batch of sheets: a column of an aligned printout whose cells hold a
semicolon on every row (a list of transponders); pages of a printout without header, each laid out
to fit its own names."""

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


def _page(rows: list[tuple[str, ...]], footer: str) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["Rallye des Coteaux 2026 - Classement scratch", ""]
    for row in rows:
        cells = [c.rjust(widths[i]) if i < 2 else c.ljust(widths[i]) for i, c in enumerate(row)]
        lines.append("   ".join(cells).rstrip())
    return "\n".join([*lines, "", footer]) + "\n"


# A printout without a header, each page laid out to fit its own names and cars.
PAGES_LAID_APART = (
    _page(
        [
            ("1", "12", "MARTIN Paul", "Peugeot 208", "A6", "12:01.4"),
            ("2", "7", "DURAND Luc", "Clio RS", "N3", "12:09.8"),
            ("3", "31", "PETIT Marc", "Saxo VTS", "A6", "12:30.2"),
        ],
        "Page 1/2",
    )
    + "\f"
    + _page(
        [
            ("4", "5", "BERNARDINI-ROCCA Jean-Baptiste", "Citroën C2 Max", "A6", "12:44.0"),
            ("5", "22", "LEFEBVRE Anne", "Peugeot 106 S16", "F2", "12:51.7"),
            ("6", "18", "GARNIER Yves", "Honda Civic Type R", "N2", "13:02.9"),
        ],
        "Page 2/2",
    )
)


def test_pages_of_a_printout_without_header_are_each_laid_out_on_their_own():
    sheet = parse(PAGES_LAID_APART.encode())
    assert [(e.position, e.number, e.car, e.time_ms) for e in sheet.entries] == [
        (1, "12", "Peugeot 208", 721_400),
        (2, "7", "Clio RS", 729_800),
        (3, "31", "Saxo VTS", 750_200),
        (4, "5", "Citroën C2 Max", 764_000),
        (5, "22", "Peugeot 106 S16", 771_700),
        (6, "18", "Honda Civic Type R", 782_900),
    ]
    assert [m.surname for e in sheet.entries for m in e.crew] == [
        "MARTIN", "DURAND", "PETIT", "BERNARDINI-ROCCA", "LEFEBVRE", "GARNIER",
    ]  # fmt: skip
    assert not warnings(sheet)
