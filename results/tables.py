"""The standings table: columns, header labels and ordering (django-tables2).

django-tables2 gives the columns, the sort state of each header and its links; the body is
Podium's own (`results.views.standings_html`), because the stock renderer costs several times a
plain template loop on a 1,000-row table. Columns, labels, sort keys and optional columns are
read from the field catalogue (`results.catalogue.fields`).

Rows are plain dicts (see `results.views.standings_rows`): templates read dict keys faster than
attributes, and ordering here needs nothing from the database.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import django_tables2 as tables
from django_tables2.data import TableListData
from django_tables2.utils import OrderBy

from results.catalogue import COLUMN, COLUMNS, EntryField, Sort
from results.text import fold

Row = dict[str, Any]
_DIGITS = re.compile(r"(\d+)")


def natural(text: str) -> tuple:
    """`N 4` before `N 10`, whatever the case and accents."""
    return tuple(int(part) if part.isdigit() else part for part in _DIGITS.split(fold(text)))


def _natural(key: str) -> Callable[[Row], Any]:
    return lambda row: natural(row[key]) if row[key] else None


def _value(key: str) -> Callable[[Row], Any]:
    return lambda row: row[key]


def _number(key: str, sort_key: str) -> Callable[[Row], Any]:
    # The numeric part the writer stored (`12B` → 12), then the text (`12` before `12B`); a
    # number with no digits after every number with some.
    def sort(row: Row) -> Any:
        if not row[key]:
            return None
        numeric = row[sort_key]
        return (numeric is None, numeric or 0, natural(row[key]))

    return sort


def _class(row: Row) -> Any:
    return natural(f"{row['group']} {row['klass']}") if row["klass"] else None


def _crew(row: Row) -> Any:
    return fold(" / ".join(name for name, _url in row["crew"])) or None


def _sort_key(field: EntryField) -> Callable[[Row], Any]:
    if field.sort is Sort.NATURAL:
        return _natural(field.value_key)
    if field.sort is Sort.NUMBER:
        return _number(field.value_key, field.sort_model)
    if field.sort is Sort.CLASS:
        return _class
    if field.sort is Sort.CREW:
        return _crew
    return _value(field.value_key)


#: What each column sorts on; None means "no value": such rows go last in both directions.
SORT_KEYS: dict[str, Callable[[Row], Any]] = {
    field.column: _sort_key(field) for field in COLUMNS if field.column
}

#: Columns shown only when some entry of the classification has a value for them: column →
#: the entry's attribute.
OPTIONAL = {field.column: field.value_key for field in COLUMNS if field.optional and field.column}


class StandingsData(TableListData):
    """Sorts rows on one column; rows without a value stay last whichever the direction."""

    def order_by(self, aliases) -> None:
        if not aliases:
            return
        alias = OrderBy(aliases[0])
        key = SORT_KEYS[alias.bare]
        present, missing = [], []
        for row in self.data:
            value = key(row)
            (missing if value is None else present).append((value, row["order"], row))
        # Ties keep the standings order in both directions.
        present.sort(key=lambda item: item[1])
        present.sort(key=lambda item: item[0], reverse=alias.is_descending)
        self.data[:] = [row for _v, _o, row in present] + [row for _v, _o, row in missing]


def _col(label, css: str = "") -> tables.Column:
    return tables.Column(verbose_name=label, attrs={"th": {"class": css}} if css else {})


def _table_class() -> type[tables.Table]:
    # The columns in the catalogue's order: django-tables2 keeps the order attributes are given.
    attrs: dict[str, Any] = {
        field.column: _col(field.label.lazy() if field.label else "", field.header_css)
        for field in COLUMNS
        if field.column
    }
    attrs["Meta"] = type("Meta", (), {"order_by_field": "sort", "orderable": True})
    attrs["__module__"] = __name__
    attrs["__doc__"] = "The standings table, one column per column of the field catalogue."
    return type("StandingsTable", (tables.Table,), attrs)


StandingsTable = _table_class()


def standings_table(
    rows: list[Row], *, hidden: set[str], class_pos_label: str | None = None
) -> tables.Table:
    """A table over `rows`, without the columns in `hidden`, its class-position header named
    after the tab (class or group position)."""
    css = COLUMN["class_pos"].header_css
    extra = [("class_pos", _col(class_pos_label, css))] if class_pos_label else None
    return StandingsTable(StandingsData(rows), exclude=tuple(hidden), extra_columns=extra)
