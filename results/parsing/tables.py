"""The tables of a container: which of them hold results, and what each entry's table is called.

A reader hands over every table it found (each sheet of a workbook, each `<table>` and `<pre>`
of a page, ...). Each is read on its own; then the ones that are no results table are set
aside, each with an info issue saying why, by rules on what they hold rather than where they
stand: a table that names no crew beside tables that do (a list of numbers and times), an
unranked list of classified crews beside ranked tables (the organiser's working list or the
entry list), a table giving all its rows one number beside others (one entrant's laps or pit
stops), and an earlier table holding the same crews as a later one. What is left keeps
its own header, columns and title.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from results.parsing.codes import level_of
from results.parsing.grid import Grid, Row, Source
from results.parsing.layout.blocks import Block
from results.parsing.layout.continued import counts_on, goes_on, join
from results.parsing.layout.header_rows import same_header
from results.parsing.layout.synonyms import roles_for_heading
from results.parsing.model import Entry, Issue, Table
from results.parsing.stage_titles import StageRef, read_stage_title

_ONE = Source("text")


@dataclass(slots=True)
class Reading:
    """One source table as the layout stage read it."""

    source: Source
    rows: Sequence[Row]
    blocks: list[Block] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    has_crew: bool = False
    ranked: bool = False  # some classified crew has a position the sheet gives
    headed: bool = False  # some table's positions stand under a heading that names them
    classified: int = 0  # records with no unclassified status

    @property
    def name(self) -> str:
        return repr(self.source.title) if self.source.title else f"({self.source.kind})"


def split_sources(grid: Grid) -> list[tuple[Source, Sequence[Row]]]:
    """The rows of each source table, in file order; one source when the reader gave none."""
    if len(grid.sources) <= 1:
        return [(grid.sources[0] if grid.sources else _ONE, grid.rows)]
    by_table: list[list[Row]] = [[] for _ in grid.sources]
    for row in grid.rows:
        by_table[row.table].append(row)
    return list(zip(grid.sources, by_table, strict=True))


def continued_pages(readings: list[Reading]) -> list[Reading]:
    """A page whose first table goes on from the last table of the page before (`goes_on`:
    `Groupe F2000 (suite)` over the same header) gives that table its rows, and the tables
    after it are the same document's (the retirements under the same header): the page is no
    reading of its own, its issues (footers skipped) the page before's."""
    out: list[Reading] = []
    for reading in readings:
        before = _table_before(out, reading)
        if before is not None and before.blocks and reading.blocks and _goes_on(before, reading):
            join(before.blocks[-1], reading.blocks.pop(0), before.issues)
            before.blocks.extend(reading.blocks)
            before.issues.extend(reading.issues)
            before.rows = [*before.rows, *reading.rows]
            continue
        out.append(reading)
    return out


def _table_before(out: Sequence[Reading], reading: Reading) -> Reading | None:
    """The reading `reading` may go on from: the one before; for a web page's table, the last
    table with a header, past the layout tables between (the page's heading printed again)."""
    if reading.source.kind != "table":
        return out[-1] if out else None
    for before in reversed(out):
        if any(b.header is not None for b in before.blocks):
            return before
        if sum(len(b.rows) for b in before.blocks) > _LAYOUT_ROWS:
            return None
    return None


#: Rows of a table with no header that may stand between two pages of one table (the logo and
#: title printed again over each).
_LAYOUT_ROWS = 3


def _goes_on(before: Reading, reading: Reading) -> bool:
    """A page's table going on from the page before (`goes_on`); or a web page's table going
    on from the table before it, printed page by page: the same header, no title of its own or
    the same, its first place the one after the last place above (`23` after `22`)."""
    kind = reading.source.kind
    last, first = before.blocks[-1], reading.blocks[0]
    if kind != before.source.kind or kind not in ("page", "table"):
        return False
    if goes_on(last, first):
        return True
    if kind == "page":
        return False
    untitled = first.title is None or first.title == last.title
    return untitled and same_header(last.header, first.header) and counts_on(last, first)


def _skip(reading: Reading, why: str, issues: list[Issue]) -> None:
    first = next((r for r in reading.rows if not r.is_empty), None)
    kind = {"sheet": "sheet", "page": "page"}.get(reading.source.kind, "table")
    issues.append(
        Issue(
            line=first.line if first is not None else None,
            page=first.page if first is not None else None,
            code="table-skipped",
            level=level_of("table-skipped"),
            message=f"{kind} {reading.name} skipped: {why}",
        )
    )


