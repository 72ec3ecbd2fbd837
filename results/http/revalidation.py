"""Revalidation of a stored copy (`If-None-Match`) by the WSGI front, as Django answers it.

`django.utils.cache.get_conditional_response` decides for the middleware; the front, which has
no request object, answers the one precondition browsers send for Podium's pages (they carry
an ETag and no Last-Modified) the same way: a 304 with the headers Django keeps on one
(RFC 9110 section 15.4.5), or the copy. A test holds the two answers equal.
"""

from __future__ import annotations

from django.utils.http import parse_etags

#: The headers of a copy that its 304 keeps, as `django.utils.cache._not_modified` keeps them.
_KEPT_ON_304 = frozenset(
    {"cache-control", "content-location", "date", "etag", "expires", "last-modified", "vary"}
)


def not_modified(if_none_match: str, headers: list[tuple[str, str]]) -> bool:
    """Whether `If-None-Match` names the copy's ETag (weak comparison), or is `*`."""
    etags = parse_etags(if_none_match)
    target = next((value for name, value in headers if name.lower() == "etag"), None)
    if not etags or not target:
        # Without a validator to compare, Django's answer is the page itself.
        return False
    if etags == ["*"]:
        return True
    return target.strip("W/") in (etag.strip("W/") for etag in etags)


def not_modified_headers(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(name, value) for name, value in headers if name.lower() in _KEPT_ON_304]
