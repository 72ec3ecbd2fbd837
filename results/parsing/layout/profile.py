"""The shape of cells and columns, before any role is known.

Alignment repairs (shifted rows, slid cells, records over several lines) compare a row's cells
with what each column usually holds. `kind` is cheap and runs on every cell; `shape` is finer
and only runs where a repair is considered.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from results.parsing.fields import parse_time

_INT = re.compile(r"\d{1,9}\.?")
_DECIMAL = re.compile(r"[+-]?\d{1,9}([.,])\d{1,6}")
_TIMEISH = re.compile(r"[+-]?\s?(?:[àa]\s)?(?:en\s)?\d{1,3}\s?[:'h]\s?\d")
_CODE = re.compile(r"[0-9A-Za-z/+\-]{1,6}(?: [0-9A-Za-z]{1,3})?")

_SHAPE_TABLE = str.maketrans(
    {
        **{chr(c): "9" for c in range(48, 58)},
        **{chr(c): "A" for c in range(65, 91)},
        **{chr(c): "a" for c in range(97, 123)},
    }
)
_RUNS = re.compile(r"(.)\1+")
#: How many times longer or shorter than a column's usual time a time may be and still fit it.
_SCALE = 8


#: The kinds `kind` gives a value (a place, a number, a time), as against words and codes.
VALUE_KINDS = frozenset({"int", "num.", "num,", "time"})


def kind(cell: str) -> str:
    """A coarse class of a cell: empty, int, num. / num, (by decimal mark), time, code, text."""
    if not cell:
        return "empty"
    if len(cell) > 80:
        return "text"
    # `\d` is exactly the Unicode decimal digits that `isdecimal` accepts: the commonest
    # cell, a plain number, needs no pattern.
    if cell.isdecimal():
        return "int" if len(cell) <= 9 else "text"  # too long for a number, a time, a code
    if _INT.fullmatch(cell):
        return "int"
    m = _DECIMAL.fullmatch(cell)
    if m:
        return "num" + m.group(1)
    if _TIMEISH.match(cell):
        return "time"
    if _CODE.fullmatch(cell):
        return "code"
    return "text"


def shape(cell: str) -> str:
    """Digits as 9, capitals as A, small letters as a, runs collapsed: `2:48.108` → `9:9.9`."""
    if not cell:
        return ""
    s = cell[:40].translate(_SHAPE_TABLE)
    if not s.isascii():
        s = "".join(
            ch if ch in "9Aa" or not ch.isalpha() else ("A" if ch.isupper() else "a") for ch in s
        )
    return _RUNS.sub(r"\1", s)


def _duration(cell: str) -> int | None:
    """A time's or a gap's length in ms (`58:07.7`, `+0:30.8`), None for any other cell."""
    return parse_time(cell.lstrip("+-−à ")) if kind(cell) == "time" else None


@dataclass(slots=True)
class ColumnProfile:
    count: int = 0
    empty: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    shapes: Counter[str] = field(default_factory=Counter)
    durations: list[int] = field(default_factory=list)

    def add(self, cell: str) -> None:
        self.count += 1
        if not cell:
            self.empty += 1
            return
        self.kinds[kind(cell)] += 1
        self.shapes[shape(cell)] += 1
        if (ms := _duration(cell)) is not None:
            self.durations.append(ms)

    @property
    def filled(self) -> int:
        return self.count - self.empty

    def empty_rate(self) -> float:
        return self.empty / self.count if self.count else 1.0

    def fit(self, cell: str) -> float:
        """0..1: how well `cell` belongs in this column."""
        if not cell:
            return self.empty_rate()
        filled = self.filled
        if not filled:
            return 0.0
        k = self.kinds[kind(cell)] / filled
        s = self.shapes[shape(cell)] / filled
        return (1 - self.empty_rate()) * (0.5 * k + 0.5 * s) * self._scale_fit(cell)

    def _scale_fit(self, cell: str) -> float:
        """A time far from the column's own (`0:20` among totals of an hour): it fits less."""
        if len(self.durations) < 3 or (ms := _duration(cell)) is None:
            return 1.0
        usual = sorted(self.durations)[len(self.durations) // 2]
        return 0.3 if ms * _SCALE < usual or ms > usual * _SCALE else 1.0

    def usually_filled(self) -> bool:
        """An empty cell here is unusual: a row with one may have lost a cell."""
        return self.count >= 3 and self.empty <= max(1, self.count // 5)


def profile_columns(
    rows: Sequence[Sequence[str]], width: int, *, sample: int = 500
) -> list[ColumnProfile]:
    """Profiles of the `width` columns, from the rows that have exactly `width` cells."""
    profiles = [ColumnProfile() for _ in range(width)]
    fitting = [r for r in rows if len(r) == width]
    step = max(1, len(fitting) // sample)
    for row in fitting[::step]:
        for profile, cell in zip(profiles, row, strict=True):
            profile.add(cell)
    return profiles


def row_fit(profiles: Sequence[ColumnProfile], cells: Sequence[str]) -> float:
    return sum(p.fit(c) for p, c in zip(profiles, cells, strict=False))
