"""Staff page of a classification's decisions: record one, retire one."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from results.access import AccessDenied
from results.forms.decisions import DecisionForm, entry_choices
from results.models import Classification, Decision, Entry
from results.services.decisions import DecisionRefused, describe, record_decision, retire_decision
from results.views.uploads.access import get_event_or_403, render_admin, staff_view
from results.views.uploads.history import fix_sentence


def _classification_or_403(request: HttpRequest, pk: int) -> Classification:
    classification = get_object_or_404(Classification.objects.with_event(), pk=pk)
    get_event_or_403(request, classification.event_id)
    return classification


@require_http_methods(["GET", "HEAD", "POST"])
@staff_view
def decisions(request: HttpRequest, pk: int) -> HttpResponse:
    classification = _classification_or_403(request, pk)
    entries = list(Entry.objects.standings(classification))
    form = DecisionForm(request.POST or None, entries=entry_choices(entries))
    error, status = None, 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                record_decision(
                    entry=next(e for e in entries if e.pk == data["entry"]),
                    kind=data["kind"],
                    value=data["value_ms"],
                    reason=data["reason"],
                    reference=data["reference"],
                    decided_on=data["decided_on"],
                    user=request.user,
                )
            except (DecisionRefused, AccessDenied) as exc:
                error, status = str(exc), 409
            else:
                messages.success(request, _("Decision recorded: the results are published again."))
                return redirect("uploads:decisions", pk=classification.pk)
        else:
            status = 400
    recorded = list(Decision.objects.listed_for(classification))
    ctx = {
        "title": _("Decisions — %(name)s") % {"name": classification},
        "event": classification.event,
        "classification": classification,
        "form": form,
        "decisions": [(decision, _described(decision)) for decision in recorded],
        "error": error,
    }
    return render_admin(request, "admin/podium/uploads/decisions.html", ctx, status=status)


def _described(decision: Decision) -> str:
    if decision.kind == Decision.Kind.CELL_FIX:
        return fix_sentence(decision)
    return describe(decision)


@require_POST
@staff_view
def retire(request: HttpRequest, pk: int) -> HttpResponse:
    decision = get_object_or_404(Decision.objects.with_event(), pk=pk)
    get_event_or_403(request, decision.classification.event_id)
    try:
        retire_decision(decision=decision, user=request.user)
    except (DecisionRefused, AccessDenied) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Decision retired: the results are published again."))
    return redirect("uploads:decisions", pk=decision.classification_id)
