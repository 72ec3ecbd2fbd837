"""The sheets the parser is held to, and what a person reads in each, one folder per purpose.

- `samples/`: the example sheets of `samples/` (the ones the demo loads), each expectation
  transcribed by hand from the sheet: `<sample stem>.json` with `sample` (its file name),
  `entries`, `warnings` (line → the warning codes expected there, and no warning on any other
  line) and, for some, `columns`.
- `layouts/`: sheets that re-lay facts of the samples (real crews, cars and times; the
  hill-climb runs and the kart race's laps made up around them) the way other timing software,
  spreadsheets and web pages publish results, in layouts the parser's authors had not seen.
  Beside each sheet, `<stem>.expected.json`: `entries`, `warnings` (the lines where a person
  would expect a warning), optionally `infos` (issue codes reported at info level) and
  `no_warnings` (set where any warning would be wrong). The XLSX sheet is built by `built.py`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from results.parsing import parse
from tests.parsing.sheets.built import BUILT

HERE = Path(__file__).resolve().parent
SAMPLE_EXPECTATIONS = HERE / "samples"
LAYOUTS = HERE / "layouts"
SAMPLES_DIR = HERE.parents[2] / "samples"
EXPECTED_SUFFIX = ".expected.json"

#: Every entry field of the parse contract, in its order.
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
    "class_position",
    "team",
    "nationality",
    "reason",
    "retired_at",
    "penalty_ms",
    "points",
    "distance",
)


@dataclass(frozen=True, slots=True)
class Tolerance:
    """How far a parsed speed may be from the expected one (`math.isclose`)."""

    rel: float = 1e-9
    abs: float = 1e-6


@dataclass(frozen=True, slots=True)
class Sheet:
    """One sheet and the file holding what a person reads in it."""

    purpose: str  # "samples" or "layouts"
    name: str  # the sheet's file name
    expectation: Path

    @property
    def id(self) -> str:
        return f"{self.purpose}/{self.name}"

    def data(self) -> bytes:
        if self.name in BUILT:
            return BUILT[self.name]()
        folder = SAMPLES_DIR if self.purpose == "samples" else LAYOUTS
        return (folder / self.name).read_bytes()

    def expected(self) -> dict[str, Any]:
        return _load(self.expectation)

    def warnings(self) -> tuple[dict[int, set[str]], bool]:
        """Line → warning codes expected there (empty: any code), and whether warnings on
        other lines are wrong."""
        want = self.expected()
        if isinstance(want["warnings"], dict):
            return {int(line): set(codes) for line, codes in want["warnings"].items()}, True
        return {int(line): set() for line in want["warnings"]}, bool(want.get("no_warnings"))

    @property
    def tolerance(self) -> Tolerance:
        # Speeds are decimal text in the sheet: compared as numbers, not float bit patterns.
        return Tolerance(rel=0.0, abs=1e-9) if self.purpose == "samples" else Tolerance()


@cache
def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def sample_sheets() -> list[Sheet]:
    return [
        Sheet("samples", _load(path)["sample"], path)
        for path in sorted(SAMPLE_EXPECTATIONS.glob("*.json"))
    ]


def layout_sheet_names() -> list[str]:
    """The layout sheets: the files of `layouts/` beside their expectations, and the built."""
    files = [p.name for p in LAYOUTS.iterdir() if not p.name.endswith(EXPECTED_SUFFIX)]
    return sorted({*files, *BUILT})


def layout_sheets() -> list[Sheet]:
    return [
        Sheet("layouts", name, LAYOUTS / (name.split(".", 1)[0] + EXPECTED_SUFFIX))
        for name in layout_sheet_names()
    ]


def all_sheets() -> list[Sheet]:
    return sample_sheets() + layout_sheets()


@cache
def parsed(sheet: Sheet, *, named: bool = True) -> dict[str, Any]:
    """The parser's view of a sheet (with its file name, or without), once per session."""
    return parse(sheet.data(), filename=sheet.name if named else None).to_dict()


def same(field: str, want: Any, got: Any, *, tolerance: Tolerance = Tolerance()) -> bool:
    if field == "speed_kmh" and want is not None and isinstance(got, int | float):
        return math.isclose(want, got, rel_tol=tolerance.rel, abs_tol=tolerance.abs)
    return want == got


def entry_mismatches(
    name: str,
    want: list[dict[str, Any]],
    got: list[dict[str, Any]],
    *,
    tolerance: Tolerance = Tolerance(),
) -> list[str]:
    """Every differing field, each named by entry index, source line and field."""
    problems = []
    if len(want) != len(got):
        problems.append(f"{name}: {len(want)} entries expected, {len(got)} read")
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        for field in FIELDS:
            wanted = w[field]
            if field not in g:
                problems.append(f"{name} entry {i} (line {w['line']}): field {field} missing")
            elif not same(field, wanted, g[field], tolerance=tolerance):
                problems.append(
                    f"{name} entry {i} (line {w['line']}): {field} expected {wanted!r}, "
                    f"got {g[field]!r}"
                )
    return problems
