"""Fit the weights of the layout step's readings (`results/parsing/layout/reading.py`).

    .venv/bin/python -m tools.train_layout            # fit, write weights.json
    .venv/bin/python -m tools.train_layout --check    # fit, fail if weights.json differs
    .venv/bin/python -m tools.train_layout --truth    # re-record the true readings (see below)

Training tables come from the project's own sheets: the samples, the test sheets, and re-layouts
of their tables written anew (columns reordered, headings renamed to other synonyms, to words of
another role or dropped, sparse extra columns, another delimiter, times in another notation).
The corpus is for measuring, never for training.

The true role of every column is data (`layout_truth.json`): the roles of a reading of each sheet
that gives every field its golden test expects, recorded with `--truth` (run it only while the
golden tests pass). A re-layout keeps the true roles of the table it was made from.

Each column gives one example per candidate role (the roles its content may have, and those its
heading proposes); the example is positive where the candidate is the true role. A logistic
model over `reading.FEATURES` is fitted by Newton's method (no library: the weights are a few
numbers), with a small ridge so that features absent from the data stay at 0.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import random
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from results.parsing import ParseError, parse, pipeline
from results.parsing.fields import parse_gap, parse_time
from results.parsing.layout import reading
from results.parsing.layout.heading_table import SYNONYMS
from results.parsing.layout.reading import HEADING_ONLY
from results.parsing.layout.scores import score_column
from results.parsing.layout.synonyms import heading_certainty, roles_for_heading

ROOT = Path(__file__).resolve().parents[1]
TRUTH = Path(__file__).with_name("layout_truth.json")
SHEETS = (
    "samples/*.txt",
    "tests/parsing/sheets/layouts/*.[!j]*",
    "tests/parsing/sheets/containers/*.csv",
    "tests/parsing/sheets/containers/*.html",
    "tests/parsing/sheets/containers/*.xlsx",
    "tests/parsing/fixed_width/*.txt",
)
VARIANTS = 6  # re-layouts per table
ROWS = 60  # rows of a table written into a re-layout: enough for every content feature
RIDGE = 0.01
# Roles a later rule of the layout step turns a reading into: a reading as any of the family
# is the true one (two name columns become driver and co-driver by their order, a gap column
# becomes the gap to the crew ahead where the times say so, name columns headed as people
# become surnames beside first-name columns).
_FAMILIES = (
    frozenset({"crew", "driver", "codriver"}),
    frozenset({"gap", "gap_prev"}),
    frozenset({"surname", "crew", "driver", "codriver"}),
)
_TIMED = frozenset({"time", "gap", "gap_prev", "best_lap"})


@dataclass(frozen=True)
class Table:
    """One table as the layout step sees it, with the true role of each column."""

    columns: tuple[tuple[str, ...], ...]
    header: tuple[str, ...] | None
    roles: tuple[str, ...]


@contextmanager
def _recording() -> Iterator[
    list[tuple[tuple[tuple[str, ...], ...], tuple[str, ...] | None, tuple[str, ...]]]
]:
    """Every call of the layout step while parsing: the columns, header cells and roles."""
    seen: list[tuple[tuple[tuple[str, ...], ...], tuple[str, ...] | None, tuple[str, ...]]] = []
    real = pipeline.infer_roles

    def record(columns, header, **kwargs):  # type: ignore[no-untyped-def]
        layout, issues = real(columns, header, **kwargs)
        cells = tuple(header.cells) if header is not None else None
        seen.append((tuple(tuple(c) for c in columns), cells, layout.roles))
        return layout, issues

    pipeline.infer_roles = record
    try:
        yield seen
    finally:
        pipeline.infer_roles = real


def _read(
    data: bytes, name: str
) -> list[tuple[tuple[tuple[str, ...], ...], tuple[str, ...] | None, tuple[str, ...]]]:
    # The columns are read before any role is given: what the weights make of them (even a
    # sheet they leave unreadable) does not change what is recorded.
    with _recording() as seen, suppress(ParseError):
        parse(data, filename=name)
    return seen


def sheet_paths(root: Path = ROOT) -> list[Path]:
    return sorted({p for pattern in SHEETS for p in root.glob(pattern) if p.suffix != ".json"})


def record_truth(paths: Sequence[Path], root: Path = ROOT) -> dict[str, list[list[str]]]:
    return {
        str(p.relative_to(root)): [list(roles) for _, _, roles in _read(p.read_bytes(), p.name)]
        for p in paths
    }


def _truth_text(truth: dict[str, list[list[str]]]) -> str:
    """One line per table, so that a change of reading is one line of the diff."""
    sheets = [
        f" {json.dumps(name)}: [\n  " + ",\n  ".join(json.dumps(t) for t in readings) + "\n ]"
        for name, readings in truth.items()
    ]
    return "{\n" + ",\n".join(sheets) + "\n}\n"


def tables(truth: dict[str, list[list[str]]], root: Path = ROOT) -> list[Table]:
    out = []
    for name, readings in truth.items():
        path = root / name
        seen = _read(path.read_bytes(), path.name)
        if len(seen) != len(readings):
            raise SystemExit(f"{name}: {len(seen)} tables read, {len(readings)} in the truth")
        for (columns, header, _), roles in zip(seen, readings, strict=True):
            if len(columns) != len(roles):
                raise SystemExit(f"{name}: {len(columns)} columns read, {len(roles)} in the truth")
            out.append(Table(columns, header, tuple(roles)))
    return out


# --- re-layouts ----------------------------------------------------------------------------

_NOTATIONS = ("colon", "quote", "hours", "comma")


def _notation(ms: int, style: str) -> str:
    s, milli = divmod(ms, 1000)
    m, s = divmod(s, 60)
    h, m = divmod(m, 60)
    tenth = milli // 100
    if style == "quote":
        return f"{h * 60 + m}'{s:02d}\"{tenth}"
    if style == "hours":
        return f"{h}:{m:02d}:{s:02d}.{milli // 10:02d}"
    if style == "comma":
        return f"{h * 60 + m:02d}:{s:02d},{tenth}"
    return f"{h * 60 + m}:{s:02d}.{milli:03d}"


def _retimed(cell: str, role: str, style: str) -> str:
    if role == "time":
        ms = parse_time(cell)
        return cell if ms is None else _notation(ms, style)
    gap = parse_gap(cell)
    if gap is None or gap.ms is None:
        return cell
    return "+" + _notation(gap.ms, style)


def _headings_by_role() -> dict[str, list[str]]:
    by_role: dict[str, list[str]] = {}
    for heading, roles in SYNONYMS.items():
        if roles:
            by_role.setdefault(roles[0], []).append(heading)
    return {role: sorted(h) for role, h in by_role.items()}


def relayout(
    table: Table, rng: random.Random, headings: dict[str, list[str]]
) -> tuple[bytes, list[tuple[int, bool]]]:
    """A re-layout of a table as delimited text, and per written column its source column and
    whether it is a sparse copy of it: a column that a timing program fills on a few rows only
    (a second number, a licence), which the sheet's fields do not need."""
    n = len(table.roles)
    order = [(j, False) for j in range(n)]
    used = [j for j in range(n) if table.roles[j] != "ignore"]
    if used and rng.random() < 0.5:
        order.append((rng.choice(used), True))
    rng.shuffle(order)
    style = rng.choice(_NOTATIONS)
    delimiter = rng.choice(";\t,|")
    header = None
    if table.header is not None and rng.random() < 0.8:
        header = []
        for j, _ in order:
            cell = table.header[j] if j < len(table.header) else ""
            role, luck = table.roles[j], rng.random()
            if luck < 0.3 and headings.get(role):
                cell = rng.choice(headings[role])  # another synonym of the same role
            elif luck < 0.4:
                cell = f"C{j + 1}"  # a heading Podium does not know
            elif luck < 0.5:
                # A heading that says another thing (`Car` over the car's door numbers).
                cell = rng.choice(headings[rng.choice(sorted(headings))])
            header.append(cell)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    if header is not None:
        writer.writerow(header)
    rows = len(table.columns[0]) if table.columns else 0
    for i in range(min(rows, ROWS)):
        row = []
        for j, sparse in order:
            cell, role = table.columns[j][i], table.roles[j]
            if sparse and rng.random() > 0.15:
                cell = ""
            row.append(_retimed(cell, role, style) if cell and role in _TIMED else cell)
        writer.writerow(row)
    return out.getvalue().encode(), order


