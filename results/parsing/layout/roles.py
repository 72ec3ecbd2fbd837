"""Give each column of a table body a role: headings propose, content decides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from results.parsing.codes import level_of
from results.parsing.fields import parse_int
from results.parsing.grid import Row
from results.parsing.layout.agreement import (
    gap_of_the_table,
    parts_of_the_total,
    places_in_classes,
    points_of_parts,
)
from results.parsing.layout.class_columns import (
    CODES_AND_TEXT,
    group_and_class_apart,
    lone_class_heading,
)
from results.parsing.layout.doubts import (
    classes_of_bare_numbers,
    close_calls,
    gaps_against_times,
)
from results.parsing.layout.header_rows import header_proposals
from results.parsing.layout.people_columns import (
    name_parts_apart,
    no_crew_beside_name_parts,
    single_person_columns,
)
from results.parsing.layout.reading import HEADING_ONLY, worth
from results.parsing.layout.scores import score_column
from results.parsing.layout.splits import mark_splits
from results.parsing.layout.synonyms import (
    heading_certainty,
    is_rally2_mark,
    names_the_total,
)
from results.parsing.model import ROLES, Issue

# Roles a table has at most once: all but `ignore`, the name parts (one per seat) and the
# seats after the first (`Driver 2`, `Driver 3`: their people add up in column order).
_UNIQUE = frozenset(ROLES) - {"ignore", "surname", "first_name", "codriver"}
# Roles whose cells are numbers of a kind: a heading naming one over none of them is wrong.
_MEASURES = frozenset({"speed", "laps", "points", "penalty", "distance"})
# Roles a table has once per seat, several columns each.
_SEATED = frozenset({"surname", "first_name", "driver", "codriver", "crew"})
# A fused group and class column and columns of their own for either tell the same thing
# twice: a table has one or the others.
_EXCLUDES = {
    "group_class": ("group", "class"),
    "group": ("group_class",),
    "class": ("group_class",),
}


@dataclass(frozen=True, slots=True)
class Layout:
    roles: tuple[str, ...]
    headings: tuple[str | None, ...]
    #: Each stage or run column's penalty column, where it has one.
    penalties: Mapping[int, int] = field(default_factory=dict)


def _issue(line: int | None, code: str, message: str, column: str | None = None) -> Issue:
    return Issue(line=line, code=code, message=message, level=level_of(code), column=column)


# What leaving a heading or a data column unmatched costs, on the scale of a column's fit
# (0..1): a heading moves off its own column only where the content pays for the move. Extra
# data columns after the last heading cost nothing (an export writes more than it names).
_SKIP = 0.3


def _align_header(
    proposals: Sequence[tuple[str, ...]], scores: Sequence[dict[str, float]]
) -> list[int | None]:
    """Match header cells to data columns in order (a table body may have a column more or less
    than its header, as when a merged cell lost its place): the match that best agrees with the
    content. Returns, per data column, the header index or None."""
    m, n = len(proposals), len(scores)

    def compat(i: int, j: int) -> float:
        if not proposals[i]:
            return 0.0
        if not scores[j]:
            return 0.01  # an empty column may sit under any heading
        # Near ties go to the heading in its own place: a sheet's extra cells are rather at
        # its end (a tenth of a column's fit: what two readings of words differ by, not two
        # readings of values).
        same_place = 0.1 if i == j else 0.0
        return max(scores[j].get(r, 0.0) for r in proposals[i]) + 0.01 + same_place

    def skip_column(i: int) -> float:
        return 0.0 if i == m else _SKIP

    best = [[0.0] * (n + 1) for _ in range(m + 1)]
    for i in range(m + 1):
        for j in range(n + 1):
            if i == 0 and j == 0:
                continue
            options = []
            if i:
                options.append(best[i - 1][j] - _SKIP)
            if j:
                options.append(best[i][j - 1] - skip_column(i))
            if i and j:
                options.append(best[i - 1][j - 1] + compat(i - 1, j - 1))
            best[i][j] = max(options)
    match: list[int | None] = [None] * n
    i, j = m, n
    while i and j:
        if best[i][j] == best[i - 1][j - 1] + compat(i - 1, j - 1):
            match[j - 1] = i - 1
            i, j = i - 1, j - 1
        elif best[i][j] == best[i][j - 1] - skip_column(i):
            j -= 1
        else:
            i -= 1
    return match


def infer_roles(
    columns: Sequence[Sequence[str]],
    header: Row | None,
    *,
    hints: Mapping[int, str] | None = None,
    first_line: int | None = None,
    lines: Sequence[int] = (),
) -> tuple[Layout, list[Issue]]:
    """Roles for the data columns (each a list of its cells, in row order); `lines` are the
    rows' lines, which a doubt about a whole column covers."""
    n = len(columns)
    scores = [score_column(col) for col in columns]
    empty = [sum(1 for c in col if not c) / len(col) if col else 1.0 for col in columns]
    issues: list[Issue] = []
    headings: list[str | None] = [None] * n
    proposals: list[tuple[str, ...]] = [()] * n
    certainty = [0.0] * n
    marked: list[int] = []  # columns of Rallye 2 marks
    if header is not None:
        cells = list(header.cells)
        while cells and not cells[-1]:
            cells.pop()
        props = header_proposals(cells)
        # Cells beyond the header's last heading that are empty all the way down (a trailing
        # delimiter) leave the header in place: only a real mismatch is aligned on content.
        in_place = len(cells) == n or (
            len(cells) < n and not any(scores[j] for j in range(len(cells), n))
        )
        match = list(range(n)) if in_place else _align_header(props, scores)
        for j, i in enumerate(match):
            if i is not None and i < len(cells):
                headings[j], proposals[j] = cells[i] or None, props[i]
                certainty[j] = heading_certainty(cells[i]) if props[i] else 0.0
                if _marks_rally2(cells[i], columns[j]):
                    marked.append(j)
    # Marks under no heading (`R2` printed after the names): the same column of marks.
    marked += [j for j in range(n) if headings[j] is None and _marks_rally2("R2", columns[j])]
    roles: list[str | None] = [None] * n
    taken: set[str] = set()

    def take(j: int, role: str) -> None:
        roles[j] = role
        if role in _UNIQUE:
            taken.add(role)
            taken.update(_EXCLUDES.get(role, ()))

    for j, role in (hints or {}).items():
        if 0 <= j < n:
            take(j, role)
            issues.append(_issue(first_line, "role-hinted", f"column {j + 1} set to {role}", role))

    def value(j: int, role: str) -> float:
        return worth(role, scores[j], proposals[j], certainty[j], empty[j])

    def rivals(j: int) -> list[str]:
        """The roles content alone may give column j, besides its heading's proposals."""
        return [
            r
            for r in scores[j]
            if r not in HEADING_ONLY and r not in taken and r not in proposals[j]
        ]

    # Headed columns: the reading worth most, most promising columns first. A reading the
    # heading does not propose may be worth more (clear content beside a heading read from some
    # of its words): the column then waits for the pass on content below.
    # Empty columns come last: a heading alone says less than a heading and its content.
    # Columns whose heading names only roles other columns have (a second `Nation`): copies.
    copies: set[int] = set()
    # Of two headings of times, the one that says it is the total comes first, then the ones
    # naming a time before anything else (`Time / Gap` before `Best lap`).
    order = sorted(
        range(n),
        key=lambda j: (
            not scores[j],
            not names_the_total(headings[j]),
            proposals[j][:1] != ("time",),
            -max((value(j, r) for r in proposals[j]), default=0),
        ),
    )
    for j in order:
        if roles[j] is not None or not proposals[j]:
            continue
        person = scores[j].get("codriver", 0) > max(0.5, scores[j].get("team", 0))
        if proposals[j][:1] == ("driver",) and "driver" in taken and person:
            take(j, "codriver")  # a second person's column (`Kierowca`, then `Pilot`)
            continue
        free = [r for r in proposals[j] if r == "ignore" or r not in taken]
        if not free:
            if not set(proposals[j]) & _SEATED:
                copies.add(j)
            continue
        if not scores[j] or free[0] == "ignore":
            # A heading that says the column is none of the sheet's fields (a stage time
            # beside the total) is taken at its word.
            take(j, free[0])
            continue
        # A heading known whole (certainty 1) is overruled only by a reading that tells its
        # role with more (`Class` over `A8`: the group and class fused); one read from some of
        # its words, by any reading worth more.
        if free[0] in _MEASURES and not scores[j].get(free[0]) and len(free) > 1:
            # A measure's heading over no measure at all, words (`Moyenne` over `Haute`,
            # `Basse`: the average a regularity crew chose): its other reading.
            take(j, free[1])
            continue
        if free[:2] == ["time", "gap"] and value(j, "time") > 0:
            take(j, "time")  # `Time / Gap`: the winner's time, the others' gaps after it
            continue
        others = rivals(j)
        if certainty[j] == 1:
            others = [r for r in others if any(r in _EXCLUDES.get(p, ()) for p in free)]
        best = max([*free, *others], key=lambda r: value(j, r))
        if best in free and (best == "ignore" or value(j, best) > 0):
            take(j, best)
    for j in (j for j in marked if roles[j] is None and "status" not in taken):
        take(j, "status")
    name_parts_apart(roles, proposals)
    group_and_class_apart(roles, proposals, certainty, scores, taken)
    if "time" not in taken:
        timed = [j for j in range(n) if roles[j] is None and scores[j] and value(j, "time") > 0]
        parts_of_the_total(columns, timed, roles)
    no_time = not {"time", "points"} & taken and "time" not in roles
    summed = points_of_parts(columns, roles, set(hints or {})) if no_time else None
    if summed is not None:  # a sum of others on every row, the rows in its order: sure
        total, parts, role = summed
        take(total, role)
        names = ", ".join(headings[j] or f"column {j + 1}" for j in parts)
        issues.append(
            _issue(
                first_line,
                "role-from-content",
                f"{headings[total] or f'column {total + 1}'} is the sum of {names} on every row "
                f"and the rows stand in its order: read as the {role} the table is ranked on",
                role,
            )
        )
    # Columns still without a role: their content alone, best fits first.
    headed = {j for j in range(n) if roles[j] is not None}
    # A role a heading names for sure (`GROUP`) is not given to another column by its content
    # alone (one-letter tyre makers read as groups): the heading says where it is.
    reserved = {p[0]: j for j, p in enumerate(proposals) if p and certainty[j] == 1}
    # ... nor a role that tells the same (`Klasse` over the class: no group and class fused
    # read from the codes of another column, `KP 5` where the crew stopped).
    for role, j in list(reserved.items()):
        for other in _EXCLUDES.get(role, ()):
            reserved.setdefault(other, j)
    wanted = sorted(
        ((value(j, r), -j, r) for j in range(n) if roles[j] is None for r in scores[j]),
        reverse=True,
    )
    for w, minus_j, r in wanted:
        j = -minus_j
        if r in HEADING_ONLY:
            continue
        if roles[j] is not None or r in taken or w <= 0 or reserved.get(r, j) != j:
            continue
        status_words = certainty[j] == 1 and proposals[j] == ("status",)
        if r in CODES_AND_TEXT and (status_words or j in copies):
            # A `Status` column holds a timing program's state words; the ones Podium does not
            # know (`TIME`, `OK` on every finisher's row) are no group or club for all that. A
            # copy of another column (`IOC Code` beside `Nation`) is none either; numbers in
            # rank order would still say what it is (`Car` over the door numbers).
            continue
        take(j, r)
        if header is not None:
            why = f"heading {headings[j]!r} not understood" if headings[j] else "no heading"
            issues.append(
                _issue(
                    first_line,
                    "role-from-content",
                    f"column {j + 1} ({why}) read as {r} from its content",
                    r,
                )
            )
    lone_class_heading(roles, proposals, certainty, scores, taken)
    no_crew_beside_name_parts(roles, proposals, taken)
    places_in_classes(columns, roles, proposals)
    gap_of_the_table(columns, roles, proposals)
    _no_second_count_of_positions(columns, roles, headed)
    single_person_columns(roles, scores, headed)
    if "time" not in taken and "best_lap" in taken:
        # A best lap with no total beside it is the time the table is ranked on.
        roles[roles.index("best_lap")] = "time"
    unknown = []
    for j in range(n):
        if roles[j] is None:
            if header is not None and proposals[j] and not scores[j]:
                roles[j] = proposals[j][0]
                continue
            roles[j] = "ignore"
            if scores[j]:
                unknown.append(j)
    vouched = {j for j in range(n) if certainty[j] == 1.0 and roles[j] in proposals[j]}
    vouched |= set(hints or {}) | ({summed[0]} if summed else set())
    unknown_at = len(issues)
    issues += gaps_against_times(columns, roles, vouched, headings, first_line=first_line)
    named = [r or "ignore" for r in roles]
    penalties = mark_splits(columns, named, headings, set(hints or {}))
    # Columns no role fits, but those the stages' headings made parts.
    issues[unknown_at:unknown_at] = [
        _issue(
            first_line,
            "column-unknown",
            f"{_label(headings[j], j)} could not be given a role; it is ignored",
        )
        for j in unknown
        if named[j] != "split"
    ]
    penalties = _lone_stage_is_the_time(named, penalties, set(hints or {}))
    final = tuple(named)
    issues += close_calls(final, scores, vouched, headings, lines, first_line=first_line)
    issues += classes_of_bare_numbers(
        columns, final, vouched, headings, lines, first_line=first_line
    )
    return Layout(final, tuple(headings), penalties), issues


