"""Any bytes give a Sheet or a ParseError, never another exception, and never a hang.

The example count comes from PODIUM_FUZZ_EXAMPLES (CI runs 10,000; the default keeps a local
run quick). The time guards are generous: they catch catastrophic backtracking, not slowness.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.hostile import INPUTS
from results.parsing import ParseError, Sheet, parse

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
EXAMPLES = int(os.environ.get("PODIUM_FUZZ_EXAMPLES", "300"))
GUARD_SECONDS = 10.0

_fuzz = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _parse_or_error(data: bytes) -> Sheet | ParseError:
    try:
        sheet = parse(data)
    except ParseError as exc:
        assert exc.reason
        return exc
    assert isinstance(sheet, Sheet)
    sheet.to_dict()
    return sheet


@_fuzz
@given(st.binary(max_size=2000))
def test_any_bytes_give_a_sheet_or_a_parse_error(data):
    _parse_or_error(data)


# Text made of the pieces results sheets are made of, so the fuzzing reaches the layout stage.
_PIECES = st.sampled_from(
    [
        "|", " | ", "\t", ";", ",", "\n", "\r\n", " ", '"', "1", "2.", "12", "1er", "en ", "à ",
        "+", "17'24\"6", "05:14,4", "1:05:21,10", "00:09.2", "2:48.108", "27,839", "A8", "F2-14",
        "AJ E7", "N", "4", "GAGNIERE Patrick", "/", "VIGNERON Marc", "Peugeot 306 S16", "Clt",
        "N°", "Pilote", "Temps", "Ecart", "Gr/Cl", "Abandon", "Rallye 2", "NP", "Classe N2",
        "Page 1/2", "<table>", "<tr><td>", "</td></tr>", "&nbsp;", "Ã©",
    ]
)  # fmt: skip


@_fuzz
@given(st.lists(_PIECES, max_size=200).map("".join))
def test_sheet_like_text_gives_a_sheet_or_a_parse_error(text):
    _parse_or_error(text.encode("utf-8"))


@settings(_fuzz, max_examples=max(50, EXAMPLES // 10))
@given(st.data())
def test_samples_with_random_damage_give_a_sheet_or_a_parse_error(data):
    names = sorted(p.name for p in SAMPLES.glob("*.txt"))
    raw = (SAMPLES / data.draw(st.sampled_from(names))).read_bytes()
    lines = raw.split(b"\n")
    for _ in range(data.draw(st.integers(0, 5))):
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["drop", "dup", "cut", "swap"]))
        if action == "drop":
            del lines[i]
        elif action == "dup":
            lines.insert(i, lines[i])
        elif action == "cut":
            lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))]
        elif action == "swap" and len(lines) > 1:
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        if not lines:
            lines = [b""]
    _parse_or_error(b"\n".join(lines))


#: The inputs `make bench` times too (`bench.hostile`), each under the guard here.
HOSTILE = INPUTS


@pytest.mark.parametrize("data", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_input_finishes_quickly(data):
    started = time.monotonic()
    _parse_or_error(data)
    assert time.monotonic() - started < GUARD_SECONDS
