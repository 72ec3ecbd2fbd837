"""Podium's parser against results sheets in layouts its authors have not seen.

Each sheet in this folder re-lays facts of the sample sheets (real crews, cars and times) the
way other timing software, spreadsheets and web pages publish results. `<stem>.expected.json`
holds what a person reads in the sheet: every field of every entry, in order, and the source
lines where a person would expect a warning. The XLSX sheet is built here rather than
committed as a binary.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from results.parsing import parse

HERE = Path(__file__).resolve().parent

FIELDS = (
    "line",
    "page",
    "category",
    "position",
    "number",
    "crew",
    "car",
    "group",
    "class",
    "club",
    "time_ms",
    "gap_ms",
    "status",
    "laps",
    "best_lap_ms",
    "best_lap_no",
    "speed_kmh",
    "capacity",
)

# Group F2000 of the rally in sample 002, as an organiser's workbook: title row, blank row,
# header on row 3, durations stored as spreadsheet times, Rallye 2 crews flagged in `Obs.`.
F2000_ROWS: list[tuple[int, int, str, str, str, str, int, dt.timedelta, str]] = [
    (
        1,
        55,
        "BRUNET Thierry",
        "BONICEL Adrien",
        "LOZERE",
        "PEUGEOT 306 S16",
        14,
        dt.timedelta(hours=1, minutes=6, seconds=41, milliseconds=200),
        "",
    ),
    (
        2,
        80,
        "PLAN Matthieu",
        "PLAN Arnaud",
        "LOZERE",
        "CITROËN C2",
        13,
        dt.timedelta(hours=1, minutes=7, seconds=33, milliseconds=100),
        "",
    ),
    (
        3,
        79,
        "MALHAUTIER Ludovic",
        "CHAPELLE Simone",
        "LOZERE",
        "PEUGEOT 106 S16",
        13,
        dt.timedelta(hours=1, minutes=8, seconds=49, milliseconds=300),
        "",
    ),
    (
        4,
        78,
        "CASTELBOU Franck",
        "PRIVAT Christophe",
        "LOZERE",
        "CITROËN Saxo VTS",
        13,
        dt.timedelta(hours=1, minutes=10, seconds=48, milliseconds=400),
        "",
    ),
    (
        5,
        60,
        "ALBIN Aurélien",
        "MAZZEI Dimitry",
        "CIGALOISE",
        "PEUGEOT 306 S16",
        14,
        dt.timedelta(hours=1, minutes=11, seconds=33, milliseconds=100),
        "",
    ),
    (
        6,
        72,
        "TABUSSE Sylvain",
        "FELGEROLLES Pascal",
        "LOZERE",
        "CITROËN Saxo VTS",
        13,
        dt.timedelta(hours=1, minutes=12, seconds=26, milliseconds=700),
        "",
    ),
    (
        7,
        76,
        "GIARDINA Fabien",
        "VIALA Vincent",
        "ALES",
        "PEUGEOT 206 XS",
        13,
        dt.timedelta(hours=1, minutes=12, seconds=52, milliseconds=600),
        "",
    ),
    (
        8,
        71,
        "MACARY Julien",
        "INIESTA Mathieu",
        "66",
        "PEUGEOT 206 XS",
        13,
        dt.timedelta(hours=1, minutes=13, seconds=41, milliseconds=300),
        "",
    ),
    (
        9,
        74,
        "SALINAS Romain",
        "BOUVIER Vincent",
        "LEDENON",
        "CITROËN Saxo VTS",
        13,
        dt.timedelta(hours=1, minutes=14, seconds=21, milliseconds=200),
        "",
    ),
    (
        10,
        59,
        "BOYER Bernard",
        "RAOUX Erick",
        "ALES",
        "OPEL Kadett",
        14,
        dt.timedelta(hours=1, minutes=15, seconds=2, milliseconds=900),
        "",
    ),
    (
        11,
        58,
        "CRESPIN Bruno",
        "ANDRÉ Romain",
        "GARD-CEVENNES",
        "VOLKSWAGEN Golf GTI",
        14,
        dt.timedelta(hours=1, minutes=16, seconds=32, milliseconds=400),
        "",
    ),
    (
        12,
        51,
        "MARTEL Hervé",
        "MARTEL Catherine",
        "LOZERE",
        "PEUGEOT 206 Rc",
        14,
        dt.timedelta(hours=1, minutes=19, seconds=51),
        "",
    ),
    (
        13,
        90,
        "MERLE Roger",
        "MERLE Mark",
        "ALES",
        "PEUGEOT 205 Rallye",
        12,
        dt.timedelta(hours=1, minutes=25, seconds=8, milliseconds=400),
        "",
    ),
    (
        14,
        56,
        "SERAY Sylvain",
        "FOUQUERAY Mathieu",
        "BOUCLES DE SEINE",
        "RENAULT Clio Williams",
        14,
        dt.timedelta(hours=4, minutes=36, seconds=19, milliseconds=600),
        "Rallye 2",
    ),
    (
        15,
        61,
        "FRES Jean-Yves",
        "MOURET Nicolas",
        "LOZERE",
        "PEUGEOT 306 S16",
        14,
        dt.timedelta(hours=4, minutes=44, seconds=49, milliseconds=300),
        "Rallye 2",
    ),
]


def build_f2000_xlsx() -> bytes:
    """The group F2000 workbook, saved to bytes."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Groupe F2000"
    ws["A1"] = "Rallye régional - Classement Groupe F2000"
    ws.append([])
    ws.append(
        [
            "Pl.",
            "N°",
            "Pilote",
            "Copilote",
            "ASA",
            "Voiture",
            "Gr.",
            "Cl.",
            "Temps",
            "Ecart",
            "Obs.",
        ]
    )
    leader = F2000_ROWS[0][7]
    for pos, no, driver, codriver, club, car, klass, time, obs in F2000_ROWS:
        # Rallye 2 crews get no gap in the organiser's sheet, only their time and the flag
        gap = None if obs or pos == 1 else (dt.datetime.min + (time - leader)).time()
        ws.append([pos, no, driver, codriver, club, car, "F2000", klass, time, gap, obs or None])
        row = ws.max_row
        ws.cell(row=row, column=9).number_format = "[h]:mm:ss.0"
        ws.cell(row=row, column=10).number_format = "mm:ss.0"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


