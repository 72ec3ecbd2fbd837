"""What the sheet of a preview is (overall, interim after a stage, one stage's), as read and
as the organiser corrects it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from results.forms.uploads import RescopeForm
from results.models import ResultImport
from results.services.refusal_words import no_longer_reads
from results.services.scoping import AFTER, STAGE, Scope, base_name
from results.services.uploads import UnreadableSheet, rescope
from results.views.uploads.access import get_import_or_403, staff_view


def scope_of(result_import: ResultImport) -> Scope:
    """What the preview says its sheet is (an import made before it said: overall)."""
    said = Scope.from_json(result_import.scope)
    return said or Scope(base=base_name(result_import.classification))


def scope_text(scope: Scope) -> str:
    """The preview's sentence on what the sheet is and who said so."""
    if scope.kind == STAGE:
        text = _("The classification of stage %(stage)s, beside the overall classification.")
    elif scope.kind == AFTER:
        text = _(
            "An interim overall classification, after %(stage)s: the public pages say so "
            "until the final results replace it."
        )
    else:
        text = _("The overall classification (final results).")
    who = _("read from its title") if scope.by == "sheet" else _("as you said")
    if scope.kind == "overall" and scope.by == "sheet":
        return text
    return f"{text % {'stage': scope.stage}} ({who})"


def scope_context(result_import: ResultImport, form: RescopeForm | None = None) -> dict:
    scope = scope_of(result_import)
    return {
        "scope_text": scope_text(scope),
        "scope_form": form or RescopeForm(scope=scope),
    }


@require_POST
@staff_view
def rescope_import(request: HttpRequest, pk: int) -> HttpResponse:
    from results.views.uploads.preview import render_preview

    result_import = get_import_or_403(request, pk)
    if result_import.state != ResultImport.State.PREVIEWED:
        error = _("This import is no longer a preview.")
        return render_preview(request, result_import, error=error, status=409)
    form = RescopeForm(request.POST, scope=scope_of(result_import))
    if not form.is_valid() or form.cleaned_data["chosen_scope"] is None:
        return render_preview(request, result_import, scope_form=form, status=400)
    try:
        fresh = rescope(
            result_import=result_import, scope=form.cleaned_data["chosen_scope"], user=request.user
        )
    except UnreadableSheet as exc:
        error = no_longer_reads(exc.to_dict())
        return render_preview(request, result_import, error=error, status=400)
    return redirect("uploads:preview", pk=fresh.pk)
