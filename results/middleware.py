"""A request body over Django's limit ends on a page that says what to do, not a bare 400."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import admin
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _


class RequestTooBigMiddleware:
    """Reads the POST body before the CSRF middleware does, and catches an oversize one.

    A paste larger than DATA_UPLOAD_MAX_MEMORY_SIZE raises while the body is parsed, which the
    CSRF middleware does before any view or form could explain it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 (parsing is the point)
            except RequestDataTooBig:
                return too_big_response(request)
        return self.get_response(request)


def too_big_response(request: HttpRequest) -> HttpResponse:
    ctx = {
        "title": _("Upload too large"),
        "site_header": admin.site.site_header,
        "site_title": admin.site.site_title,
        "limit_mb": settings.PODIUM_MAX_UPLOAD_MB,
        "back": request.path,
    }
    return HttpResponse(render_to_string("admin/podium/uploads/too_big.html", ctx), status=413)
