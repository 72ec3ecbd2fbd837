"""Shared guards for the field parsers.

Every parser runs on every cell of large sheets, some of them hostile: a cell longer than
MAX_CELL is never a field value, so it is rejected before any regex sees it.
"""

from __future__ import annotations

from results.parsing.text import fold

MAX_CELL = 200

# Typographic quotes and primes that sheets use for minutes and seconds, mapped to ASCII.
QUOTES = str.maketrans(
    {
        "\u2019": "'",
        "\u2018": "'",
        "\u2032": "'",
        "\u00b4": "'",
        "`": "'",
        "\u201d": '"',
        "\u201c": '"',
        "\u2033": '"',
        "\u00a0": " ",
        "\u202f": " ",
    }
)


def quick_fold(text: str) -> str:
    """`fold`, with a fast path for ASCII text (most cells), which needs no accent removal."""
    if text.isascii():
        return " ".join(text.lower().split())
    return fold(text)
