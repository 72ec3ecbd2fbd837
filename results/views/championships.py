"""Public championship pages."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from results.models import Championship


@require_GET
def championship_detail(request: HttpRequest, slug: str) -> HttpResponse:
    championship = get_object_or_404(Championship, slug=slug)
    rounds = championship.rounds.select_related("event").order_by("order")
    ctx = {"championship": championship, "rounds": rounds}
    return render(request, "results/championship_detail.html", ctx)
