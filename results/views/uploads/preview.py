"""The preview of an upload: what will be stored, every doubt on its row; hints, confirm, cancel."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from results.access import AccessDenied
from results.catalogue import COLUMN, FIELDS
from results.forms.preview import FixForm, HintsForm, PeopleChoiceForm
from results.forms.uploads import RescopeForm
from results.models import Classification, ImportJob, ResultImport
from results.parsing import Hints
from results.services import issue_words, parting, previews, remembering, snapshots
from results.services.cell_fixes import (
    REFUSED_NO_SEAT,
    REFUSED_NOT_PREVIEW,
    REFUSED_SAME,
    fix_value,
)
from results.services.choices import by_seat, flagged_seats
from results.services.decisions import DecisionRefused
from results.services.errors import ImportRefused, InvalidChoice, ReasonRequired, StalePreview
from results.services.jobs import JobRunning
from results.services.loading import describe_refusal
from results.services.plans import choices_from_json, plan_of
from results.services.refusal_words import no_longer_reads
from results.services.uploads import UnreadableSheet, confirm, discard, reparse
from results.views import changes, formatting
from results.views.params import whole_number
from results.views.uploads import jobs
from results.views.uploads.access import get_import_or_403, render_admin, staff_view, standings_url
from results.views.uploads.scope import scope_context

State = ResultImport.State
#: The longest reason for a revision a form takes.
REASON_LENGTH = 1000


@require_GET
@staff_view
def preview(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = get_import_or_403(request, pk)
    if result_import.lead_id is not None and result_import.state == State.PREVIEWED:
        # The tables of an upload sent into another classification: shown on its preview.
        return redirect("uploads:preview", pk=result_import.lead_id)
    if result_import.was_read_again:
        newest = ResultImport.objects.newest_reading_of(result_import)
        if newest is not None:
            return redirect("uploads:preview", pk=newest.pk)
    # Being published in the background: its progress, until it ends (see `jobs.job`).
    applying = ImportJob.objects.applying(result_import)
    if applying is not None:
        return jobs.render_progress(request, applying)
    return _render(request, result_import, error=jobs.failed_job_error(result_import))


@require_POST
@staff_view
def reparse_import(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = _upload_of(request, get_import_or_403(request, pk))
    if result_import.state != State.PREVIEWED:
        return _render(
            request,
            result_import,
            error=_("This import is no longer a preview."),
            status=409,
        )
    columns = previews.columns(result_import)
    form = HintsForm(request.POST, columns=columns, targets=parting.targets_of(result_import))
    targets = None
    if request.POST.get("forget"):
        # "Read without them": the profile remembered from an earlier upload is dropped, and
        # every table goes into the upload's classification again.
        hints, targets = Hints(), {}
    elif not form.is_valid():
        return _render(request, result_import, hints_form=form, status=400)
    else:
        previous = Hints.from_dict(result_import.hints)
        hints = form.hints(previous, form.cleaned_data["header"])
        targets = form.chosen_targets()
    if jobs.reads_in_background(result_import.source):
        return jobs.start_reread(request, result_import, hints=hints, targets=targets)
    try:
        fresh = reparse(
            result_import=result_import, hints=hints, user=request.user, targets=targets
        )
    except UnreadableSheet as exc:
        error = no_longer_reads(exc.to_dict())
        return _render(request, result_import, hints_form=form, error=error, status=400)
    except parting.NothingToPublish:
        error = _("Every table is left out: give at least one a classification.")
        return _render(request, result_import, hints_form=form, error=error, status=400)
    return redirect("uploads:preview", pk=fresh.pk)


def _upload_of(request: HttpRequest, result_import: ResultImport) -> ResultImport:
    """The upload's preview a part of it stands for (the import itself when it is none)."""
    if result_import.lead_id is None:
        return result_import
    return get_import_or_403(request, result_import.lead_id)


#: The refusals of `fix_value`, in the organiser's words.
_FIX_REFUSALS = {
    REFUSED_NO_SEAT: gettext_lazy("this crew has no such crew member."),
    REFUSED_SAME: gettext_lazy("the row already has this value."),
    REFUSED_NOT_PREVIEW: gettext_lazy("this import is no longer a preview."),
}


