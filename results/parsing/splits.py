"""Stage, run and lap times: read per entry, and which of them make the total.

A run marked `DNF`, `Ab.` or `-` is a run not finished or not started, never the crew's
status. Which runs count (all, the best, all but the worst) is read from the total's heading
where it says (`Best run`, `Meilleure manche`), otherwise inferred from the totals, with the
value of a penalty point, and said in an info line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from results.parsing.build import Draft
from results.parsing.codes import level_of
from results.parsing.fields import parse_status, parse_time
from results.parsing.layout.records import Record
from results.parsing.layout.roles import Layout
from results.parsing.layout.splits import VOID_RUNS, bracketed_time, is_run_mark
from results.parsing.layout.synonyms import normalise_heading
from results.parsing.model import RANKED, Issue, Split
from results.parsing.text import fold

_BEST = re.compile(r"\b(best|meilleur|meilleure|beste|bester|bestzeit|mejor|migliore|bedste)\b")
# `2 meilleures montées`, `best 2 runs`: the total of several best runs, not the best one.
_SEVERAL = re.compile(r"\b[2-9]\b")
# Rules tried in this order: a table that fits several (a single run) takes the first.
_RULES: dict[str, Callable[[list[int], int], int | None]] = {
    "sum": lambda times, runs: sum(times) if len(times) == runs else None,
    "best": lambda times, runs: min(times) if times else None,
    "sum_less_worst": lambda times, runs: (
        sum(times) - (max(times) if len(times) == runs else 0)
        if runs >= 3 and len(times) >= runs - 1
        else None
    ),
}
_WORDS = {
    "sum": "their sum",
    "best": "the best of them",
    "sum_less_worst": "their sum less the worst",
}
# What one penalty point may be worth, in seconds: penalties written in seconds (1), already
# in the run's time (0), or points of a few seconds each (cones, gates, missed markers).
_POINT_SECONDS = (1, 0, 2, 3, 5, 10)
_AGREE = 0.9  # share of the rows the rule must explain
_RUN_STATUS = {"retired": "retired", "dns": "dns", "dsq": "dsq", "nc": "retired"}


@dataclass(frozen=True, slots=True)
class SplitColumn:
    index: int
    name: str
    order: int
    bare_seconds: bool
    penalty: int | None


def plan_splits(layout: Layout, records: Sequence[Record]) -> list[SplitColumn]:
    """The part columns of a table, in order, named by their heading (by their order without)."""
    plan = []
    for j, role in enumerate(layout.roles):
        if role != "split":
            continue
        sample = [r.cells[j] for r in records[:200] if r.cells[j]]
        plain = sum(1 for c in sample if parse_time(c) is not None)
        bare = sum(1 for c in sample if parse_time(c, bare_seconds=True) is not None)
        order = len(plan) + 1
        plan.append(
            SplitColumn(
                index=j,
                name=(layout.headings[j] or "").strip() or str(order),
                order=order,
                bare_seconds=bare > plain and bare * 2 > len(sample),
                penalty=layout.penalties.get(j),
            )
        )
    return plan


def _issue(rec: Record, code: str, message: str) -> Issue:
    return Issue(rec.line, code, message, level_of(code), "split", rec.page)


def _run_status(cell: str) -> str | None:
    status = parse_status(cell)
    if status is None and normalise_heading(cell) in VOID_RUNS:
        return "dsq"  # penalised out: run, but not counted
    return "dns" if status is None else _RUN_STATUS.get(status)


def read_splits(
    rec: Record, plan: Sequence[SplitColumn], issues: list[Issue]
) -> list[Split] | None:
    """The record's splits in order (None for a table without part columns)."""
    if not plan:
        return None
    out = []
    for column in plan:
        cell = rec.cells[column.index]
        time_ms = status = penalty_ms = counted = None
        if cell and is_run_mark(cell):
            status = _run_status(cell)
        elif cell:
            cell, bracketed, left_out = bracketed_time(cell)
            if column.penalty is None:
                penalty_ms = bracketed
            time_ms = parse_time(cell, bare_seconds=column.bare_seconds)
            head, _, word = cell.rpartition(" ")
            if time_ms is None and head and is_run_mark(word):
                # `08:17.8 forfait`: the time given for a stage the crew did not run (a
                # Rallye 2 restart's), counted as given.
                time_ms = parse_time(head, bare_seconds=column.bare_seconds)
            if time_ms == 0:
                time_ms, status = None, "dns"
            elif time_ms is None:
                message = f"{column.name}: {cell!r} is not a time"
                issues.append(_issue(rec, "value-unreadable", message))
            else:
                status = "finished"
                counted = False if left_out else None
        if column.penalty is not None and (pen := rec.cells[column.penalty]):
            if is_run_mark(pen):
                status = _run_status(pen) if status in (None, "finished") else status
            else:
                penalty_ms = parse_time(pen.lstrip("+"), bare_seconds=True)
        out.append(Split(column.name, column.order, time_ms, penalty_ms, status, counted))
    return out


