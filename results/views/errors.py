"""The site's 500 handler: a database that stops answering gets a short retry page (503).

Any query can meet a dropped database (the page cache's version read, the session, a view,
a confirm), and each raises OperationalError or InterfaceError: Django then calls this
handler, the request's transaction already rolled back, so nothing was written. The page
touches no database: a static template, no context processors. Every other error keeps
Django's own 500 (and its mail to `ADMINS`).
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views import defaults

#: Seconds a browser or a program is told to wait before trying again.
RETRY_AFTER = 30


def database_unavailable(error: BaseException | None) -> bool:
    while error is not None:
        if isinstance(error, (OperationalError, InterfaceError)):
            return True
        error = error.__cause__ or error.__context__
    return False


def server_error(request: HttpRequest, template_name: str = "500.html") -> HttpResponse:
    if not database_unavailable(sys.exc_info()[1]):
        return defaults.server_error(request, template_name)
    if request.path_info.startswith("/api/"):
        body = {"error": {"status": 503, "code": "unavailable", "detail": "try again shortly"}}
        response: HttpResponse = JsonResponse(body, status=503)
    else:
        page = render_to_string("503.html", {"retry_after": RETRY_AFTER})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response
