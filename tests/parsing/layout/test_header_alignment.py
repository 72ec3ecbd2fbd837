"""A header with fewer headings than its rows have cells: each heading stays over its own
column unless the content pays for moving it; a known heading over words it does not name."""

from __future__ import annotations

from results.parsing import parse

# An export that writes a value its header does not name (a passing time after `Status`) and
# two more after its last heading.
_EXPORT = """\
Bib,Firstname,Surname,Club,ClassName,Status,TimeFormatted,RankClass
7,Lena,Vogt,CK Nord,Masters,TIME,2019-05-04T10:01:02,4:01.2,1,x,0
3,Mia,Roth,,Masters,TIME,2019-05-04T10:03:11,4:05.9,2,x,0
9,Ida,Kranz,CK Nord,Masters,TIME,2019-05-04T10:02:40,4:12.4,3,x,0
5,Eva,Lutz,Sykkel Sør,Masters,TIME,2019-05-04T10:04:05,4:20.0,4,x,0
12,Anna,Berg,Sykkel Sør,Masters,TIME,2019-05-04T10:05:30,4:26.3,5,x,0
4,Sara,Holm,,Masters,TIME,2019-05-04T10:06:12,4:31.8,6,x,0
8,Nora,Moe,CK Nord,Masters,TIME,2019-05-04T10:07:45,4:40.1,7,x,0
11,Ella,Dahl,Team Vest,Masters,TIME,2019-05-04T10:08:20,4:52.6,8,x,0
"""


def test_headings_stay_over_their_columns_up_to_a_value_the_header_does_not_name():
    sheet = parse(_EXPORT.encode())
    assert [(e.number, e.crew[0].surname, e.club, e.klass) for e in sheet.entries][:4] == [
        ("7", "VOGT", "CK Nord", "Masters"),
        ("3", "ROTH", None, "Masters"),
        ("9", "KRANZ", "CK Nord", "Masters"),
        ("5", "LUTZ", "Sykkel Sør", "Masters"),
    ]
    # … and past it, the headings move one column on, where their content is.
    assert [(e.time_ms, e.class_position) for e in sheet.entries][:4] == [
        (241200, 1),
        (245900, 2),
        (252400, 3),
        (260000, 4),
    ]


def test_a_status_column_of_words_podium_does_not_know_is_no_group():
    sheet = parse(_EXPORT.encode())
    assert {e.group for e in sheet.entries} == {None}
    assert {e.status for e in sheet.entries} == {"classified"}


_COPIES = """\
Pos,Bib,Name,Nation,IOC Code,Time
1,21,HAUG Emil,NO,NOR,4:01.2
2,24,LUND Axel,SE,SWE,4:07.9
3,22,BERG Ola,NO,NOR,4:12.4
4,27,FORS Nils,SE,SWE,4:15.0
"""


def test_a_second_column_headed_as_a_field_another_column_has_is_a_copy_not_a_group():
    # Both columns are nationalities; the countries' own codes (`NOR`) are read as the
    # nationality, and the other column is no group.
    sheet = parse(_COPIES.encode())
    assert [(e.nationality, e.group, e.klass) for e in sheet.entries] == [
        ("NOR", None, None),
        ("SWE", None, None),
        ("NOR", None, None),
        ("SWE", None, None),
    ]


def test_door_numbers_under_a_heading_another_column_has_are_still_the_numbers():
    sheet = parse(
        b"Pos,Car,Driver,Vehicle,Time\n1,117,CHENG Enzo,Ferrari 488,31:45.7\n"
        b"2,7,POLLICINA Jim,Ferrari 458,31:46.3\n3,23,CAMPBELL Sam,Ferrari 488,31:54.3\n"
    )
    assert [(e.number, e.car) for e in sheet.entries] == [
        ("117", "Ferrari 488"),
        ("7", "Ferrari 458"),
        ("23", "Ferrari 488"),
    ]
