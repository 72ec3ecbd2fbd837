"""Stage classifications and interim ones, read from a table's title: golden sheets of one
stage's results and of the standings after a stage (French, English, German; pipe, CSV, TSV,
HTML), and the rule that reads a title."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from results.parsing import parse
from results.parsing.stage_titles import StageRef, read_stage_title

SHEETS = Path(__file__).resolve().parent / "sheets" / "stages"
NAMES = sorted(p.name for p in SHEETS.iterdir() if not p.name.endswith(".expected.json"))


def _expected(name: str) -> dict:
    return json.loads((SHEETS / (name.rsplit(".", 1)[0] + ".expected.json")).read_text("utf-8"))


@pytest.mark.parametrize("name", NAMES)
def test_every_field_of_every_entry_of_a_stage_or_interim_sheet(name: str) -> None:
    want = _expected(name)
    got = parse((SHEETS / name).read_bytes()).to_dict()
    assert len(got["entries"]) == len(want["entries"])
    for w, g in zip(want["entries"], got["entries"], strict=True):
        assert g == w, f"line {w['line']}"


@pytest.mark.parametrize("name", NAMES)
def test_the_table_says_which_stage_it_is_and_an_info_line_says_why(name: str) -> None:
    want = _expected(name)
    got = parse((SHEETS / name).read_bytes()).to_dict()
    tables = [{k: t[k] for k in ("table", "title", "stage", "after_stage")} for t in got["tables"]]
    assert tables == want["tables"]
    said = [
        {k: i[k] for k in ("line", "code", "level", "message")}
        for i in got["issues"]
        if i["code"] == "stage-title"
    ]
    assert said == want["stage_issues"] and all(i["level"] == "info" for i in said)


@pytest.mark.parametrize(
    ("title", "kind", "name", "order"),
    [
        ("Classement ES3", "stage", "ES3", 3),
        ("SS3", "stage", "SS3", 3),
        ("Classement de l'ES 3", "stage", "ES3", 3),
        ("Stage 3 results", "stage", "SS3", 3),
        ("WP 3", "stage", "WP3", 3),
        ("ES n° 12 - Col de Turini", "stage", "ES12", 12),
        ("Résultats Montée 2", "stage", "Montée 2", 2),
        ("après ES5", "after", "ES5", 5),
        ("Classement provisoire après l'ES 5", "after", "ES5", 5),
        ("after SS5", "after", "SS5", 5),
        ("Standings after Stage 5", "after", "SS5", 5),
        ("nach WP5", "after", "WP5", 5),
        ("Zwischenstand nach WP 5", "after", "WP5", 5),
    ],
)
def test_a_title_naming_one_stage_is_that_stage_or_the_standings_after_it(
    title, kind, name, order
) -> None:
    assert read_stage_title(title) == (kind, StageRef(name, order))


@pytest.mark.parametrize(
    "title",
    [
        None, "", "Classement final", "Classement général", "Scratch", "Classe R3",
        "Rallye ES 2024", "Rallye Terre des Causses 2024", "Classement ES1 à ES5",
        "ES3 ES4", "ES 0", "Overall results", "Gesamtwertung", "Groupe N - classe 3",
    ],
)  # fmt: skip
def test_a_title_naming_no_single_stage_says_nothing(title) -> None:
    assert read_stage_title(title) is None


def test_an_overall_sheet_with_stage_columns_is_no_stage_classification() -> None:
    sheet = parse((Path(__file__).parent / "sheets/splits/rallye_es_pipe.txt").read_bytes())
    assert (sheet.tables[0].stage, sheet.tables[0].after_stage) == (None, None)
    assert not [i for i in sheet.issues if i.code == "stage-title"]


@given(st.text(max_size=200))
def test_any_title_reads_without_error(text: str) -> None:
    found = read_stage_title(text)
    assert found is None or (found[0] in ("stage", "after") and found[1].order >= 1)


def test_one_stage_column_and_no_total_is_the_time_of_that_stage() -> None:
    sheet = parse(b"Pos;Pilote;ES3\n1;MARTIN Paul;6:00.3\n2;DURAND Jean;6:01.0\n")
    assert sheet.tables[0].columns == ("position", "driver", "time")
    assert sheet.tables[0].stage == StageRef("ES3", 3)
    assert [(e.time_ms, e.gap_ms, e.splits) for e in sheet.entries] == [
        (360300, 0, None), (361000, 700, None)
    ]  # fmt: skip


def test_one_stage_column_beside_a_total_stays_a_split() -> None:
    sheet = parse(
        b"Pos;Pilote;ES1;Temps\n1;MARTIN Paul;6:00.3;6:00.3\n2;DURAND Jean;6:01.0;6:01.0\n"
    )
    assert sheet.tables[0].columns == ("position", "driver", "split", "time")
    assert sheet.tables[0].stage is None
    assert [s.name for s in sheet.entries[0].splits] == ["ES1"]


def test_a_stage_column_hinted_as_a_split_stays_a_split() -> None:
    from results.parsing import Hints

    data = b"Pos;Pilote;ES3\n1;MARTIN Paul;6:00.3\n2;DURAND Jean;6:01.0\n"
    sheet = parse(data, hints=Hints(roles={2: "split"}))
    assert sheet.tables[0].columns == ("position", "driver", "split")
