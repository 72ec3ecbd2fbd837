"""Reading numbers out of query strings and forms without trusting them."""

from __future__ import annotations


def whole_number(value: str | None, *, limit: int = 10**12) -> int | None:
    """A plain ASCII whole number, or None. (`"²".isdigit()` is true, yet `int("²")` fails;
    and a 10,000-digit id is no id.)"""
    if not value or len(value) > len(str(limit)) or not (value.isascii() and value.isdigit()):
        return None
    number = int(value)
    return number if number <= limit else None
