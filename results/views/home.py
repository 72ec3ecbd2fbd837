"""The home page: the latest events, the championships, a search box."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from results.models import Championship, Event

LATEST = 8


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    ctx = {
        "events": Event.objects.published().for_listing()[:LATEST],
        "championships": Championship.objects.with_published_events()[:LATEST],
    }
    return render(request, "results/home.html", ctx)