def _counted(runs: list[Split], rule: str, per_point: int) -> list[Split]:
    done = [(i, s.time_ms + (s.penalty_ms or 0) * per_point // 1000) for i, s in enumerate(runs)
            if s.status == "finished" and s.time_ms is not None]  # fmt: skip
    keep: set[int] = {i for i, _ in done}
    if rule == "best" and done:
        keep = {min(done, key=lambda p: p[1])[0]}
    elif rule == "sum_less_worst" and len(done) == len(runs) and done:
        keep -= {max(done, key=lambda p: p[1])[0]}
    return [replace(s, counted=i in keep) for i, s in enumerate(runs)]


def _total(runs: list[Split], rule: str, per_point: int) -> int | None:
    times = [s.time_ms + (s.penalty_ms or 0) * per_point // 1000 for s in runs
             if s.status == "finished" and s.time_ms is not None]  # fmt: skip
    return _RULES[rule](times, len(runs))


def count_runs(drafts: Sequence[Draft], time_heading: str | None) -> tuple[str | None, list[Issue]]:
    """Which runs make the total, for the drafts of one table: sets each split's `counted`
    (and a penalty point's worth) and returns the rule with the info line saying how it was
    found."""
    with_runs = [d for d in drafts if d.splits]
    if not with_runs or len(with_runs[0].splits) < 2:
        return None, []
    first = with_runs[0]
    names = f"{first.splits[0].name}…{first.splits[-1].name}"
    where = Issue(first.line, "splits-rule", "", level_of("splits-rule"), "split", first.page)
    if time_heading and _BEST.search(fold(time_heading)) and not _SEVERAL.search(time_heading):
        for d in with_runs:
            d.splits = _counted(d.splits, "best", 1000)
        message = f"{names}: the total is the best of them (its heading {time_heading!r} says so)"
        return "best", [replace(where, message=message)]
    rows = [d for d in with_runs if d.status in RANKED and d.time_ms is not None]
    has_penalties = any(s.penalty_ms for d in rows for s in d.splits)
    # The rule and penalty point's worth that explain the most totals (the first tried of
    # those that explain as many): a best run seldom has penalties, so several worths may
    # explain most totals, and only the rows with penalties tell them apart.
    found = None
    penalised = False  # a total holding the entry's penalty (`Pen.` beside it) besides its runs
    best = 0
    for per_point in (p * 1000 for p in (_POINT_SECONDS if has_penalties else (1,))):
        for rule in _RULES:
            agree, with_penalty = 0, False
            for d in rows:
                total = _total(d.splits, rule, per_point)
                tolerance = max(100, 50 * len(d.splits))
                if total is None:
                    continue
                if abs(total - d.time_ms) <= tolerance:
                    agree += 1
                elif d.penalty_ms and abs(total + d.penalty_ms - d.time_ms) <= tolerance:
                    agree, with_penalty = agree + 1, True
            if agree > best and agree >= 2 and agree >= _AGREE * len(rows):
                found, best, penalised = (rule, per_point), agree, with_penalty
    if found is None:
        message = f"{names}: the total is neither their sum, the best of them nor their sum " \
                  "less the worst: which of them count is not known"  # fmt: skip
        return None, [replace(where, code="splits-rule-unknown", message=message,
                              level=level_of("splits-rule-unknown"))]  # fmt: skip
    rule, per_point = found
    scale = per_point not in (0, 1000)  # points of several seconds: the penalty in ms
    for d in with_runs:
        d.splits = [
            replace(s, penalty_ms=s.penalty_ms * per_point // 1000) if scale and s.penalty_ms else s
            for s in _counted(d.splits, rule, per_point)
        ]
    message = f"{names}: the total is {_WORDS[rule]}"
    message += (
        ", with the entry's penalty (inferred from the totals)"
        if penalised
        else (" (inferred from the totals)")
    )
    if has_penalties and per_point != 1000:
        message += (
            f"; a penalty point counts {per_point // 1000} s"
            if per_point
            else "; penalties are already in the run times"
        )
    return rule, [replace(where, message=message)]