def relayouts(source: Sequence[Table], seed: int = 15) -> list[Table]:
    rng = random.Random(seed)
    headings = _headings_by_role()
    out = []
    for table in source:
        if len(table.roles) < 3 or not table.columns or len(table.columns[0]) < 3:
            continue
        for _ in range(VARIANTS):
            data, order = relayout(table, rng, headings)
            seen = _read(data, "relayout.txt")
            # A re-layout read as other tables or other columns teaches nothing sure: skipped.
            if len(seen) == 1 and len(seen[0][0]) == len(order):
                columns, header, _ = seen[0]
                roles = tuple("ignore" if sparse else table.roles[j] for j, sparse in order)
                out.append(Table(columns, header, roles))
    return out


# --- examples and the fit ------------------------------------------------------------------


def _is_true(candidate: str, role: str) -> bool:
    return candidate == role or any(candidate in f and role in f for f in _FAMILIES)


Column = tuple[list[tuple[float, ...]], int | None]


def examples(source: Sequence[Table]) -> list[Column]:
    """Per column, the features of each candidate reading and which one is true (None where
    none is: a column the sheet's fields do not need)."""
    out: list[Column] = []
    for table in source:
        for j, column in enumerate(table.columns):
            scores = score_column(column)
            if not scores:
                continue
            heading = table.header[j] if table.header is not None and j < len(table.header) else ""
            proposals = roles_for_heading(heading) if heading else ()
            certainty = heading_certainty(heading) if proposals else 0.0
            role = table.roles[j]
            candidates = [r for r in scores if r not in HEADING_ONLY] + [
                r for r in proposals if r != "ignore" and (r not in scores or r in HEADING_ONLY)
            ]
            if role == "ignore":
                # Parts of a total: a later rule judges them, not the worth.
                candidates = [r for r in candidates if r not in _TIMED or r in proposals]
            candidates = list(dict.fromkeys(candidates))
            empty = sum(1 for c in column if not c) / len(column)
            xs = [reading.features(r, scores, proposals, certainty, empty) for r in candidates]
            # The true reading: the role itself where it is a candidate, else the first of its
            # family that the heading proposes, else any of its family.
            ranked = sorted(
                range(len(candidates)),
                key=lambda i: (
                    candidates[i] != role,
                    candidates[i] not in proposals,
                    proposals.index(candidates[i]) if candidates[i] in proposals else 0,
                ),
            )
            true = next((i for i in ranked if _is_true(candidates[i], role)), None)
            out.append((xs, true))
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def _loss(data: Sequence[Column], w: Sequence[float]) -> float:
    """The negative log-likelihood of the true choices, plus the ridge."""
    total = RIDGE * len(data) * sum(wi * wi for wi in w) / 2
    for xs, true in data:
        z = [sum(wi * xi for wi, xi in zip(w, x, strict=True)) for x in xs]
        top = max([0.0, *z])
        log_sum = top + math.log(math.exp(-top) + sum(math.exp(v - top) for v in z))
        total += log_sum - (z[true] if true is not None else 0.0)
    return total


