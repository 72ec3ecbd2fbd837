"""Text folding shared by the parser and the rest of Podium (pure Python, no Django)."""

from __future__ import annotations

import re
import unicodedata

# Letters NFKD does not decompose into a base letter and a mark.
_EXTRA_FOLDS = str.maketrans(
    {
        "œ": "oe",
        "Œ": "oe",
        "æ": "ae",
        "Æ": "ae",
        "ß": "ss",
        "ø": "o",
        "Ø": "o",
        "ł": "l",
        "Ł": "l",
        "đ": "d",
        "Đ": "d",
        "ı": "i",
    }
)
_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """Lower case, accents removed, ligatures spelled out, spaces collapsed.

    `fold("DE SAINTE-OPPORTUNE Éric") == "de sainte-opportune eric"`; `fold("SŒUR") == "soeur"`.
    """
    text = text.translate(_EXTRA_FOLDS)
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SPACES.sub(" ", stripped.translate(_EXTRA_FOLDS).lower()).strip()
