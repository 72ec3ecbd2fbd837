"""The slowest hostile input: the inputs the robustness tests guard (a 1 MB line, 100,000 empty
rows, deeply nested HTML, rows far wider than their table…), each parsed once, the slowest
reported beside `csv.reader` on the same bytes.

The tests hold each under a generous guard of seconds; this figure says how far from it the
slowest one is, and which one it is.
"""

from __future__ import annotations

import contextlib
import csv
import io
import time

from bench import Metric
from results.parsing import ParseError, parse

#: What the robustness tests parse (`tests/parsing/test_robustness.py`), by name.
INPUTS: dict[str, bytes] = {
    "a 1 MB line of pipes": b"|" * 1_000_000,
    "a 1 MB line of spaces": b" " * 1_000_000,
    "100,000 empty rows": b"\n" * 100_000,
    "100,000 rows of empty cells": b"| | |\n" * 100_000,
    "deeply repeated quotes": b'"' * 200_000 + b";x\n" + b'""' * 100_000,
    "a 1 MB cell": b"| 1 | " + b"A" * 1_000_000 + b" | 05:14,4 |\n",
    "a long time-like cell": b"| 1 | X | " + b"1:" * 200_000 + b"1 |\n",
    "nested html": b"<table>" + b"<tr><td><table>" * 2000 + b"x" + b"</table></td></tr>" * 2000,
    # Rows far wider than the table after 200 good ones: aligning them once tried every
    # removal of a cell, scoring each candidate row (20 s).
    "wide misaligned rows": b"\n".join(
        [b"| %d | DUPONT Jean | 05:14,%d |" % (n, n % 10) for n in range(1, 201)]
        + [b"| %d |" % n + b" |" * 480 + b" X |" for n in range(201, 221)]
    ),
    # One space between cells: each row is cut by its words' kinds, a search over the
    # header's columns and the row's words; rows of words no table shares, each its own cut.
    "single-spaced rows of distinct words": b"\n".join(
        [b"Clt N\xc2\xb0 Pilote / Copilote Voiture Club Equipe Gr/Cl Temps Ecart"]
        + [
            b"%d %d " % (n, n) + b" ".join(b"W%dx%d/Y" % (n, k) for k in range(38))
            for n in range(1, 5_001)
        ]
    ),
}


def _parse_seconds(data: bytes) -> float:
    started = time.perf_counter()
    with contextlib.suppress(ParseError):
        parse(data)
    return time.perf_counter() - started


def _csv_seconds(data: bytes) -> float:
    started = time.perf_counter()
    for _row in csv.reader(io.StringIO(data.decode("utf-8", "replace")), delimiter="|"):
        pass
    return time.perf_counter() - started


def run() -> list[Metric]:
    timed = {name: _parse_seconds(data) for name, data in INPUTS.items()}
    name = max(timed, key=timed.__getitem__)
    return [
        Metric(
            "hostile_input_slowest_s",
            timed[name],
            "s",
            f"csv.reader on the same bytes ({name})",
            _csv_seconds(INPUTS[name]),
        )
    ]
