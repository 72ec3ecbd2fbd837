"""Stored copies of public pages: which requests may get one, their keys, the two stores.

Shared by the page-cache middleware (`results.http.caching`, which stores copies) and the
WSGI front (`results.http.cache_front`, which serves them before Django's handler), so both
compute the same key from the same request. A key is made of the request as it came (scheme,
host, raw path and query string) and of the site's data version with the moment of its last
bump: a write, or a database restored under the same cache, makes every key new.

Two stores, keyed alike: each worker's own memory (`LocalCopies`, its latest copies, bounded
in bytes), in front of Django's cache (Redis, shared by every worker).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.handlers.wsgi import get_path_info, get_script_name
from django.http.request import split_domain_port, validate_host

from results.http.conditional import release

PREFIX = "podium:page:"
#: Set in the environ by the WSGI front on a request it found no copy for: the key it tried.
MISSED = "podium.copy_missed"

#: A copy: status, body, headers.
Frozen = tuple[int, bytes, list[tuple[str, str]]]

#: Conditional requests go through the middleware, which answers them with a 304 or the copy.
VALIDATORS = (
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_IF_MATCH",
    "HTTP_IF_UNMODIFIED_SINCE",
)

log = logging.getLogger(__name__)


def is_secure(meta: Mapping[str, Any]) -> bool:
    """As `HttpRequest.is_secure`, from the WSGI environ."""
    if settings.SECURE_PROXY_SSL_HEADER:
        header, secure_value = settings.SECURE_PROXY_SSL_HEADER
        value = meta.get(header)
        if value is not None:
            return value.split(",", 1)[0].strip() == secure_value
    return meta.get("wsgi.url_scheme") == "https"


def _allowed_hosts() -> list[str]:
    # As `HttpRequest.get_host`: in DEBUG without ALLOWED_HOSTS, the local names.
    if settings.DEBUG and not settings.ALLOWED_HOSTS:
        return [".localhost", "127.0.0.1", "[::1]"]
    return settings.ALLOWED_HOSTS


def _raw_host(meta: Mapping[str, Any], secure: bool) -> str:
    # As `HttpRequest._get_raw_host`.
    if settings.USE_X_FORWARDED_HOST and "HTTP_X_FORWARDED_HOST" in meta:
        return meta["HTTP_X_FORWARDED_HOST"]
    if "HTTP_HOST" in meta:
        return meta["HTTP_HOST"]
    host, port = meta.get("SERVER_NAME", ""), str(meta.get("SERVER_PORT", ""))
    return host if port == ("443" if secure else "80") else f"{host}:{port}"


def wsgi_path(environ: Mapping[str, Any]) -> str:
    """The request's path as `WSGIRequest.path` decodes it, from a WSGI environ that Django has
    not seen yet (Django rewrites `PATH_INFO` in the environ once it has)."""
    script_name = get_script_name(environ)
    path_info = get_path_info(environ) or "/"
    return "{}/{}".format(script_name.rstrip("/"), path_info.replace("/", "", 1))


def request_basis(meta: Mapping[str, Any], path: str) -> str | None:
    """What names the page a request for `path` asks for, or None when the request must never
    get a copy: not a GET, a session cookie (staff see pages of their own), a static file, a
    host not allowed, or a plain HTTP request the security middleware sends to HTTPS."""
    if not settings.PODIUM_PAGE_CACHE_SECONDS or meta.get("REQUEST_METHOD") != "GET":
        return None
    if f"{settings.SESSION_COOKIE_NAME}=" in meta.get("HTTP_COOKIE", ""):
        return None
    if path.startswith("/" + settings.STATIC_URL.lstrip("/")):
        return None
    secure = is_secure(meta)
    host = _raw_host(meta, secure)
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, _allowed_hosts()):
        return None
    if settings.SECURE_SSL_REDIRECT and not secure:
        return None
    scheme = "https" if secure else "http"
    return f"{scheme}://{host}{path}?{meta.get('QUERY_STRING', '')}"


@dataclass(frozen=True, slots=True)
class PageKey:
    """A copy's key, and the era it belongs to: the data version and the release."""

    era: str
    key: str


def page_key(basis: str, version: int, changed_at: datetime | None) -> PageKey:
    """Bounded in length whatever the query string, as memcached-style backends require."""
    stamp = changed_at.isoformat() if changed_at else ""
    era = f"{version}\n{stamp}\n{release()}"
    digest = hashlib.blake2b(f"{era}\n{basis}".encode()).hexdigest()[:40]
    return PageKey(era=era, key=PREFIX + digest)


class LocalCopies:
    """The copies this process served last, up to a number of bytes, oldest dropped first.

    Only copies of the current era are kept: the first request that reads a new data version
    drops the others (they could never be served again, and an anonymised name must not linger
    in memory).
    """

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self._copies: OrderedDict[str, Frozen] = OrderedDict()
        self._bytes = 0
        self._era = ""
        self._lock = threading.Lock()  # runserver and threaded workers share a process

    def get(self, page: PageKey) -> Frozen | None:
        with self._lock:
            self._enter(page.era)
            found = self._copies.get(page.key)
            if found is not None:
                self._copies.move_to_end(page.key)
            return found

    def put(self, page: PageKey, frozen: Frozen) -> None:
        size = len(frozen[1])
        with self._lock:
            self._enter(page.era)
            if size > self.max_bytes or page.key in self._copies:
                return
            self._copies[page.key] = frozen
            self._bytes += size
            while self._bytes > self.max_bytes:
                _key, dropped = self._copies.popitem(last=False)
                self._bytes -= len(dropped[1])

    def clear(self) -> None:
        with self._lock:
            self._copies.clear()
            self._bytes = 0

    def _enter(self, era: str) -> None:
        if era != self._era:
            self._copies.clear()
            self._bytes = 0
            self._era = era


local_copies = LocalCopies(settings.PODIUM_PAGE_CACHE_LOCAL_MB * 1024 * 1024)


# The cache only saves work: a cache server that is down, restarting or hanging costs speed,
# never a page. After a failure the shared cache is left alone for a few seconds (logged once),
# so a dead Redis does not cost every request its timeout.
_PAUSE_SECONDS = 5.0
_shared_paused_until = 0.0


def _shared_cache_failed(action: str) -> None:
    global _shared_paused_until
    if time.monotonic() >= _shared_paused_until:
        log.warning("page cache unavailable (%s): pages built for %ss", action, _PAUSE_SECONDS)
    _shared_paused_until = time.monotonic() + _PAUSE_SECONDS


def forget_everything() -> None:
    """This process's copies dropped and the shared cache tried again at once (tests start so)."""
    global _shared_paused_until
    local_copies.clear()
    _shared_paused_until = 0.0


def find_copy(page: PageKey) -> Frozen | None:
    """This worker's copy, else the shared cache's (then kept here too), else None."""
    frozen = local_copies.get(page)
    if frozen is not None or time.monotonic() < _shared_paused_until:
        return frozen
    try:
        frozen = cache.get(page.key)
    except Exception:
        _shared_cache_failed("read")
        return None
    if frozen is not None:
        local_copies.put(page, frozen)
    return frozen


def keep_copy(page: PageKey, frozen: Frozen) -> None:
    local_copies.put(page, frozen)
    if time.monotonic() < _shared_paused_until:
        return
    try:
        cache.set(page.key, frozen, settings.PODIUM_PAGE_CACHE_SECONDS)
    except Exception:
        _shared_cache_failed("write")
