"""The upload page: choose or create the event, give a file or a paste."""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from results.access import AccessDenied
from results.forms.uploads import UploadForm
from results.services.jobs import start_read
from results.services.new_events import EventExists
from results.services.previews import line_text
from results.services.refusal_words import refusal
from results.services.uploads import UnreadableSheet, start_upload
from results.views.params import whole_number
from results.views.uploads import jobs
from results.views.uploads.access import get_event_or_403, render_admin, staff_view

log = logging.getLogger(__name__)


@require_http_methods(["GET", "POST"])
@staff_view
def upload(request: HttpRequest) -> HttpResponse:
    asked = request.POST.get("event") or request.GET.get("event") or ""
    if whole_number(asked) is not None:
        # An event outside the user's clubs is forbidden, not merely "not a valid choice".
        get_event_or_403(request, int(asked))
    parse_error = None
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES, user=request.user)
        if form.is_valid():
            data, source_name = form.sheet()
            cleaned = form.cleaned_data
            event = cleaned["event"]
            # What to read, the same in the request and in the background.
            sheet = {
                "user": request.user,
                "data": data,
                "source_name": source_name,
                "classification_name": cleaned["classification"].strip(),
                "event": event,
                "new_event": None if event else form.new_event(),
                "scope": cleaned["chosen_scope"],
            }
            if jobs.reads_in_background(data):
                return redirect("uploads:job", pk=start_read(**sheet).pk)
            try:
                result_import = start_upload(**sheet)
            except UnreadableSheet as exc:
                parse_error = {
                    "line": exc.line,
                    "page": exc.page,
                    # What happened and what to do, in the organiser's words.
                    "refusal": refusal(exc.to_dict()),
                    "text": line_text(data, exc.line),
                }
                form.add_error(None, _("Podium could not read this table."))
            except EventExists:
                form.add_error("name", _("An event of this name already exists that year."))
            except AccessDenied:
                raise  # a 403, from `staff_view`
            except Exception:
                # A sheet the parser trips on must still end on the form, never on a 500.
                log.exception("reading %s failed", source_name)
                form.add_error(
                    None,
                    _(
                        "Podium could not read this file (an internal error, reported to the "
                        "administrators). Try saving it as CSV, or paste the table."
                    ),
                )
            else:
                return redirect("uploads:preview", pk=result_import.pk)
    else:
        initial = {"event": whole_number(asked)} if whole_number(asked) else {}
        form = UploadForm(initial=initial, user=request.user)
    ctx = {"title": _("Publish results"), "form": form, "parse_error": parse_error}
    return render_admin(request, "admin/podium/uploads/upload.html", ctx)
