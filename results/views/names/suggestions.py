"""The duplicate suggestions page: pairs with their evidence, one-click merge, "not the same"."""

from __future__ import annotations

from collections import defaultdict

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_GET, require_POST

from results.models import Car, CrewMember, Person
from results.services import suggestions as evidence
from results.services.names import NameFixRefused, merge_people
from results.services.suggestions import mark_not_same, suggest_duplicates
from results.views.names.access import render_admin, staff_view
from results.views.params import whole_number

LIMIT = 200
# The kinds of evidence the service names, in the page's language (an unknown one as it is).
REASONS = {
    evidence.SAME: pgettext_lazy("duplicate evidence", "same name"),
    evidence.INITIALS: pgettext_lazy("duplicate evidence", "initials"),
    evidence.NO_FIRST_NAME: pgettext_lazy("duplicate evidence", "no first name"),
    evidence.SURNAME_TYPO: pgettext_lazy("duplicate evidence", "one letter in the surname"),
    evidence.FIRST_NAME_TYPO: pgettext_lazy("duplicate evidence", "one letter in the first name"),
    evidence.SWAPPED: pgettext_lazy("duplicate evidence", "surname and first name swapped"),
}


def _evidence(pairs) -> list[dict]:
    """Names, events, cars and co-drivers in common for each pair: a fixed number of queries."""
    person_ids = {pk for p in pairs for pk in (p.first, p.second)}
    partner_ids = {pk for p in pairs for pk in p.partners}
    people = Person.objects.in_bulk(person_ids | partner_ids)
    cars = Car.objects.with_make().in_bulk({pk for p in pairs for pk in p.cars})
    events: dict[int, dict[int, object]] = defaultdict(dict)
    seats = CrewMember.objects.with_events_of(person_ids)
    for seat in seats:
        event = seat.entry.classification.event
        events[seat.person_id][event.pk] = event
    rows = []
    for pair in pairs:
        a, b = people[pair.first], people[pair.second]
        rows.append(
            {
                "pair": pair,
                "reasons": [str(REASONS.get(reason, reason)) for reason in pair.reasons],
                "sides": [
                    (person, sorted(events[person.pk].values(), key=lambda e: e.date))
                    for person in (a, b)
                ],
                "keep": max((a, b), key=lambda p: (len(events[p.pk]), len(str(p)), -p.pk)),
                "cars": sorted(str(cars[pk]) for pk in pair.cars),
                "partners": sorted(str(people[pk]) for pk in pair.partners if pk in people),
            }
        )
    return rows


@require_GET
@staff_view
def suggestions(request: HttpRequest) -> HttpResponse:
    pairs = suggest_duplicates(limit=LIMIT)
    ctx = {"title": _("Duplicate suggestions"), "rows": _evidence(pairs), "limit": LIMIT}
    return render_admin(request, "admin/podium/names/suggestions.html", ctx)


def _pair(request: HttpRequest, first: str, second: str) -> tuple[Person, Person]:
    def person(name: str) -> Person:
        value = request.POST.get(name, "")
        return get_object_or_404(Person, pk=whole_number(value) or 0)

    return person(first), person(second)


@require_POST
@staff_view
def merge_pair(request: HttpRequest) -> HttpResponse:
    keep, drop = _pair(request, "keep", "drop")
    try:
        merge_people(keep=keep, drop=drop, user=request.user)
    except NameFixRefused as exc:
        messages.error(request, exc.reason)
    else:
        messages.success(
            request, _("Merged %(drop)s into %(keep)s.") % {"drop": drop, "keep": keep}
        )
    return redirect("names:suggestions")


@require_POST
@staff_view
def not_same(request: HttpRequest) -> HttpResponse:
    a, b = _pair(request, "first", "second")
    if a == b:
        messages.error(request, _("A person is always the same as themselves."))
        return redirect("names:suggestions")
    first, second = sorted((a, b), key=lambda p: p.pk)
    mark_not_same(first=first, second=second, user=request.user)
    messages.success(
        request,
        _("%(first)s and %(second)s will not be suggested again.")
        % {"first": first, "second": second},
    )
    return redirect("names:suggestions")
