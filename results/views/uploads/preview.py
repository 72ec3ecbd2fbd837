"""The preview of an upload: what will be stored, every doubt on its row; hints, confirm, cancel."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from results.forms.uploads import HintsForm, PeopleChoiceForm
from results.models import ResultImport
from results.parsing import Hints
from results.services import previews
from results.services.choices import by_seat, flagged_seats
from results.services.errors import ImportRefused, InvalidChoice, StalePreview
from results.services.loading import describe_refusal
from results.services.uploads import UnreadableSheet, confirm, discard, reparse
from results.views.uploads.access import get_import_or_403, render_admin, staff_view, standings_url

State = ResultImport.State


@require_GET
@staff_view
def preview(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = get_import_or_403(request, pk)
    return _render(request, result_import)


@require_POST
@staff_view
def reparse_import(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = get_import_or_403(request, pk)
    if result_import.state != State.PREVIEWED:
        return _render(
            request,
            result_import,
            error=_("Cet import n'est plus une prévisualisation."),
            status=409,
        )
    columns = previews.columns(result_import)
    form = HintsForm(request.POST, columns=columns)
    if not form.is_valid():
        return _render(request, result_import, hints_form=form, status=400)
    previous = Hints.from_dict(result_import.hints)
    hints = Hints(roles=form.roles(dict(previous.roles)), header=form.cleaned_data["header"])
    try:
        fresh = reparse(result_import=result_import, hints=hints, user=request.user)
    except UnreadableSheet as exc:
        where = _("ligne %(line)s : ") % {"line": exc.line} if exc.line else ""
        error = _("Avec ces réglages, le tableau ne se lit plus : %(where)s%(reason)s") % {
            "where": where,
            "reason": exc.reason,
        }
        return _render(request, result_import, hints_form=form, error=error, status=400)
    return redirect("uploads:preview", pk=fresh.pk)


@require_POST
@staff_view
def confirm_import(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = get_import_or_403(request, pk)
    event = result_import.classification.event
    form = PeopleChoiceForm(request.POST, seats=flagged_seats(result_import.plan))
    if not form.is_valid():
        return _render(request, result_import, error=_bad_choice(), status=400)
    posted = form.choices()
    # Seats the form left out keep the preview's choice; no choice at all keeps them all.
    choices = {**by_seat(result_import.choices), **posted} if posted else None
    try:
        outcome = confirm(result_import=result_import, choices=choices)
    except InvalidChoice as exc:
        return _render(request, result_import, error=_bad_choice(exc), status=400)
    except StalePreview as exc:
        error = _(
            "Les données ont changé depuis cette prévisualisation (%(reason)s). "
            "Relisez le tableau avant de confirmer."
        ) % {"reason": exc.reason}
        return _render(request, result_import, error=error, status=409)
    except ImportRefused as exc:
        return _render(request, result_import, error=describe_refusal(exc), status=409)
    counts = outcome.result_import.counts
    if outcome.already_applied:
        messages.info(request, _("Cet import était déjà publié : rien n'a été modifié."))
    else:
        text = _("%(n)d résultats publiés pour « %(target)s ».") % {
            "n": counts.get("entries", 0),
            "target": result_import.classification,
        }
        if outcome.published:
            text += " " + _("L'événement est maintenant visible du public.")
        messages.success(request, text)
    return redirect(standings_url(event))


def _bad_choice(exc: InvalidChoice | None = None) -> str:
    text = _("A choice of person is not valid: choose one of the people listed on the row.")
    return f"{text} ({describe_refusal(exc)})" if exc else text


@require_POST
@staff_view
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    result_import = get_import_or_403(request, pk)
    event = result_import.classification.event
    if result_import.state == State.PREVIEWED:
        discard(result_import=result_import)
        messages.info(request, _("Prévisualisation abandonnée : rien n'a été publié."))
    return redirect(reverse("uploads:upload") + f"?event={event.pk}")


def _render(
    request: HttpRequest,
    result_import: ResultImport,
    *,
    hints_form: HintsForm | None = None,
    error: str | None = None,
    status: int = 200,
) -> HttpResponse:
    columns = previews.columns(result_import)
    hints = result_import.hints or {}
    header = hints.get("header")
    ctx: dict[str, Any] = {
        "title": _("Vérifier avant de publier"),
        "result_import": result_import,
        "event": result_import.classification.event,
        "classification": result_import.classification,
        "sheet": result_import.sheet or {},
        "counts": result_import.counts,
        "problems": (result_import.plan or {}).get("problems", []),
        "rows": previews.preview_rows(result_import),
        "loose_issues": previews.loose_issues(result_import),
        "warnings": sum(1 for i in result_import.issues if i["level"] == "warning"),
        "hints_form": hints_form
        or HintsForm(
            columns=columns,
            initial={"header": "" if header is None else ("1" if header else "0")},
        ),
        "error": error,
        "is_preview": result_import.state == State.PREVIEWED,
        "choice_count": len(flagged_seats(result_import.plan)),
    }
    return render_admin(request, "admin/podium/uploads/preview.html", ctx, status=status)
