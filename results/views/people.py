"""A person's page: their entries across published events, newest first, with their counts.

Four queries whatever the career: the person; their own seats as plain tuples (what the
counts need, and what a row shows: event, classification, car; a regular's 500 results are
read in milliseconds); then the names of the shown page's team-mates, joined with nothing but
the people; then the stages they won (`stage_wins`, one more for the classifications of those
wins, when there are any). A career longer than `PER_PAGE` results is paged, and the page's
rows are written by `person_html`, not the template engine.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import SafeString
from django.views.decorators.http import condition, require_safe

from results.catalogue import CLASSIFIED
from results.http import caching, conditional
from results.models import CrewMember, Person
from results.services.names import resolve_slug
from results.views.person_html import Mate, result_rows
from results.views.stage_wins import stage_wins

#: Results per page (as the events list): a regular's career runs to hundreds.
PER_PAGE = 50


def results_of(person: Person, seats: Sequence) -> SafeString:
    """The rows of the person's seats `seats` (one page, newest first), each with its
    team-mates: one query, for the team-mates' names."""
    page: dict[int, object] = {}
    for seat in seats:
        # One row per entry (a person holds one seat of a crew).
        page[seat.entry_id] = seat
    mates: dict[int, list[Mate]] = defaultdict(list)
    for entry_id, *name in CrewMember.objects.mates_of(person, page):
        mates[entry_id].append(tuple(name))
    return result_rows(list(page.values()), mates)


def counts(seats: list) -> dict[str, int]:
    """Starts and finishes count events (a crew in Général and VHC started once); class wins
    count classes won. `seats` as `CrewMember.objects.published_seats_of` reads them."""
    started = {s.event_id for s in seats if s.status != "dns"}
    # One stage's classification is no finish of the event, and its class winner won no class.
    whole = [s for s in seats if s.stage_order is None]
    finished = {s.event_id for s in whole if s.status == CLASSIFIED}
    wins = {
        (s.event_id, s.group, s.klass)
        for s in whole
        if s.class_position == 1 and s.status == CLASSIFIED
    }
    return {"starts": len(started), "finishes": len(finished), "class_wins": len(wins)}


@require_safe
@condition(etag_func=conditional.page_etag)
@caching.shared_page(params=("page",))
def person_detail(request: HttpRequest, slug: str) -> HttpResponse:
    person = resolve_slug(slug)
    if person is None:
        raise Http404("No such person")
    if person.slug != slug:
        # A merged-away person's page follows the kept person; temporary (302), since undoing
        # the merge brings the old page back.
        return redirect("results:person_detail", slug=person.slug)
    seats = list(CrewMember.objects.published_seats_of(person))
    if not seats:
        # Known only from unpublished events: nothing public to show.
        raise Http404("No published result")
    # get_page() turns a junk or huge page number into the first or last page, never a 500;
    # such a page is rendered, not stored.
    asked = request.GET.get("page")
    page = Paginator(seats, PER_PAGE).get_page(asked)
    if asked is not None and asked != str(page.number):
        caching.render_only(request)
    results = results_of(person, page.object_list)
    wins = stage_wins(person, seats)
    ctx = {
        "person": person,
        "results": results,
        "counts": {**counts(seats), "stage_wins": len(wins)},
        "stage_wins": wins,
        "page": page,
    }
    return render(request, "results/person_detail.html", ctx)
