"""`make corpus` on a corpus of its own: never the shared one, which tests must not need."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import corpus

# A scorer with the shared one's interface: fields right per entry, pairs by crew surname.
_SCORER = """
def align(expected, actual):
    keys = [e["crew"][0].split()[0].lower() for e in expected]
    got = [(a["crew"] or [{"surname": ""}])[0]["surname"].lower() for a in actual]
    pairs, used = [], set()
    for i, key in enumerate(keys):
        j = next((j for j, g in enumerate(got) if g == key and j not in used), None)
        if j is not None:
            used.add(j)
        pairs.append((i, j))
    pairs += [(None, j) for j in range(len(got)) if j not in used]
    return pairs

def score_case(expected, doc, failed):
    actual = (doc or {}).get("entries") or []
    pairs = align(expected, actual)
    correct = sum(1 for i, j in pairs if i is not None and j is not None
                  and actual[j]["position"] == expected[i]["position"])
    total = len(expected) + 8 * sum(1 for i, _ in pairs if i is None)
    return correct, total, 0, {}, [], 0, len(expected)
"""


def _corpus(tmp_path: Path) -> Path:
    (tmp_path / "score.py").write_text(_SCORER, encoding="utf-8")
    sheet = (
        "| Pos | Pilote | Temps |\n| 1 | DUPONT Jean | 10:00,0 |\n| 2 | MARTIN Paul | 10:05,0 |\n"
    )
    (tmp_path / "01_pipe.md").write_text(sheet, encoding="utf-8")
    expected = {
        "entries": [
            {"position": 1, "crew": ["DUPONT Jean"]},
            {"position": 2, "crew": ["MARTIN Paul"]},
            {"position": 3, "crew": ["DURAND Luc"]},
        ]
    }
    (tmp_path / "01_pipe.expected.json").write_text(json.dumps(expected), encoding="utf-8")
    (tmp_path / "02_broken.txt").write_bytes(b"")
    (tmp_path / "02_broken.expected.json").write_text(json.dumps(expected), encoding="utf-8")
    return tmp_path


def test_it_scores_each_file_and_counts_rows_lost(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PODIUM_CORPUS", str(_corpus(tmp_path)))
    assert corpus.main([]) == 0
    out = capsys.readouterr().out
    assert "01_pipe" in out and "2/3" in out
    assert "02_broken.txt: the file is empty" in out
    assert "TOTAL: fields 2/6 (33.3%)" in out
    assert "MEAN per file: 33.3%" in out
    assert "rows lost: 4, invented: 0" in out
    assert "silent wrong fields: 0" in out and "false alarms: 0/6" in out


def test_it_filters_cases_by_name(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PODIUM_CORPUS", str(_corpus(tmp_path)))
    assert corpus.main(["01_"]) == 0
    assert "02_broken" not in capsys.readouterr().out


@pytest.mark.parametrize("make_scorer", [False, True])
def test_it_says_clearly_when_there_is_no_corpus(tmp_path, monkeypatch, capsys, make_scorer):
    if make_scorer:
        (tmp_path / "score.py").write_text(_SCORER, encoding="utf-8")
    monkeypatch.setenv("PODIUM_CORPUS", str(tmp_path / ("" if make_scorer else "missing")))
    assert corpus.main([]) == 2
    err = capsys.readouterr().err
    assert ("no cases found" if make_scorer else "no corpus at") in err