def choose(readings: Sequence[Reading], issues: list[Issue]) -> list[Reading]:
    """The readings that hold results; their issues go to `issues`, and an info issue for
    each of the others. A single source table is always kept (its own issues say the rest)."""
    if len(readings) == 1:
        issues.extend(readings[0].issues)
        return [readings[0]] if readings[0].entries else []
    candidates = [r for r in readings if r.entries]
    why: dict[int, str] = {
        id(r): "it holds no results rows" for r in readings if not r.entries and r.rows
    }
    if any(r.has_crew for r in candidates):
        for r in candidates:
            # A ranked table whose crews were not found is still results (its rows say so,
            # each with a warning); a side table has neither crews nor a ranking, or numbers
            # counting its rows under a heading naming no place (`Ordre`, the order of passage
            # of a timing readout).
            if not r.has_crew and not (r.ranked and r.headed):
                why[id(r)] = "no column names the crews, as the results tables' do"
    left = [r for r in candidates if id(r) not in why]
    if any(r.ranked for r in left):
        for r in left:
            # A list of retirements has no ranking either, but none of its crews is classified.
            if not r.ranked and r.classified * 2 > len(r.entries):
                why[id(r)] = "its crews have no positions: a working or entry list"
    if len(left) > 1:
        for r in left:
            if id(r) not in why and _follows_one_number(r):
                why[id(r)] = "each of its tables follows one number: a log of laps or stops"
    _drop_copies([r for r in candidates if id(r) not in why], why)
    kept = []
    for r in readings:
        if id(r) in why:
            _skip(r, why[id(r)], issues)
        elif r.entries:
            issues.extend(r.issues)
            kept.append(r)
    return kept


def places_headed(headings: Sequence[str | None], roles: Sequence[str]) -> bool:
    """Whether the table's positions stand under a heading that names places (`Pos.`, `Clt`)
    or under none; not under words of their own (`Ordre`, the order of passage)."""
    return any(
        role == "position"
        and (not (heading or "").strip() or "position" in roles_for_heading(heading or ""))
        for heading, role in zip(headings, roles, strict=False)
    )


def _follows_one_number(reading: Reading) -> bool:
    """Whether every table of the reading with three rows or more gives them all one number:
    the laps or pit stops of one entrant each, where a results table numbers each crew."""
    numbers: dict[tuple[int, str | None], set[str | None]] = {}
    rows: dict[tuple[int, str | None], int] = {}
    for e in reading.entries:
        key = (e.table, e.category)
        numbers.setdefault(key, set()).add(e.number)
        rows[key] = rows.get(key, 0) + 1
    long = [key for key, count in rows.items() if count >= 3]
    return bool(long) and all(len(numbers[key]) == 1 and None not in numbers[key] for key in long)


def _drop_copies(left: Sequence[Reading], why: dict[int, str]) -> None:
    """Of two tables holding the same crews (by door number, each set within a fifth of the
    other) with the same times for many of them, the earlier is skipped: a workbook grows
    sheet by sheet, and the organiser's working copy comes before the results it turned into.
    Stage or heat tables hold the same crews with other times, a class's table a part of the
    overall one's crews, and the classification by class the overall one's crews placed
    anew (positions from 1 in each class): those all stay."""
    times = [{e.number: e.time_ms for e in r.entries if e.number is not None} for r in left]
    places = [{e.number: e.position for e in r.entries if e.number is not None} for r in left]
    for i, a in enumerate(left):
        for j in range(i + 1, len(left)):
            if id(a) in why or id(left[j]) in why:
                continue
            shared = times[i].keys() & times[j].keys()
            larger = max(len(times[i]), len(times[j]))
            same = sum(1 for n in shared if times[i][n] is not None and times[i][n] == times[j][n])
            # Two fifths: a copy's times are the same where both tables read the time column;
            # two stages give a crew the same time to the millisecond almost never.
            placed = [n for n in shared if places[i][n] is not None and places[j][n] is not None]
            moved = sum(1 for n in placed if places[i][n] != places[j][n])
            if moved * 2 > len(placed):
                continue  # ranked anew: another classification of the same crews
            if larger >= 3 and len(shared) * 5 >= larger * 4 and same * 5 >= len(shared) * 2:
                why[id(a)] = f"the crews of {left[j].name} again: an earlier working copy"


def titled_entries(kept: Sequence[Reading]) -> tuple[Entry, ...]:
    """Every entry in file order. Where several tables are kept, an entry with no category of
    its own takes its table's title (a sheet's name, a caption)."""
    if len(kept) == 1:
        return tuple(kept[0].entries)
    titles = {t.table: t.title for r in kept for t in r.tables}
    out: list[Entry] = []
    for r in kept:
        for entry in r.entries:
            title = titles.get(entry.table)
            out.append(
                replace(entry, category=title) if entry.category is None and title else entry
            )
    return tuple(out)


def stage_of(
    block: Block, more: list[str | None], line: int, issues: list[Issue]
) -> tuple[StageRef | None, StageRef | None]:
    """The stage the table classifies, or stands after, from the first of its titles (its
    title lines, then its sheet's name or caption, then the heading of the time it is ranked
    on: `ES3` over the times of one stage) that names one; said in an info line."""
    for text in [*block.titles, *more]:
        found = read_stage_title(text)
        if found is None:
            continue
        kind, ref = found
        what = (
            f"the classification of stage {ref.name}"
            if kind == "stage"
            else f"an interim overall classification, after stage {ref.name}"
        )
        where = block.title_line if text in block.titles and block.title_line else line
        issues.append(
            Issue(
                line=where,
                code="stage-title",
                message=f"{text!r}: read as {what}",
                level=level_of("stage-title"),
            )
        )
        return (ref, None) if kind == "stage" else (None, ref)
    return None, None
