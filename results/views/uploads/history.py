"""An event's imports: who, when, what; the original file; applying an earlier one again."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.formats import date_format
from django.utils.http import content_disposition_header
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from results.forms.preview import FixForm, fix_labels
from results.models import Classification, Decision, Event, ResultImport
from results.services.decisions import value_text
from results.services.uploads import REAPPLICABLE, UnreadableSheet, reapply
from results.views.uploads.access import (
    get_event_or_403,
    get_import_or_403,
    render_admin,
    staff_view,
)


@require_GET
@staff_view
def history(request: HttpRequest, pk: int) -> HttpResponse:
    return _history_page(request, get_event_or_403(request, pk))


def _history_page(
    request: HttpRequest, event: Event, *, error: str | None = None, status: int = 200
) -> HttpResponse:
    imports = ResultImport.objects.history_of(event)
    # Each version read links to what changed from the one before it, in its classification.
    older: dict[int, int] = {}
    for result_import in reversed(imports):
        result_import.previous_pk = None
        if result_import.state != ResultImport.State.FAILED:
            result_import.previous_pk = older.get(result_import.classification_id)
            older[result_import.classification_id] = result_import.pk
    fixes = Decision.objects.fixed_on(imports)
    for result_import in imports:
        result_import.fix_notes = [
            {"text": fix_sentence(fix), "retired": fix.retired_at is not None}
            for fix in fixes.get(result_import.pk, ())
        ]
    ctx = {
        "title": _("Imports of %(event)s") % {"event": event.name},
        "event": event,
        "imports": imports,
        "classifications": Classification.objects.for_history(event),
        "reapplicable": REAPPLICABLE,
        "error": error,
    }
    return render_admin(request, "admin/podium/uploads/history.html", ctx, status=status)


def fix_sentence(fix: Decision) -> str:
    """A value fixed in the preview, in the organiser's words: `Fixed by the organiser: #7
    Luc PETIT, Surname, crew member 1: PETIT → PETITJEAN`."""
    labels = dict(fix_labels(FixForm.SEATS))
    return _("Fixed by the organiser: %(crew)s, %(field)s: %(before)s → %(after)s") % {
        "crew": fix.crew_label,
        "field": labels.get(fix.field, fix.field),
        "before": value_text(fix.field, fix.base),
        "after": value_text(fix.field, fix.fixed),
    }


@require_GET
@staff_view
def download_source(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = get_import_or_403(request, pk)
    if result_import.source_removed:
        error = _(
            "The original file of this import was removed when a person it names was anonymised."
        )
        return _history_page(request, result_import.classification.event, error=error, status=410)
    response = HttpResponse(bytes(result_import.source), content_type="application/octet-stream")
    # Served as an attachment, never rendered: it is whatever the organiser sent.
    response["Content-Disposition"] = content_disposition_header(
        True, result_import.source_name or "source"
    )
    return response


@require_POST
@staff_view
def reapply_import(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = get_import_or_403(request, pk)
    event = result_import.classification.event
    if result_import.state not in REAPPLICABLE:
        error = _("Only an import that was published can be published again.")
        return _history_page(request, event, error=error, status=409)
    try:
        fresh = reapply(result_import=result_import, user=request.user)
    except UnreadableSheet as exc:
        return _history_page(request, event, error=exc.reason, status=409)
    when = date_format(localtime(result_import.created_at), "SHORT_DATETIME_FORMAT")
    messages.info(
        request,
        _("Version of %(date)s read again: check it, then confirm to restore it.") % {"date": when},
    )
    dropped = len(result_import.choices) - len(fresh.choices)
    if dropped:
        messages.warning(
            request,
            ngettext(
                "%(n)d earlier choice of person no longer holds: check the flagged rows.",
                "%(n)d earlier choices of person no longer hold: check the flagged rows.",
                dropped,
            )
            % {"n": dropped},
        )
    return redirect("uploads:preview", pk=fresh.pk)
