"""A readable account of what the parser understood: columns, entries, then every issue."""

from __future__ import annotations

from results.parsing.fields import format_ms
from results.parsing.model import Entry, Sheet

_HEADINGS = ("line", "pos", "no", "crew", "car", "gr", "cl", "time", "gap", "status")


def _crew(entry: Entry) -> str:
    return " / ".join(" ".join(p for p in (m.surname, m.first_name) if p) for m in entry.crew)


def _ms(value: int | None) -> str:
    return "" if value is None else format_ms(value, decimals=3)


def _row(entry: Entry) -> tuple[str, ...]:
    return (
        str(entry.line),
        "" if entry.position is None else str(entry.position),
        "" if entry.number is None else str(entry.number),
        _crew(entry),
        entry.car or "",
        entry.group or "",
        entry.klass or "",
        _ms(entry.time_ms),
        _ms(entry.gap_ms),
        entry.status,
    )


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [min(40, max(len(r[i]) for r in rows)) for i in range(len(rows[0]))]
    return [
        "  ".join(cell[:40].ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def format_sheet(sheet: Sheet, *, source: str = "") -> str:
    lines = [
        f"{source}: {sheet.format}, {len(sheet.entries)} entries"
        if source
        else f"{sheet.format}, {len(sheet.entries)} entries"
    ]
    lines.append("columns: " + ", ".join(f"{i + 1}={r}" for i, r in enumerate(sheet.columns)))
    if len(sheet.tables) > 1:  # each table's own columns, as hints address them
        for table in sheet.tables:
            roles = ", ".join(f"{i + 1}={r}" for i, r in enumerate(table.columns))
            lines.append(f"  table {table.table} ({table.title or 'no title'}): {roles}")
    lines.append("")
    by_category: dict[str | None, list[Entry]] = {}
    for entry in sheet.entries:
        by_category.setdefault(entry.category, []).append(entry)
    for category, entries in by_category.items():
        if category:
            lines.extend(["", f"== {category}"])
        lines.extend(_table([_HEADINGS, *(_row(e) for e in entries)]))
    warnings = [i for i in sheet.issues if i.level == "warning"]
    lines.extend(["", f"issues: {len(sheet.issues)} ({len(warnings)} warnings)"])
    for issue in sheet.issues:
        where = f"line {issue.line}" if issue.line is not None else "file"
        if issue.page is not None:
            where = f"page {issue.page}, {where}"
        lines.append(f"  {where}: {issue.level}: {issue.code}: {issue.message}")
    return "\n".join(lines)
