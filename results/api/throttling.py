"""Throttling per client address (a module of its own: DRF imports it while defining APIView)."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle


class AddressThrottle(AnonRateThrottle):
    """`PODIUM_API_RATE` requests per client address, counted in Django's cache (Redis in
    production, so every worker counts the same requests). Read per request, not at import."""

    scope = "api"

    def get_rate(self) -> str:
        return settings.PODIUM_API_RATE
