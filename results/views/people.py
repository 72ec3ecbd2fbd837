"""A person's page: their entries across published events, newest first, with their counts.

Four queries whatever the career: the person; their own seats as plain tuples (what the
counts and the pages need: a regular's 500 results are read in milliseconds); then every crew
seat of the shown page's entries (theirs and their team-mates'), joined with entry,
classification, event, car and make; then the stages they won (`stage_wins`, one more for
the classifications of those wins, when there are any). A career longer than `PER_PAGE`
results is paged.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import condition, require_safe

from results.catalogue import CLASSIFIED
from results.http import caching, conditional
from results.models import CrewMember, Entry, Person
from results.models.cars import car_as_written
from results.services.names import resolve_slug
from results.views import formatting
from results.views.stage_wins import stage_wins

#: Results per page (as the events list): a regular's career runs to hundreds.
PER_PAGE = 50


@dataclass(slots=True)
class Result:
    entry: Entry
    seat: int
    teammates: list[tuple[str, str]] = field(default_factory=list)

    @property
    def event(self):
        return self.entry.classification.event

    @property
    def seat_label(self) -> str:
        # Rallies have a driver and a co-driver; races and endurance have drivers.
        rally = self.event.discipline in ("rally", "historic_rally")
        if self.seat == 1 or not rally:
            return str(formatting.DRIVER)
        return str(formatting.CODRIVER if self.seat == 2 else formatting.CREW_MEMBER)

    @property
    def car(self) -> str:
        entry = self.entry
        if entry.car_id is None:
            return entry.car_text
        car = entry.car
        return car_as_written(entry.car_text, car.make.name if car.make_id else None, car.model)

    @property
    def status_label(self) -> str:
        return str(formatting.STATUS_LABELS.get(self.entry.status, self.entry.status))


def results_of(person: Person, entry_ids: list[int]) -> list[Result]:
    """The person's entries `entry_ids`, newest first, each with its team-mates."""
    seats = CrewMember.objects.crews_of(entry_ids)
    person_url = reverse("results:person_detail", kwargs={"slug": "slug-placeholder"})
    by_entry: dict[int, Result] = {}
    mates: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for seat in seats:
        if seat.person_id == person.pk:
            by_entry[seat.entry_id] = Result(entry=seat.entry, seat=seat.seat)
        else:
            url = person_url.replace("slug-placeholder", seat.person.slug)
            mates[seat.entry_id].append((str(seat.person), url))
    for entry_id, result in by_entry.items():
        result.teammates = mates[entry_id]
    return list(by_entry.values())


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
    results = results_of(person, [seat.entry_id for seat in page.object_list])
    wins = stage_wins(person, seats)
    ctx = {
        "person": person,
        "results": results,
        "counts": {**counts(seats), "stage_wins": len(wins)},
        "stage_wins": wins,
        "page": page,
    }
    return render(request, "results/person_detail.html", ctx)
