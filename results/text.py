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


class _Marks(dict[int, int | None]):
    """A `str.translate` table dropping combining marks, filled as characters are met: one
    dictionary lookup per character instead of a call to `unicodedata.combining`."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        if code < 0x10000:  # the planes past the first stay uncached: the table stays small
            self[code] = kept
        return kept


_DROP_MARKS = _Marks()


def fold(text: str) -> str:
    """Lower case, accents removed, ligatures spelled out, spaces collapsed.

    `fold("DE SAINTE-OPPORTUNE Éric") == "de sainte-opportune eric"`; `fold("SŒUR") == "soeur"`.
    """
    if text.isascii():
        # Nothing to decompose or spell out (most names): the same result, several times faster.
        return " ".join(text.lower().split())
    text = text.translate(_EXTRA_FOLDS)
    stripped = unicodedata.normalize("NFKD", text).translate(_DROP_MARKS)
    return _SPACES.sub(" ", stripped.translate(_EXTRA_FOLDS).lower()).strip()


# Searching: what a visitor types, folded the same way as what is searched ---------------------

#: Typed text beyond this is not read: a pasted essay is not a query.
MAX_QUERY = 100
MAX_WORDS = 6
_WORD_SPLIT = re.compile(r"[\s\-'’.,/()]+")


def query_words(text: str) -> list[str]:
    """The folded words of a query, bounded: a pasted essay is not a query."""
    cleaned = "".join(ch for ch in text[:MAX_QUERY] if ch.isprintable())
    words = [word for word in _WORD_SPLIT.split(fold(cleaned)) if word]
    return words[:MAX_WORDS]


def search_text(*texts: str) -> str:
    """The folded words of the texts, one space between them: what a stored search key holds,
    so that "a word starts with w" is `key LIKE 'w%' OR key LIKE '% w%'` in any database.

    `search_text("Rallye de l'Épine", "Saint-Dié") == "rallye de l epine saint die"`.
    """
    return " ".join(word for word in _WORD_SPLIT.split(fold(" ".join(texts))) if word)
