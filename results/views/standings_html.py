"""The body of a standings table, written in Python rather than by the template engine.

A standings page is mostly its table body: fifteen cells a row, a thousand rows on an endurance
race. Through the template engine each cell costs a variable lookup, an `{% if %}` and an
autoescape, which made the body the largest cost of the page. Here each cell is one escaped
string; the result is marked safe only once every value in it went through `escape`.

The cells follow the column order of the field catalogue (`results.catalogue.fields`), as
`results.tables.StandingsTable` does for the header.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe

from results.catalogue import COLUMN, COLUMNS, Kind

Row = dict[str, Any]

#: (column, class of its cell, key of the row's text), in the catalogue's column order.
#: Pos. and crew (an empty key) are built apart.
_CELLS: tuple[tuple[str, str, str], ...] = tuple(
    (f.column, f.cell_css, "" if f.kind is Kind.CREW else f.text_key)
    for f in COLUMNS
    if f.column and f.column != "pos"
)
_POS_CSS, _POS_TEXT = COLUMN["pos"].cell_css, COLUMN["pos"].text_key
_CREW_CSS = next(f.cell_css for f in COLUMNS if f.kind is Kind.CREW)


def _crew_cell(crew: Iterable[tuple[str, str]]) -> str:
    links = "<br>".join(f'<a href="{escape(url)}">{escape(name)}</a>' for name, url in crew)
    return f'<td class="{_CREW_CSS}">{links}</td>'


def _row(row: Row, cells: Sequence[tuple[str, str]]) -> str:
    status = escape(row["status"])
    short = row["status_short"]
    mark = f'<span class="status">{escape(short)}</span>' if short else ""
    if row["status_note"]:
        # `Ab. ES4 — moteur`: the stage and reason the sheet gave, after the mark.
        mark += f' <span class="status-note">{escape(row["status_note"])}</span>'
    parts = [f'<tr class="st-{status}"><td class="{_POS_CSS}">{escape(row[_POS_TEXT])}{mark}</td>']
    for css, key in cells:
        if not key:
            parts.append(_crew_cell(row["crew"]))
            continue
        value = row[key]
        text = "" if value is None else escape(str(value))
        parts.append(f'<td class="{css}">{text}</td>' if css else f"<td>{text}</td>")
    parts.append("</tr>\n")
    return "".join(parts)


def standings_body(
    sections: Sequence[tuple[str, Sequence[Row]]], *, shown: Mapping[str, bool], width: int
) -> SafeString:
    """`<tbody>` blocks, one per section; a titled section starts with its title row.

    `shown` says which optional columns the table has; `width` is its number of columns.
    """
    cells = [(css, key) for name, css, key in _CELLS if name == "crew" or shown.get(name)]
    out = []
    for title, rows in sections:
        out.append("<tbody>")
        if title:
            out.append(
                f'\n<tr class="section"><th scope="rowgroup" colspan="{width}">'
                f"{escape(str(title))}</th></tr>"
            )
        out.append("\n")
        out.extend(_row(row, cells) for row in rows)
        out.append("</tbody>")
    # Safe: every value above went through escape().
    return mark_safe("".join(out))
