"""What a table's title says it classifies: one stage (`Classement ES3`, `SS3`, `Stage 3
results`, `WP 3`) or the overall standings after a stage (`après ES5`, `after SS5`, `nach
WP5`), an interim classification. Nothing for an overall (or class) title.

One rule for every language: a stage word (`ES`, `SS`, `WP`, `PS`, `Stage`, `Spéciale`,
`Wertungsprüfung`, `Montée`, `Run`...) followed by its number is a stage; preceded by an
"after" word (`après`, `after`, `nach`, `à l'issue de`, `au terme de`), the table stands after
that stage. A range (`ES1 à ES5`) or a title naming two stages says neither.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from results.parsing.text import fold

#: Stage words (folded) and the name a stage of that kind is given: `ES 3` and `épreuve
#: spéciale 3` are `ES3`, `Stage 3` and `SS 3` are `SS3`.
_WORDS: dict[str, str] = {
    "es": "ES{n}",
    "epreuve speciale": "ES{n}",
    "speciale": "ES{n}",
    "ss": "SS{n}",
    "stage": "SS{n}",
    "special stage": "SS{n}",
    "wp": "WP{n}",
    "wertungsprufung": "WP{n}",
    "ps": "PS{n}",
    "prova speciale": "PS{n}",
    "tramo": "TC{n}",
    "tc": "TC{n}",
    "montee": "Montée {n}",
    "run": "Run {n}",
}
_WORD = "|".join(sorted((re.escape(w) for w in _WORDS), key=len, reverse=True))
# `ES3`, `ES 3`, `ES n° 3`, `ES.3`; the number ends the word (`ES 2024` is a year).
_STAGE = re.compile(rf"\b(?P<word>{_WORD})\s?(?:n\s?o?\s|no\s|#\s?)?(?P<n>\d{{1,2}})(?!\d)")
_AFTER = re.compile(
    r"\b(?:apres|after|nach|following|a l issue d[eu]|au terme d[eu]|a la fin d[eu])"
    r"(?:\s(?:l|la|le|de|der|des|the|dem))*\s$"
)
_RANGE = re.compile(r"^\s?(?:a|au|to|bis|-|/)\s")

Kind = Literal["stage", "after"]


@dataclass(frozen=True, slots=True)
class StageRef:
    """A stage as a title names it: its name (`ES3`) and number (its order)."""

    name: str
    order: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "order": self.order}


def _clean(text: str) -> str:
    # Apostrophes, dots and dashes between words are spaces: `de l'ES 3`, `ES.3`, `WP-3`.
    return " ".join(re.sub(r"[^\w#]+", " ", fold(text)).split())


def read_stage_title(text: str | None) -> tuple[Kind, StageRef] | None:
    """("stage", ES3) for a stage's classification, ("after", ES5) for the overall after ES5,
    None when the title names no single stage."""
    if not text:
        return None
    clean = _clean(text)
    found = list(_STAGE.finditer(clean))
    if len(found) != 1:
        return None
    match = found[0]
    if _RANGE.match(clean[match.end() :]) or re.search(r"\b\d{1,2}\s?(?:a|to|bis|-)\s$",
                                                        clean[: match.start()]):  # fmt: skip
        return None
    order = int(match["n"])
    if order == 0:
        return None
    ref = StageRef(_WORDS[match["word"]].format(n=order), order)
    kind: Kind = "after" if _AFTER.search(clean[: match.start()]) else "stage"
    return kind, ref
