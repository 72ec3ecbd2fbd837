"""Checks and derivations over one table: positions, times, gaps. Never a silent correction:
what is derived is an `info`, what disagrees a `warning`, each on its line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from results.parsing.build import Draft
from results.parsing.codes import level_of
from results.parsing.fields import format_ms
from results.parsing.model import RANKED, UNCLASSIFIED, Entry, Issue

# Sheets round times and gaps separately: a tenth of a second either way is no disagreement.
GAP_TOLERANCE_MS = 100


def _issue(d: Draft, code: str, message: str, column: str | None = None) -> Issue:
    return Issue(
        line=d.line, page=d.page, column=column, code=code, level=level_of(code), message=message
    )


def check_table(
    drafts: Sequence[Draft], *, has_gap_column: bool
) -> tuple[list[Entry], list[Issue]]:
    issues: list[Issue] = []
    _no_result(drafts, issues)
    _unplaced_foot(drafts, issues)
    # The checks change positions, times and gaps, never a status: one split serves both.
    ranked = [d for d in drafts if d.status in RANKED]
    unranked = [d for d in drafts if d.status not in RANKED] if len(ranked) < len(drafts) else []
    if _nothing_ranks(ranked):
        # No position, and no time, gap or points to rank on: an entry list, not a ranking.
        issues.append(_issue(ranked[0], "positions-absent", "the sheet gives no positions and "
                             "nothing to rank its rows on: no position is inferred",
                             "position"))  # fmt: skip
        return [_entry(d) for d in drafts], issues
    if _unordered(ranked):
        # A list of times in no order (start order, door numbers) is no classification: no
        # position can be read from it, and gaps run from the best time, not the first row.
        first = ranked[0]
        issues.append(_issue(first, "positions-absent", "the sheet gives no positions and its "
                             "rows are not in order of time: no position is inferred",
                             "position"))  # fmt: skip
        _gaps_from_best(ranked)
        return [_entry(d) for d in drafts], issues
    if _out_of_order(ranked):
        # Checked, and its gaps run, in the order of the places (`1st` on the fifth row leads).
        ranked = sorted(ranked, key=lambda d: d.position or 0)
    _positions(ranked, unranked, issues)
    _laps_behind(ranked)
    in_points = _gaps_in_penalties(ranked, issues)
    if not has_gap_column and _ranked_on_points(ranked):
        # Points place the crews; their times (a fastest run) say nothing of the gaps.
        said = "the rows stand in the order of the points, not of the times: no gaps derived"
        issues.append(_issue(ranked[0], "ranked-on-points", said, "gap"))
    else:
        _times_and_gaps(ranked, unranked, issues, has_gap_column=has_gap_column)
    if in_points:
        ranked[0].gap_ms = None  # nor the leader's, on a table with no time gaps
    return [_entry(d) for d in drafts], issues


def _gaps_in_penalties(ranked: Sequence[Draft], issues: list[Issue]) -> bool:
    """A table with no times ranked on penalties (a regularity rally's penalty points): its
    gaps are the differences of the penalties, each row's penalty less the leader's, so
    points like them and no time; they are dropped, said once."""
    if not ranked or any(d.time_ms is not None for d in ranked):
        return False
    if not (_gaps_follow(ranked, "penalty_ms") or _gaps_follow(ranked, "points")):
        return False
    for d in ranked:
        d.gap_ms = d.time_gap_ms = None
    said = "the gaps are the penalties less the leader's: points, not times; not kept as gaps"
    issues.append(_issue(ranked[0], "gaps-in-points", said, "gap"))
    return True


def _gaps_follow(ranked: Sequence[Draft], field: str) -> bool:
    """Whether every gap is the row's `field` less the leader's, read as seconds (penalty
    points, or the points a regularity is ranked on, either way round)."""
    scale = 1 if field == "penalty_ms" else 1000
    leader = getattr(ranked[0], field)
    pairs = [(d.gap_ms, getattr(d, field)) for d in ranked[1:] if d.gap_ms is not None]
    if leader is None or len(pairs) < 2 or any(value is None for _, value in pairs):
        return False
    return all(gap == round(abs(value - leader) * scale) for gap, value in pairs)


def _ranked_on_points(ranked: Sequence[Draft]) -> bool:
    """Every crew with points and a time, in the order of the points but not of the times (an
    autocross ranked on its heats' points, each crew's fastest run beside)."""
    if len(ranked) < 4 or any(d.points is None or d.time_ms is None for d in ranked):
        return False
    points = [d.points for d in ranked]
    times = [d.time_ms for d in ranked]
    down = sum(1 for a, b in pairwise(points) if b <= a)  # type: ignore[operator]
    slower = sum(1 for a, b in pairwise(times) if b >= a)  # type: ignore[operator]
    steps = len(ranked) - 1
    return down == steps and len(set(points)) > 1 and slower * 4 < steps * 3


def _out_of_order(ranked: Sequence[Draft]) -> bool:
    """Each place from 1 given once, the rows printed in another order (by start number)."""
    places = [d.position or 0 for d in ranked]
    return places != sorted(places) and sorted(places) == list(range(1, len(places) + 1))


def _nothing_ranks(ranked: Sequence[Draft]) -> bool:
    return bool(ranked) and not any(
        d.position is not None
        or d.tied
        or d.time_ms is not None
        or d.time_gap_ms is not None
        or d.gap_ms is not None
        or d.points is not None
        or d.laps is not None
        for d in ranked
    )


def _no_result(drafts: Sequence[Draft], issues: list[Issue]) -> None:
    """A row with no position, time, gap, laps nor status, in a table whose other rows are
    ranked with positions and times, set no result: it did not start (a practice sheet lists
    the cars that never took the track at its foot), unless it says where or why it stopped
    (a retirement's stage or reason): then it retired."""
    ranked = [d for d in drafts if d.position is not None and d.time_ms is not None]
    if len(ranked) < 2:
        return
    for d in drafts:
        if (
            d.status is None
            and d.position is None
            and not d.tied
            and d.time_ms is None
            and d.time_gap_ms is None
            and d.gap_ms is None
            and d.lapped is None
            and not d.laps
            and not d.splits
            and d.best_lap_ms is None
            and d.points is None
        ):
            if d.retired_at or d.reason or d.aside_where is not None:
                # Where or why it stopped: it started.
                d.status = "retired"
                issues.append(_issue(d, "result-absent", "no position and no time among "
                                     "ranked rows, but where or why it stopped: read as "
                                     "retired", "status"))  # fmt: skip
                continue
            d.status = "dns"
            issues.append(_issue(d, "result-absent", "no position and no time among ranked "
                                 "rows: read as not started", "status"))  # fmt: skip


def _unplaced_foot(drafts: Sequence[Draft], issues: list[Issue]) -> None:
    """Rows with a result but no place and no status word, at the foot of a table whose
    other rows all have their places: the sheet left them out of its order. Fewer laps than
    the last placed crew, or less time on the same laps, say the crew stopped: retired;
    else not classified."""
    placed = [i for i, d in enumerate(drafts) if d.position is not None]
    if len(placed) < 3 or placed != list(range(len(placed))):
        return
    last = drafts[placed[-1]]
    foot = [d for d in drafts[len(placed) :] if d.status in RANKED]
    if not foot or len(foot) * 2 > len(placed):
        return
    for d in foot:
        if d.tied or d.status is not None:
            continue
        fewer = d.laps is not None and last.laps is not None and d.laps < last.laps
        shorter = d.time_ms is not None and last.time_ms is not None and d.time_ms < last.time_ms
        if fewer or shorter:
            d.status = "retired"
            said = "no place, below the placed crews, having run less than the last of them"
        elif d.time_ms is not None or d.laps is not None:
            d.status = "nc"
            said = "no place, below the placed crews"
        else:
            continue
        issues.append(_issue(d, "unplaced-foot", f"{said}: read as {d.status}", "status"))


def _unordered(ranked: Sequence[Draft]) -> bool:
    """No position given, and times that go down as often as a fifth of the time."""
    if any(d.position is not None or d.tied for d in ranked):
        return False
    times = [d.time_ms for d in ranked if d.time_ms is not None and d.lapped is None]
    if len(times) < 3:
        return False
    down = sum(1 for a, b in pairwise(times) if b + GAP_TOLERANCE_MS < a)
    return down * 5 >= len(times) - 1


def _gaps_from_best(ranked: Sequence[Draft]) -> None:
    best = min(d.time_ms for d in ranked if d.time_ms is not None)
    for d in ranked:
        d.gap_ms = d.time_ms - best if d.time_ms is not None else None


def _laps_behind(ranked: Sequence[Draft]) -> None:
    """Crews with fewer laps than the leader are laps behind: their time is no gap to his."""
    lead_laps = ranked[0].laps if ranked else None
    if not lead_laps:
        return
    laps = [d.laps for d in ranked if d.laps is not None]
    if any(b > a for a, b in pairwise(laps)):
        # Laps that rise down the order are laps run (a practice ranked on its best lap),
        # not a race's distance: fewer of them is no lap behind.
        return
    if any(
        d.laps is not None and d.laps < lead_laps and (d.gap_ms or d.time_gap_ms)
        for d in ranked[1:]
    ):
        # A gap in time printed where the count says laps behind: the count is no laps of the
        # race (points, a lap number), or the sheet times lapped crews; either way the
        # sheet's gaps stand.
        return
    for d in ranked[1:]:
        if d.lapped is None and d.laps is not None and d.laps < lead_laps:
            d.lapped = lead_laps - d.laps


def _positions(ranked: Sequence[Draft], unranked: Sequence[Draft], issues: list[Issue]) -> None:
    given = any(d.position is not None for d in ranked)
    previous: Draft | None = None
    run = 0  # how many rows share the previous position (ties: 17, 17, 19)
    for d in ranked:
        if d.position is None and d.tied and previous is not None and previous.position:
            d.position = previous.position
        elif d.position is None:
            d.position = previous.position + run if previous and previous.position else 1
            why = "no position given" if given else "the sheet gives no positions"
            issues.append(_issue(d, "position-inferred", f"{why}; {d.position} from the order",
                                 "position"))  # fmt: skip
        elif previous is not None and previous.position is not None:
            same_time = (d.time_ms is not None and d.time_ms == previous.time_ms) or (
                d.time_gap_ms is not None and d.time_gap_ms == previous.time_gap_ms
            )
            if d.position == previous.position:
                if not (d.tied or previous.tied or same_time):
                    issues.append(_issue(d, "position-sequence",
                                         f"position {d.position} twice, with different times",
                                         "position"))  # fmt: skip
            elif d.position != previous.position + run:
                issues.append(_issue(d, "position-sequence",
                                     f"position {d.position} follows {previous.position}",
                                     "position"))  # fmt: skip
        run = run + 1 if previous is not None and d.position == previous.position else 1
        previous = d
    for d in unranked:
        d.position = None


def _times_and_gaps(
    ranked: Sequence[Draft],
    unranked: Sequence[Draft],
    issues: list[Issue],
    *,
    has_gap_column: bool,
) -> None:
    if not ranked:
        return
    leader = ranked[0]
    lead_time = leader.time_ms
    # A race's total beside each best lap: laps count (in practice, a best lap ranks alone).
    raced = leader.best_lap_ms is not None and leader.time_ms != leader.best_lap_ms
    previous: Draft | None = None
    previous_gap: int | None = None
    for d in ranked:
        if d.time_ms is None and d.time_gap_ms is not None:
            d.gap_ms = d.time_gap_ms
        if d.lapped is None and d.laps is not None and leader.laps is not None and raced:
            # Fewer laps than the leader in a race: lapped, with no gap in time.
            d.lapped = leader.laps - d.laps if d.laps < leader.laps else None
        sheet_gap = d.gap_ms
        if d is leader:
            if sheet_gap not in (None, 0):
                # Gaps run from the leader: a gap of his own puts the whole column in doubt
                # (a count or a stage score read as gaps), on every line that has one.
                gapped = tuple(r.line for r in ranked if r.gap_ms is not None)
                issue = _issue(
                    d,
                    "gap-mismatch",
                    f"the leader has a gap of {format_ms(sheet_gap)}: the gaps of this table "
                    "may be no gaps",
                    "gap",
                )
                issues.append(replace(issue, lines=gapped) if len(gapped) > 1 else issue)
            # A table ranked on points (no times, no gaps) gives its leader no gap either.
            on_points = lead_time is None and not has_gap_column and d.points is not None
            d.gap_ms = 0 if d.lapped is None and not on_points else None
        elif d.time_ms is None and sheet_gap is not None and lead_time is not None:
            d.time_ms = lead_time + sheet_gap
            issues.append(
                _issue(
                    d,
                    "time-derived",
                    f"time {format_ms(d.time_ms)} = leader's time + gap {format_ms(sheet_gap)}",
                    "time",
                )
            )
        elif d.time_ms is not None and lead_time is not None:
            derived = d.time_ms - lead_time
            if sheet_gap is not None and abs(sheet_gap - derived) > GAP_TOLERANCE_MS:
                issues.append(
                    _issue(
                        d,
                        "gap-mismatch",
                        f"gap {format_ms(sheet_gap)} but time - leader's time is "
                        f"{format_ms(derived)}",
                        "gap",
                    )
                )
            d.gap_ms = derived if d.lapped is None else None
        if d.lapped is not None:
            d.gap_ms = None
        if (
            previous is not None
            and d.time_ms is not None
            and previous.time_ms is not None
            and d.time_ms < previous.time_ms
            and d.status != "rally2"
            and d.lapped is None
        ):
            issues.append(
                _issue(
                    d,
                    "time-decreasing",
                    f"time {format_ms(d.time_ms)} is lower than the time above "
                    f"({format_ms(previous.time_ms)})",
                    "time",
                )
            )
        if d.gap_prev_ms is not None and previous_gap is not None and d.gap_ms is not None:
            expected = previous_gap + d.gap_prev_ms
            if abs(expected - d.gap_ms) > GAP_TOLERANCE_MS:
                issues.append(
                    _issue(
                        d,
                        "gap-sum-mismatch",
                        f"gap to first {format_ms(d.gap_ms)} but the gap above plus "
                        f"the gap to previous is {format_ms(expected)}",
                        "gap_prev",
                    )
                )
        previous, previous_gap = d, d.gap_ms
    if not has_gap_column and lead_time is not None and len(ranked) > 1:
        issues.append(
            _issue(
                leader, "gap-derived", "gaps derived from the times (the sheet gives none)", "gap"
            )
        )
    for d in unranked:
        if d.gap_ms is None:
            d.lapped = None


def _entry(d: Draft) -> Entry:
    status = d.status or "classified"
    return Entry(
        line=d.line,
        page=d.page,
        category=d.category,
        position=None if status in UNCLASSIFIED else d.position,
        number=d.number,
        crew=d.crew,
        car=d.car,
        group=d.group,
        klass=d.klass,
        club=d.club,
        time_ms=d.time_ms,
        gap_ms=d.gap_ms,
        status=status,
        laps=d.laps,
        best_lap_ms=d.best_lap_ms,
        best_lap_no=d.best_lap_no,
        speed_kmh=d.speed_kmh,
        capacity=d.capacity,
        class_position=None if status in UNCLASSIFIED else d.class_position,
        team=d.team,
        nationality=d.nationality,
        reason=d.reason,
        retired_at=d.retired_at,
        penalty_ms=d.penalty_ms,
        points=d.points,
        distance=d.distance,
        table=d.table,
        splits=tuple(d.splits) if d.splits is not None else None,
    )
