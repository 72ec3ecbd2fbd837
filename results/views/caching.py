"""Public pages kept whole in Django's cache, under keys that carry the site's data version.

Views mark the pages they may share (`shared_page`); `PageCacheMiddleware`, near the top of the
middleware stack, stores those answers and serves them again to later visitors without running
the rest of the stack: no session, no URL resolving, no view, no template. A copy is served
for one request only if it is still current, which costs one query: the site's data version
(`DataVersion` scope `all`), which every write bumps in its transaction (`data_changed`, and
`admin_changed` for what admins edit in the admin). The version is part of the key, so a write
makes every worker build new pages at its next request: nothing is ever invalidated, old keys
age out, and a stale page is never served.

One version for the whole site means an import anywhere renews every page. That suits results
sites: writes come in bursts after events, reads are many and between them. The key also
carries the moment of the last bump, so a database restored from a backup (or a new one
under the same cache) never meets copies built from other data at the same version number.

Two tiers: each worker keeps its latest copies in its own memory (`LocalCopies`, bounded in
bytes: a results weekend reads the same few pages over and over), in front of Django's cache
(Redis, shared by every worker). Both are keyed the same way, so neither can go stale.

Only visitors without a session cookie are served copies: staff see unpublished events and
pages of their own, and their pages are never stored. A copy keeps the headers of the answer
that was stored (validators, CSP, language); the security middleware above adds its own again.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.http import parse_http_date_safe

from results.views.conditional import site_version

PREFIX = "podium:page:"
#: Headers of the stored answer that a copy must not carry: they are per request.
_NOT_KEPT = frozenset({"set-cookie", "date"})
_SHARED = "_podium_shared"

log = logging.getLogger(__name__)

Frozen = tuple[int, bytes, list[tuple[str, str]]]


def shared_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark the view's answers to anonymous visitors as pages every such visitor may get."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if not request.user.is_authenticated:
            setattr(response, _SHARED, True)
        return response

    return wrapped


def page_key(request: HttpRequest, version: int, changed_at: datetime | None) -> str:
    """Bounded in length whatever the query string, as memcached-style backends require."""
    stamp = changed_at.isoformat() if changed_at else ""
    where = f"{version}\n{stamp}\n{request.get_host()}\n{request.get_full_path()}"
    return PREFIX + hashlib.blake2b(where.encode(), digest_size=20).hexdigest()


class LocalCopies:
    """The copies this process served last, up to a number of bytes, oldest dropped first."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self._copies: OrderedDict[str, Frozen] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()  # runserver and threaded workers share a process

    def get(self, key: str) -> Frozen | None:
        with self._lock:
            found = self._copies.get(key)
            if found is not None:
                self._copies.move_to_end(key)
            return found

    def put(self, key: str, frozen: Frozen) -> None:
        size = len(frozen[1])
        if size > self.max_bytes:
            return
        with self._lock:
            if key in self._copies:
                return
            self._copies[key] = frozen
            self._bytes += size
            while self._bytes > self.max_bytes:
                _key, dropped = self._copies.popitem(last=False)
                self._bytes -= len(dropped[1])

    def clear(self) -> None:
        with self._lock:
            self._copies.clear()
            self._bytes = 0


local_copies = LocalCopies(settings.PODIUM_PAGE_CACHE_LOCAL_MB * 1024 * 1024)


def _storable(request: HttpRequest, response: HttpResponse) -> bool:
    vary = {part.strip().lower() for part in response.get("Vary", "").split(",") if part.strip()}
    return (
        getattr(response, _SHARED, False)
        and response.status_code == 200
        and not response.streaming
        and not response.cookies
        # Only visitors without a session cookie are served copies: Vary: Cookie holds for them.
        and vary <= {"cookie"}
        # A page that printed a CSRF token must set its cookie: never served from a copy.
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and "private" not in response.get("Cache-Control", "")
    )


def _frozen(response: HttpResponse) -> Frozen:
    headers = [(k, v) for k, v in response.items() if k.lower() not in _NOT_KEPT]
    return response.status_code, response.content, headers


_VALIDATORS = (
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_IF_MATCH",
    "HTTP_IF_UNMODIFIED_SINCE",
)


def _thawed(request: HttpRequest, frozen: Frozen) -> HttpResponse:
    status, content, headers = frozen
    response = HttpResponse(content, status=status, headers=dict(headers))
    if not any(name in request.META for name in _VALIDATORS):
        return response
    last_modified = parse_http_date_safe(response.get("Last-Modified", ""))
    return get_conditional_response(
        request, etag=response.get("ETag"), last_modified=last_modified, response=response
    )


# The cache only saves work: a cache server that is down or restarting costs speed, never a
# page, so its errors are logged and the page is built from the database.
def _get(key: str) -> Frozen | None:
    try:
        return cache.get(key)
    except Exception:
        log.warning("page cache unavailable: building the page", exc_info=True)
        return None


def _set(key: str, value: Frozen, timeout: int) -> None:
    try:
        cache.set(key, value, timeout)
    except Exception:
        log.warning("page cache unavailable: page not stored", exc_info=True)


class PageCacheMiddleware:
    """Serve stored shared pages to visitors without a session; store the ones views marked.

    Goes below the security and static-file middleware (HTTPS redirect, HSTS and the other
    security headers still apply to every copy) and above the session middleware.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timeout = settings.PODIUM_PAGE_CACHE_SECONDS
        if (
            not timeout
            or request.method != "GET"
            or settings.SESSION_COOKIE_NAME in request.COOKIES
        ):
            return self.get_response(request)
        found = site_version(request)
        if found is None:
            return self.get_response(request)
        key = page_key(request, *found)
        frozen = local_copies.get(key)
        if frozen is None:
            frozen = _get(key)
            if frozen is not None:
                local_copies.put(key, frozen)
        if frozen is not None:
            return _thawed(request, frozen)
        response = self.get_response(request)
        if _storable(request, response):
            frozen = _frozen(response)
            _set(key, frozen, timeout)
            local_copies.put(key, frozen)
        return response
