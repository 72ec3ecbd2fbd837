"""bytes ──reader──▶ Grid ──layout──▶ records with roles ──fields──▶ Sheet ──checks──▶ issues."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from results.parsing.build import Column, Draft, plan_columns, read_record
from results.parsing.checks import check_table
from results.parsing.codes import level_of
from results.parsing.fields import status_under_title
from results.parsing.fields import title_status as read_title_status
from results.parsing.grid import Row
from results.parsing.layout.alignment import align, data_width
from results.parsing.layout.blocks import Block, segment
from results.parsing.layout.centred import join_centred
from results.parsing.layout.continued import continued_tables
from results.parsing.layout.header_rows import same_header
from results.parsing.layout.records import Record, drop_stray_lines, merge_fragments
from results.parsing.layout.roles import Layout, infer_roles
from results.parsing.layout.two_lines import (
    heading_below,
    headings_below,
    lines_apart,
    seats_on_lines,
    second_line_columns,
    second_persons_fields,
    second_seat_columns,
    slashed_second_line,
)
from results.parsing.legend import with_legend
from results.parsing.members import is_member, join_member
from results.parsing.model import RANKED, Entry, Hints, Issue, ParseError, Sheet, Table
from results.parsing.race_log import reasons_from_log
from results.parsing.readers import read
from results.parsing.splits import SplitColumn, count_runs, plan_splits, read_splits
from results.parsing.stacked import Part, split_stacked
from results.parsing.table_rules import (
    carries_result,
    headed_width,
    is_notice,
    is_result,
    no_name,
    one_class_table,
    reads_as_prose,
    unknown_headings,
    unranked_beside_ranked,
)
from results.parsing.tables import (
    Reading,
    choose,
    continued_pages,
    places_headed,
    split_sources,
    stage_of,
    titled_entries,
)

_PERSON_ROLES = frozenset({"crew", "driver", "codriver", "surname", "first_name"})
# Bumped whenever the same bytes may read differently; stored with every import.
PARSER_VERSION = "12"


@dataclass(slots=True)
class _Table:
    """Blocks that share a header share one layout."""

    header: Row | None
    blocks: list[Block] = field(default_factory=list)
    records: list[list[Record]] = field(default_factory=list)


def _issue(line: int | None, code: str, message: str, page: int | None = None) -> Issue:
    return Issue(line=line, code=code, message=message, level=level_of(code), page=page)


def parse(data: bytes, *, filename: str | None = None, hints: Hints | None = None) -> Sheet:
    """Read a results sheet. `filename` is only used in messages: the content decides."""
    return _parse(data, hints or Hints())


def _parse(data: bytes, hints: Hints) -> Sheet:
    grid = read(data)
    rows, legend = with_legend(grid.rows)
    grid = replace(grid, rows=tuple(rows))
    issues: list[Issue] = [*grid.issues, *legend]
    readings: list[Reading] = []
    counter = 0  # tables are numbered through the file, skipped ones too: hints stay put
    for source, rows in split_sources(grid):
        reading = Reading(source, rows)
        readings.append(reading)
        blocks, more = segment(rows, header_hint=hints.header)
        reading.issues.extend(more)
        reading.blocks = continued_tables(blocks, reading.issues)
    readings = continued_pages(readings)
    for reading in readings:
        blocks = reading.blocks
        tables: list[_Table] = []
        for block in blocks:
            if not tables or block.header is not tables[-1].header:
                tables.append(_Table(block.header))
            tables[-1].blocks.append(block)
        for group in _same_headings(tables, counter, hints):
            _read_tables(group, counter, hints, reading, several=len(blocks) > 1)
            counter += len(group)
        unranked_beside_ranked(reading)
    kept = choose(readings, issues)
    if not any(r.blocks for r in readings):
        first = next((r for r in grid.rows if not r.is_empty), None)
        if first is None:
            raise ParseError("the file is empty", code="file-empty")
        raise ParseError(
            "no results rows found: nothing below the first line reads as a result",
            code="no-rows",
            line=first.line,
            page=first.page,
        )
    if not kept:
        first_block = next(r.blocks[0] for r in readings if r.blocks)
        raise ParseError("no results rows found", code="no-rows", line=first_block.rows[0].line)
    entries = titled_entries(kept)
    tables = tuple(t for r in kept for t in r.tables)
    issues.sort(key=lambda i: (i.page or 0, i.line or 0))
    # The columns of the first table: the one a person reads the sheet by.
    first = tables[0]
    return Sheet(grid.format, first.columns, entries, tuple(issues), first.headings, tables)


def _same_headings(tables: list[_Table], first: int, hints: Hints) -> list[list[_Table]]:
    """Runs of tables under the same headings (a title and the header again for each class):
    their columns are read together, as one table's, unless a hint addresses one of them."""
    groups: list[list[_Table]] = []
    for k, table in enumerate(tables):
        if (
            groups
            and same_header(table.header, groups[-1][0].header)
            and not hints.for_table(first + k)
        ):
            groups[-1].append(table)
        else:
            groups.append([table])
    return groups


