"""A regularity rally ranked on penalty points, with no times: the gap column holds the
penalties less the leader's, points and no time, so no gap is read from it."""

from __future__ import annotations

from results.parsing import parse

HEADER = "Pos.;N.;Equipaggio;Vettura;Penalità finali;Distacco"
ROWS = (
    "1;4;ROSSI Marco / BIANCHI Luca;Fiat 124 Spider;112;",
    "2;11;VERDI Paolo / NERI Anna;Lancia Fulvia Coupé;147;35",
    "3;7;FERRARI Gino / COLOMBO Sara;Alfa Romeo Giulia;188;76",
    "4;2;RICCI Aldo / MARINO Elena;Porsche 911;240;128",
)


def _sheet(*rows: str):
    return parse(("\n".join([HEADER, *rows]) + "\n").encode())


def test_gaps_in_penalty_points_are_no_times():
    sheet = _sheet(*ROWS)
    entries = sheet.entries
    assert [(e.position, e.number) for e in entries] == [(1, "4"), (2, "11"), (3, "7"), (4, "2")]
    assert [(e.time_ms, e.gap_ms) for e in entries] == [(None, None)] * 4
    assert [e.penalty_ms for e in entries] == [112_000, 147_000, 188_000, 240_000]
    assert [[p.surname for p in e.crew] for e in entries][1] == ["VERDI", "NERI"]
    assert [issue.code for issue in sheet.issues].count("gaps-in-points") == 1


def test_gaps_that_are_not_the_penalties_differences_stay_gaps():
    gaps = ("", "12", "30", "51")
    rows = [row.rsplit(";", 1)[0] + ";" + gap for row, gap in zip(ROWS, gaps, strict=True)]
    sheet = _sheet(*rows)
    assert [e.gap_ms for e in sheet.entries] == [0, 12_000, 30_000, 51_000]
    assert "gaps-in-points" not in [issue.code for issue in sheet.issues]


def test_the_grouping_of_a_historic_event_by_its_ordinal_is_the_group():
    header = "Pos.;N.;Equipaggio;Vettura;Raggr.;Penalità finali;Distacco"
    rows = [
        "1;4;ROSSI Marco / BIANCHI Luca;Fiat 124 Spider;2°;112;",
        "2;11;VERDI Paolo / NERI Anna;Lancia Fulvia Coupé;1°;147;35",
        "3;7;FERRARI Gino / COLOMBO Sara;Alfa Romeo Giulia;3°;188;76",
        "4;2;RICCI Aldo / MARINO Elena;Porsche 911;2°;240;128",
    ]
    entries = parse(("\n".join([header, *rows]) + "\n").encode()).entries
    assert [(e.group, e.klass) for e in entries] == [("2°", None), ("1°", None), ("3°", None),
                                                     ("2°", None)]  # fmt: skip
    assert entries[0].car == "Fiat 124 Spider"