BUILT: dict[str, Callable[[], bytes]] = {"rallye_groupe_f2000.xlsx": build_f2000_xlsx}

SHEETS = [
    "rallye_fr_point_virgule.csv",
    "rallye_virgule_guillemets.csv",
    "rallye_tableur_cp1252.txt",
    "rallye_copie_pdf.txt",
    "rallye_collage_navigateur.txt",
    "rally_results_en.html",
    "rallye_par_classe.txt",
    "karting_meilleurs_tours.csv",
    "rallye_groupe_f2000.xlsx",
]


def sheet_bytes(name: str) -> bytes:
    if name in BUILT:
        return BUILT[name]()
    return (HERE / name).read_bytes()


def expected(name: str) -> dict[str, Any]:
    stem = name.split(".", 1)[0]
    return json.loads((HERE / f"{stem}.expected.json").read_text(encoding="utf-8"))


def same(field: str, want: Any, got: Any) -> bool:
    if field == "speed_kmh" and want is not None and isinstance(got, int | float):
        return math.isclose(want, got, abs_tol=1e-6)
    return want == got


def entry_mismatches(name: str, want: list[dict[str, Any]], got: list[dict[str, Any]]) -> list[str]:
    """Every differing field, each named by entry index, source line and field."""
    problems = []
    if len(want) != len(got):
        problems.append(f"{name}: {len(want)} entries expected, {len(got)} read")
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        for field in FIELDS:
            if field not in g:
                problems.append(f"{name} entry {i} (line {w['line']}): field {field} missing")
            elif not same(field, w[field], g[field]):
                problems.append(
                    f"{name} entry {i} (line {w['line']}): {field} expected {w[field]!r}, "
                    f"got {g[field]!r}"
                )
    return problems


@pytest.mark.parametrize("name", SHEETS)
def test_every_field_of_every_entry(name: str) -> None:
    got = parse(sheet_bytes(name), filename=name).to_dict()["entries"]
    problems = entry_mismatches(name, expected(name)["entries"], got)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", SHEETS)
def test_expected_warnings_are_raised(name: str) -> None:
    issues = parse(sheet_bytes(name), filename=name).to_dict()["issues"]
    warned = {i["line"] for i in issues if i["level"] == "warning"}
    missing = [line for line in expected(name)["warnings"] if line not in warned]
    assert not missing, f"{name}: no warning on lines {missing}; issues: {issues}"


@pytest.mark.parametrize("name", SHEETS)
def test_layout_detected_from_content_alone(name: str) -> None:
    data = sheet_bytes(name)
    named = parse(data, filename=name).to_dict()["entries"]
    anonymous = parse(data, filename=None).to_dict()["entries"]
    assert anonymous, f"{name}: nothing read without a file name"
    problems = entry_mismatches(f"{name} (no file name)", named, anonymous)
    assert not problems, "\n".join(problems)


def test_every_expectation_has_its_sheet() -> None:
    names = [n if isinstance(n, str) else n.values[0] for n in SHEETS]
    stems = {name.split(".", 1)[0] for name in names}
    files = {p.name.removesuffix(".expected.json") for p in HERE.glob("*.expected.json")}
    assert files == stems
