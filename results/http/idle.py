"""Staff sessions end after `PODIUM_SESSION_IDLE_MINUTES` without a request.

The last request's time is kept in the session, written at most once a minute (a request
writes nothing else: pages that promise to write nothing keep their word within that minute);
until the first write, the sign-in time (`last_login`) stands for it. A session idle longer
is ended before the view runs: the visitor is anonymous again and signs in anew.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse

SEEN = "podium_seen"
#: How stale the stored time may get before a request renews it, in seconds.
RENEW_AFTER = 60


class IdleSessionMiddleware:
    """After the auth middleware: ends idle sessions, notes activity once a minute."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            now = int(time.time())
            seen = request.session.get(SEEN)
            if seen is None and user.last_login is not None:
                seen = int(user.last_login.timestamp())
            if seen is not None and now - seen > settings.PODIUM_SESSION_IDLE_MINUTES * 60:
                logout(request)
            elif seen is None or now - seen >= RENEW_AFTER:
                request.session[SEEN] = now
        return self.get_response(request)
