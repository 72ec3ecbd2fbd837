"""Results PDFs: the text layer of each page, laid out in columns like space-aligned text.

The PDF is opened in a child process (`pdf_words.py`) with a time limit, a memory limit and a
page limit, so a hostile or huge file cannot hold the process that serves the upload. The
limits are module defaults that the environment may override: `PODIUM_PDF_MAX_PAGES`,
`PODIUM_PDF_TIMEOUT_S`, `PODIUM_PDF_MAX_MB`.

Each line of the extracted text is a row; lines are numbered through the whole document (page
1's lines first), and each row keeps its page.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path
from typing import Any

from results.parsing.codes import level_of
from results.parsing.grid import Grid, Mark, Row, Source
from results.parsing.layout.continued import says_it_goes_on
from results.parsing.layout.header_rows import is_header
from results.parsing.layout.synonyms import normalise_heading
from results.parsing.model import Issue, ParseError
from results.parsing.readers.aligned import Laid, Line, Word, lay_out
from results.parsing.readers.cells import MAX_ROWS, clean
from results.parsing.readers.limits import LIMITS
from results.parsing.readers.page_furniture import drop_repeated_headings, drop_running_lines
from results.parsing.readers.side_by_side import split_halves
from results.parsing.text import fold

#: A results PDF runs to a few dozen pages; far more is not a results sheet.
MAX_PAGES = LIMITS.pages
#: Seconds the child may take, wall clock: well under a web worker's 30 s for the request.
TIMEOUT_S = LIMITS.pdf_seconds
#: Address space of the child, in MiB: the PDF library and one page at a time fit well within.
MAX_MB = 1024
#: Positions per average character width: fine enough to tell a space from a gutter.
_UNITS_PER_CHAR = 4

_CHILD = Path(__file__).with_name("pdf_words.py")


def _setting(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    try:
        number = float(value) if value else default
    except ValueError:
        return default
    return number if number > 0 else default


def limits() -> tuple[int, float, int]:
    """(pages, seconds, MiB) in force: the environment's values, else the module's."""
    return (
        int(_setting("PODIUM_PDF_MAX_PAGES", MAX_PAGES)),
        _setting("PODIUM_PDF_TIMEOUT_S", TIMEOUT_S),
        int(_setting("PODIUM_PDF_MAX_MB", MAX_MB)),
    )


def _run_child(data: bytes) -> dict[str, Any]:
    max_pages, timeout, max_mb = limits()
    command = [
        sys.executable,
        "-I",  # no environment variables, user site or current folder steer the child
        str(_CHILD),
        str(max_pages),
        str(max_mb),
        str(math.ceil(timeout)),
    ]
    try:
        done = subprocess.run(
            command, input=data, capture_output=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        raise ParseError(
            f"this PDF took longer than {timeout:g} s to read; export the results as text or "
            "a spreadsheet",
            code="too-slow",
        ) from None
    try:
        result = json.loads(done.stdout or b"null")
    except ValueError:
        result = None
    if not isinstance(result, dict):
        # Killed by its CPU or memory limit before it could answer.
        if b"MemoryError" in done.stderr or done.returncode in (-9, -6):
            result = {"error": "memory"}
        elif done.returncode == -24:  # SIGXCPU
            raise ParseError(
                f"this PDF took longer than {timeout:g} s to read", code="too-slow"
            ) from None
        else:
            result = {"error": "broken", "detail": f"exit status {done.returncode}"}
    error = result.get("error")
    if error == "pages":
        raise ParseError(
            f"this PDF has {result.get('pages')} pages; Podium reads results PDFs of up to "
            f"{max_pages} pages",
            code="pdf-pages",
            params={"pages": int(result.get("pages") or 0), "limit": max_pages},
        )
    if error == "memory":
        raise ParseError(
            f"this PDF needs more than {max_mb} MB of memory to read", code="too-large"
        )
    if error == "encrypted":
        raise ParseError(
            "this PDF is protected by a password: Podium cannot read its text",
            code="pdf-encrypted",
        )
    if error:
        raise ParseError(
            f"this PDF cannot be read (damaged or incomplete): {result.get('detail')}",
            code="pdf-damaged",
        )
    return result


def _char_width(pages: Sequence[Sequence[Sequence[Any]]]) -> float:
    widths = sorted(
        (x1 - x0) / len(text)
        for page in pages
        for line in page
        for x0, x1, text in line
        if text and x1 > x0
    )
    return widths[len(widths) // 2] if widths else 5.0


def _to_lines(pages: Sequence[Sequence[Sequence[Any]]]) -> list[list[Line]]:
    unit = _char_width(pages) / _UNITS_PER_CHAR
    out: list[list[Line]] = []
    number = 0
    for page_no, page in enumerate(pages, start=1):
        lines = []
        for raw in page:
            number += 1
            words = tuple(
                Word(
                    max(0, math.floor(x0 / unit)),
                    max(math.floor(x0 / unit) + 1, math.ceil(x1 / unit)),
                    text,
                )
                for x0, x1, text in raw
                if str(text).strip()
            )
            lines.append(Line(number, page_no, words))
        out.append(lines)
    return out


def read_pdf(data: bytes) -> Grid:
    """The rows of a PDF's text layer; ParseError for a broken, scanned, huge or slow PDF."""
    if b"%%EOF" not in data or b"obj" not in data:
        # Cut short in transfer (or no PDF at all): refused without starting a process.
        raise ParseError(
            "this PDF cannot be read (damaged or incomplete): it has no end marker",
            code="pdf-damaged",
        )
    result = _run_child(data)
    pages = result.get("pages") or []
    if not any(line for page in pages for line in page):
        raise ParseError(
            "this PDF has no text layer (a scanned document?): Podium reads the text of a PDF, "
            "not pictures of it; export the results from the timing software as PDF or text",
            code="pdf-no-text",
        )
    if sum(len(page) for page in pages) > MAX_ROWS:
        raise ParseError(
            f"more than {MAX_ROWS:,} lines: this is not a results sheet", code="too-large"
        )
    by_page = _to_lines(pages)
    unit = _char_width(pages) / _UNITS_PER_CHAR  # points per layout position
    issues: list[Issue] = []
    by_page, dropped = drop_running_lines(by_page, _UNITS_PER_CHAR)
    issues.extend(dropped)
    lines = [line for page in by_page for line in page]
    lines, found = split_halves(lines, _UNITS_PER_CHAR)
    issues.extend(found)
    lines, dropped = drop_repeated_headings(lines, _UNITS_PER_CHAR)
    issues.extend(dropped)
    rows: list[Row] = []
    sources: list[Source] = []
    before: tuple[tuple[str, ...] | None, str | None] = (None, None)  # last header and title
    headers: Laid = {}
    for page_no, page_lines in groupby(lines, key=lambda line: line.page):
        # Each page is laid out on its own: a printed page sets its own column positions,
        # but a header at the very same places as on a page before keeps its columns.
        laid, found = lay_out(list(page_lines), _UNITS_PER_CHAR, extents=True, laid=headers)
        issues.extend(found)
        cleaned = [
            Row(r.line, tuple(clean(c) for c in r.cells), r.page, marks=_points(r.marks, unit))
            for r in laid
        ]
        first = next((r for r in cleaned if not r.is_empty), None)
        if first is None:
            continue
        header, title = _first_header(cleaned)
        if sources and _continues(first, header, title, before):
            if header is not None:
                cleaned, dropped = _drop_continued_title(cleaned)
                issues.extend(dropped)
        else:
            sources.append(Source("page", f"page {page_no}"))
        before = _last_header(cleaned) if header is not None else before
        index = len(sources) - 1
        rows.extend(Row(r.line, r.cells, r.page, index, r.marks) for r in cleaned)
    return Grid(format="pdf", rows=tuple(rows), issues=tuple(issues), sources=tuple(sources))


