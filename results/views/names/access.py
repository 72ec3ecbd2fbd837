"""Who reaches the name-fixing pages, and the admin's look around them."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from results.views.params import whole_number

View = Callable[..., HttpResponse]
PERMISSION = "results.fix_names"


def can_fix_names(user) -> bool:
    return bool(user.is_active and user.is_staff and user.has_perm(PERMISSION))


def staff_view(view: View) -> View:
    """Login and staff through the admin (anonymous → login page); the permission or 403."""

    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not can_fix_names(request.user):
            raise PermissionDenied(f"fixing names needs the {PERMISSION} permission")
        return view(request, *args, **kwargs)

    return admin.site.admin_view(checked)


def render_admin(
    request: HttpRequest, template: str, ctx: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    return render(request, template, {**admin.site.each_context(request), **ctx}, status=status)


def ids_from(request: HttpRequest) -> list[int]:
    """`?ids=1,2,3` (or repeated `ids`) as distinct integers, junk ignored."""
    raw = ",".join(request.GET.getlist("ids") + request.POST.getlist("ids"))
    ids = []
    for part in raw.split(","):
        part = part.strip()
        if (pk := whole_number(part)) is not None and pk not in ids and len(ids) < 50:
            ids.append(int(part))
    return ids
