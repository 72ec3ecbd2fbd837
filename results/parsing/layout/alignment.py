"""Records of one width: what copy and paste shifted, put back.

- rows with extra leading empty cells are moved back;
- a row whose cells slid left over a missing cell (or two) gets them back where the columns
  say.

Every repair is an issue on its line. The column profiles (`profile.py`) judge the fits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from results.parsing.codes import level_of
from results.parsing.grid import Row
from results.parsing.layout.profile import ColumnProfile, profile_columns, row_fit
from results.parsing.layout.records import Record
from results.parsing.model import Issue

# A repair must beat the row as read by this much fit (a column's worth is 1.0).
_REPAIR_MARGIN = 0.2


def _issue(line: int, code: str, message: str, page: int | None) -> Issue:
    return Issue(line=line, code=code, message=message, level=level_of(code), page=page)


def data_width(records: Sequence[Record]) -> int:
    """The width of the table body: the commonest record length, less leading columns that
    are empty in every record of that length while shorter records fill them (shifted rows)."""
    counts = Counter(len(r.cells) for r in records if any(r.cells))
    if not counts:
        return 0
    width = max(counts, key=lambda n: (counts[n], n))
    while counts.get(width - 1) and all(not r.cells[0] for r in records if len(r.cells) == width):
        shorter = [r for r in records if len(r.cells) == width - 1]
        if not any(r.cells[0] for r in shorter):
            break
        width -= 1
    return width


def _drop_leading(cells: Sequence[str], width: int) -> Sequence[str] | None:
    extra = len(cells) - width
    if extra > 0 and not any(cells[:extra]):
        return cells[extra:]
    return None


def _slides(cells: Sequence[str]) -> list[list[str]]:
    """Each way to put back one missing cell: an empty cell inserted at some position, and an
    empty cell after it removed (the row then keeps its width)."""
    candidates = []
    for pos in range(len(cells)):
        for drop in range(len(cells) - 1, pos - 1, -1):
            if not cells[drop]:
                candidates.append([*cells[:pos], "", *cells[pos:drop], *cells[drop + 1 :]])
                break
    return candidates


def _inserts(cells: Sequence[str], width: int) -> list[list[str]]:
    """The row with the cells it lacks put back wherever they may have been (one or two, as a
    copy that drops empty cells leaves a leader's penalty and gap); the last option pads its
    end."""
    if len(cells) == width - 1:
        return [[*cells[:pos], "", *cells[pos:]] for pos in range(width)]
    if len(cells) == width - 2:
        options = []
        for first in range(width - 1):
            once = [*cells[:first], "", *cells[first:]]
            options += [[*once[:second], "", *once[second:]] for second in range(first + 1, width)]
        return options
    return [[*cells, *[""] * (width - len(cells))]]


def align(records: Sequence[Record], width: int) -> tuple[list[Record], list[Issue]]:
    """Bring every record to `width` cells, repairing shifted and slid rows."""
    profiles = profile_columns([r.cells for r in records], width)
    filled = [p.usually_filled() for p in profiles]
    issues: list[Issue] = []
    out: list[Record] = []
    for rec in records:
        cells = rec.cells
        if len(cells) > width:
            moved = _drop_leading(cells, width)
            if moved is not None:
                issues.append(
                    _issue(
                        rec.line,
                        "row-shifted",
                        f"row started with {len(cells) - width} extra empty cell(s); moved back",
                        rec.page,
                    )
                )
                cells = moved
            elif not any(cells[width:]):
                cells = cells[:width]
            else:
                cells = _best_removal(cells, width, profiles)
                issues.append(
                    _issue(
                        rec.line,
                        "row-shifted",
                        f"row has {len(rec.cells)} cells for {width} columns; "
                        "extra cells removed where they fit least",
                        rec.page,
                    )
                )
        if len(cells) < width:
            options = _inserts(cells, width)
            best = max(options, key=lambda c: row_fit(profiles, c))
            if best != options[-1] and len(options) > 1:
                issues.append(
                    _issue(
                        rec.line,
                        "cell-slid",
                        "row is one cell short; an empty cell was put back where the columns say",
                        rec.page,
                    )
                )
            cells = best
        elif "" in cells and any(not c and p for c, p in zip(cells, filled, strict=True)):
            # Only a row with an unusual empty cell can have lost one (a slide needs a gap).
            here = row_fit(profiles, cells)
            options = _slides(cells)
            if options:
                best = max(options, key=lambda c: row_fit(profiles, c))
                if best != list(cells) and row_fit(profiles, best) > here + _REPAIR_MARGIN:
                    issues.append(
                        _issue(
                            rec.line,
                            "cell-slid",
                            "a cell is missing and the values after it slid left; "
                            "they were moved back to their columns",
                            rec.page,
                        )
                    )
                    cells = best
        out.append(rec if cells is rec.cells else Row(rec.line, tuple(cells), rec.page))
    return out, issues


def _best_removal(cells: Sequence[str], width: int, profiles: list[ColumnProfile]) -> list[str]:
    """Remove empty cells one at a time: each time the one whose removal leaves the first
    `width` cells fitting best (the first such cell on a tie)."""
    out = list(cells)
    while len(out) > width:
        empties = [i for i, c in enumerate(out) if not c]
        if not empties:
            return out[:width]
        best, best_fit = empties[0], float("-inf")
        for i in empties:
            if i >= width:
                # Removing a cell past the first `width` leaves them as they are: the first of
                # those cells stands for all (the ones after it only tie with it).
                if row_fit(profiles, out[:width]) > best_fit:
                    best = i
                break
            fit = row_fit(profiles, out[:i] + out[i + 1 : width + 1])
            if fit > best_fit:
                best, best_fit = i, fit
        del out[best]
    return out
