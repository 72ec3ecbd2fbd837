"""Sheets without a header, in no order: which time is the total, who are the people."""

from __future__ import annotations

from results.parsing import parse

# No header, a leading empty column, names first-name first, a club that repeats, three run
# times then the total; listed by door number, not by time.
ROWS = [
    (";1;Ella ANKER;Baerum OCK;K10-12;9:29.87;11:38.95;5:28.70;26:37.52", 1_597_520),
    (";13;Jakob STEIRA;CK Nittedal;M10-12;5:30.18;6:07.89;3:06.65;14:44.72", 884_720),
    (";12;Thomas WIEL;CK Nittedal;M10-12;4:18.15;4:36.44;2:26.68;11:21.27", 681_270),
    (";8;Leo FISCHER;CK Nittedal;M10-12;5:55.78;6:43.94;3:25.53;16:05.25", 965_250),
    (";17;Ola NORD;SK Eidsvoll;M10-12;6:29.65;6:02.11;3:30.00;16:01.76", 961_760),
    (";7;Emil BERG;CK Nittedal;M10-12;5:03.95;5:40.00;3:00.00;13:43.95", 823_950),
]


def sheet():
    return parse("\n".join(r for r, _ in ROWS).encode())


def test_the_time_at_least_as_long_as_every_other_is_the_total():
    assert [e.time_ms for e in sheet().entries] == [t for _, t in ROWS]


def test_a_list_in_no_order_of_time_gets_no_positions_and_gaps_from_the_best_time():
    read = sheet()
    best = min(t for _, t in ROWS)
    assert [e.position for e in read.entries] == [None] * len(ROWS)
    assert [e.gap_ms for e in read.entries] == [t - best for _, t in ROWS]
    assert any(i.code == "positions-absent" for i in read.issues)
    assert not [i for i in read.issues if i.code == "time-decreasing"]


def test_the_names_are_the_crew_and_the_repeating_club_is_not():
    read = sheet()
    assert [e.crew[0].surname for e in read.entries] == [
        "ANKER",
        "STEIRA",
        "WIEL",
        "FISCHER",
        "NORD",
        "BERG",
    ]


def test_a_headerless_column_of_age_categories_is_the_class():
    # A motocross result pasted without its header: `Senior`, `Junior`, `Vétéran` repeat down
    # a column of their own, words no name is made of.
    rows = [
        ("1", "14", "MARTIN Luc", "Senior", "Yamaha YZ 250", "18:21.4"),
        ("2", "7", "PETIT Hugo", "Senior", "KTM 250 SX", "18:40.0"),
        ("3", "22", "ROUX Léo", "Junior", "Honda CRF 250", "18:55.3"),
        ("4", "3", "BLANC Tom", "Senior", "Kawasaki KX 250", "19:02.7"),
        ("5", "31", "NOEL Enzo", "Junior", "Yamaha YZ 125", "19:10.2"),
        ("6", "9", "GIRARD Lou", "Vétéran", "Husqvarna TC 250", "19:30.9"),
        ("7", "18", "FAURE Noa", "Junior", "KTM 125 SX", "19:41.5"),
        ("8", "11", "DAVID Jules", "Vétéran", "Suzuki RM-Z 250", "20:02.2"),
    ]
    sheet = parse("\n".join(";".join(row) for row in rows).encode())
    assert [e.klass for e in sheet.entries] == [row[3] for row in rows]
    assert [e.car for e in sheet.entries] == [row[4] for row in rows]
    assert [i for i in sheet.issues if i.level != "info"] == []
