"""CSV export of exactly the standings table shown: same tab, same sort, same columns.

For spreadsheet users: UTF-8 with a BOM (so accents survive a double-click), the locale's list
separator (`;` where the decimal separator is a comma), times as times (`0:08,3`, no leading
`+` that a spreadsheet would read as a formula or keep as text), and text cells that a
spreadsheet would run as a formula neutralised with a leading apostrophe. What each column
writes is its CSV rule in the field catalogue (`results.catalogue.fields`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from django_tables2 import Table

from results.catalogue import COLUMN, Csv
from results.views import formatting

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: str) -> str:
    """`=HYPERLINK(...)` → `'=HYPERLINK(...)`: shown as typed, never evaluated."""
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


def _cell(name: str, row: dict[str, Any]) -> str | int | float:
    """The cell of column `name`, by the field catalogue's CSV rule for it."""
    field = COLUMN[name]
    rule = field.csv
    if rule is Csv.POSITION:
        value = row[field.value_key]
        return value if value is not None else row["status_short"]
    if rule is Csv.CREW:
        return safe_text(" / ".join(person for person, _url in row[field.value_key]))
    if rule is Csv.UNSIGNED:
        # The same duration as on the page, without its sign: a time a spreadsheet can add.
        return row[field.text_key].lstrip("+")
    if rule is Csv.TEXT:
        return row[field.text_key]
    value = row[field.value_key]
    if value is None:
        return ""
    return safe_text(value) if isinstance(value, str) else value


def spreadsheet_response(rows: Iterable[Sequence[object]], *, filename: str) -> HttpResponse:
    """Rows as a CSV download a spreadsheet opens right: BOM, the locale's list separator.
    Cells are written as given: callers pass text through `safe_text`."""
    sep = formatting.decimal_separator()
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";" if sep == "," else ",", lineterminator="\r\n")
    writer.writerows(rows)
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def csv_response(table: Table, *, filename: str) -> HttpResponse:
    columns = list(table.columns)
    head = [safe_text(str(column.header)) for column in columns]
    body = ([_cell(column.name, row) for column in columns] for row in table.data.data)
    return spreadsheet_response([head, *body], filename=filename)
