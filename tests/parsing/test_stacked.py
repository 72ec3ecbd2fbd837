"""Tables stacked under one header: positions starting again at 1 start a new table."""

from __future__ import annotations

from results.parsing import parse

RIDERS = [("5", "HOLT Maren"), ("2", "LUND Ida"), ("9", "BERG Siri")]


def stacked_sheet() -> bytes:
    rows = ["Pos;No;Name;Stage;Time;Gap"]
    times = {"1": ["3:27.0", "3:37.0", "3:41.5"], "2": ["2:10.0", "2:12.5", "2:20.0"]}
    for stage, stage_times in times.items():
        ridden = zip(RIDERS, stage_times, strict=True)
        for pos, ((number, name), time) in enumerate(ridden, start=1):
            rows.append(f"{pos};{number};{name};{stage};{time};")
    return "\n".join(rows).encode()


def test_each_stacked_table_has_its_own_leader_and_gaps():
    sheet = parse(stacked_sheet())
    assert [e.position for e in sheet.entries] == [1, 2, 3, 1, 2, 3]
    assert [e.gap_ms for e in sheet.entries] == [0, 10_000, 14_500, 0, 2_500, 10_000]
    assert not [i for i in sheet.issues if i.level == "warning"]


def test_the_column_that_changes_between_stacked_tables_names_them():
    sheet = parse(stacked_sheet())
    assert [e.category for e in sheet.entries] == ["Stage 1"] * 3 + ["Stage 2"] * 3
    said = [i for i in sheet.issues if i.code == "tables-stacked"]
    assert len(said) == 1 and said[0].line == 2
    assert "2 tables" in said[0].message


def test_two_columns_that_change_together_name_the_table_together():
    rows = ["Rank;Bib;Name;Race;Class;Time"]
    for race in ("FE1", "FE2"):
        for klass in ("K Senior", "M Senior"):
            for pos, (number, name) in enumerate(RIDERS, start=1):
                rows.append(f"{pos};{number};{name};{race};{klass};3:2{pos}.0")
    sheet = parse("\n".join(rows).encode())
    assert [e.category for e in sheet.entries[::3]] == [
        "FE1 / K Senior",
        "FE1 / M Senior",
        "FE2 / K Senior",
        "FE2 / M Senior",
    ]


def test_tied_leaders_do_not_start_a_new_table():
    data = b"Pos;No;Name;Time\n1;5;HOLT Maren;3:27.0\n1;2;LUND Ida;3:27.0\n3;9;BERG Siri;3:41.5\n"
    sheet = parse(data)
    assert [e.position for e in sheet.entries] == [1, 1, 3]
    assert {e.category for e in sheet.entries} == {None}
    assert not [i for i in sheet.issues if i.code == "tables-stacked"]
