"""The layout step's weights: fitted by `tools/train_layout.py`, shipped as it writes them."""

from __future__ import annotations

import json

from results.parsing.layout import reading
from results.parsing.layout.scores import score_column
from tools import train_layout


def _truth(*names: str) -> dict[str, list[list[str]]]:
    truth = json.loads(train_layout.TRUTH.read_text(encoding="utf-8"))
    return {name: truth[name] for name in names}


def test_weights_fitted_on_a_tiny_set_rank_the_true_reading_first():
    tiny = train_layout.tables(_truth("samples/001_3c2131422dfc3f44.txt"))
    data = train_layout.examples([*tiny, *train_layout.relayouts(tiny)])
    weights = train_layout.fit(data)
    ranked_first = 0
    for xs, true in data:
        worth = [sum(w * x for w, x in zip(weights, f, strict=True)) for f in xs]
        best = max(range(len(xs)), key=worth.__getitem__)
        ranked_first += true is not None and best == true and worth[best] > 0
    labelled = sum(1 for _, true in data if true is not None)
    assert ranked_first >= 0.9 * labelled
    # The heading's word counts: a role it proposes is worth more than the same fit without it.
    assert weights[reading.FEATURES.index("certain")] > 0
    assert weights[reading.FEATURES.index("against")] < 0


def test_the_shipped_weights_are_what_the_training_writes():
    assert train_layout.main(["--check"]) == 0


def test_a_reading_the_content_and_heading_both_support_is_worth_more():
    scores = {"position": 1.0, "number": 0.3}
    assert reading.worth("position", scores, ("position",), 1.0, 0.0) > reading.worth(
        "number", scores, ("position",), 1.0, 0.0
    )
    assert reading.worth("position", scores, (), 0.0, 0.0) > 0
    # The same content over a column mostly empty is worth less.
    assert reading.worth("position", scores, (), 0.0, 0.9) < reading.worth(
        "position", scores, (), 0.0, 0.0
    )


def test_a_column_of_time_stamps_without_heading_is_no_car():
    stamps = [f"2019-08-25T10:{m:02d}:01.9430000" for m in range(20)]
    assert score_column(stamps)["car"] == 0.0
    assert score_column(["Peugeot 306 S16", "Citroën C2"] * 5)["car"] > 0.5
