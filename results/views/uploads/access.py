"""Who reaches the upload pages, and the admin's look around them."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import NoReverseMatch, reverse

from results.access import OTHER_CLUB_REFUSAL, UPLOAD_REFUSAL, can_upload, can_upload_to
from results.models import Event, ResultImport
from results.views.staff import render_admin, staff_only

__all__ = ["get_event_or_403", "get_import_or_403", "render_admin", "staff_view", "standings_url"]

#: Login and staff through the admin (anonymous → login page); the permission or 403.
staff_view = staff_only(can_upload, UPLOAD_REFUSAL)


def get_event_or_403(request: HttpRequest, pk: int) -> Event:
    event = get_object_or_404(Event, pk=pk)
    _check(request, event)
    return event


def get_import_or_403(request: HttpRequest, pk: int) -> ResultImport:
    result_import = get_object_or_404(ResultImport.objects.with_event(), pk=pk)
    _check(request, result_import.classification.event)
    return result_import


def _check(request: HttpRequest, event: Event) -> None:
    if not can_upload_to(request.user, event):
        raise PermissionDenied(OTHER_CLUB_REFUSAL)


def standings_url(event: Event) -> str:
    """The event's public standings once that page exists; its admin page until then."""
    try:
        return reverse("results:event_detail", kwargs={"slug": event.slug})
    except NoReverseMatch:
        return reverse("admin:results_event_change", args=[event.pk])
