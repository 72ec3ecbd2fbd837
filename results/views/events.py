"""Public event pages."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from results.models import Event


@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    ctx = {"events": Event.objects.published().for_listing()}
    return render(request, "results/event_list.html", ctx)