def _read_tables(
    group: list[_Table], index: int, hints: Hints, reading: Reading, *, several: bool
) -> None:
    issues = reading.issues
    second_line = group[0].blocks[0].second
    header = group[0].header
    if header is not None and second_line is None:
        rows = [r for table in group for b in table.blocks for r in b.rows]
        header, second_line = slashed_second_line(header, rows) or (header, None)
    if header is not None:
        header = headings_below(header, second_line)
    apart = second_line_columns(header, second_line)
    seats = second_seat_columns(header, second_line)
    copies: dict[str, Issue] = {}
    for table in group:
        target = _target_width(table)
        for block in table.blocks:
            rows, more = drop_stray_lines(block.rows)
            issues.extend(more)
            rows, more = join_centred(rows)
            issues.extend(more)
            rows, more = second_persons_fields(header, second_line, rows)
            copies.update((m.message, m) for m in more)  # once for the whole group
            records, more = merge_fragments(rows, target, apart, seats)
            issues.extend(more)
            while table.header is None and records and unknown_headings(records[0]):
                said = f"{records[0].cells_text!r}: headings, not a result"
                issues.append(_issue(records[0].line, "line-skipped", said, records[0].page))
                records = records[1:]
            table.records.append(records)
    issues.extend(copies.values())
    if header is not None and apart and second_line is not None:
        # The header's own cells, then the second line's headings of the columns set apart.
        second = second_line.cells
        cells = [*header.cells, *[""] * (_target_width(group[0]) - len(header.cells))]
        below = (heading_below(cells[j], second[j]) for j in apart)
        header = replace(header, cells=(*cells, *below), marks=())
    if header is not None and (split := lines_apart(header, _table_records(group))) is not None:
        header, split_record = split
        for table in group:
            table.records = [[split_record(r) for r in records] for records in table.records]
    everything = _table_records(group)
    width = data_width(everything)
    if header is not None and width < (headed := headed_width(header)):
        # Rows that dropped their empty cells (a web copy): the header says how wide they are,
        # when the rows that hold every cell are as wide.
        width = headed if any(len(r.cells) == headed for r in everything) else width
    if width == 0:
        return
    aligned, more = align(everything, width)
    issues.extend(more)
    # Every aligned record has `width` cells: the columns are their transposition.
    columns = list(zip(*[r.cells for r in aligned], strict=True))
    first_line = header.line if header is not None else aligned[0].line
    layout, more = infer_roles(
        columns,
        header,
        hints=hints.for_table(index),
        first_line=first_line,
        lines=[r.line for r in aligned],
    )
    pages = {r.page for r in aligned}
    if len(pages) == 1 and (page := pages.pop()) is not None:
        # A doubt about a column names its lines on the page the table stands on.
        more = [replace(i, page=page) if i.lines and i.page is None else i for i in more]
    issues.extend(more)
    _explain_layout(layout, header, first_line, issues)
    aligned = seats_on_lines(aligned, layout.roles)
    readings = plan_columns(layout.roles, aligned)
    split_plan = plan_splits(layout, aligned)
    has_crew = any(r in _PERSON_ROLES for r in layout.roles)
    if not has_crew:
        issues.append(_issue(first_line, "crew-missing", "no column of the table names the crews"))
    start = 0
    for k, table in enumerate(group):
        count = sum(len(b) for b in table.records)
        mine = aligned[start : start + count]
        start += count
        table_line = table.header.line if table.header is not None else mine[0].line
        _read_entries(
            table, mine, index + k, layout, readings, split_plan, reading,
            has_crew=has_crew, several=several, first_line=table_line,
        )  # fmt: skip


def _read_entries(
    table: _Table,
    aligned: list[Record],
    index: int,
    layout: Layout,
    readings: list[Column],
    split_plan: list[SplitColumn],
    reading: Reading,
    *,
    has_crew: bool,
    several: bool,
    first_line: int,
) -> None:
    issues = reading.issues
    time_heading = layout.headings[layout.roles.index("time")] if "time" in layout.roles else None
    splits_rule = None
    entries: list[Entry] = []
    notes: list[tuple[int, int | None, tuple[str, ...]]] = []  # lines of a log, not entries
    seat = next((j for j, r in enumerate(layout.roles) if r in ("crew", "driver")), None)
    start = 0
    for block, block_records in zip(table.blocks, table.records, strict=True):
        mine = aligned[start : start + len(block_records)]
        start += len(block_records)
        category = block.title if several else None
        if block.title_line is not None:
            what = "the title of the table below" if several else "the sheet's title"
            issues.append(_issue(block.title_line, "title-line", f"{block.title!r} read as {what}"))
        title_status = read_title_status(block.title) if block.title else None
        said = len(issues)  # the issues of this block's rows start here
        drafts: list[Draft] = []
        read_from: list[tuple[str, ...]] = []  # the cells of each draft's record
        for rec in mine:
            row_said = len(issues)
            draft = read_record(rec, readings, category, issues)
            draft.splits = read_splits(rec, split_plan, issues)
            has_people = draft.has_people
            note = has_people and not carries_result(draft) and no_name(draft)
            # Lines of prose under a table (the organiser's words, a signature) gathered into
            # one record: no result, and cells that read as nothing their columns hold.
            prose = reads_as_prose(rec.cells, issues[row_said:])
            note = note or (not carries_result(draft) and prose) or is_notice(rec.cells)
            if not note and drafts and is_member(drafts[-1], draft):
                join_member(drafts[-1], draft, read_from[-1][seat] if seat is not None else None)
                said = f"line {rec.line} names one more of the crew above: seated with it"
                issues.append(_issue(drafts[-1].line, "record-merged", said, rec.page))
                continue
            if note:
                # `14:03'55 Ivo PETROV`, `Air: 18° Pole position: ...`: a line of a log or
                # of the race conditions, in the table's columns, with no result of its own.
                del issues[row_said:]
                notes.append((rec.line, rec.page, rec.cells))
                text = " ".join(filter(None, rec.cells))
                issues.append(
                    _issue(rec.line, "line-skipped", f"a note, not a result: {text!r}", rec.page)
                )
                continue
            if not has_people and not is_result(draft):
                issues.append(
                    _issue(
                        rec.line,
                        "row-unreadable",
                        "no crew, car, position or time could be read in this row",
                        rec.page,
                    )
                )
                continue
            if has_crew and not has_people:
                issues.append(
                    _issue(rec.line, "crew-missing", "the record names no crew", rec.page)
                )
            draft.status = status_under_title(draft.status, title_status)
            if draft.aside_where is not None and draft.status == "retired":
                # `RZ 4 - motor` under the stage times, among the retired: where and why.
                draft.retired_at = draft.retired_at or draft.aside_where.retired_at
                draft.reason = draft.reason or draft.aside_where.reason
            draft.table = index
            drafts.append(draft)
            read_from.append(rec.cells)
        if several and drafts and not any(carries_result(d) for d in drafts):
            # Under a table, a log of the session or notes in its columns (`20:01'21  Danilo
            # PETRUCCI  crashed out`): names and words, no result in any row.
            del issues[said:]
            notes.extend((rec.line, rec.page, rec.cells) for rec in mine)
            first_rec = mine[0]
            # Rows that name people may be crews a wrong header hid: a doubt, not a note.
            code = "table-skipped-people" if any(d.has_people for d in drafts) else "table-skipped"
            issues.append(
                _issue(
                    first_rec.line,
                    code,
                    f"{len(drafts)} rows with no position, number, time or status in any: "
                    "no results, skipped",
                    first_rec.page,
                )
            )
            continue
        reading.ranked = reading.ranked or any(
            d.position is not None and d.status in RANKED for d in drafts
        )
        reading.headed = reading.headed or places_headed(layout.headings, layout.roles)
        reading.classified += sum(1 for d in drafts if d.status in RANKED)
        rule, more = count_runs(drafts, time_heading)
        splits_rule = splits_rule or rule
        issues.extend(more)
        parts = split_stacked(drafts, read_from, layout.headings)
        if len(parts) > 1:
            _explain_stacked(parts, issues)
        for part in parts:
            if len(parts) > 1:
                name = " / ".join(filter(None, (category, part.name))) or None
                for draft in part.drafts:
                    draft.category = name
            one_class_table(part.drafts, issues)
            part_entries, more = check_table(part.drafts, has_gap_column="gap" in layout.roles)
            issues.extend(more)
            entries.extend(part_entries)
    if not entries:
        return
    if notes:
        entries, more = reasons_from_log(entries, notes)
        issues.extend(more)
    reading.has_crew = reading.has_crew or has_crew
    reading.entries.extend(entries)
    title = table.blocks[0].title or reading.source.title
    stage, after = stage_of(
        table.blocks[0], [reading.source.title, time_heading], first_line, issues
    )
    reading.tables.append(
        Table(index, title, layout.roles, layout.headings, first_line, splits_rule, stage, after)
    )