@require_POST
@staff_view
def fix_cell(request: HttpRequest, pk: int) -> HttpResponse:
    """Fix one value on a preview's row: stored with the import as an organiser's correction."""
    result_import = get_import_or_403(request, pk)
    entries = (result_import.sheet or {}).get("entries") or []
    form = FixForm(request.POST, rows=len(entries))
    shown = _upload_of(request, result_import)  # the page errors are said on
    if result_import.state != State.PREVIEWED:
        error = _("This import is no longer a preview.")
        return _render(request, shown, error=error, status=409)
    if not form.is_valid():
        errors = "; ".join(str(e) for errors in form.errors.values() for e in errors)
        error = _("This value cannot be fixed: %(why)s") % {"why": errors}
        return _render(request, shown, error=error, status=400)
    data = form.cleaned_data
    try:
        fix_value(
            result_import=result_import,
            order=data["order"],
            field=data["field"],
            value=data["fixed"],
            user=request.user,
        )
    except (DecisionRefused, AccessDenied) as exc:
        why = _FIX_REFUSALS.get(str(exc), str(exc))
        error = _("This value cannot be fixed: %(why)s") % {"why": why}
        return _render(request, shown, error=error, status=409)
    messages.success(
        request,
        _("Line %(line)s fixed: the fix is kept with this import.")
        % {"line": entries[data["order"]]["line"]},
    )
    return redirect(reverse("uploads:preview", args=[result_import.pk]) + f"#row-{data['order']}")


