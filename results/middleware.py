"""Request bodies: refused from their declared size before anything reads them.

Only the upload pages take a body of megabytes (`PODIUM_MAX_UPLOAD_MB`, a sheet or a paste);
every other path refuses one over `PODIUM_MAX_BODY_KB` with a 413 before the CSRF middleware
parses it, so nobody can have a worker read, or spool to disk, a large body it would throw
away. Under WSGI Django never reads past `Content-Length` (a body without one is not read
at all), so the declared size bounds what streaming can bring in.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import admin
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _


def is_upload_path(path: str) -> bool:
    return path.startswith(reverse("uploads:upload"))


def body_limit(path: str) -> int:
    """The largest body, in bytes, a request to `path` may declare."""
    if is_upload_path(path):
        # Above the sheet limit, so the form (not this) explains a file slightly over it.
        return (settings.PODIUM_MAX_UPLOAD_MB + 1) * 1024 * 1024
    return settings.PODIUM_MAX_BODY_KB * 1024


def declared_length(request: HttpRequest) -> int:
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


class RequestTooBigMiddleware:
    """Refuses an oversize body from its `Content-Length`, then reads the POST body before
    the CSRF middleware does and catches one over Django's own limit.

    A paste larger than DATA_UPLOAD_MAX_MEMORY_SIZE raises while the body is parsed, which the
    CSRF middleware does before any view or form could explain it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if declared_length(request) > body_limit(request.path_info):
            return too_big_response(request)
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 (parsing is the point)
            except RequestDataTooBig:
                return too_big_response(request)
        return self.get_response(request)


def too_big_response(request: HttpRequest) -> HttpResponse:
    if not is_upload_path(request.path_info):
        # Not a sheet: nobody sends that much to these pages from Podium's own forms.
        text = _("Request too large: Podium reads at most %(kb)s KB here.") % {
            "kb": settings.PODIUM_MAX_BODY_KB
        }
        return HttpResponse(text, status=413, content_type="text/plain; charset=utf-8")
    ctx = {
        "title": _("Upload too large"),
        "site_header": admin.site.site_header,
        "site_title": admin.site.site_title,
        "limit_mb": settings.PODIUM_MAX_UPLOAD_MB,
        # Only ever the site's own upload page, never the path that was posted to.
        "back": reverse("uploads:upload"),
    }
    return HttpResponse(render_to_string("admin/podium/uploads/too_big.html", ctx), status=413)
