"""Counting requests per key in Django's cache: one small mechanism for every throttle.

Sign-ins and password resets (`results.http.throttle`), the public pages' uncached renders
(`results.http.renders`) and the API (`results.api.throttling`) all count here, their rates
written alike in the settings (`120/minute`, `Rate.parse`).

Redis in production, so every web worker counts the same requests; each process's memory
otherwise. A fixed window per key: the first hit opens it (and notes when, for Retry-After),
later hits add to it until it expires. A cache that stops answering never refuses a request:
it goes through, uncounted (the pages and the API behave the same way when Redis is down).
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from config.env import parse_rate

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Rate:
    """At most `limit` hits per `window` seconds."""

    limit: int
    window: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        """A rate as the settings write it: `120/minute` is Rate(120, 60)."""
        parsed = parse_rate(text)
        if parsed is None:
            raise ValueError(f"a rate reads <n>/<second|minute|hour|day>; got {text!r}")
        return cls(*parsed)


def _key(scope: str, ident: str) -> str:
    # Identifiers come from clients (a user name, an e-mail address): digest them so no value
    # can make a key too long or carry characters the cache refuses.
    digest = hashlib.sha256(ident.strip().lower().encode()).hexdigest()[:32]
    return f"rl:{scope}:{digest}"


def count(scope: str, ident: str) -> int:
    """Hits counted so far in the current window (0 when the cache does not answer)."""
    try:
        return int(cache.get(_key(scope, ident)) or 0)
    except Exception:
        log.warning("rate limit: cache unreachable, %s not counted", scope, exc_info=True)
        return 0


def exceeded(scope: str, ident: str, rate: Rate) -> bool:
    """True when the window already holds `rate.limit` hits: the next one is refused."""
    return count(scope, ident) >= rate.limit


def hit(scope: str, ident: str, rate: Rate) -> int:
    """Count one hit; returns the window's count including it (0 if the cache is down)."""
    key = _key(scope, ident)
    try:
        if _open(key, rate):
            return 1
        try:
            return int(cache.incr(key))
        except ValueError:  # expired between add and incr
            _open(key, rate)
            return 1
    except Exception:
        log.warning("rate limit: cache unreachable, %s not counted", scope, exc_info=True)
        return 0


def _open(key: str, rate: Rate) -> bool:
    """Open a window at 1 unless one is open; note when it opened."""
    if not cache.add(key, 1, timeout=rate.window):
        return False
    cache.set(f"{key}:at", time.time(), timeout=rate.window)
    return True


def retry_after(scope: str, ident: str, rate: Rate) -> int:
    """Whole seconds until the current window ends (at least 1; the whole window when the
    cache cannot say when it opened)."""
    try:
        opened = cache.get(f"{_key(scope, ident)}:at")
    except Exception:
        opened = None
    if opened is None:
        return rate.window
    left = opened + rate.window - time.time()
    return max(1, min(rate.window, math.ceil(left)))


def throttle(scope: str, ident: str, rate: Rate) -> int | None:
    """Count one hit: None while within the rate, else the seconds to wait (Retry-After)."""
    if hit(scope, ident, rate) <= rate.limit:
        return None
    return retry_after(scope, ident, rate)


def reset(scope: str, ident: str) -> None:
    key = _key(scope, ident)
    try:
        cache.delete_many([key, f"{key}:at"])
    except Exception:
        log.warning("rate limit: cache unreachable, %s not reset", scope, exc_info=True)


def client_address(request: HttpRequest) -> str:
    """The client's address: the one the last of `PODIUM_PROXIES` proxies appended to
    X-Forwarded-For, else the connection's (as the API's throttle reads it)."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = settings.REST_FRAMEWORK.get("NUM_PROXIES", 0) or 0
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if forwarded and proxies:
        addresses = [a.strip() for a in forwarded.split(",") if a.strip()]
        if addresses:
            return addresses[-min(proxies, len(addresses))]
    return remote
