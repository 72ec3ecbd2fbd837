"""Which tables of a container hold results: small sheets of our own, each with a trait a real
file taught (a layout table around the results, `<pre>` blocks in a page, a working copy of a
workbook's results, a sheet of numbers and times beside the crews, notes below a table)."""

from __future__ import annotations

import datetime as dt
import io

import openpyxl

from results.parsing import parse
from results.parsing.readers import read


def _skipped(sheet) -> list[str]:
    return [i.message for i in sheet.issues if i.code == "table-skipped"]


def test_a_layout_table_around_the_results_table_is_skipped_and_the_inner_one_read():
    page = """<html><body><table width="100%"><tr><td>
<a href="/">Timing 4.5</a><br>* laps and penalties counted
<table>
<tr><th>Rang</th><th>Startnr</th><th>Fahrer</th><th>Runden</th><th>Gesamtzeit</th></tr>
<tr><td>1</td><td>11</td><td>SCHARL Robert</td>
<td>17: 07:10.9<div style="display:none">16: 07:05.9</div></td><td>02:04:23.382</td></tr>
<tr><td>2</td><td>36</td><td>MAIER Ulli</td>
<td>17: 07:21.5<div style="display:none">16: 07:13.4</div></td><td>02:07:58.864</td></tr>
</table></td></tr></table></body></html>"""
    sheet = parse(page.encode())
    assert _skipped(sheet) == [
        "a layout table skipped: its cells hold the tables and blocks read instead"
    ]
    assert [(e.position, e.number, e.time_ms) for e in sheet.entries] == [
        (1, "11", 7463382),
        (2, "36", 7678864),
    ]
    # What the page hides is not what it shows: the hidden laps are not read.
    grid = read(page.encode())
    assert grid.rows[1].cells[3] == "17: 07:10.9"


def test_pre_blocks_inside_a_layout_table_are_read_as_aligned_text_and_notes_dropped():
    page = """<HTML><BODY><TABLE>
<TR><TD><H4>Club Trophy - Race 1<BR>CLASSIFICATION</H4></TD></TR>
<TR><TD><PRE>Event R1        30 Mins
FINAL</PRE></TD><TD><PRE>Page 1    Issue 1</PRE></TD></TR>
<TR><TD COLSPAN=2><PRE><B>Pos Car  Driver                 Team              Laps     Race.Time</B>

1   117  CHENG Enzo             Ferrari Sydney      15    31:45.7760
2     7  POLLICINA Jim          Ferrari Sydney      15    31:46.3120
3    23  CAMPBELL Cameron       Ferrari Richmond    15    31:54.3310

PENALTY APPLIED
Competitor#212 15 Seconds Penalty
Fastest Lap Av.Speed Is 155kph, Race Av.Speed Is 111kph
</PRE></TD></TR></TABLE></BODY></HTML>"""
    sheet = parse(page.encode())
    assert [(e.line, e.position, e.number, e.crew[0].surname) for e in sheet.entries] == [
        (7, 1, "117", "CHENG"),
        (8, 2, "7", "POLLICINA"),
        (9, 3, "23", "CAMPBELL"),
    ]
    notes = [i.line for i in sheet.issues if i.message.startswith("a note, not a result")]
    assert notes == [11, 12, 13]
    assert sheet.tables[0].title == "Club Trophy - Race 1 CLASSIFICATION"


def test_a_form_is_no_results_table():
    page = """<table><tr><td>Pilote</td><td><input name="q"></td></tr>
<tr><td>Classement</td><td><select><option>Scratch</option></select></td></tr></table>
<table><tr><th>Cl.</th><th>Pilote</th><th>Temps</th></tr>
<tr><td>1</td><td>MARTIN Jean</td><td>5:14,4</td></tr>
<tr><td>2</td><td>DUBOIS Luc</td><td>5:19,6</td></tr></table>"""
    sheet = parse(page.encode())
    assert _skipped(sheet) == ["a table skipped: a form: it asks for input"]
    assert [e.crew[0].surname for e in sheet.entries] == ["MARTIN", "DUBOIS"]


def _workbook(*sheets: tuple[str, list[list]]) -> bytes:
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for title, rows in sheets:
        sheet = workbook.create_sheet(title)
        for row in rows:
            sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


HEADER = ["Pos", "N°", "Pilote", "Voiture", "Temps"]
RESULTS = [
    [1, 21, "MARTIN Jean", "Peugeot 208", dt.time(0, 21, 59)],
    [2, 19, "DUBOIS Luc", "Renault Clio", dt.time(0, 22, 10)],
    [3, 25, "PETIT Marc", "Citroën Saxo", dt.time(0, 23, 2)],
]


def test_an_earlier_sheet_with_the_same_crews_is_a_working_copy():
    working = [[None, r[1], r[2], r[3], r[4]] for r in sorted(RESULTS, key=lambda r: r[1])]
    data = _workbook(("Travail", [HEADER, *working]), ("Résultats", [HEADER, *RESULTS]))
    sheet = parse(data)
    assert [e.number for e in sheet.entries] == ["21", "19", "25"]
    assert _skipped(sheet) == [
        "sheet 'Travail' skipped: its crews have no positions: a working or entry list"
    ]


def test_a_sheet_of_numbers_and_times_beside_the_crews_is_skipped():
    times = [["No", "Time"], [21, "21:59.0"], [19, "22:10.0"], [25, "23:02.0"]]
    data = _workbook(("SS1", times), ("Classement", [HEADER, *RESULTS]))
    sheet = parse(data)
    assert _skipped(sheet) == [
        "sheet 'SS1' skipped: no column names the crews, as the results tables' do"
    ]
    assert sheet.tables[0].title == "Classement" and len(sheet.entries) == 3


def test_the_readable_account_lists_each_tables_columns():
    from results.parsing.report import format_sheet

    data = _workbook(("A", [HEADER, *RESULTS]), ("B", [["Pilote", "Pos"], ["DURAND Luc", 1]]))
    text = format_sheet(parse(data))
    assert "  table 0 (A): 1=position, 2=number, 3=driver, 4=car, 5=time" in text
    assert "  table 1 (B): 1=driver, 2=position" in text


def test_stage_sheets_with_the_same_crews_and_other_times_all_stay():
    stage_1 = [HEADER, *RESULTS]
    stage_2 = [HEADER, *[[r[0], r[1], r[2], r[3], dt.time(0, 20, r[1])] for r in RESULTS]]
    sheet = parse(_workbook(("ES1", stage_1), ("ES2", stage_2)))
    assert _skipped(sheet) == []
    assert [t.title for t in sheet.tables] == ["ES1", "ES2"]
    assert [e.category for e in sheet.entries] == ["ES1"] * 3 + ["ES2"] * 3


def test_a_ranked_sheet_whose_crews_were_not_found_stays_beside_the_others():
    # Positions 1..n and times: results, even where no column could be read as the crews.
    ranked = [["Pos", "No", "Zorglub", "Time"]] + [
        [pos, 30 + pos, f"{pos * 7}.{pos}", f"2{pos}:00.0"] for pos in range(1, 5)
    ]
    sheet = parse(_workbook(("Classement", [HEADER, *RESULTS]), ("Autre", ranked)))
    assert _skipped(sheet) == []
    assert [t.title for t in sheet.tables] == ["Classement", "Autre"]
    assert [e.number for e in sheet.entries][3:] == ["31", "32", "33", "34"]
    assert any(i.code == "crew-missing" for i in sheet.issues)
