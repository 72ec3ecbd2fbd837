"""Rendered public pages kept in Django's cache, under keys that carry the data version.

A page's key is its validator (the ETag of `results.views.conditional`: the data version read
from the database, the language, the fields admins edit in place) plus the full path with its
query string. Every write bumps the version in the database (`data_changed`), so the next
request of any web worker builds a new key: nothing is ever invalidated, and a stale page is
never served. Old keys simply age out.

The cached path costs the one query that reads the version, as a 304 does. Only anonymous
visitors are served from the cache: staff see unpublished events and pages of their own.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

#: Response headers a view sets that a cached copy must carry again (the CSV's file name).
KEPT_HEADERS = ("Content-Type", "Content-Disposition")
PREFIX = "podium:page:"

log = logging.getLogger(__name__)

KeyFunc = Callable[..., str | None]


def page_key(request: HttpRequest, validator: str) -> str:
    """The cache key of this request's page under `validator`: bounded in length whatever the
    query string, as memcached-style backends require."""
    digest = hashlib.blake2b(
        f"{validator}\n{request.get_full_path()}".encode(), digest_size=20
    ).hexdigest()
    return PREFIX + digest


def _cacheable(request: HttpRequest, response: HttpResponse) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not response.has_header("Vary")
        # A page that printed a CSRF token must set its cookie: never served from a copy.
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and "private" not in response.get("Cache-Control", "")
    )


def _frozen(response: HttpResponse) -> tuple[bytes, list[tuple[str, str]]]:
    headers = [(name, response[name]) for name in KEPT_HEADERS if response.has_header(name)]
    return response.content, headers


def _thawed(frozen: tuple[bytes, list[tuple[str, str]]]) -> HttpResponse:
    content, headers = frozen
    response = HttpResponse(content)
    for name, value in headers:
        response[name] = value
    return response


# The cache only saves work: a cache server that is down or restarting costs speed, never a
# page, so its errors are logged and the page is built from the database.
def _get(key: str):
    try:
        return cache.get(key)
    except Exception:
        log.warning("page cache unavailable: building the page", exc_info=True)
        return None


def _set(key: str, value: object, timeout: int) -> None:
    try:
        cache.set(key, value, timeout)
    except Exception:
        log.warning("page cache unavailable: page not stored", exc_info=True)


def cached_by(validator: KeyFunc) -> Callable:
    """Serve a view's 200 answers to anonymous visitors from the cache.

    `validator(request, *args, **kwargs)` returns the page's version-bearing validator (the
    function the view's `condition` decorator uses for its ETag, so the version query is made
    once), or None when the page has none (a 404): then the view runs uncached. Put this
    decorator under `condition`, so a matching If-None-Match still answers 304 first.
    """

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            timeout = settings.PODIUM_PAGE_CACHE_SECONDS
            if not timeout or request.user.is_authenticated:
                return view(request, *args, **kwargs)
            tag = validator(request, *args, **kwargs)
            if tag is None:
                return view(request, *args, **kwargs)
            key = page_key(request, tag)
            frozen = _get(key)
            if frozen is not None:
                return _thawed(frozen)
            response = view(request, *args, **kwargs)
            if _cacheable(request, response):
                _set(key, _frozen(response), timeout)
            return response

        return wrapped

    return decorator
