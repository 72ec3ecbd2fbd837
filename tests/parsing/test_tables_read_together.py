"""Columns understood together, across the tables of a sheet and across the columns of a row:
small sheets of our own, each with a trait real files taught (a category written on every row,
a title and the header again for every class, a class nobody is ranked in)."""

from __future__ import annotations

from results.parsing import parse
from results.parsing.model import Hints


def _sheet(text: str):
    return parse(text.encode())


_BY_CATEGORY = """\
Rank;Bib;Name;Category;Class;Time
1;7;BERGER Anna;Ladies;3;10:04.5
2;9;KOCH Lea;Ladies;3;10:31.0
1;3;LANG Otto;Masters;5;09:12.2
2;5;FUCHS Emil;Masters;5;09:40.7
"""


def test_a_category_written_on_every_row_is_the_class_where_no_column_names_one():
    classless = "\n".join(
        ";".join(c for k, c in enumerate(line.split(";")) if k != 4)
        for line in _BY_CATEGORY.splitlines()
    )
    sheet = _sheet(classless)
    assert [(e.category, e.group, e.klass, e.position) for e in sheet.entries] == [
        ("Ladies", None, "Ladies", 1),
        ("Ladies", None, "Ladies", 2),
        ("Masters", None, "Masters", 1),
        ("Masters", None, "Masters", 2),
    ]


def test_a_category_beside_a_class_column_stays_the_category_only():
    sheet = _sheet(_BY_CATEGORY)
    assert [e.klass for e in sheet.entries] == ["3", "3", "5", "5"]


# Every class under its title and the header again; the second class has two crews only,
# whose short upper-case club would read as a group code if its columns were judged alone.
_TITLED = """\
Juniors
Pos\tNo\tDriver\tTeam\tTime
1\t21\tERNST Lukas\tRacing Team Nord\t5:01.2
2\t24\tHAHN Jonas\tSpeedworks\t5:07.9
3\t22\tSEIDEL Tom\tRacing Team Nord\t5:12.4

Ladies
Pos\tNo\tDriver\tTeam\tTime
1\t31\tPETERS Mia\tMSC\t5:44.0
2\t33\tKRAUSE Ella\tADAC\t5:58.1
"""


def test_tables_under_the_same_headings_are_read_with_one_reading_of_their_columns():
    sheet = _sheet(_TITLED)
    assert [(e.category, e.position, e.team, e.group) for e in sheet.entries] == [
        ("Juniors", 1, "Racing Team Nord", None),
        ("Juniors", 2, "Speedworks", None),
        ("Juniors", 3, "Racing Team Nord", None),
        ("Ladies", 1, "MSC", None),
        ("Ladies", 2, "ADAC", None),
    ]
    # Each class stays a table of its own, under its own title.
    assert [t.title for t in sheet.tables] == ["Juniors", "Ladies"]
    assert [e.table for e in sheet.entries] == [0, 0, 0, 1, 1]


def test_a_hint_on_a_later_table_reads_that_table_on_its_own():
    hints = Hints(tables={1: {3: "club"}})
    sheet = parse(_TITLED.encode(), hints=hints)
    assert [(e.team, e.club) for e in sheet.entries][3:] == [(None, "MSC"), (None, "ADAC")]
    nord = "Racing Team Nord"
    assert [e.team for e in sheet.entries][:3] == [nord, "Speedworks", nord]


_WITH_GUESTS = (
    _TITLED
    + """
\tNo\tDriver\tTeam\tTime
\t51\tVOSS Karl\tSpeedworks\t6:20.0
\t52\tBRAUN Udo\t\t5:59.3
\t53\tKLEIN Rolf\tADAC\t6:41.8
"""
)


def test_a_table_with_no_positions_beside_ranked_tables_is_not_classified():
    sheet = _sheet(_WITH_GUESTS)
    guests = [e for e in sheet.entries if e.number in {"51", "52", "53"}]
    assert [(e.position, e.status, e.time_ms, e.gap_ms) for e in guests] == [
        (None, "nc", 380000, None),
        (None, "nc", 359300, None),
        (None, "nc", 401800, None),
    ]
    said = [i for i in sheet.issues if i.code == "table-unranked"]
    assert len(said) == 1  # one issue for the table, naming its lines
    assert said[0].lines == tuple(e.line for e in guests)
    # The ranked classes above keep their crews classified.
    assert {e.status for e in sheet.entries if e not in guests} == {"classified"}


def test_an_unordered_list_alone_in_its_sheet_stays_classified():
    alone = (
        "No\tDriver\tTime\n51\tVOSS Karl\t6:20.0\n52\tBRAUN Udo\t5:59.3\n53\tKLEIN Rolf\t6:41.8\n"
    )
    sheet = _sheet(alone)
    assert [(e.position, e.status) for e in sheet.entries] == [(None, "classified")] * 3
    assert not [i for i in sheet.issues if i.code == "table-unranked"]


_ONE_CLASS = """\
RankTotal;RankClass;Bib;Name;Class;Time
2;1;14;HOLM Per;M50;3:01.0
5;2;17;DAHL Ole;M50;3:09.4
9;3;11;BERG Nils;M50;3:20.7
"""


def test_a_table_of_one_class_is_ranked_by_its_class_positions():
    sheet = _sheet(_ONE_CLASS)
    assert [(e.position, e.class_position, e.gap_ms) for e in sheet.entries] == [
        (1, 1, 0),
        (2, 2, 8400),
        (3, 3, 19700),
    ]
    assert [i.code for i in sheet.issues if i.code == "position-from-class"] == [
        "position-from-class"
    ]


def test_a_table_of_several_classes_keeps_the_positions_it_gives():
    several = _ONE_CLASS.replace("9;3;11;BERG Nils;M50", "9;1;11;BERG Nils;M55")
    sheet = _sheet(several)
    assert [e.position for e in sheet.entries] == [2, 5, 9]
