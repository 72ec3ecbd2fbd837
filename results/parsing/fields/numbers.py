"""Race numbers, counts, speeds, lap counts, engine capacities and plain text cells."""

from __future__ import annotations

import re

from results.parsing.fields._limits import MAX_CELL

_MAX_NUMBER = 40
_INT = re.compile(r"(?:#|n°|nº|no\.?|n\.)?\s?(\d{1,6})", re.IGNORECASE)
# A door number as written: digits with letters before or after (`007`, `12B`, `A12`, `R 5`),
# after an optional `#` or `N°` that is no part of it.
_NUMBER = re.compile(r"(?:#|n°|nº|no\.?|n\.)?\s?([A-Z]{0,3}\s?\d{1,6}[A-Z]{0,2})", re.IGNORECASE)
_POINTS = re.compile(r"([+-]?\d{1,6})(?:[.,](\d{1,3}))?\s?(?:pts?|points?)?", re.IGNORECASE)
_SPEED = re.compile(r"(\d{1,4})(?:[.,](\d{1,4}))?\s?(?:km/?h|kmh|km\.h)?", re.IGNORECASE)
_LAPS = re.compile(r"(\d{1,5})\s?(?:tours?|laps?|trs?\.?|t\.?)?", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
# `1 135`, `12 507,5`: thousands parted by a space (thin, no-break or plain), as French,
# Belgian and Nordic sheets write points and penalties past a thousand.
_THOUSANDS = re.compile(r"[+-]?\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?:[.,]\d{1,3})?")
_GROUPING = re.compile(r"(?<=\d)[ \u00a0\u2009\u202f](?=\d{3})")
_QUOTE_PAIRS = (('"', '"'), ("\u201c", "\u201d"), ("\u00ab", "\u00bb"))


def parse_int(text: str) -> int | None:
    """A race number or count: `12`, `#12`, `N°12`, `012`; None for `12.5`, `A12`, empty."""
    if len(text) > _MAX_NUMBER:
        return None
    text = text.strip()
    if text.isdigit() and text.isascii():
        return int(text) if len(text) <= 6 else None
    m = _INT.fullmatch(text)
    return int(m[1]) if m else None


def parse_number(text: str) -> str | None:
    """A door number as written, a string: `007`, `12B`, `A12`; `#12` and `N°12` are `12`.
    None for what holds no digit or reads as a time or a decimal (`12.5`, `1:02`)."""
    if len(text) > _MAX_NUMBER:
        return None
    text = text.strip()
    if text.isdigit() and text.isascii():
        return text if len(text) <= 6 else None
    m = _NUMBER.fullmatch(text)
    return m[1].replace(" ", "") if m else None


def number_sort(number: str | None) -> int | None:
    """What a door number sorts on: its first run of digits (`12B` → 12, `007` → 7)."""
    if not number:
        return None
    digits = re.search(r"\d{1,9}", number)
    return int(digits[0]) if digits else None


def ungrouped(text: str) -> str:
    """`1 135` → `1135`: a number's thousands parted by spaces, joined; any other text as it
    is."""
    return _GROUPING.sub("", text) if _THOUSANDS.fullmatch(text) else text


def parse_points(text: str) -> float | None:
    """Championship points: `25`, `12,5`, `18 pts`, `1 135`."""
    if len(text) > _MAX_NUMBER:
        return None
    m = _POINTS.fullmatch(ungrouped(text.strip()))
    if not m:
        return None
    whole, fraction = m.groups()
    return float(f"{whole}.{fraction}") if fraction else float(whole)


def parse_speed(text: str) -> float | None:
    """A speed in km/h: `27,839`, `123.45`, `123,4 km/h`, `98 km/h`."""
    if len(text) > _MAX_NUMBER:
        return None
    m = _SPEED.fullmatch(text.strip())
    if not m:
        return None
    whole, fraction = m.groups()
    return float(f"{whole}.{fraction}") if fraction else float(whole)


def parse_laps(text: str) -> int | None:
    """A lap count: `12`, `12 tours`, `12 laps`, `12 T`."""
    if len(text) > _MAX_NUMBER:
        return None
    m = _LAPS.fullmatch(text.strip())
    return int(m[1]) if m else None


def parse_capacity(text: str) -> str | None:
    """An engine capacity as written (`49,9`, `1998 cm3`); None when it holds no number."""
    if len(text) > MAX_CELL:
        return None
    text = _SPACES.sub(" ", text).strip()
    if not text or not any(c.isdigit() for c in text):
        return None
    return text


def clean_text(text: str) -> str | None:
    """Trimmed, inner spaces collapsed, one pair of enclosing double quotes removed."""
    text = _SPACES.sub(" ", text).strip()
    for opening, closing in _QUOTE_PAIRS:
        if len(text) >= 2 and text[0] == opening and text[-1] == closing:
            text = text[1:-1].strip()
            break
    return text or None


# `272 Ammon, Tim`, `1. 569 Becker, Michael`: a door number before a name (and a rank of
# another classification before it), printed in one cell by a sheet with no number column.
_NUMBER_BEFORE_NAME = re.compile(r"(?:\d{1,3}\.\s+)?(#?\d{1,5})\s+(?=[^\W\d_])")


def number_before_name(cell: str) -> tuple[str | None, str]:
    """The door number a name cell starts with (None if it starts with none) and the rest."""
    m = _NUMBER_BEFORE_NAME.match(cell)
    if m is None:
        return None, cell
    return m[1], cell[m.end() :]
