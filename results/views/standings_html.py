"""The body of a standings table, written in Python rather than by the template engine.

A standings page is mostly its table body: fifteen cells a row, a thousand rows on an endurance
race. Through the template engine each cell costs a variable lookup, an `{% if %}` and an
autoescape, which made the body the largest cost of the page. Here a row is one `str.format`
of its cells, each text escaped once however often it repeats; the result is marked safe only
once every value in it went through `escape` (or is digits and signs the rows made).

The cells follow the column order of the field catalogue (`results.catalogue.fields`), as
`results.tables.StandingsTable` does for the header.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe

from results.catalogue import COLUMN, COLUMNS, Kind

Row = dict[str, Any]

#: (column, class of its cell, key of the row's text, whether the text needs escaping), in
#: the catalogue's column order. Pos. and crew (an empty key) are built apart. Texts of times,
#: gaps, counts and ranks are made by `standings_rows` of digits and signs: nothing to escape.
_NUMBERS = frozenset({Kind.TIME, Kind.GAP, Kind.INTEGER, Kind.DECIMAL})
_CELLS: tuple[tuple[str, str, str, bool], ...] = tuple(
    (f.column, f.cell_css, "" if f.kind is Kind.CREW else f.text_key, f.kind not in _NUMBERS)
    for f in COLUMNS
    if f.column and f.column != "pos"
)
_POS_CSS, _POS_TEXT = COLUMN["pos"].cell_css, COLUMN["pos"].text_key


class _Escaped(dict):
    """Text → its escaped form, each distinct text escaped once (cars, groups and classes
    repeat down a table)."""

    def __missing__(self, text: str) -> str:
        value = self[text] = escape(text)
        return value


def _row_format(cells: Sequence[tuple[str, str, str, bool]]) -> str:
    """The `str.format` pattern of one row: its status, its position cell, then each cell."""
    parts = [f'<tr class="st-{{}}"><td class="{_POS_CSS}">{{}}</td>']
    for _column, css, _key, _escape in cells:
        parts.append(f'<td class="{css}">{{}}</td>' if css else "<td>{}</td>")
    parts.append("</tr>\n")
    return "".join(parts)


def standings_body(
    sections: Sequence[tuple[str, Sequence[Row]]], *, shown: Mapping[str, bool], width: int
) -> SafeString:
    """`<tbody>` blocks, one per section; a titled section starts with its title row.

    `shown` says which optional columns the table has; `width` is its number of columns.
    """
    cells = [cell for cell in _CELLS if cell[0] == "crew" or shown.get(cell[0])]
    row_format = _row_format(cells).format
    # The crew's place among the cells, and (key, escape?) of the others, in order.
    crew_at = next(i for i, cell in enumerate(cells) if not cell[2])
    texts = [(key, needs_escape) for _c, _css, key, needs_escape in cells if key]
    escaped = _Escaped()
    marks: dict[str, str] = {}  # the status mark of each status, made once

    out = []
    for title, rows in sections:
        out.append("<tbody>")
        if title:
            out.append(
                f'\n<tr class="section"><th scope="rowgroup" colspan="{width}">'
                f"{escape(str(title))}</th></tr>"
            )
        out.append("\n")
        for row in rows:
            short = row["status_short"]
            if short not in marks:
                marks[short] = f'<span class="status">{escape(short)}</span>' if short else ""
            mark = marks[short]
            if row["status_note"]:
                # `Ab. ES4 — moteur`: the stage and reason the sheet gave, after the mark.
                mark += f' <span class="status-note">{escape(row["status_note"])}</span>'
            values = [
                "" if (value := row[key]) is None else escaped[value] if needs_escape else value
                for key, needs_escape in texts
            ]
            values.insert(
                crew_at,
                "<br>".join(
                    [f'<a href="{escaped[url]}">{escape(name)}</a>' for name, url in row["crew"]]
                ),
            )
            out.append(row_format(escaped[row["status"]], escaped[row[_POS_TEXT]] + mark, *values))
        out.append("</tbody>")
    # Safe: every value above went through escape(), or is digits and signs made by the rows.
    return mark_safe("".join(out))
