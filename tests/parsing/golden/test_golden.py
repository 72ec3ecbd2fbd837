"""Golden expectations: the parser against the sample sheets, as a person reads them.

Each JSON file beside this module holds the entries and the warning lines expected from one
sheet of `samples/`, transcribed by hand from the sheet itself. The tests compare the parser's
`Sheet.to_dict()` with them entry by entry, so a failure names the row and the field.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from results.parsing import parse

GOLDEN_DIR = Path(__file__).resolve().parent
SAMPLES_DIR = Path(__file__).resolve().parents[3] / "samples"

ENTRY_FIELDS = [
    "line", "page", "category", "position", "number", "crew", "car", "group", "class",
    "club", "time_ms", "gap_ms", "status", "laps", "best_lap_ms", "best_lap_no",
    "speed_kmh", "capacity",
]  # fmt: skip


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


GOLDEN = {path.stem: _load(path) for path in sorted(GOLDEN_DIR.glob("*.json"))}
ENTRY_CASES = [
    pytest.param(stem, index, id=f"{stem}-{index}-line{entry['line']}")
    for stem, golden in GOLDEN.items()
    for index, entry in enumerate(golden["entries"])
]


@cache
def parsed(stem: str) -> dict[str, Any]:
    """The parser's view of one sample, parsed once per test session."""
    name = GOLDEN[stem]["sample"]
    return parse((SAMPLES_DIR / name).read_bytes(), filename=name).to_dict()


def _same(field: str, expected: Any, actual: Any) -> bool:
    # Speeds are decimal text in the sheet; compare them as numbers, not float bit patterns.
    if field == "speed_kmh" and expected is not None and actual is not None:
        return actual == pytest.approx(expected, abs=1e-9)
    return expected == actual


def _warning_codes(sheet: dict[str, Any]) -> dict[int | None, set[str]]:
    codes: dict[int | None, set[str]] = {}
    for issue in sheet["issues"]:
        if issue["level"] == "warning":
            codes.setdefault(issue["line"], set()).add(issue["code"])
    return codes


def test_every_sample_has_golden_expectations():
    samples = sorted(path.name for path in SAMPLES_DIR.glob("*.txt"))
    assert samples, f"no samples found in {SAMPLES_DIR}"
    assert sorted(golden["sample"] for golden in GOLDEN.values()) == samples


@pytest.mark.parametrize("stem", sorted(GOLDEN))
def test_golden_file_is_well_formed(stem: str):
    golden = GOLDEN[stem]
    assert golden["sample"] == f"{stem}.txt"
    text_lines = (SAMPLES_DIR / golden["sample"]).read_text(encoding="utf-8").split("\n")
    lines = [entry["line"] for entry in golden["entries"]]
    assert lines == sorted(set(lines)), "entries must be in sheet order, one per line"
    for entry in golden["entries"]:
        assert list(entry) == ENTRY_FIELDS, f"line {entry['line']}: fields out of contract"
        assert text_lines[entry["line"] - 1].strip(), f"line {entry['line']} is blank"
    for key in golden["warnings"]:
        assert 1 <= int(key) <= len(text_lines), f"warning line {key} is outside the sheet"


@pytest.mark.parametrize("stem", sorted(GOLDEN))
def test_entry_lines(stem: str):
    expected = [entry["line"] for entry in GOLDEN[stem]["entries"]]
    actual = [entry["line"] for entry in parsed(stem)["entries"]]
    missing = sorted(set(expected) - set(actual))
    extra = sorted(set(actual) - set(expected))
    assert actual == expected, f"{stem}: entries missing on lines {missing}, extra on {extra}"


@pytest.mark.parametrize(("stem", "index"), ENTRY_CASES)
def test_entry(stem: str, index: int):
    expected = GOLDEN[stem]["entries"][index]
    # Pair by source line so one missing or extra row does not fail every later entry;
    # the order itself is checked by test_entry_lines.
    by_line = {entry["line"]: entry for entry in parsed(stem)["entries"]}
    actual = by_line.get(expected["line"])
    assert actual is not None, f"{stem}: entry #{index} (line {expected['line']}) missing"
    differences = [
        f"{field}: expected {expected[field]!r}, got {actual.get(field)!r}"
        for field in ENTRY_FIELDS
        if not _same(field, expected[field], actual.get(field))
    ]
    assert not differences, (
        f"{stem}: entry #{index} (line {expected['line']}) differs\n  " + "\n  ".join(differences)
    )


@pytest.mark.parametrize("stem", sorted(GOLDEN))
def test_warnings(stem: str):
    expected = {int(line): set(codes) for line, codes in GOLDEN[stem]["warnings"].items()}
    actual = _warning_codes(parsed(stem))
    assert set(actual) == set(expected), (
        f"{stem}: warning lines differ; unexpected {sorted(set(actual) - set(expected), key=str)},"
        f" missing {sorted(set(expected) - set(actual))}"
    )
    for line, codes in expected.items():
        assert codes <= actual[line], (
            f"{stem}: line {line} lacks warning codes {sorted(codes - actual[line])};"
            f" has {sorted(actual[line])}"
        )


@pytest.mark.parametrize("stem", sorted(stem for stem in GOLDEN if "columns" in GOLDEN[stem]))
def test_columns(stem: str):
    assert list(parsed(stem)["columns"]) == GOLDEN[stem]["columns"]
