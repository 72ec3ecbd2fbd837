"""What every API view shares: anonymous reads, conditional GET, throttling, cursor pages."""

from __future__ import annotations

import base64
from typing import Any
from urllib import parse

from django.core.exceptions import ValidationError as BadValue
from django.http import HttpResponseBase
from django.utils import translation
from django.utils.cache import get_conditional_response
from rest_framework import exceptions
from rest_framework.pagination import Cursor, CursorPagination
from rest_framework.request import Request
from rest_framework.views import APIView

from results.http.conditional import api_etag
from results.views.params import whole_number

MAX_PAGE_SIZE = 100


class ReadView(APIView):
    """A GET-only view: other methods get a JSON 405; a matching `If-None-Match` a 304 after
    one query (the data version), before the view reads anything."""

    http_method_names = ("get", "head", "options")

    def dispatch(self, request: Any, *args: Any, **kwargs: Any) -> HttpResponseBase:
        # The API speaks English whatever the browser asks (its errors included).
        with translation.override("en"):
            return super().dispatch(request, *args, **kwargs)

    def get(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponseBase:
        etag = api_etag(request._request)
        response = get_conditional_response(request._request, etag=etag)
        if response is None:
            response = self.read(request, *args, **kwargs)
        if etag and response.status_code in (200, 304):
            response["ETag"] = etag
        return response

    def finalize_response(self, request: Any, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)
        # Errors included: the site's LocaleMiddleware would name the browser's language.
        response["Content-Language"] = "en"
        return response

    def read(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponseBase:
        raise NotImplementedError


class CursorPage(CursorPagination):
    """Cursor pages: `?cursor=` as the `next`/`previous` links give it, `?page_size=` up to
    100. A junk cursor or page size is a 400, never a 500 nor a silent first page."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def get_page_size(self, request: Request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        size = whole_number(raw, limit=MAX_PAGE_SIZE)
        if not size:
            raise exceptions.ValidationError(
                {"page_size": [f"a whole number from 1 to {MAX_PAGE_SIZE}"]}
            )
        return size

    def paginate_queryset(self, queryset, request: Request, view: Any = None) -> list | None:
        try:
            return super().paginate_queryset(queryset, request, view)
        except (ValueError, TypeError, BadValue):
            # A well-formed cursor whose position is not a value of the ordering field.
            raise exceptions.ValidationError({"cursor": ["not a cursor this API gave"]}) from None

    def decode_cursor(self, request: Request) -> Cursor | None:
        encoded = request.query_params.get(self.cursor_query_param)
        if encoded is None:
            return None
        try:
            query = parse.parse_qs(base64.b64decode(encoded.encode("ascii")).decode("ascii"))
            offset = whole_number(query.get("o", ["0"])[0], limit=10**6)
            reverse = query.get("r", ["0"])[0]
            position = query.get("p", [None])[0]
        except (ValueError, TypeError, UnicodeError):
            offset = None
        if offset is None or reverse not in ("0", "1") or (position and "\x00" in position):
            raise exceptions.ValidationError({"cursor": ["not a cursor this API gave"]})
        return Cursor(offset=offset, reverse=reverse == "1", position=position)


def page_class(*ordering: str) -> type[CursorPage]:
    """A cursor pagination over `ordering` (its first field is the cursor's position)."""
    return type("Page", (CursorPage,), {"ordering": ordering})