def fit(data: Sequence[Column], steps: int = 50) -> list[float]:
    """A conditional logit by Newton's method: per column, one choice among its candidate
    readings and leaving it without a role (worth 0), so that the true reading is the one worth
    most, and worth more than 0. Each step is halved until it lowers the loss; a small ridge
    keeps the weights finite."""
    k = len(data[0][0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for xs, true in data:
            z = [sum(wi * xi for wi, xi in zip(w, x, strict=True)) for x in xs]
            top = max([0.0, *z])
            e = [math.exp(v - top) for v in z]
            total = math.exp(-top) + sum(e)
            p = [v / total for v in e]
            mean = [sum(pi * x[a] for pi, x in zip(p, xs, strict=True)) for a in range(k)]
            for a in range(k):
                grad[a] += mean[a] - (xs[true][a] if true is not None else 0.0)
            for pi, x in zip(p, xs, strict=True):
                for a in range(k):
                    for b in range(a, k):
                        hess[a][b] += pi * x[a] * x[b]
            for a in range(k):
                for b in range(a, k):
                    hess[a][b] -= mean[a] * mean[b]
        for a in range(k):
            for b in range(a):
                hess[a][b] = hess[b][a]
            grad[a] += RIDGE * len(data) * w[a]
            hess[a][a] += RIDGE * len(data)
        step = _solve(hess, grad)
        before, scale = _loss(data, w), 1.0
        while scale > 1e-6:
            trial = [wi - scale * si for wi, si in zip(w, step, strict=True)]
            if _loss(data, trial) < before:
                break
            scale /= 2
        else:
            break
        w = trial
        if max(abs(scale * s) for s in step) < 1e-7:
            break
    return [round(wi, 4) for wi in w]


def train(
    truth: dict[str, list[list[str]]], root: Path = ROOT, seed: int = 15
) -> dict[str, object]:
    source = tables(truth, root)
    everything = [*source, *relayouts(source, seed)]
    data = examples(everything)
    return {
        "features": list(reading.FEATURES),
        "weights": fit(data),
        "trained_on": {
            "tables": len(source),
            "relayouts": len(everything) - len(source),
            "columns": len(data),
        },
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--truth", action="store_true", help="re-record the true readings first")
    ap.add_argument("--check", action="store_true", help="fail if weights.json is not the fit")
    args = ap.parse_args(argv)
    if args.truth:
        TRUTH.write_text(_truth_text(record_truth(sheet_paths())), encoding="utf-8")
    truth = json.loads(TRUTH.read_text(encoding="utf-8"))
    fitted = train(truth)
    text = json.dumps(fitted, indent=2) + "\n"
    if args.check:
        if reading.WEIGHTS_FILE.read_text(encoding="utf-8") != text:
            print(f"{reading.WEIGHTS_FILE} is not what the training gives", file=sys.stderr)
            return 1
        return 0
    reading.WEIGHTS_FILE.write_text(text, encoding="utf-8")
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
