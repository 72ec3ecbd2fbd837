"""Merging cars: the entries that will move, a choice of the car to keep, then one POST."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from results.models import Car
from results.services.cars import merge_cars
from results.services.names import NameFixRefused
from results.views.names.access import ids_from, render_admin, staff_view


@require_http_methods(["GET", "POST"])
@staff_view
def merge_cars_view(request: HttpRequest) -> HttpResponse:
    ids = ids_from(request)
    cars = list(Car.objects.filter(pk__in=ids).with_entry_counts().order_by("pk"))
    if len(cars) < 2:
        messages.error(request, _("Select at least two cars to merge."))
        return redirect("admin:results_car_changelist")
    error = None
    if request.method == "POST":
        keep = next((c for c in cars if str(c.pk) == request.POST.get("keep")), None)
        if keep is None:
            error = _("Choose the car to keep.")
        else:
            try:
                merge_cars(keep=keep, drop=[c for c in cars if c != keep], user=request.user)
            except NameFixRefused as exc:
                error = exc.reason
            else:
                messages.success(request, _("Merged into %(car)s.") % {"car": keep})
                return redirect(reverse("admin:results_car_change", args=[keep.pk]))
    ctx = {
        "title": _("Merge cars"),
        "cars": cars,
        "ids": ",".join(str(c.pk) for c in cars),
        "default_keep": max(cars, key=lambda c: (c.entries_count, -c.pk)).pk,
        "error": error,
    }
    return render_admin(
        request, "admin/podium/names/merge_cars.html", ctx, status=409 if error else 200
    )
