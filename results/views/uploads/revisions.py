"""Staff pages of revisions: two versions of the history compared, results made official."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from results.access import AccessDenied
from results.models import Classification, ResultImport
from results.services.errors import ImportRefused
from results.services.revising import make_official
from results.services.snapshots import imports_changes
from results.views import changes
from results.views.uploads.access import get_event_or_403, render_admin, staff_view
from results.views.uploads.preview import REASON_LENGTH


def _import_id(value: str | None) -> int | None:
    return int(value) if value and value.isascii() and value.isdigit() and len(value) < 12 else None


@require_GET
@staff_view
def compare(request: HttpRequest, pk: int) -> HttpResponse:
    """`?old=<import>&new=<import>`: what changes from one version of the history to another
    (both of this event, both read: a failed import has no version)."""
    event = get_event_or_403(request, pk)
    versions = ResultImport.objects.versions_of(event)
    by_pk = {ri.pk: ri for ri in versions}
    old, new = (
        by_pk.get(_import_id(request.GET.get("old"))),
        by_pk.get(_import_id(request.GET.get("new"))),
    )
    error, status, shown = None, 200, None
    if "old" in request.GET or "new" in request.GET:
        if old is None or new is None:
            error, status = _("Choose two versions of this event's history."), 400
        else:
            shown = changes.shown(imports_changes(old, new))
    ctx = {
        "title": _("Compare two versions of %(event)s") % {"event": event.name},
        "event": event,
        "versions": versions,
        "old": old,
        "new": new,
        "changes": shown,
        "error": error,
    }
    return render_admin(request, "admin/podium/uploads/compare.html", ctx, status=status)


@require_POST
@staff_view
def official(request: HttpRequest, pk: int) -> HttpResponse:
    classification = get_object_or_404(Classification.objects.with_event(), pk=pk)
    event = get_event_or_403(request, classification.event_id)
    reason = request.POST.get("reason", "").strip()[:REASON_LENGTH]
    try:
        make_official(classification=classification, user=request.user, reason=reason)
    except (ImportRefused, AccessDenied) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, _("“%(name)s” is now official.") % {"name": classification.display_name}
        )
    return redirect("uploads:history", pk=event.pk)
