"""Common first names per language, to read names written without casing evidence.

The lists are data files (`data/first_names_<language>.txt`), each naming its source and
licence in its first line. They are read once, on first use, and folded (lower case, no
accents). Compound first names (`Jean-Marc`) are checked part by part.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from results.parsing.text import fold

_DATA = Path(__file__).parent / "data"

#: The languages shipped, as the data files name them.
LANGUAGES: tuple[str, ...] = (
    "fr",
    "en",
    "de",
    "es",
    "it",
    "nl",
    "nordic",
    "fi",
    "el",
    "pl",
    "cs",
    "hu",
    "pt",
)


def _read(language: str) -> frozenset[str]:
    text = (_DATA / f"first_names_{language}.txt").read_text(encoding="utf-8")
    names = (word for line in text.splitlines() for word in line.split("#", 1)[0].split())
    return frozenset(fold(name) for name in names)


@cache
def first_names(language: str | None = None) -> frozenset[str]:
    """The folded first names of one language, or of all of them (`None`)."""
    if language is not None:
        return _read(language)
    return frozenset().union(*(first_names(lang) for lang in LANGUAGES))


def __getattr__(name: str) -> frozenset[str]:
    # `FIRST_NAMES`, loaded only when asked for.
    if name == "FIRST_NAMES":
        return first_names()
    raise AttributeError(name)


@lru_cache(maxsize=8192)
def is_first_name(token: str) -> bool:
    """True for a known first name, or a compound (`Jean-Marc`, `Jean Pierre`) of known ones."""
    key = fold(token).strip(".,")
    known = first_names()
    if key in known:
        return True
    parts = key.replace("-", " ").split()
    return len(parts) > 1 and all(p in known for p in parts)
