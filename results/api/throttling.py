"""Throttling per client address (a module of its own: DRF imports it while defining APIView).

The site's one mechanism (`results.ratelimit`), as the sign-in throttle and the pages' render
limit use it: the same store, the same client address, the same behaviour when the cache is
down (requests go through, uncounted). DRF turns a refusal into its 429 with `Retry-After`,
which `results.api.errors` writes as JSON.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework.throttling import BaseThrottle

from results import ratelimit
from results.ratelimit import Rate

SCOPE = "api"


class AddressThrottle(BaseThrottle):
    """`PODIUM_API_RATE` requests per client address, counted in Django's cache (Redis in
    production, so every worker counts the same requests). Read per request, not at import."""

    def __init__(self) -> None:
        self._wait: int | None = None

    def allow_request(self, request: Any, view: Any) -> bool:
        rate = Rate.parse(settings.PODIUM_API_RATE)
        self._wait = ratelimit.throttle(SCOPE, ratelimit.client_address(request), rate)
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait
