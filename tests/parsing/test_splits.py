"""Stage, run and lap times: golden sheets with the traits of real stage and run results, and
the rules that read them (names and order as given, run marks, which runs make the total)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from results.parsing import parse
from results.parsing.layout.splits import part_heading
from tests.parsing.made import pasted
from tests.parsing.sheets.expectations import SAMPLES_DIR

SHEETS = Path(__file__).resolve().parent / "sheets" / "splits"
NAMES = sorted(p.name for p in SHEETS.iterdir() if not p.name.endswith(".expected.json"))


def _expected(name: str) -> dict:
    return json.loads((SHEETS / (name.rsplit(".", 1)[0] + ".expected.json")).read_text("utf-8"))


@pytest.mark.parametrize("name", NAMES)
def test_every_split_of_every_entry(name: str) -> None:
    want = _expected(name)
    got = parse((SHEETS / name).read_bytes()).to_dict()
    assert len(got["entries"]) == len(want["entries"])
    for w, g in zip(want["entries"], got["entries"], strict=True):
        for field, value in w.items():
            assert g[field] == value, f"line {w['line']}: {field}"


@pytest.mark.parametrize("name", NAMES)
def test_the_table_says_which_runs_make_the_total(name: str) -> None:
    want = _expected(name)
    got = parse((SHEETS / name).read_bytes())
    assert got.tables[0].splits_rule == want["splits_rule"]
    said = [i for i in got.issues if i.code.startswith("splits-")]
    assert [i.code for i in said] == [want["rule_code"]]
    assert said[0].level == "info"


def test_a_run_marked_dnf_leaves_a_crew_with_a_total_classified() -> None:
    sheet = parse((SHEETS / "hill_climb_runs_en.tsv").read_bytes())
    smith = sheet.entries[0]
    assert smith.status == "classified" and smith.position == 1
    assert smith.splits[2].status == "retired"


def test_stage_positions_beside_stage_times_are_not_splits() -> None:
    sheet = parse((SHEETS / "enduro_fe_time_pos.csv").read_bytes())
    assert [s.name for s in sheet.entries[0].splits] == ["FE 1 Time", "FE 2 Time"]
    assert sheet.tables[0].columns.count("split") == 2


def test_a_total_no_rule_explains_is_said_and_counts_nothing() -> None:
    text = (
        "Pos;Pilote;ES1;ES2;Temps\n"
        "1;MARTIN Paul;5:00.0;4:00.0;9:30.0\n"
        "2;DURAND Jean;5:10.0;4:05.0;9:45.0\n"
        "3;LEROY Anne;5:20.0;4:10.0;9:59.0\n"
    )
    sheet = parse(text.encode())
    assert sheet.tables[0].splits_rule is None
    assert [i.code for i in sheet.issues if i.code.startswith("splits-")] == ["splits-rule-unknown"]
    assert {s.counted for e in sheet.entries for s in e.splits} == {None}


def test_a_sheet_without_stage_columns_has_no_splits() -> None:
    sheet = parse(next(SAMPLES_DIR.glob("001_*.txt")).read_bytes())
    assert sheet.entries and all(e.splits is None for e in sheet.entries)
    assert all(e.to_dict()["splits"] is None for e in sheet.entries)


@pytest.mark.parametrize(
    ("heading", "what", "number"),
    [
        ("ES1", "time", 1),
        ("SS 2", "time", 2),
        ("WP 3", "time", 3),
        ("FE 1 Time", "time", 1),
        ("FE 1 Pos", "other", 1),
        ("1. Lauf", "time", 1),
        ("Manche 2", "time", 2),
        ("Montée 1", "time", 1),
        ("Run 3", "time", 3),
        ("Heat 1", "time", 1),
        ("Pen 2", "penalty", 2),
        ("ES2 Pen", "penalty", 2),
        ("Pénalité", "penalty", None),
    ],
)
def test_a_heading_names_a_stage_and_its_number(heading: str, what: str, number: int | None):
    found = part_heading(heading)
    assert found is not None and (found.what, found.number) == (what, number)


@pytest.mark.parametrize("heading", ["Temps", "Total Tid", "Tours", "Class", "Rang", None])
def test_other_headings_name_no_stage(heading: str | None) -> None:
    assert part_heading(heading) is None


def test_stages_headed_under_a_spanning_heading_and_a_total_with_its_penalty():
    # A web page's two-row header: `Prove speciali` spans PS1…PS3 on the row below, each
    # other heading spans both rows; the total is the stages' sum plus the `Pen.` column.
    head = (
        '<tr><th rowspan="2">Pos</th><th rowspan="2">N.</th><th rowspan="2">Equipaggio</th>'
        '<th rowspan="2">Vettura</th><th colspan="3">Prove speciali</th>'
        '<th rowspan="2">Pen.</th><th rowspan="2">Tempo</th></tr>'
        "<tr><th>PS1</th><th>PS2</th><th>PS3</th></tr>"
    )
    rows = [
        (
            "1",
            "3",
            "ROSSI Marco<br>BIANCHI Luca",
            "Skoda Fabia",
            "5:12.3",
            "8:01.9",
            "5:10.0",
            "",
            "18:24.2",
        ),
        (
            "2",
            "1",
            "VERDI Paolo<br>NERI Anna",
            "Hyundai i20",
            "5:14.0",
            "8:03.1",
            "5:11.4",
            "0:10",
            "18:38.5",
        ),
        (
            "3",
            "7",
            "COLOMBO Andrea<br>RICCI Sara",
            "Peugeot 208",
            "5:30.2",
            "8:30.0",
            "5:25.5",
            "",
            "19:25.7",
        ),
    ]
    sheet = parse(_page(head, rows))
    got = [
        ([s.name for s in e.splits], [s.time_ms for s in e.splits], e.penalty_ms, e.time_ms)
        for e in sheet.entries
    ]
    names = ["PS1", "PS2", "PS3"]
    assert got == [
        (names, [312_300, 481_900, 310_000], None, 1_104_200),
        (names, [314_000, 483_100, 311_400], 10_000, 1_118_500),
        (names, [330_200, 510_000, 325_500], None, 1_165_700),
    ]
    rule = [i for i in sheet.issues if i.code.startswith("splits-rule")]
    assert [i.code for i in rule] == ["splits-rule"]
    assert "with the entry's penalty" in rule[0].message
    assert all(s.counted for e in sheet.entries for s in e.splits)


def test_runs_spanning_their_time_cones_and_total_rank_a_slalom_on_the_best():
    # A slalom's page: `Manche 1` spans `Tempo  Bir.  Totale` on the row below (the run's
    # time, the cones it knocked over, each worth 3 s, and their total); the best total ranks.
    head = (
        '<tr><th rowspan="2">Pos</th><th rowspan="2">N.</th><th rowspan="2">Conduttore</th>'
        '<th colspan="3">Manche 1</th><th colspan="3">Manche 2</th>'
        '<th rowspan="2">Miglior<br>Tempo</th></tr>'
        "<tr><th>Tempo</th><th>Bir.</th><th>Totale</th><th>Tempo</th><th>Bir.</th>"
        "<th>Totale</th></tr>"
    )
    rows = [
        line.split("|")
        for line in (
            "1|54|DE ANGELIS Roberto|1'37.39||1'37.39|1'33.00||1'33.00|1'33.00",
            "2|50|TESTA Luca|1'30.46|1|1'33.46|1'34.10||1'34.10|1'33.46",
            "3|45|MARTINELLI Lorenzo|1'33.00|2|1'39.00|1'34.90||1'34.90|1'34.90",
            "4|37|GRECO Daniele|1'36.22||1'36.22|1'35.10|1|1'38.10|1'36.22",
        )
    ]
    sheet = parse(_page(head, rows))
    got = [
        (e.position, e.time_ms, [(s.time_ms, s.penalty_ms, s.counted) for s in e.splits])
        for e in sheet.entries
    ]
    assert got == [
        (1, 93_000, [(97_390, None, False), (93_000, None, True)]),
        (2, 93_460, [(90_460, 3_000, True), (94_100, None, False)]),
        (3, 94_900, [(93_000, 6_000, False), (94_900, None, True)]),
        (4, 96_220, [(96_220, None, True), (95_100, 3_000, False)]),
    ]
    rule = next(i for i in sheet.issues if i.code == "splits-rule")
    assert "best of them" in rule.message and "3 s" in rule.message


def test_a_total_of_the_two_best_runs_is_the_time_and_their_sum_less_the_worst():
    # A hill climb's workbook: the total's heading names how many runs count, so it is no
    # best run alone; a run abandoned leaves the two others to count.
    rows = [
        ("Clt", "N°", "Pilote", "Montée 1", "Montée 2", "Montée 3", "Total (2 meilleures montées)"),
        (1, 74, "ROUSSEAU Fabien", "1:01.459", "1:00.665", "1:00.666", "2:01.331"),
        (2, 65, "GARCIA Marion", "ABANDON", "1:01.023", "1:00.618", "2:01.641"),
        (3, 64, "ANDRÉ Anthony", "1:03.147", "1:04.488", "1:03.918", "2:07.065"),
    ]
    sheet = parse(pasted(*(";".join(str(c) for c in row) for row in rows)))
    assert [e.time_ms for e in sheet.entries] == [121_331, 121_641, 127_065]
    assert [[s.counted for s in e.splits] for e in sheet.entries] == [
        [False, True, True],
        [False, True, True],
        [True, False, True],
    ]
    rule = next(i for i in sheet.issues if i.code == "splits-rule")
    assert "less the worst" in rule.message


def test_runs_headed_time_word_first_and_the_best_column_ranks():
    # A club's web page: `Temps M1 | Temps M2 | Meilleur`, the best of the two runs ranks.
    sheet = parse(
        pasted(
            "| Pos | N° | Pilote | Voiture | Classe | Temps M1 | Temps M2 | Meilleur |",
            "|----:|---:|--------|---------|:------:|---------:|---------:|---------:|",
            "| 1 | 14 | Coralie DELORME | Mitsubishi Evo | N4 | 2:10.648 | 2:09.723 | 2:09.723 |",
            "| 2 | 5 | Jean-Luc BLANC | Honda Civic | N3 | 2:14.524 | 2:13.213 | 2:13.213 |",
            "| 3 | 8 | Lionel COSTE | Peugeot 106 | N1 | 2:23.328 | 2:23.943 | 2:23.328 |",
            "| 4 | 10 | Quentin MATHIEU | Peugeot 106 | N1 | 2:29.658 | DNF | 2:29.658 |",
        )
    )
    assert [e.time_ms for e in sheet.entries] == [129_723, 133_213, 143_328, 149_658]
    assert [s.name for s in sheet.entries[0].splits] == ["Temps M1", "Temps M2"]
    assert [s.counted for s in sheet.entries[2].splits] == [True, False]
    assert sheet.entries[3].splits[1].status == "retired"
    assert [i for i in sheet.issues if i.level != "info"] == []


def _page(head: str, rows) -> bytes:
    """A web page's table: `head`'s rows in its `<thead>`, then `rows`, a cell each value."""
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    table = f"<table><thead>{head}</thead><tbody>{body}</tbody></table>"
    return f"<html><body>{table}</body></html>".encode()
