"""Doubts about a whole column: one warning naming both readings, never one per row.

A column whose role no heading vouches for (no heading, or one Podium does not understand)
and whose content fits a second role nearly as well as the one it was given is a close call:
the reading may be wrong on every row at once, so the warning covers every line of the table
(`Issue.lines`), and the preview shows it on each of them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from results.parsing.codes import level_of
from results.parsing.model import Issue

# How much better than its runner-up a column's role must fit for the reading to be sure.
# Scores run 0..1 (`scores.py`). 0.15 is set by hand, not fitted: the largest round margin at
# which no column of the five sample sheets (read perfectly, their warnings pinned by the
# golden tests) is called close. It goes when the scores become fitted probabilities.
CLOSE = 0.15
# Roles whose mistake costs a field on every row; others (club, car) are read as text anyway.
_MATTERS = frozenset(
    {"position", "number", "time", "gap", "gap_prev", "group", "class", "group_class", "laps"}
)
_NOT_RIVALS = frozenset({"status", "category", "best_lap", "best_lap_no", "capacity", "speed"})
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
            label = f"{headings[j]!r}" if headings[j] else f"column {j + 1}"
            issues.append(
                Issue(
                    line=first_line,
                    code="role-doubt",
                    level=level_of("role-doubt"),
                    column=role,
                    message=f"{label} read as {role}, but its content fits {other} nearly as "
                    "well: check this column",
                    lines=tuple(lines),
                )
            )
    return issues
