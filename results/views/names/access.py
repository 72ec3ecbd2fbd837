"""Who reaches the name-fixing pages, and the admin's look around them."""

from __future__ import annotations

from django.http import HttpRequest

from results.views.params import whole_number
from results.views.staff import render_admin, staff_only

__all__ = ["PERMISSION", "can_fix_names", "ids_from", "render_admin", "staff_view"]

PERMISSION = "results.fix_names"


def can_fix_names(user) -> bool:
    return bool(user.is_active and user.is_staff and user.has_perm(PERMISSION))


#: Login and staff through the admin (anonymous → login page); the permission or 403.
staff_view = staff_only(can_fix_names, f"fixing names needs the {PERMISSION} permission")


def ids_from(request: HttpRequest) -> list[int]:
    """`?ids=1,2,3` (or repeated `ids`) as distinct integers, junk ignored."""
    raw = ",".join(request.GET.getlist("ids") + request.POST.getlist("ids"))
    ids = []
    for part in raw.split(","):
        part = part.strip()
        if (pk := whole_number(part)) is not None and pk not in ids and len(ids) < 50:
            ids.append(int(part))
    return ids
