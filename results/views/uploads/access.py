"""Who reaches the upload pages, and the admin's look around them."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse

from results.models import Event, ResultImport
from results.services.uploads import can_upload, check_event

View = Callable[..., HttpResponse]


def staff_view(view: View) -> View:
    """Login and staff through the admin (anonymous → login page); the permission or 403."""

    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not can_upload(request.user):
            raise PermissionDenied("uploading results needs the results.upload_results permission")
        return view(request, *args, **kwargs)

    return admin.site.admin_view(checked)


def get_event_or_403(request: HttpRequest, pk: int) -> Event:
    event = get_object_or_404(Event, pk=pk)
    check_event(request.user, event)
    return event


def get_import_or_403(request: HttpRequest, pk: int) -> ResultImport:
    result_import = get_object_or_404(
        ResultImport.objects.select_related("classification__event", "user"), pk=pk
    )
    check_event(request.user, result_import.classification.event)
    return result_import


def render_admin(
    request: HttpRequest, template: str, ctx: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    return render(request, template, {**admin.site.each_context(request), **ctx}, status=status)


def standings_url(event: Event) -> str:
    """The event's public standings once that page exists; its admin page until then."""
    try:
        return reverse("results:event_detail", kwargs={"slug": event.slug})
    except NoReverseMatch:
        return reverse("admin:results_event_change", args=[event.pk])
