"""Golden tests: the parser against every sheet of `samples/` and `layouts/`, as a person reads it.

What each folder holds is in `expectations.py`. Every test runs over every sheet it applies to,
so a failure names the folder, the sheet, and then the entry, its line and the field.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.parsing.sheets.expectations import (
    EXPECTED_SUFFIX,
    FIELDS,
    LAYOUTS,
    SAMPLES_DIR,
    Sheet,
    all_sheets,
    entry_mismatches,
    layout_sheet_names,
    parsed,
    sample_sheets,
)

SHEETS = all_sheets()

# Known parser failures, by test and sheet id, in plain words. Each is strict: once the parser
# reads the sheet right the test passes, pytest reports it, and the entry must be removed.
KNOWN: dict[tuple[str, str], str] = {}


def cases(test: str, sheets: list[Sheet] = SHEETS) -> list[Any]:
    """The sheets for one test, each marked where the parser is known to fail it."""
    out = []
    for sheet in sheets:
        reason = KNOWN.get((test, sheet.id))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(sheet, marks=marks, id=sheet.id))
    return out


def _warning_codes(issues: list[dict[str, Any]]) -> dict[int | None, set[str]]:
    codes: dict[int | None, set[str]] = {}
    for issue in issues:
        if issue["level"] == "warning":
            codes.setdefault(issue["line"], set()).add(issue["code"])
    return codes


def _text_lines(sheet: Sheet) -> list[str] | None:
    try:
        return sheet.data().decode("utf-8-sig").split("\n")
    except UnicodeDecodeError:
        return None


@pytest.mark.parametrize("sheet", cases("well-formed"))
def test_the_expectation_is_well_formed(sheet: Sheet) -> None:
    want = sheet.expected()
    lines = [entry["line"] for entry in want["entries"]]
    assert lines == sorted(set(lines)), "entries must be in sheet order, one per line"
    for entry in want["entries"]:
        assert tuple(entry) == FIELDS, f"line {entry['line']}: fields out of contract"
    if sheet.purpose != "samples":
        return
    assert sheet.name == f"{sheet.expectation.stem}.txt"
    text_lines = _text_lines(sheet)
    for entry in want["entries"]:
        assert text_lines[entry["line"] - 1].strip(), f"line {entry['line']} is blank"
    for line in sheet.warnings()[0]:
        assert 1 <= line <= len(text_lines), f"warning line {line} is outside the sheet"


@pytest.mark.parametrize("sheet", cases("fields"))
def test_every_field_of_every_entry(sheet: Sheet) -> None:
    expected = sheet.expected()["entries"]
    got = parsed(sheet)["entries"]
    want_lines = [entry["line"] for entry in expected]
    got_lines = [entry["line"] for entry in got]
    missing = sorted(set(want_lines) - set(got_lines))
    extra = sorted(set(got_lines) - set(want_lines))
    assert got_lines == want_lines, (
        f"{sheet.id}: entries missing on lines {missing}, extra on {extra}"
    )
    problems = entry_mismatches(sheet.id, expected, got, tolerance=sheet.tolerance)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("sheet", cases("warnings"))
def test_expected_warnings_are_raised(sheet: Sheet) -> None:
    expected, only_these = sheet.warnings()
    issues = parsed(sheet)["issues"]
    actual = _warning_codes(issues)
    missing = [line for line in expected if line not in actual]
    assert not missing, f"{sheet.id}: no warning on lines {missing}; issues: {issues}"
    for line, codes in expected.items():
        assert codes <= actual[line], (
            f"{sheet.id}: line {line} lacks warning codes {sorted(codes - actual[line])};"
            f" has {sorted(actual[line])}"
        )
    if only_these:
        stray = sorted(set(actual) - set(expected), key=str)
        assert not stray, f"{sheet.id}: unexpected warnings on lines {stray}; issues: {issues}"


@pytest.mark.parametrize(
    "sheet", cases("infos", [sheet for sheet in SHEETS if sheet.expected().get("infos")])
)
def test_expected_info_issues_are_reported(sheet: Sheet) -> None:
    issues = parsed(sheet)["issues"]
    reported = {i["code"] for i in issues if i["level"] == "info"}
    missing = [code for code in sheet.expected()["infos"] if code not in reported]
    assert not missing, f"{sheet.id}: no info issue {missing}; issues: {issues}"


@pytest.mark.parametrize(
    "sheet", cases("columns", [sheet for sheet in SHEETS if "columns" in sheet.expected()])
)
def test_columns(sheet: Sheet) -> None:
    assert list(parsed(sheet)["columns"]) == sheet.expected()["columns"]


@pytest.mark.parametrize("sheet", cases("content"))
def test_layout_detected_from_content_alone(sheet: Sheet) -> None:
    named = parsed(sheet)["entries"]
    anonymous = parsed(sheet, named=False)["entries"]
    assert anonymous, f"{sheet.id}: nothing read without a file name"
    problems = entry_mismatches(f"{sheet.id} (no file name)", named, anonymous)
    assert not problems, "\n".join(problems)


def test_every_sample_has_its_expectation() -> None:
    samples = sorted(path.name for path in SAMPLES_DIR.glob("*.txt"))
    assert samples, f"no samples found in {SAMPLES_DIR}"
    assert sorted(sheet.name for sheet in sample_sheets()) == samples


def test_every_layout_expectation_has_its_sheet() -> None:
    stems = {name.split(".", 1)[0] for name in layout_sheet_names()}
    files = {p.name.removesuffix(EXPECTED_SUFFIX) for p in LAYOUTS.glob(f"*{EXPECTED_SUFFIX}")}
    assert files == stems
    assert len(stems) == len(layout_sheet_names()), "two sheets share an expectation"
