"""Finishing positions: `1`, `1er`, `2ème`, `3rd`, `7 (-2)`, ties `ex 5`, `5=`..."""

from __future__ import annotations

import re
from dataclasses import dataclass

from results.parsing.fields._limits import quick_fold

_MAX_POSITION = 9999
_MAX_LEN = 40

# Matched on folded text, so `1ère`, `2è` and `ex-æquo` arrive as `1ere`, `2e`, `ex-aequo`.
_TIE = r"(?:ex(?:[- ]?aequo)?\.?|=)"
_SUFFIX = r"(?:\.|er|re|ere|eme|ieme|e|nd|rd|th|st|°|º)"
_POSITION = re.compile(
    rf"(?P<pre>{_TIE}\s?)?(?P<n>\d{{1,4}})\s?{_SUFFIX}?\s?(?P<post>{_TIE})?"
    r"(?:\s?\([+-]?\d{1,3}\))?"
)


@dataclass(frozen=True, slots=True)
class Position:
    value: int
    tied: bool = False


# Untied positions as read, by value: at most _MAX_POSITION of them.
_PLAIN: dict[int, Position] = {}
_SAME_AS_ABOVE = re.compile(rf"{_TIE}")


def is_tie_mark(text: str) -> bool:
    """`ex`, `=`, `ex-aequo` alone: the same position as the row above."""
    return len(text) <= 12 and bool(_SAME_AS_ABOVE.fullmatch(quick_fold(text.strip())))


def parse_position(text: str) -> Position | None:
    """A position as the sheet writes it, or None (empty, `Abandon`, `1:02.3`, `A8`, `0`)."""
    if len(text) > _MAX_LEN:
        return None
    text = text.strip()
    if text.isdigit() and text.isascii():
        # The common case: no folding, no regex, and one shared (frozen) Position per value.
        value = int(text) if len(text) <= 4 else 0
        if not 0 < value <= _MAX_POSITION:
            return None
        try:
            return _PLAIN[value]
        except KeyError:
            plain = _PLAIN[value] = Position(value)
            return plain
    if not text:
        return None
    # `1º`, `2ª` (Portuguese, Spanish, Italian ordinals): folding would make them `1o`, `2a`.
    m = _POSITION.fullmatch(quick_fold(text.replace("º", ".").replace("ª", ".")))
    if not m:
        return None
    value = int(m["n"])
    if not 0 < value <= _MAX_POSITION:
        return None
    return Position(value, tied=bool(m["pre"] or m["post"]))