def _points(marks: Sequence[Mark | None], unit: float) -> tuple[Mark | None, ...]:
    """Cell extents back in PDF points (the layout works in fractions of a character)."""
    return tuple(
        Mark(x0=round(m.x0 * unit, 1), x1=round(m.x1 * unit, 1))
        if m is not None and m.x0 is not None and m.x1 is not None
        else None
        for m in marks
    )


def _key(row: Row) -> tuple[str, ...]:
    # The words, not the cells: each page is laid out on its own, and the same header may be
    # cut into cells a little differently from one page to the next.
    return tuple(" ".join(normalise_heading(c) for c in row.cells if c).split())


def _first_header(rows: Sequence[Row]) -> tuple[tuple[str, ...] | None, str | None]:
    """The page's first header row and the title line just above it, if any."""
    title = None
    for row in rows:
        if is_header(row):
            return _key(row), title
        filled = [c for c in row.cells if c]
        title = filled[0] if len(filled) == 1 else None if filled else title
    return None, None


def _last_header(rows: Sequence[Row]) -> tuple[tuple[str, ...] | None, str | None]:
    """The page's last header row (the first line of a header on two lines) and the title
    just above it: the table a next page goes on with."""
    found: tuple[tuple[str, ...] | None, str | None] = (None, None)
    title = None
    after_header = False
    for row in rows:
        filled = [c for c in row.cells if c]
        if not filled:
            continue
        header = is_header(row)
        if header and not after_header:
            found = (_key(row), title)
        after_header = header
        title = filled[0] if len(filled) == 1 else None
    return found


def _continues(
    first: Row,
    header: tuple[str, ...] | None,
    title: str | None,
    before: tuple[tuple[str, ...] | None, str | None],
) -> bool:
    """Whether a page goes on with the table of the page before: it starts with a data row
    (no title, no header of its own), or repeats the header under no title or under the
    title before, marked as its continuation ("Classe A (suite)")."""
    last_header, last_title = before
    if header is not None and header == last_header:
        return title is None or (
            last_title is not None
            and fold(title).startswith(fold(last_title))
            and says_it_goes_on(title[len(last_title) :])
        )
    return not is_header(first) and sum(1 for c in first.cells if c) >= 3 and header is None


def _drop_continued_title(rows: Sequence[Row]) -> tuple[list[Row], list[Issue]]:
    """Blank the title above the repeated header of a page that continues a table, and the
    header's second line under it (`Beifahrer  Fahrzeug` under `Fahrer  Club`), so that the
    layout stage reads one table on, not a new one."""
    out = list(rows)
    issues: list[Issue] = []
    header = None
    for i, row in enumerate(out):
        if header is not None:
            if not row.cells:
                continue
            if is_header(row):
                issues.append(_skipped(row, "second line of a repeated header"))
                out[i] = Row(row.line, (), row.page)
            break
        if is_header(row):
            header = i
        elif row.cells:
            issues.append(_skipped(row, "title of a continued table"))
            out[i] = Row(row.line, (), row.page)
    return out, issues


def _skipped(row: Row, what: str) -> Issue:
    return Issue(
        line=row.line,
        code="line-skipped",
        message=f"{what} skipped: {row.cells_text!r}",
        level=level_of("line-skipped"),
        page=row.page,
    )
