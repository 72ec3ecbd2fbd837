"""Doubts about a whole column: one warning naming both readings, never one per row.

A column whose role no heading vouches for (no heading, or one Podium does not understand)
and whose content fits a second role nearly as well as the one it was given is a close call:
the reading may be wrong on every row at once, so the warning covers every line of the table
(`Issue.lines`), and the preview shows it on each of them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from results.parsing.codes import level_of
from results.parsing.fields import parse_gap, parse_time
from results.parsing.layout.scores import NAMED_BY_HEADING
from results.parsing.model import Issue

# A gap agrees with the times within a tenth of a second (sheets round them apart).
_TOLERANCE_MS = 100

# How much better than its runner-up a column's role must fit for the reading to be sure.
# Scores run 0..1 (`scores.py`). 0.15 is set by hand, not fitted: the largest round margin at
# which no column of the five sample sheets (read perfectly, their warnings pinned by the
# golden tests) is called close. It goes when the scores become fitted probabilities.
CLOSE = 0.15
# Roles whose mistake costs a field on every row; others (club, car) are read as text anyway.
_MATTERS = frozenset(
    {"position", "number", "time", "gap", "gap_prev", "group", "class", "group_class", "laps"}
)
_NOT_RIVALS = (
    frozenset({"status", "category", "best_lap", "best_lap_no", "capacity", "speed"})
    | NAMED_BY_HEADING
)
# Pairs whose readings agree: a time column reads a gap written in it (`à 0'08"3`) as a gap.
_SAME_READING = frozenset({frozenset({"time", "gap"})})


def close_calls(
    roles: Sequence[str],
    scores: Sequence[dict[str, float]],
    vouched: Collection[int],
    headings: Sequence[str | None],
    lines: Sequence[int],
    *,
    first_line: int | None,
) -> list[Issue]:
    """A warning for each column whose role no heading vouches for and whose content fits a
    free rival role within `CLOSE` of it."""
    if not lines:
        return []
    taken = set(roles)
    if taken & {"group_class", "group", "class"}:
        taken |= {"group_class", "group", "class"}  # the class is read, fused or apart
    issues = []
    for j, role in enumerate(roles):
        if j in vouched or role not in _MATTERS or not scores[j]:
            continue
        mine = scores[j].get(role, 0.0)
        rivals = [
            (score, other)
            for other, score in scores[j].items()
            if other != role
            and other not in _NOT_RIVALS
            and other not in taken
            and frozenset({role, other}) not in _SAME_READING
        ]
        if not rivals:
            continue
        score, other = max(rivals)
        if mine - score < CLOSE:
            issues.append(
                _column_doubt(
                    headings[j],
                    j,
                    role,
                    f"read as {role}, but its content fits {other} nearly as well: check "
                    "this column",
                    first_line,
                    lines,
                )
            )
    return issues


def gaps_against_times(
    columns: Sequence[Sequence[str]],
    roles: list[str | None],
    vouched: Collection[int],
    headings: Sequence[str | None],
    *,
    first_line: int | None,
) -> list[Issue]:
    """A column read as gaps from its content alone must agree with the times beside it: gap
    = time - leader's time (or, for the gap to the crew ahead, the difference of neighbours).
    One that agrees with neither on most rows is something else (a list of lap times, a
    penalty): it loses the role, with a warning, rather than raise a mismatch on every row."""
    if "gap" not in roles or "time" not in roles:
        return []
    j = roles.index("gap")
    if j in vouched:
        return []
    times = [parse_time(c) if c else None for c in columns[roles.index("time")]]
    gaps = [g.ms if c and (g := parse_gap(c)) else None for c in columns[j]]
    lead = next((t for t in times if t is not None), None)
    if lead is None:
        return []
    to_leader = to_ahead = rows = 0
    for i in range(1, len(times)):
        t, g, ahead = times[i], gaps[i], times[i - 1]
        if t is not None and (not columns[j][i] or g == 0):
            lead = t  # a time with no gap: the leader of the next table, one under another
            continue
        if t is None or g is None:
            continue
        rows += 1
        to_leader += abs(t - lead - g) <= _TOLERANCE_MS
        to_ahead += ahead is not None and abs(t - ahead - g) <= _TOLERANCE_MS
    if rows < 3 or to_leader * 2 >= rows:
        return []
    if to_ahead * 2 >= rows and "gap_prev" not in roles:
        roles[j] = "gap_prev"
        return []
    roles[j] = None
    label = f"{headings[j]!r}" if headings[j] else f"column {j + 1}"
    return [
        Issue(
            line=first_line,
            code="column-unknown",
            level=level_of("column-unknown"),
            message=f"{label} reads like gaps but does not agree with the times: it is ignored",
        )
    ]


def classes_of_bare_numbers(
    columns: Sequence[Sequence[str]],
    roles: Sequence[str],
    vouched: Collection[int],
    headings: Sequence[str | None],
    lines: Sequence[int],
    *,
    first_line: int | None,
) -> list[Issue]:
    """A column no heading makes the class, read as one because its small numbers repeat:
    counts (penalties, cones, runs) read the same. One doubt for the column, on its lines."""
    issues = []
    for j, role in enumerate(roles):
        if role != "class" or j in vouched or not lines:
            continue
        filled = [c for c in columns[j] if c]
        if not filled or not all(c.isdigit() for c in filled):
            continue
        issues.append(
            _column_doubt(
                headings[j],
                j,
                role,
                "read as the class from its numbers alone: counts read the same, check this column",
                first_line,
                lines,
            )
        )
    return issues


def _column_doubt(
    heading: str | None,
    index: int,
    role: str,
    doubt: str,
    first_line: int,
    lines: Sequence[int],
) -> Issue:
    """One doubt on a whole column, on the lines it covers: `doubt` follows the column's
    heading (or its place)."""
    label = f"{heading!r}" if heading else f"column {index + 1}"
    return Issue(
        line=first_line,
        code="role-doubt",
        level=level_of("role-doubt"),
        column=role,
        message=f"{label} {doubt}",
        lines=tuple(lines),
    )
