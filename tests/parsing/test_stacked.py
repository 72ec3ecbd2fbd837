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


def test_a_time_of_zero_is_no_time_and_the_crew_did_not_start():
    data = (
        b"Rank;Bib;Name;Time;Diff\n"
        b"1;5;HOLT Maren;3:27.0;0:00.0\n"
        b"2;2;LUND Ida;3:37.0;0:10.0\n"
        b"3;9;BERG Siri;0:00.0;\n"
    )
    sheet = parse(data)
    last = sheet.entries[-1]
    assert (last.status, last.position, last.time_ms, last.gap_ms) == ("dns", None, None, None)
    zero = [i for i in sheet.issues if i.code == "time-zero"]
    assert [(i.line, i.level) for i in zero] == [(4, "info")]


def test_a_row_index_beside_the_positions_and_a_stage_key_take_no_role():
    # A spreadsheet export's own row index (0, 1, 2… per stage) and the stage each row is of.
    rows = [";Pos.;Pilote / Co-pilote;#;Temps;Écart;ss"]
    crews = ["OGIER S. / LANDAIS V.", "EVANS E. / MARTIN S.", "NEUVILLE T. / WYDAEGHE M."]
    for stage in ("1", "2", "3", "4"):
        for index, crew in enumerate(crews):
            rows.append(f"{index};{index + 1};{crew};{index + 7};10:2{index}.9;+{index}.5;{stage}")
    sheet = parse("\n".join(rows).encode())
    assert sheet.columns[0] == "ignore" and sheet.columns[-1] == "ignore"
    assert {(e.group, e.klass) for e in sheet.entries} == {(None, None)}
    assert [e.category for e in sheet.entries[::3]] == ["ss 1", "ss 2", "ss 3", "ss 4"]


def test_a_dash_is_an_empty_cell_not_an_unreadable_value():
    data = (
        b"| Rank | No | Driver | Time | |\n"
        b"| 1 | 4 | Gert SIMONSEN | 41.22 | |\n"
        b"| 2 | 7 | Jan PETERSEN | 42.80 | |\n"
        b"| - | 9 | Jens AAGAARD | | DNA |\n"
    )
    sheet = parse(data)
    last = sheet.entries[-1]
    assert (last.position, last.status) == (None, "dns")
    assert not [i for i in sheet.issues if i.code == "value-unreadable"]


def test_a_flag_in_brackets_after_the_number_and_two_gaps_in_one_cell():
    data = (
        "Pos;No;Crew;Time;Difference\n"
        "1.;#17;OGIER Sébastien - LANDAIS Vincent;3:16:09.4;\n"
        "2.;#11;NEUVILLE Thierry - WYDAEGHE Martijn;3:16:36.9;+27.5\u00a0+27.5\n"
        "3.;#9[SR];RETAMA Emiliano - RETAMA Diego;3:17:05.0;+55.6\u00a0+28.1\n"
    ).encode()
    sheet = parse(data)
    assert [e.number for e in sheet.entries] == ["17", "11", "9"]
    assert [e.status for e in sheet.entries] == ["classified", "classified", "rally2"]
    assert [e.gap_ms for e in sheet.entries] == [0, 27_500, 55_600]
    assert not [i for i in sheet.issues if i.level == "warning"]


def test_crews_with_fewer_laps_than_the_leader_have_no_gap_to_him():
    data = (
        b"Pos;No;Name;Laps;Time\n"
        b"1;5;HOLT Maren;12;1:02:10.0\n"
        b"2;2;LUND Ida;12;1:03:00.0\n"
        b"3;9;BERG Siri;11;1:01:30.0\n"
    )
    sheet = parse(data)
    assert [e.gap_ms for e in sheet.entries] == [0, 50_000, None]
    assert [e.time_ms for e in sheet.entries] == [3_730_000, 3_780_000, 3_690_000]
    assert not [i for i in sheet.issues if i.code == "time-decreasing"]
