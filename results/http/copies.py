"""Stored copies of public pages: which requests may get one, their keys, the two stores.

Shared by the page-cache middleware (`results.http.caching`, which stores copies) and the
WSGI front (`results.http.cache_front`, which serves them before Django's handler), so both
compute the same key from the same request. A key is made of the request as it came (scheme,
host, raw path and query string) and of the site's data version with the moment of its last
bump: a write, or a database restored under the same cache, makes every key new.

Two stores: each worker's own memory (`LocalCopies`, its latest copies of the current era,
by the request's basis, bounded in bytes), in front of Django's cache (Redis, shared by every
worker, under a digest of era and basis). A hit in the worker's memory computes no digest, and
reads the few settings it depends on from a copy made once (`rules`, renewed when a setting
changes), as a setting read through `django.conf.settings` costs more than the check it feeds.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.core.handlers.wsgi import get_path_info, get_script_name
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http.request import split_domain_port, validate_host

from results.http import version_memo
from results.http.conditional import release

PREFIX = "podium:page:"
#: Set in the environ by the WSGI front on a request it found no copy for: the basis it tried.
MISSED = "podium.copy_missed"

#: A copy: status, body, headers.
Frozen = tuple[int, bytes, list[tuple[str, str]]]

#: Conditional requests: the middleware answers them with a 304 or the copy
#: (`get_conditional_response`).
VALIDATORS = (
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_IF_MATCH",
    "HTTP_IF_UNMODIFIED_SINCE",
)
#: The preconditions the WSGI front leaves to the middleware: browsers revalidate Podium's
#: pages with If-None-Match (they have no Last-Modified, so If-Modified-Since never holds).
PRECONDITIONS = ("HTTP_IF_MATCH", "HTTP_IF_UNMODIFIED_SINCE")

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Rules:
    """The settings a request's reading depends on, read once: a setting read through
    `django.conf.settings` costs more than the comparison it feeds, on every request."""

    cache_seconds: int
    version_trust_seconds: float
    session_cookie: str
    static_prefix: str
    proxy_header: tuple[str, str] | None
    forwarded_host: bool
    allowed_hosts: tuple[str, ...]
    ssl_redirect: bool
    force_script_name: str | None

    @classmethod
    def read(cls) -> _Rules:
        # As `HttpRequest.get_host`: in DEBUG without ALLOWED_HOSTS, the local names.
        allowed = settings.ALLOWED_HOSTS
        if settings.DEBUG and not allowed:
            allowed = [".localhost", "127.0.0.1", "[::1]"]
        return cls(
            cache_seconds=settings.PODIUM_PAGE_CACHE_SECONDS,
            version_trust_seconds=settings.PODIUM_VERSION_TRUST_MS / 1000,
            session_cookie=f"{settings.SESSION_COOKIE_NAME}=",
            static_prefix="/" + settings.STATIC_URL.lstrip("/"),
            proxy_header=settings.SECURE_PROXY_SSL_HEADER,
            forwarded_host=settings.USE_X_FORWARDED_HOST,
            allowed_hosts=tuple(allowed),
            ssl_redirect=settings.SECURE_SSL_REDIRECT,
            force_script_name=settings.FORCE_SCRIPT_NAME,
        )


_rules: _Rules | None = None
#: Hosts already found allowed (as sent: `validate_host` runs once for each). Only allowed
#: ones are kept, so junk hosts cannot grow it past the few names a site answers to.
_allowed: dict[str, bool] = {}
_ALLOWED_KEPT = 64


def rules() -> _Rules:
    global _rules
    if _rules is None:
        _rules = _Rules.read()
    return _rules


@receiver(setting_changed)
def _settings_changed(**kwargs) -> None:
    # Tests and `override_settings` change settings while the process runs.
    global _rules
    _rules = None
    _allowed.clear()


def is_secure(meta: Mapping[str, Any]) -> bool:
    """As `HttpRequest.is_secure`, from the WSGI environ."""
    proxy_header = rules().proxy_header
    if proxy_header:
        header, secure_value = proxy_header
        value = meta.get(header)
        if value is not None:
            return value.split(",", 1)[0].strip() == secure_value
    return meta.get("wsgi.url_scheme") == "https"


def _raw_host(meta: Mapping[str, Any], secure: bool) -> str:
    # As `HttpRequest._get_raw_host`.
    if rules().forwarded_host and "HTTP_X_FORWARDED_HOST" in meta:
        return meta["HTTP_X_FORWARDED_HOST"]
    if "HTTP_HOST" in meta:
        return meta["HTTP_HOST"]
    host, port = meta.get("SERVER_NAME", ""), str(meta.get("SERVER_PORT", ""))
    return host if port == ("443" if secure else "80") else f"{host}:{port}"


def _host_allowed(host: str, allowed_hosts: tuple[str, ...]) -> bool:
    if host in _allowed:
        return True
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, allowed_hosts):
        return False
    if len(_allowed) >= _ALLOWED_KEPT:
        _allowed.clear()
    _allowed[host] = True
    return True


def wsgi_path(environ: Mapping[str, Any]) -> str:
    """The request's path as `WSGIRequest.path` decodes it, from a WSGI environ that Django has
    not seen yet (Django rewrites `PATH_INFO` in the environ once it has)."""
    path_info = environ.get("PATH_INFO", "/")
    script_name = environ.get("SCRIPT_NAME", "")
    plain = (
        rules().force_script_name is None
        and not environ.get("SCRIPT_URL")
        and not environ.get("REDIRECT_URL")
        and path_info.isascii()
        and script_name.isascii()
    )
    if not plain:
        # Django's own reading; for ASCII without a rewritten or forced script name, it gives
        # back what the environ holds.
        script_name = get_script_name(environ)
        path_info = get_path_info(environ)
    path_info = path_info or "/"
    return "{}/{}".format(script_name.rstrip("/"), path_info.replace("/", "", 1))


#: The methods a copy answers: a HEAD is answered as its GET (the server sends no body).
SERVED_METHODS = frozenset({"GET", "HEAD"})


def request_basis(meta: Mapping[str, Any], path: str) -> str | None:
    """What names the page a request for `path` asks for, or None when the request must never
    get a copy: not a GET or HEAD, a session cookie (staff see pages of their own), a static
    file, a host not allowed, or a plain HTTP request the security middleware sends to HTTPS."""
    current = rules()
    if not current.cache_seconds or meta.get("REQUEST_METHOD") not in SERVED_METHODS:
        return None
    if current.session_cookie in meta.get("HTTP_COOKIE", ""):
        return None
    if path.startswith(current.static_prefix):
        return None
    secure = is_secure(meta)
    host = _raw_host(meta, secure)
    if not _host_allowed(host, current.allowed_hosts):
        return None
    if current.ssl_redirect and not secure:
        return None
    scheme = "https" if secure else "http"
    return f"{scheme}://{host}{path}?{meta.get('QUERY_STRING', '')}"


class PageKey(NamedTuple):
    """A copy's name: the era it belongs to (the data version and the release) and the
    request's basis. Each worker keeps its copies of the current era by basis; the shared
    cache by `shared_key`."""

    era: str
    basis: str

    def shared_key(self) -> str:
        """Bounded in length whatever the query string, as memcached-style backends require."""
        digest = hashlib.blake2b(f"{self.era}\n{self.basis}".encode()).hexdigest()[:40]
        return PREFIX + digest


def page_key(basis: str, version: int, stamp: str) -> PageKey:
    return PageKey(era=f"{version}\n{stamp}\n{release()}", basis=basis)


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
            found = self._copies.get(page.basis)
            if found is not None:
                self._copies.move_to_end(page.basis)
            return found

    def put(self, page: PageKey, frozen: Frozen) -> None:
        size = len(frozen[1])
        with self._lock:
            self._enter(page.era)
            if size > self.max_bytes or page.basis in self._copies:
                return
            self._copies[page.basis] = frozen
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
    """This process's copies and version dropped, the shared cache tried again at once (tests
    start so)."""
    global _shared_paused_until
    version_memo.forget()
    local_copies.clear()
    _shared_paused_until = 0.0


def find_copy(page: PageKey) -> Frozen | None:
    """This worker's copy, else the shared cache's (then kept here too), else None."""
    frozen = local_copies.get(page)
    if frozen is not None or time.monotonic() < _shared_paused_until:
        return frozen
    try:
        frozen = cache.get(page.shared_key())
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
        cache.set(page.shared_key(), frozen, settings.PODIUM_PAGE_CACHE_SECONDS)
    except Exception:
        _shared_cache_failed("write")
