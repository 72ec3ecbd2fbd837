"""Fixes remembered: the column roles an organiser set for a layout, offered again.

A re-upload of the same layout (same classification, same headings table by table) is read
with the hints its last published reading was given, so confirming it does not silently lose
them; the preview says so in one line, and reading again without them is one click.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from results.models import Classification, ResultImport
from results.parsing import Hints

Layout = tuple[tuple[int, int, tuple[str, ...]], ...]


def layout_of(sheet: Mapping[str, Any] | None) -> Layout | None:
    """The layout's signature: per table, its index, its column count and its headings.
    None for a sheet without a single heading (nothing tells two such layouts apart)."""
    if not sheet:
        return None
    tables = sheet.get("tables") or [
        {"table": 0, "columns": sheet.get("columns", []), "headings": sheet.get("headings")}
    ]
    out = []
    for table in tables:
        columns = table.get("columns") or []
        headings = tuple((h or "").strip().casefold() for h in table.get("headings") or ())
        out.append((int(table.get("table", 0)), len(columns), headings))
    if not any(h for _, _, headings in out for h in headings):
        return None
    return tuple(out)


def has_fixes(hints: Mapping[str, Any] | None) -> bool:
    """Whether stored hints hold a correction (a role or the header choice)."""
    parsed = Hints.from_dict(hints)
    return bool(parsed.roles or parsed.tables or parsed.header is not None)


def fixes_for(
    *, classification: Classification, sheet: Mapping[str, Any] | None, before: int | None = None
) -> ResultImport | None:
    """The latest published reading of this classification with the same layout as `sheet`
    (made before import `before` when given), when it carries fixes: the fixes to offer."""
    layout = layout_of(sheet)
    if layout is None:
        return None
    for earlier in ResultImport.objects.published_readings_of(classification, before=before):
        if layout_of(earlier.sheet) == layout:
            # The latest reading of the layout decides: read without fixes (the organiser
            # dropped them), it brings back none of an older one's.
            return earlier if has_fixes(earlier.hints) else None
    return None


def remembered_from(result_import: ResultImport) -> ResultImport | None:
    """The earlier reading whose fixes this preview carries again, if it carries them."""
    if result_import.state != ResultImport.State.PREVIEWED or not has_fixes(result_import.hints):
        return None
    earlier = fixes_for(
        classification=result_import.classification,
        sheet=result_import.sheet,
        before=result_import.pk,
    )
    if earlier is None or Hints.from_dict(earlier.hints) != Hints.from_dict(result_import.hints):
        return None
    return earlier