@require_POST
@staff_view
def confirm_import(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = get_import_or_403(request, pk)
    event = result_import.classification.event
    if result_import.lead_id is not None:
        error = _("These tables are published with their upload: confirm it on its preview.")
        return _render(request, result_import, error=error, status=409)
    form = PeopleChoiceForm(request.POST, seats=flagged_seats(plan_of(result_import)))
    if not form.is_valid():
        return _render(request, result_import, error=_bad_choice(), status=400)
    choices = _posted_choices(result_import, form)
    # The parts' choices, each in a form of its own (its fields prefixed).
    part_choices = {}
    for part in parting.parts_of(result_import):
        prefix = previews.part_prefix(part)
        posted = {k[len(prefix) :]: v for k, v in request.POST.items() if k.startswith(prefix)}
        seats = flagged_seats(plan_of(part))
        part_form = PeopleChoiceForm(posted, seats=seats)
        if not part_form.is_valid():
            return _render(request, result_import, error=_bad_choice(), status=400)
        part_choices[part.pk] = _posted_choices(part, part_form)
    reason = request.POST.get("reason", "").strip()[:REASON_LENGTH]
    if jobs.in_background(result_import):
        try:
            return jobs.start_confirm(
                request, result_import, choices=choices, reason=reason, parts=part_choices
            )
        except JobRunning:
            # The other confirm's job publishes it: one wins, this one is told.
            error = _("This preview is being published already.")
            return _render(request, result_import, error=error, status=409)
    try:
        outcome = confirm(
            result_import=result_import, choices=choices, reason=reason, parts=part_choices
        )
    except ReasonRequired:
        error = _("These results are official: say why they are replaced before confirming.")
        return _render(request, result_import, error=error, status=400)
    except InvalidChoice as exc:
        return _render(request, result_import, error=_bad_choice(exc), status=400)
    except StalePreview as exc:
        error = _(
            "The data changed since this preview (%(reason)s). "
            "Read the table again before confirming."
        ) % {"reason": exc.reason}
        return _render(request, result_import, error=error, status=409)
    except ImportRefused as exc:
        return _render(request, result_import, error=describe_refusal(exc), status=409)
    counts = outcome.result_import.counts
    jobs.announce(
        request,
        [
            (done, (counts if done is result_import else done.counts).get("entries", 0))
            for done in (result_import, *parting.parts_of(result_import))
        ]
        if not outcome.already_applied
        else [],
        already_applied=outcome.already_applied,
        published=outcome.published,
    )
    return redirect(standings_url(event))


def _posted_choices(result_import: ResultImport, form: PeopleChoiceForm):
    """Seats the form left out keep the preview's choice; no choice at all keeps them all."""
    posted = form.choices()
    earlier = by_seat(choices_from_json(result_import.choices))
    return {**earlier, **posted} if posted else None


def _bad_choice(exc: InvalidChoice | None = None) -> str:
    text = _("A choice of person is not valid: choose one of the people listed on the row.")
    return f"{text} ({describe_refusal(exc)})" if exc else text


@require_POST
@staff_view
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = _upload_of(request, get_import_or_403(request, pk))
    event = result_import.classification.event
    if result_import.state == State.PREVIEWED:
        discard(result_import=result_import)
        messages.info(request, _("Preview discarded: nothing was published."))
    return redirect(reverse("uploads:upload") + f"?event={event.pk}")


def _decimals(sheet: dict[str, Any]) -> dict[str, Any]:
    """Times as the event's public page will show them: decimals from the values themselves,
    per precision of the field catalogue (times and gaps alike, best laps apart), as
    `standings_rows.build_rows` does."""
    entries = sheet.get("entries", [])
    names: dict[str, list[str]] = {}
    for field in FIELDS:
        if field.precision and field.contract:
            names.setdefault(field.precision, []).append(field.contract)
    precisions = {
        precision: formatting.decimals_for(entry[name] for name in fields for entry in entries)
        for precision, fields in names.items()
    }
    race = COLUMN["time"].precision
    return {"decimals": precisions[race], "precisions": precisions}


def _render(
    request: HttpRequest,
    result_import: ResultImport,
    *,
    hints_form: HintsForm | None = None,
    scope_form: RescopeForm | None = None,
    error: str | None = None,
    status: int = 200,
) -> HttpResponse:
    columns = previews.columns(result_import)
    plan = plan_of(result_import)
    hints = result_import.hints or {}
    header = hints.get("header")
    page = previews.rows_page(
        result_import,
        whole_number(request.GET.get("page")) or 1,
        per_page=settings.PODIUM_PREVIEW_ROWS_PER_PAGE,
    )
    rows = page.rows
    doubts = previews.doubts(result_import)
    is_preview = result_import.state == State.PREVIEWED
    decimals = _decimals(result_import.sheet or {})
    diff = snapshots.preview_changes(result_import) if is_preview else None
    ctx: dict[str, Any] = {
        "title": _("Check before publishing"),
        "result_import": result_import,
        "event": result_import.classification.event,
        "classification": result_import.classification,
        "sheet": result_import.sheet or {},
        "counts": result_import.counts,
        "problems": plan.problems if plan else (),
        "rows": rows,
        "rows_page": page,
        "rows_with_warning": page.with_warning,
        "doubts": doubts,
        "summary": issue_words.summary(doubts, page.count),
        "hints_form": hints_form
        or HintsForm(
            columns=columns,
            targets=parting.targets_of(result_import),
            initial={"header": "" if header is None else ("1" if header else "0")},
        ),
        "parts": _parts(result_import, is_preview=is_preview, decimals=decimals["decimals"]),
        "classification_names": parting.classification_names(result_import),
        "error": error,
        "is_preview": is_preview,
        "changes": None if diff is None else changes.shown(diff, decimals=decimals["decimals"]),
        "official": result_import.classification.state == Classification.State.OFFICIAL,
        "choice_count": len(flagged_seats(plan)),
        "remembered": remembering.remembered_from(result_import),
        **scope_context(result_import, scope_form),
        **decimals,
    }
    return render_admin(request, "admin/podium/uploads/preview.html", ctx, status=status)


def _parts(
    result_import: ResultImport, *, is_preview: bool, decimals: int
) -> list[tuple[ResultImport, list[previews.PreviewRow], changes.ShownDiff | None]]:
    """Each part with its rows and, as for the lead's own tables, what confirming changes in
    the classification it goes into (None where that one holds no results yet)."""
    out = []
    for part in parting.parts_of(result_import):
        diff = snapshots.preview_changes(part) if is_preview else None
        shown = None if diff is None else changes.shown(diff, decimals=decimals)
        out.append((part, previews.preview_rows(part, prefix=previews.part_prefix(part)), shown))
    return out


#: The preview page, for the views beside this module (`scope.rescope_import`).
render_preview = _render
