"""The body of a championship table, written in Python rather than by the template engine.

A championship ranked per person lists everyone who scored in the season: a thousand lines
and more, a cell per round each. Through the template engine every cell cost a variable
lookup, two `{% if %}` and an autoescape, and a federation's table took seconds to render
(the stored rows are read in milliseconds). As `standings_html` does for an event's table,
each cell here is one escaped string, and the body is marked safe only once every value in it
went through `escape`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Protocol

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


class _Cell(Protocol):
    dropped: bool
    status: str
    label: str

    @property
    def points_text(self) -> str: ...

    @property
    def scored(self) -> bool: ...


class _Line(Protocol):
    people: list[tuple[str, str | None]]
    cells: list
    tied: bool
    tie_breaks: tuple[str, ...]
    breaks_ties: bool

    @property
    def position_text(self) -> str: ...

    @property
    def total_text(self) -> str: ...

    @property
    def tie_break_text(self) -> str: ...


def _names(people: Iterable[tuple[str, str | None]]) -> str:
    return " / ".join(
        f'<a href="{escape(url)}">{escape(name)}</a>' if url else escape(name)
        for name, url in people
    )


def _position(line: _Line, notes: dict[tuple, str]) -> str:
    """The position; with the tie-break that decided it on hover and read aloud. `notes`
    keeps each explanation once made: a page writes the same few hundreds of times."""
    text = escape(line.position_text)
    key = (line.tie_breaks, line.tied and line.breaks_ties)
    why = notes.get(key)
    if why is None:
        why = notes[key] = escape(line.tie_break_text)
    if not why:
        return text
    return (
        f'<span class="tie-break" title="{why}">{text}</span>'
        f'<span class="visually-hidden"> {why}</span>'
    )


def _cell(cell: _Cell, dropped_title: str) -> str:
    """Points, a dropped score struck through, or the status mark of a result that scored
    none (`Ab.`, not `0`); a result that scored with a status (Rallye 2) reads both."""
    points = escape(cell.points_text)
    mark = (
        f'<span class="status" title="{escape(cell.label)}">{escape(cell.status)}</span>'
        if cell.status
        else ""
    )
    if cell.dropped:
        inner = f'<s class="dropped" title="{dropped_title}">{points}</s>'
        inner += f" {mark}" if mark else ""
    elif mark and not cell.scored:
        inner = mark
    elif mark:
        inner = f"{points} {mark}"
    else:
        inner = points
    return f'<td class="num col-round">{inner}</td>'


def table_body(lines: Sequence[_Line]) -> SafeString:
    """The `<tr>` rows of one section: position, names (linked), a cell per round, total;
    points in the page's number format."""
    dropped_title = escape(_("dropped"))
    # A table's cells repeat (the same points, the same marks, empty ones): each written once.
    written: dict[tuple, str] = {}
    notes: dict[tuple, str] = {}
    out = []
    for line in lines:
        cells = []
        for cell in line.cells:
            key = (cell.points_text, cell.dropped, cell.status, cell.label, cell.scored)
            html = written.get(key)
            if html is None:
                html = written[key] = _cell(cell, dropped_title)
            cells.append(html)
        out.append(
            f'    <tr>\n      <td class="num col-position">{_position(line, notes)}</td>\n'
            f'      <td class="col-name">{_names(line.people)}</td>\n'
            f"      {''.join(cells)}\n"
            f'      <td class="num total">{escape(line.total_text)}</td>\n    </tr>\n'
        )
    # Safe: every value above went through escape().
    return mark_safe("".join(out))
