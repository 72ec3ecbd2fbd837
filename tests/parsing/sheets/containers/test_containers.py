"""Containers with several tables: workbooks, a page, delimited text, a PDF.

The fixtures and their expected JSON were written from the traits of issue 14, without reading
the parser (see README.md beside them). Each entry is checked field by field against them;
where the parser reads a field differently on purpose, or does not read it yet, the test says
so in `DIFFERENCES`, so that a change in either direction shows.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from results.parsing import parse
from results.parsing.readers import read

HERE = Path(__file__).resolve().parent
FIELDS = [
    "line", "page", "category", "position", "number", "crew", "car", "group_class", "club",
    "time_ms", "gap_ms", "status", "laps", "best_lap_ms", "speed_kmh", "table",
]  # fmt: skip

#: Fields not compared, per file, and why.
DIFFERENCES: dict[str, dict[str, str]] = {
    "page.html": {
        "category": "the 'Non classés' separator row inside the first table is read as a title",
    },
    "two_tables.csv": {
        "group_class": "'Class' over 'RS2.0' is not read as a class yet",
        "club": "the second table's club column is read as the group",
    },
    "report.pdf": {
        "line": "Podium numbers a PDF's lines through the document, the fixture page by page",
    },
}
#: Files whose entries are paired in order, not by line (their lines are numbered otherwise).
BY_ORDER = {"report.pdf"}


def _norm(text: Any) -> str:
    return re.sub(r"[\W_]+", "", str(text or "")).casefold()


def _value(entry: dict[str, Any], field: str) -> Any:
    if field == "group_class":  # compared as the corpus scorer does: joined, no punctuation
        return _norm(f"{entry.get('group') or ''}{entry.get('class') or ''}")
    if field == "crew":  # surnames as written or upper-cased: the same people
        return [(_norm(p["surname"]), p["first_name"]) for p in entry["crew"]]
    if field == "number" and entry.get("number") is not None:
        return str(entry["number"])
    if field == "speed_kmh" and entry.get(field) is not None:
        return round(entry[field], 6)
    return entry.get(field)


def expected(name: str) -> dict[str, Any]:
    return json.loads((HERE / f"{name}.expected.json").read_text(encoding="utf-8"))


@cache
def parsed(name: str) -> dict[str, Any]:
    return parse((HERE / name).read_bytes(), filename=name).to_dict()


def _renumbered(sheet: dict[str, Any]) -> dict[int, int]:
    """Podium numbers every table of the file, skipped ones too (hints stay put when a hint
    changes which tables are kept); the fixtures number the results tables only."""
    return {t["table"]: i for i, t in enumerate(sheet["tables"])}


CASES = ["workbook.xlsx", "workbook.xls", "workbook.ods", "page.html", "commas.csv",
         "two_tables.csv", "report.pdf"]  # fmt: skip


@pytest.mark.parametrize("name", CASES)
def test_it_keeps_the_results_tables_with_their_titles(name: str):
    sheet = parsed(name)
    want = [(t["title"], t["columns"]) for t in expected(name)["tables"]]
    assert [t["title"] for t in sheet["tables"]] == [title for title, _ in want]
    for table, (_, columns) in zip(sheet["tables"], want, strict=True):
        assert len(table["columns"]) == len(columns), table["title"]


@pytest.mark.parametrize("name", CASES)
def test_every_entry_reads_as_expected(name: str):
    sheet = parsed(name)
    renumber = _renumbered(sheet)
    skip = DIFFERENCES.get(name, {})
    want = expected(name)["entries"]
    assert len(sheet["entries"]) == len(want)
    if name in BY_ORDER:
        actual = {(w["table"], w["line"]): e for w, e in zip(want, sheet["entries"], strict=True)}
    else:
        actual = {(renumber[e["table"]], e["line"]): e for e in sheet["entries"]}
    problems = []
    for entry in want:
        got = actual.get((entry["table"], entry["line"]))
        if got is None:
            problems.append(f"table {entry['table']} line {entry['line']}: missing")
            continue
        got = {**got, "table": renumber[got["table"]]}
        for field in FIELDS:
            if field not in skip and _value(got, field) != _value(entry, field):
                problems.append(
                    f"line {entry['line']} {field}: expected {_value(entry, field)!r}, "
                    f"got {_value(got, field)!r}"
                )
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", ["workbook.xlsx", "workbook.xls", "workbook.ods"])
def test_a_workbook_skips_its_entry_list_and_reads_two_results_sheets(name: str):
    sheet = parsed(name)
    assert sheet["format"] == name.rsplit(".", 1)[1]
    skipped = [i["message"] for i in sheet["issues"] if i["code"] == "table-skipped"]
    assert skipped == [
        "sheet 'Engagés' skipped: its crews have no positions: a working or entry list"
    ]
    assert {e["category"] for e in sheet["entries"]} == {"Classement Scratch", "Classement VHC"}
    # Each table has its own columns: the second has one crew column, the first two seats.
    first, second = sheet["tables"]
    assert "codriver" in first["columns"] and "crew" in second["columns"]


def test_a_page_skips_its_navigation_and_form_and_reads_its_pre_block():
    sheet = parsed("page.html")
    skipped = [i["message"] for i in sheet["issues"] if i["code"] == "table-skipped"]
    assert skipped == ["a table skipped: navigation: every cell is a link"]
    assert [t["title"] for t in sheet["tables"]][-1] == "Classement Rallye Régional"
    pre_lines = [e["line"] for e in sheet["entries"] if e["table"] == 2]
    assert pre_lines[0] == 56  # the <pre> block's first row, at its line in the page


def test_page_cells_keep_their_lines_links_and_pictures():
    grid = read((HERE / "page.html").read_bytes())
    row = next(r for r in grid.rows if r.cells and r.cells[0] == "1" and r.table == 0)
    nationality, crew = row.marks[2], row.marks[3]
    assert nationality.alt == "FRA" and row.cells[2] == "FRA"
    assert crew.lines == ("MAILLARD Yann", "BOUCHET Élodie")  # two drivers, on two lines
    assert crew.href and crew.href.startswith("/pilote.php")


def test_a_cell_holding_the_other_delimiter_keeps_it():
    grid = read((HERE / "commas.csv").read_bytes())
    assert grid.format == "csv"
    cells = {cell for row in grid.rows for cell in row.cells}
    assert "Peugeot 106, S16" in cells and "ASA Val de Loire; Écurie 41" in cells


def test_a_pdf_skips_its_cover_and_notes_pages_and_reads_a_table_over_two_pages():
    sheet = parsed("report.pdf")
    skipped = [(i["page"], i["message"]) for i in sheet["issues"] if i["code"] == "table-skipped"]
    assert skipped == [
        (1, "page 'page 1' skipped: it holds no results rows"),
        (4, "page 'page 4' skipped: it holds no results rows"),
    ]
    titles = [t["title"] for t in sheet["tables"]]
    assert titles == ["Course 1 - Formule Ford 1600", "Course 1 - Formule Renault 2.0"]
    renault = [e for e in sheet["entries"] if e["table"] == sheet["tables"][1]["table"]]
    assert [e["page"] for e in renault] == [2] * 6 + [3] * 8
    assert [e["position"] for e in renault if e["position"]] == list(range(1, 13))
