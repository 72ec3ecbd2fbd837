"""Reading numbers out of query strings and forms without trusting them."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from django.http import QueryDict


def whole_number(value: str | None, *, limit: int = 10**12) -> int | None:
    """A plain ASCII whole number, or None. (`"²".isdigit()` is true, yet `int("²")` fails;
    and a 10,000-digit id is no id.)"""
    if not value or len(value) > len(str(limit)) or not (value.isascii() and value.isdigit()):
        return None
    number = int(value)
    return number if number <= limit else None


def query_link(query: QueryDict, changes: Mapping[str, str | None]) -> str:
    """`?…`: the query string with `changes` made (None removes a key), as Django's
    `{% querystring %}` writes it, for pages that print dozens of such links."""
    params = dict(query.lists())
    for key, value in changes.items():
        if value is None:
            params.pop(key, None)
        else:
            params[key] = [value]
    if not params and not query:
        return ""
    return "?" + urlencode(list(params.items()), doseq=True)
