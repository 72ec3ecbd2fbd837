"""`parse()` against a long run of hostile input: any bytes give a Sheet or a ParseError,
never another exception and never a hang. Marked slow: CI runs it once, with
PODIUM_SLOW_EXAMPLES=100000 (`make test` skips it; `pytest -m slow` runs it)."""

from __future__ import annotations

import os
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from results.parsing import ParseError, Sheet, parse

EXAMPLES = int(os.environ.get("PODIUM_SLOW_EXAMPLES", "100000"))
GUARD_SECONDS = 10.0

# The pieces of results sheets, and of what an attacker would put in one.
PIECES = st.sampled_from(
    [
        "|", " | ", "\t", ";", ",", "\n", "\r\n", "\r", " ", '"', "'", "1", "2.", "12", "1er",
        "+", "-", "17'24\"6", "05:14,4", "1:05:21,10", "2:48.108", "99999999999999999999",
        "A8", "F2-14", "N", "GAGNIERE Patrick", "/", "Peugeot 306 S16", "Clt", "N°", "Pilote",
        "Temps", "Ecart", "Gr/Cl", "Abandon", "Rallye 2", "NP", "Page 1/2",
        "<table>", "<tr><td>", "</td></tr>", "<script>alert(1)</script>",
        '"><img src=x onerror=alert(1)>', "<!--", "<![CDATA[", "&nbsp;", "&#0;", "&lt;",
        "=HYPERLINK(\"http://x\")", "@SUM(A1)", "=cmd|' /C calc'!A0", "Ã©", "\ufeff", "\x00",
        "\u202e", "\u200b", "\U0001f3ce", "PK\x03\x04", "%PDF-1.4", "\\", "((((((((((",
        "          ", "||||||||||||||||", "\t\t\t\t\t\t",
    ]
)  # fmt: skip

INPUTS = st.one_of(
    st.binary(max_size=1500),
    st.lists(PIECES, max_size=150).map(lambda parts: "".join(parts).encode("utf-8")),
    st.lists(PIECES, max_size=150).map(lambda parts: "".join(parts).encode("cp1252", "replace")),
)

calls = 0


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(INPUTS)
def _parse_any(data: bytes) -> None:
    global calls
    calls += 1
    started = time.monotonic()
    try:
        sheet = parse(data)
    except ParseError as exc:
        assert exc.reason
    else:
        assert isinstance(sheet, Sheet)
        sheet.to_dict()
    assert time.monotonic() - started < GUARD_SECONDS, f"parse took too long on {data[:80]!r}"


@pytest.mark.slow
def test_parse_survives_a_long_run_of_hostile_input():
    _parse_any()
    assert calls >= EXAMPLES
