"""A limit per client address on the public pages Django builds: stored copies are never limited.

Every public page (the language-prefixed half of the site) that reaches this middleware is a
render: the page cache (`results.http.caching`, first in the stack, and its WSGI front)
answers what it has a copy of before the request gets here. A client asking for page after
page nobody asked for yet (a junk query string each time, a search per request, a session
cookie made up to get past the copies) makes the site build every one of them; past
`PODIUM_RENDER_RATE` it gets a 429 saying when to come back, while the pages already stored
still reach it, and everyone else, at once.

Staff signed in are not counted (their pages are their own and never stored), nor the API,
which has its own rate on the same mechanism (`results.api.throttling`).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import get_language_from_path

from results import ratelimit
from results.ratelimit import Rate

SCOPE = "render"


class RenderThrottleMiddleware:
    """After the auth middleware: counts anonymous requests for public pages, refuses those
    past the rate."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if get_language_from_path(request.path_info) is None or request.user.is_authenticated:
            return self.get_response(request)
        rate = Rate.parse(settings.PODIUM_RENDER_RATE)
        wait = ratelimit.throttle(SCOPE, ratelimit.client_address(request), rate)
        if wait is None:
            return self.get_response(request)
        return too_many_renders(wait)


def too_many_renders(wait: int) -> HttpResponse:
    """A static page in the visitor's language (the locale middleware chose it): no query."""
    page = render_to_string("429.html", {"retry_after": wait})
    response = HttpResponse(page, status=429)
    response["Retry-After"] = str(wait)
    response["Cache-Control"] = "no-store"
    return response
