"""Background imports on the upload pages: start one, show its progress, lead on at its end.

A sheet over `PODIUM_BACKGROUND_UPLOAD_KB` is read, and a preview of more than
`PODIUM_BACKGROUND_CONFIRM_ROWS` results applied, by the worker (`results.services.jobs`);
the job's page reloads itself every few seconds (no script) until the job ends, then leads
to the preview, or to the published standings, or says why it failed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from results.access import OTHER_CLUB_REFUSAL, can_upload_to
from results.models import Event, ImportJob, ResultImport
from results.parsing import Hints
from results.services import jobs as service
from results.services.choices import Choices
from results.services.errors import ImportRefused
from results.services.job_progress import percent
from results.services.loading import describe_refusal
from results.services.parting import Targets, parts_of
from results.services.previews import line_text
from results.services.refusal_words import no_longer_reads, refusal
from results.views.uploads.access import render_admin, staff_view, standings_url

State = ImportJob.State
#: Seconds between two reloads of a job's page.
RELOAD_SECONDS = 2


def reads_in_background(data: bytes) -> bool:
    return len(data) > settings.PODIUM_BACKGROUND_UPLOAD_KB * 1024


def start_reread(
    request: HttpRequest, result_import: ResultImport, *, hints: Hints, targets: Targets | None
) -> HttpResponse:
    """Queue the reading again of a large preview with the person's corrections (each table
    sent where `targets` says)."""
    job = service.start_reread(
        result_import=result_import, user=request.user, hints=hints, targets=targets
    )
    return redirect("uploads:job", pk=job.pk)


def in_background(result_import: ResultImport) -> bool:
    """A preview of many results is published by the worker."""
    entries = (result_import.counts or {}).get("entries", 0)
    return (
        result_import.state == ResultImport.State.PREVIEWED
        and entries > settings.PODIUM_BACKGROUND_CONFIRM_ROWS
    )


def start_confirm(
    request: HttpRequest,
    result_import: ResultImport,
    *,
    choices: Choices | None,
    reason: str,
    parts: Mapping[int, Choices | None] | None = None,
) -> HttpResponse:
    """Queue the confirm (with the upload's parts and their choices); raises `JobRunning`
    when another confirm queued it already."""
    job = service.start_apply(
        result_import=result_import, user=request.user, choices=choices, reason=reason, parts=parts
    )
    return redirect("uploads:job", pk=job.pk)


def announce(
    request: HttpRequest,
    filled: Sequence[tuple[ResultImport, int]],
    *,
    already_applied: bool,
    published: bool,
) -> None:
    """The message a confirm leaves for the standings page: the results published in each
    classification it `filled` (the upload, then its parts)."""
    if already_applied:
        messages.info(request, _("This import was already published: nothing was changed."))
        return
    text = " ".join(
        ngettext(
            "%(n)d result published for “%(target)s”.",
            "%(n)d results published for “%(target)s”.",
            entries,
        )
        % {"n": entries, "target": done.classification}
        for done, entries in filled
    )
    if published:
        text += " " + _("The event is now visible to the public.")
    messages.success(request, text)


@require_GET
@staff_view
def job(request: HttpRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(ImportJob.objects.with_import(), pk=pk)
    _check(request, found)
    if not found.finished:
        return render_progress(request, found)
    if found.kind == ImportJob.Kind.APPLY:
        result_import = found.result_import
        if found.state == State.DONE:
            outcome = found.outcome
            filled = [(result_import, outcome.get("entries", 0))]
            filled += [(part, part.counts.get("entries", 0)) for part in parts_of(result_import)]
            announce(
                request,
                filled,
                already_applied=outcome.get("already_applied", False),
                published=outcome.get("published", False),
            )
            return redirect(standings_url(result_import.classification.event))
        return redirect("uploads:preview", pk=result_import.pk)
    if found.state == State.DONE and found.result_import is not None:
        return redirect("uploads:preview", pk=found.result_import_id)
    if found.params.get("reread"):
        # The corrections made the table unreadable: the preview stays, and says why.
        return redirect("uploads:preview", pk=found.params["reread"])
    return render_progress(request, found, error=_read_error(found))


def render_progress(
    request: HttpRequest, found: ImportJob, *, error: dict | None = None
) -> HttpResponse:
    """The job's page: its progress bar, reloaded until it ends; or why it failed."""
    result_import = found.result_import
    event = result_import.classification.event if result_import else _event(found)
    ctx = {
        "title": _("Check before publishing"),
        "job": found,
        "event": event,
        "percent": percent(found),
        "phase": _phase_words().get(found.phase or "queued", ""),
        "reload": None if found.finished else RELOAD_SECONDS,
        "job_error": error,
    }
    return render_admin(request, "admin/podium/uploads/job.html", ctx)


def failed_job_error(result_import: ResultImport) -> str | None:
    """Why the last background job on this preview (a publication, a reading again with
    corrections) failed, if it did."""
    if result_import.state != ResultImport.State.PREVIEWED:
        return None
    failed = ImportJob.objects.last_failed_on(result_import)
    if failed is None:
        return None
    error = failed.error or {}
    kind = error.get("kind")
    if kind == "unreadable":
        return no_longer_reads(error)
    if kind == "reason-required":
        return _("These results are official: say why they are replaced before confirming.")
    if kind == "invalid-choice":
        return _("A choice of person is not valid: choose one of the people listed on the row.")
    if kind == "stale":
        return _(
            "The data changed since this preview (%(reason)s). "
            "Read the table again before confirming."
        ) % {"reason": error.get("reason", "")}
    if kind == "refused":
        refusal = ImportRefused(error.get("reason", ""), problems=error.get("problems"))
        return describe_refusal(refusal)
    return _(
        "Publishing failed (an internal error, reported to the administrators): nothing was "
        "changed. Try again in a moment."
    )


def _read_error(found: ImportJob) -> dict:
    error = found.error or {}
    kind = error.get("kind")
    if kind == "unreadable":
        return {
            "message": _("Podium could not read this table."),
            "line": error.get("line"),
            "page": error.get("page"),
            "refusal": refusal(error),
            "text": line_text(bytes(found.source or b""), error.get("line")),
        }
    if kind == "event-exists":
        return {"message": _("An event of this name already exists that year.")}
    if kind == "forbidden":
        return {"message": OTHER_CLUB_REFUSAL}
    return {
        "message": _(
            "Podium could not read this file (an internal error, reported to the "
            "administrators). Try saving it as CSV, or paste the table."
        )
    }


def _phase_words() -> dict[str, str]:
    return {
        "queued": _("Waiting for the worker…"),
        "reading": _("Reading the sheet…"),
        "matching": _("Recognising the people…"),
        "planning": _("Preparing what will be stored…"),
        "saving": _("Saving the preview…"),
        "checking": _("Checking that nothing changed since the preview…"),
        "writing": _("Publishing the results…"),
    }


def _event(found: ImportJob) -> Event | None:
    pk = found.params.get("event")
    return Event.objects.filter(pk=pk).first() if pk else None


def _check(request: HttpRequest, found: ImportJob) -> None:
    """The import's or the event's club, as the other upload pages; a new event's reading,
    whose event does not exist yet, only its uploader (or a superuser)."""
    event = found.result_import.classification.event if found.result_import else _event(found)
    if event is not None:
        allowed = can_upload_to(request.user, event)
    else:
        allowed = request.user.is_superuser or found.user_id == request.user.pk
    if not allowed:
        raise PermissionDenied(OTHER_CLUB_REFUSAL)
