"""A kart race's sheet: `Kart` heads the chassis make (its content says so, not a number),
`Cat.` each driver's category, which is the class where nothing else is, and a column of
noughts and ones (`DT`: a drive-through served) is a flag, never the class."""

from __future__ import annotations

from results.parsing import parse

SHEET = """\
Pos,No,Driver,Cat.,Kart,Laps,Total Time,Gap,Best Lap,DT
1,12,Tom JANSSENS,X30 Senior,Tony Kart,18,14:22.481,,47.512,0
2,7,Lucas PEETERS,X30 Senior,Birel ART,18,14:23.102,0.621,47.601,0
3,21,Milan DE SMET,X30 Junior,Kosmic,18,14:25.880,3.399,47.790,1
4,5,Arne WOUTERS,X30 Senior,Tony Kart,18,14:27.004,4.523,47.702,0
5,33,Jens MAES,X30 Junior,CRG,18,14:29.950,7.469,47.955,0
6,9,Robbe CLAES,X30 Senior,Praga,18,14:31.300,8.819,48.010,1
7,14,Wout MERTENS,X30 Junior,Kosmic,17,14:25.118,1 Lap,48.330,0
8,2,Sander WILLEMS,X30 Senior,Birel ART,17,14:30.771,1 Lap,48.441,0
"""

NUMBERED = """\
Pos,Kart,Driver,Laps,Time
1,12,Tom JANSSENS,18,14:22.481
2,7,Lucas PEETERS,18,14:23.102
3,21,Milan DE SMET,18,14:25.880
"""


def test_the_make_the_category_as_class_and_the_flag_ignored():
    sheet = parse(SHEET.encode())
    entries = sheet.entries
    assert [e.car for e in entries] == [
        "Tony Kart", "Birel ART", "Kosmic", "Tony Kart", "CRG", "Praga", "Kosmic", "Birel ART",
    ]  # fmt: skip
    assert [e.klass for e in entries] == [
        "X30 Senior", "X30 Senior", "X30 Junior", "X30 Senior",
        "X30 Junior", "X30 Senior", "X30 Junior", "X30 Senior",
    ]  # fmt: skip
    assert [e.position for e in entries] == list(range(1, 9))
    assert [e.number for e in entries] == ["12", "7", "21", "5", "33", "9", "14", "2"]


def test_a_kart_column_of_numbers_is_the_number():
    entries = parse(NUMBERED.encode()).entries
    assert [(e.number, e.car) for e in entries] == [("12", None), ("7", None), ("21", None)]
