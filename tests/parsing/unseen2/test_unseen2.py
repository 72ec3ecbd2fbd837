"""Podium's parser against a second batch of results sheets in layouts its authors have not seen.

Each sheet re-lays facts of the sample sheets (real crews, cars and times; the hill-climb runs
and the kart race's laps are made up around them) the way other timing programs and sites
publish results: a hill climb with two runs where the best counts, a kart endurance race with
laps and lapped karts, a rally scratch with ties and a class-position column, a headerless
export, an HTML page with first names first, and a paste where the crew cell wraps.
`<stem>.expected.json` holds what a person reads in the sheet: every field of every entry, in
order; the source lines where a person would expect a warning; optionally `infos`, issue codes
that must be reported at info level, and `no_warnings`, set where the sheet is clean enough
that any warning would be wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from results.parsing import parse
from tests.parsing.unseen.test_unseen import entry_mismatches

HERE = Path(__file__).resolve().parent

SHEETS = [
    "course_de_cote_manches_en.csv",
    "kart_endurance_tableau_md.txt",
    "rallye_scratch_ex_aequo.txt",
    "export_chrono_sans_entete.csv",
    "rallye_prenom_nom.html",
    "rallye_equipage_sur_deux_lignes.txt",
]

# Known parser failures, by test and sheet, in plain words. Each is strict: once the parser
# reads the sheet right the test passes, pytest reports it, and the entry must be removed.
KNOWN: dict[tuple[str, str], str] = {}


def cases(test: str, names: list[str] | None = None) -> list[Any]:
    """The sheets for one test, each marked where the parser is known to fail it."""
    out = []
    for name in SHEETS if names is None else names:
        reason = KNOWN.get((test, name))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(name, marks=marks, id=name))
    return out


def expected(name: str) -> dict[str, Any]:
    stem = name.split(".", 1)[0]
    return json.loads((HERE / f"{stem}.expected.json").read_text(encoding="utf-8"))


def sheet_bytes(name: str) -> bytes:
    return (HERE / name).read_bytes()


@pytest.mark.parametrize("name", cases("fields"))
def test_every_field_of_every_entry(name: str) -> None:
    got = parse(sheet_bytes(name), filename=name).to_dict()["entries"]
    problems = entry_mismatches(name, expected(name)["entries"], got)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", cases("warnings"))
def test_expected_warnings_are_raised(name: str) -> None:
    want = expected(name)
    issues = parse(sheet_bytes(name), filename=name).to_dict()["issues"]
    warned = {i["line"] for i in issues if i["level"] == "warning"}
    missing = [line for line in want["warnings"] if line not in warned]
    assert not missing, f"{name}: no warning on lines {missing}; issues: {issues}"
    if want.get("no_warnings"):
        stray = [i for i in issues if i["level"] == "warning"]
        assert not stray, f"{name}: warnings on a clean sheet: {stray}"


WITH_INFOS = [name for name in SHEETS if expected(name).get("infos")]


@pytest.mark.parametrize("name", cases("infos", WITH_INFOS))
def test_expected_info_issues_are_reported(name: str) -> None:
    issues = parse(sheet_bytes(name), filename=name).to_dict()["issues"]
    reported = {i["code"] for i in issues if i["level"] == "info"}
    missing = [code for code in expected(name)["infos"] if code not in reported]
    assert not missing, f"{name}: no info issue {missing}; issues: {issues}"


@pytest.mark.parametrize("name", cases("content"))
def test_layout_detected_from_content_alone(name: str) -> None:
    data = sheet_bytes(name)
    named = parse(data, filename=name).to_dict()["entries"]
    anonymous = parse(data, filename=None).to_dict()["entries"]
    assert anonymous, f"{name}: nothing read without a file name"
    problems = entry_mismatches(f"{name} (no file name)", named, anonymous)
    assert not problems, "\n".join(problems)


def test_every_expectation_has_its_sheet() -> None:
    stems = {name.split(".", 1)[0] for name in SHEETS}
    files = {p.name.removesuffix(".expected.json") for p in HERE.glob("*.expected.json")}
    assert files == stems
    assert all((HERE / name).is_file() for name in SHEETS)
