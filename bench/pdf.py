"""PDF and space-aligned text: pages per second for a generated 20-page results PDF, and lines
per second for the same rows as space-aligned text, next to the same rows as a pipe table.

The rows are those of `bench.parsing` (sample 002's layout with the samples' vocabulary),
typeset by the tests' PDF writer: title, header and footer on every page.
"""

from __future__ import annotations

import time

from bench import Metric
from bench.parsing import make_sheet
from results.parsing import parse
from tests.parsing.pdf.typeset import Table, to_pdf, to_text

PAGES = 20
ROWS_PER_PAGE = 30
TEXT_LINES = 20_000


def _table(lines: int) -> Table:
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in make_sheet(lines).decode("utf-8").splitlines()
    ]
    return Table("Classement général", rows[0], rows[1:])


def _best_of(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def run() -> list[Metric]:
    pdf = to_pdf(_table(PAGES * ROWS_PER_PAGE), rows_per_page=ROWS_PER_PAGE)
    assert len(parse(pdf).entries) == PAGES * ROWS_PER_PAGE
    pdf_seconds = _best_of(3, lambda: parse(pdf))
    pipe_pages = make_sheet(PAGES * ROWS_PER_PAGE)
    pipe_pages_seconds = _best_of(5, lambda: parse(pipe_pages))
    table = _table(TEXT_LINES)
    aligned = to_text(table).encode("utf-8")
    pipe = make_sheet(TEXT_LINES)
    assert len(parse(aligned).entries) == TEXT_LINES
    lines = TEXT_LINES + 1
    aligned_seconds = _best_of(2, lambda: parse(aligned))
    pipe_seconds = _best_of(2, lambda: parse(pipe))
    return [
        Metric("pdf_pages_per_s", PAGES / pdf_seconds, "pages/s", "pipe table of the same rows",
               PAGES / pipe_pages_seconds),
        Metric("fixed_width_lines_per_s", lines / aligned_seconds, "lines/s",
               "pipe table of the same rows", lines / pipe_seconds),
    ]  # fmt: skip