def _label(heading: str | None, j: int) -> str:
    return repr(heading) if heading else f"column {j + 1}"


def _marks_rally2(heading: str, cells: Sequence[str]) -> bool:
    """`R2` over a column left empty but for a mark on the crews that restarted under the
    Rallye 2 rules (`R2`, `SR`): a status column (`R2` over run times is a run)."""
    marks = {c for c in cells if c}
    return is_rally2_mark(heading) and bool(marks) and all(map(is_rally2_mark, marks))


def _lone_stage_is_the_time(
    roles: list[str], penalties: dict[int, int], hinted: set[int]
) -> dict[int, int]:
    """One stage's column and no total (`Pos | Pilote | ES3`, one stage's results): that
    stage's time is the time the table is ranked on, its penalty column the penalty."""
    splits = [j for j, role in enumerate(roles) if role == "split"]
    if len(splits) != 1 or "time" in roles or splits[0] in hinted:
        return penalties
    (j,) = splits
    roles[j] = "time"
    if j in penalties and "penalty" not in roles:
        roles[penalties[j]] = "penalty"
    return {}


def _no_second_count_of_positions(
    columns: Sequence[Sequence[str]], roles: list[str | None], headed: set[int]
) -> None:
    """A column without a heading that is the positions give or take a constant (a row index
    from 0 beside `Pos.`) says nothing of its own: whatever its content resembled, it is no
    class, number or gap."""
    if "position" not in roles:
        return
    positions = [parse_int(c) for c in columns[roles.index("position")]]
    for j, role in enumerate(roles):
        if j in headed or role in (None, "position", "ignore"):
            continue
        offsets = [
            n - p
            for n, p in zip((parse_int(c) for c in columns[j]), positions, strict=True)
            if n is not None and p is not None
        ]
        if len(offsets) >= 5 and len(set(offsets)) == 1:
            roles[j] = None
