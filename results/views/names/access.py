"""Who reaches the name-fixing pages, and the admin's look around them."""

from __future__ import annotations

from django.http import HttpRequest

from results.access import FIX_NAMES_REFUSAL, can_fix_names
from results.views.params import whole_number
from results.views.staff import render_admin, staff_only

__all__ = ["ids_from", "render_admin", "staff_view"]

#: Login and staff through the admin (anonymous → login page); the permission or 403.
staff_view = staff_only(can_fix_names, FIX_NAMES_REFUSAL)


def ids_from(request: HttpRequest) -> list[int]:
    """`?ids=1,2,3` (or repeated `ids`) as distinct integers, junk ignored."""
    raw = ",".join(request.GET.getlist("ids") + request.POST.getlist("ids"))
    ids = []
    for part in raw.split(","):
        part = part.strip()
        if (pk := whole_number(part)) is not None and pk not in ids and len(ids) < 50:
            ids.append(int(part))
    return ids
