"""Small makers shared by the parser's tests: a paste from lines, the doubts a reading raised."""

from __future__ import annotations


def pasted(*rows: str) -> bytes:
    """A paste of these lines, UTF-8."""
    return "\n".join(rows).encode()


def tabs(*rows: str) -> bytes:
    """A spreadsheet paste: rows written with ` | ` between cells, pasted with tabs."""
    return pasted(*rows).replace(b" | ", b"\t")


def warnings(sheet) -> list[tuple[int | None, str]]:
    """(line, code) of every doubt above `info` the reading raised."""
    return [(i.line, i.code) for i in sheet.issues if i.level != "info"]
