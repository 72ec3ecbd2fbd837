"""What every staff page shares: who reaches it, and the admin's look around it.

The rules are `results.access`'s; here they become the admin's login, a 403 for a check that
fails, and a 403 for the `AccessDenied` a service raises.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from results.access import AccessDenied

View = Callable[..., HttpResponse]


def staff_only(allowed: Callable[[Any], bool], refusal: str) -> Callable[[View], View]:
    """A decorator: login and staff through the admin (anonymous → its login page), then
    `allowed(user)` or 403 with `refusal`; a service's `AccessDenied` is a 403 too."""

    def decorator(view: View) -> View:
        @wraps(view)
        def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not allowed(request.user):
                raise PermissionDenied(refusal)
            try:
                return view(request, *args, **kwargs)
            except AccessDenied as refused:
                raise PermissionDenied(str(refused)) from refused

        return admin.site.admin_view(checked)

    return decorator


def render_admin(
    request: HttpRequest, template: str, ctx: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    """A staff page in the admin's look: its header, its sidebar, its links."""
    return render(request, template, {**admin.site.each_context(request), **ctx}, status=status)
