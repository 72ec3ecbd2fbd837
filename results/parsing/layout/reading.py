"""What one candidate reading of a column is worth: a role for it, judged by what its heading
proposes and how its content fits, on one scale for every column of the table.

The worth is the logit of a logistic model: above 0 the reading is more likely right than
wrong, and of two readings the one worth more wins. Its weights are not set by hand: they are
fitted by `tools/train_layout.py` on the project's own sheets and re-layouts of them, and
shipped as data in `weights.json` beside this module (the script writes it; a test checks that
the file is what the script gives).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from results.parsing.layout.scores import NAMED_BY_HEADING

#: The features of a reading, in the order of the weights.
FEATURES = (
    "bias",  # 1 for every reading
    "content",  # how well the content fits the role (`scores.py`, 0..1)
    "lead",  # that fit less the best fit of any other role: content preferring another is < 0
    "sure",  # the fit squared: a middling fit (text that only confirms a heading) says little
    "first",  # the heading's first proposal
    "certain",  # the heading's certainty (`heading_certainty`) where it proposes the role
    "against",  # the heading proposes roles, not this one
    # the share of the column's cells that are empty: a column seldom filled says less (but a
    # status column is empty wherever the crew was classified)
    "empty",
)

# Roles content alone cannot tell from others (a best lap reads like a time, a lap number like
# any small number): only a heading gives them, and only a heading makes them a rival.
HEADING_ONLY = (
    frozenset({"best_lap", "best_lap_no", "capacity", "category", "surname", "first_name"})
    | NAMED_BY_HEADING
)

WEIGHTS_FILE = Path(__file__).with_name("weights.json")


def _load() -> tuple[float, ...]:
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        # Fitted for other features: no weight stands until the training is run again (the
        # training reads the sheets with these), and a test fails until it is.
        return (0.0,) * len(FEATURES)
    return tuple(float(w) for w in data["weights"])


WEIGHTS = _load()


def features(
    role: str,
    scores: Mapping[str, float],
    proposals: Sequence[str],
    certainty: float,
    empty: float,
) -> tuple[float, ...]:
    """The features of reading a column as `role` (its content scores, its heading's proposals
    best first, the heading's certainty, the share of its cells that are empty)."""
    content = scores.get(role, 0.0)
    rival = max(
        (s for r, s in scores.items() if r != role and (r not in HEADING_ONLY or r in proposals)),
        default=0.0,
    )
    proposed = role in proposals
    return (
        1.0,
        content,
        content - rival,
        content * content,
        float(bool(proposals) and proposals[0] == role),
        certainty if proposed else 0.0,
        float(bool(proposals) and not proposed),
        0.0 if role == "status" else empty,
    )


def worth(
    role: str,
    scores: Mapping[str, float],
    proposals: Sequence[str],
    certainty: float,
    empty: float,
    weights: Sequence[float] = WEIGHTS,
) -> float:
    """The logit of reading a column as `role`: > 0 where the reading is likely right."""
    x = features(role, scores, proposals, certainty, empty)
    return sum(w * xi for w, xi in zip(weights, x, strict=True))
