"""Every API error as JSON: `{"error": {"status": 404, "code": "not_found", "detail": …}}`."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, JsonResponse
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler


def body(status: int, code: str, detail: Any) -> dict[str, Any]:
    return {"error": {"status": status, "code": code, "detail": detail}}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler (status, headers such as Retry-After and Allow), in Podium's shape."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    response = drf_handler(exc, context)
    if response is None:
        return None
    detail = response.data
    if isinstance(detail, dict) and set(detail) == {"detail"}:
        detail = detail["detail"]
    code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
    if not isinstance(code, str):
        code = "invalid"
    response.data = body(response.status_code, code, detail)
    return response


def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Any address under `/api/` that names no resource."""
    return JsonResponse(body(404, "not_found", "No such resource."), status=404)
