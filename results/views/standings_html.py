"""The body of a standings table, written in Python rather than by the template engine.

A standings page is mostly its table body: fifteen cells a row, a thousand rows on an endurance
race. Through the template engine each cell costs a variable lookup, an `{% if %}` and an
autoescape, which made the body the largest cost of the page. Here each cell is one escaped
string; the result is marked safe only once every value in it went through `escape`.

The cells follow the column order of `results.tables.StandingsTable`, which renders the header.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe

Row = dict[str, Any]

#: (column, class of its cell, key of the row's text). Pos. and crew are built apart.
_CELLS: tuple[tuple[str, str, str], ...] = (
    ("number", "col-number", "number_text"),
    ("crew", "", ""),
    ("car", "col-car", "car"),
    ("group", "", "group"),
    ("klass", "", "klass"),
    ("time", "col-time", "time"),
    ("gap", "col-gap", "gap"),
    ("gap_prev", "col-gap_prev", "gap_prev"),
    ("class_pos", "col-class_pos", "class_pos_text"),
    ("club", "", "club"),
    ("best_lap", "col-best_lap", "best_lap"),
    ("best_lap_no", "col-best_lap_no", "best_lap_no_text"),
    ("speed", "col-speed", "speed"),
    ("capacity", "", "capacity"),
    ("laps", "col-laps", "laps_text"),
)


def _crew_cell(crew: Iterable[tuple[str, str]]) -> str:
    links = "<br>".join(f'<a href="{escape(url)}">{escape(name)}</a>' for name, url in crew)
    return f'<td class="col-crew">{links}</td>'


def _row(row: Row, cells: Sequence[tuple[str, str]]) -> str:
    status = escape(row["status"])
    short = row["status_short"]
    mark = f'<span class="status">{escape(short)}</span>' if short else ""
    parts = [f'<tr class="st-{status}"><td class="col-pos">{escape(row["pos"])}{mark}</td>']
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
