"""Podium's benchmarks: every figure is measured next to its baseline, in the same run.

A bench module exposes `run() -> list[Metric]`; `python -m bench` runs those listed in
`bench.__main__.MODULES` and prints one JSON object per metric, then a readable summary.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Metric:
    metric: str
    value: float
    unit: str
    baseline: str
    baseline_value: float

    @property
    def ratio(self) -> float:
        return self.value / self.baseline_value if self.baseline_value else float("nan")

    def to_dict(self) -> dict[str, Any]:
        return {
            "metric": self.metric,
            "value": _rounded(self.value),
            "unit": self.unit,
            "baseline": self.baseline,
            "baseline_value": _rounded(self.baseline_value),
            "ratio": round(self.ratio, 3),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


def _rounded(value: float) -> float | int:
    # Rates in the hundreds and up read best as whole numbers; small figures keep decimals.
    return round(value) if abs(value) >= 100 else round(value, 3)


def summary(metrics: list[Metric]) -> str:
    head = ("metric", "value", "unit", "baseline", "baseline value", "ratio")
    rows = [head] + [
        (
            m.metric,
            str(_rounded(m.value)),
            m.unit,
            m.baseline,
            str(_rounded(m.baseline_value)),
            f"{m.ratio:.3f}",
        )
        for m in metrics
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(line.rstrip() for line in lines)
