"""Throttling per client address (a module of its own: DRF imports it while defining APIView)."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle

log = logging.getLogger(__name__)


class AddressThrottle(AnonRateThrottle):
    """`PODIUM_API_RATE` requests per client address, counted in Django's cache (Redis in
    production, so every worker counts the same requests). Read per request, not at import."""

    scope = "api"

    def get_rate(self) -> str:
        return settings.PODIUM_API_RATE

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            return super().allow_request(request, view)
        except Exception:
            # A cache that stops answering (Redis down) must not take the API with it, as it
            # does not take the pages: the request goes through, uncounted.
            log.warning("API throttle: cache unreachable, request not counted", exc_info=True)
            return True