def _table_records(group: list[_Table]) -> list[Record]:
    return [r for table in group for block_records in table.records for r in block_records]


def _target_width(table: _Table) -> int:
    if table.header is not None:
        # Up to the last heading, on the header's line or on its second line (`Temps`
        # `Écart` under nothing, beside `Copilote` under `Pilote`).
        second = table.blocks[0].second if table.blocks else None
        return max(headed_width(table.header), headed_width(second) if second else 0)
    counts = Counter(len(r.cells) for b in table.blocks for r in b.rows)
    return max(counts, key=lambda n: (counts[n], n))


def _explain_layout(layout: Layout, header: Row | None, line: int, issues: list[Issue]) -> None:
    pairs = ", ".join(
        f"{h or '—'} → {r}" if header is not None else r
        for h, r in zip(layout.headings, layout.roles, strict=True)
    )
    if header is not None:
        issues.append(_issue(line, "header-recognised", f"columns: {pairs}"))
    else:
        issues.append(
            _issue(
                line,
                "header-missing",
                f"no header row; columns read from their content as: {pairs}",
            )
        )


def _explain_stacked(parts: list[Part], issues: list[Issue]) -> None:
    first = parts[0].drafts[0]
    names = ", ".join(p.name or "?" for p in parts[:6]) + (", …" if len(parts) > 6 else "")
    issues.append(
        _issue(
            first.line,
            "tables-stacked",
            f"positions start again at 1 {len(parts) - 1} times: read as {len(parts)} tables "
            f"one under another ({names})",
            first.page,
        )
    )
