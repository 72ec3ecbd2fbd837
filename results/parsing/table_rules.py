"""What a table's rows say of the whole table: whether a row gives a result at all, a first
line of headings Podium does not know, how wide a header reaches, a table that ranks nobody
beside tables that do, a table of one class ranked by its class positions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from results.parsing.build import Draft
from results.parsing.codes import level_of
from results.parsing.fields import parse_status
from results.parsing.grid import Row
from results.parsing.layout.records import Record
from results.parsing.legend import is_legend_line
from results.parsing.model import RANKED, Issue
from results.parsing.tables import Reading


def unranked_beside_ranked(reading: Reading) -> None:
    """A table whose crews have no position (none given, and not in order to infer any) beside
    tables of the same sheet that rank theirs is outside the classification (a class run for
    fun, the guests): its crews are not classified (and so have no gap), said once for the
    table."""
    ranked = {e.table for e in reading.entries if e.position is not None}
    if not ranked:
        return
    unranked = {e.table for e in reading.entries if e.status in RANKED} - ranked
    for index in sorted(unranked):
        lines = tuple(e.line for e in reading.entries if e.table == index and e.status in RANKED)
        first = next(e for e in reading.entries if e.table == index)
        reading.issues.append(
            Issue(
                line=first.line,
                page=first.page,
                code="table-unranked",
                level=level_of("table-unranked"),
                column="status",
                message=f"{len(lines)} crews with no position beside ranked tables: read as "
                "not classified",
                lines=lines,
            )
        )
    if unranked:
        reading.entries[:] = [
            replace(e, status="nc", gap_ms=None)
            if e.table in unranked and e.status in RANKED
            else e
            for e in reading.entries
        ]


def one_class_table(drafts: list[Draft], issues: list[Issue]) -> None:
    """A table of one class whose positions are those of a larger ranking (2, 8, 11: the
    whole race's) while its class positions run 1, 2, 3: the table is the class's, and its
    class positions are its positions."""
    ranked = [d for d in drafts if d.status in RANKED]
    if len(ranked) < 3 or len({d.klass for d in ranked}) != 1 or ranked[0].klass is None:
        return
    given = [d.position for d in ranked]
    in_class = [d.class_position for d in ranked]
    if None in given or None in in_class or given[0] == 1 or in_class[0] != 1:
        return
    if any(b - a not in (0, 1) for a, b in pairwise(in_class)):
        return
    for d in ranked:
        d.position = d.class_position
    first = ranked[0]
    issues.append(
        Issue(
            line=first.line,
            page=first.page,
            code="position-from-class",
            level=level_of("position-from-class"),
            message=f"the table holds class {first.klass} only and its positions start at "
            f"{given[0]}: its class positions are read as its positions",
        )
    )


def is_result(d: Draft) -> bool:
    return bool(
        d.has_people
        or d.car
        or d.time_ms is not None
        or d.gap_ms is not None
        or d.time_gap_ms is not None
        or d.number is not None
        or d.status is not None
    )


def carries_result(d: Draft) -> bool:
    """The row gives a result as the sheet writes it: a position, a number, a time, a gap,
    laps, points or a status (the names and words of a log or a note give none)."""
    return bool(
        d.position is not None
        or d.tied
        or d.number is not None
        or d.time_ms is not None
        or d.time_gap_ms is not None
        or d.gap_ms is not None
        or d.lapped
        or d.laps
        or d.status is not None
        or d.points is not None
        or d.best_lap_ms is not None
        or d.zero_time
        or any(s.time_ms is not None or s.status is not None for s in d.splits or ())
    )


def no_name(d: Draft) -> bool:
    """Every person the row names holds digits: a clock time or a note, not a name."""
    return all(any(c.isdigit() for c in p.surname + (p.first_name or "")) for p in d.crew)


def reads_as_prose(cells: Sequence[str], issues: Sequence[Issue]) -> bool:
    """A row that is words, not a result: lines of prose gathered into one record that read as
    nothing their columns hold (two cells or more unreadable), or one cell holding a sentence
    (`Poeng: NM-poeng etter plassering i løpet.`)."""
    if sum(1 for issue in issues if issue.code == "value-unreadable") >= 2:
        return True
    filled = [c for c in cells if c]
    if len(filled) != 1:
        return False
    words = filled[0].split()
    return len(words) >= 6 or (len(words) >= 3 and (":" in filled[0] or filled[0][-1] == "."))


def is_notice(cells: Sequence[str]) -> bool:
    """A line of the organiser's, whatever status word it starts with: a legend (`Abd =
    abandon ; NP = non partant.`), or a status word, a colon and a sentence (`Excl. : N° 16
    exclu par décision du Collège des Commissaires Sportifs.`)."""
    text = " ".join(c for c in cells if c)
    if is_legend_line(text):
        return True
    head, colon, rest = text.partition(":")
    said = len(head.split()) <= 2 and parse_status(head.strip()) is not None
    return bool(colon) and said and len(rest.split()) >= 6


def unknown_headings(rec: Record) -> bool:
    """A line at the top of a table with no header that holds nothing but short words, where
    the rows below hold values (`G  J  CS` over three position columns): headings Podium does
    not know, not a result."""
    filled = [c for c in rec.cells if c]
    return len(filled) >= 2 and all(
        len(c) <= 4 and c.isalpha() and parse_status(c) is None for c in filled
    )


def headed_width(header: Row) -> int:
    """How many cells the header spans, up to its last heading."""
    cells = list(header.cells)
    while cells and not cells[-1]:
        cells.pop()
    return len(cells)
