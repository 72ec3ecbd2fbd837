"""Search across people and events, whatever the case and accents.

People are found on their stored folded key (`search_key`, lower case, no accents, `œ` → `oe`):
every word typed must start a word of the name, so `sainte opp` finds `DE SAINTE OPPORTUNE`.
The query folds the typed text once; the database compares plain strings (an index-friendly
prefix, and on Postgres a trigram index serves the in-word part), never `unaccent()` per row.
Events likewise, on their stored key (`Event.search_key`, the folded words of name and place).
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from results.models import Event, Person
from results.models.people import summarise
from results.text import MAX_QUERY, query_words

PEOPLE_LIMIT = 50
EVENTS_LIMIT = 20

__all__ = ["MAX_QUERY", "query_words", "search", "search_people"]


def search_people(text: str) -> QuerySet[Person]:
    """People with a published result whose name words start with every word typed."""
    return Person.objects.published_matching(query_words(text))


@require_safe
def search(request: HttpRequest) -> HttpResponse:
    text = request.GET.get("q", "")[:MAX_QUERY]
    people: list[Person] = []
    events: list[Event] = []
    if query_words(text):
        found = Person.objects.first_published_matching(query_words(text), PEOPLE_LIMIT)
        people = summarise(found)
        found = Event.objects.published().matching(query_words(text))
        events = list(found.for_listing()[:EVENTS_LIMIT])
    ctx = {"q": text, "people": people, "events": events, "searched": bool(query_words(text))}
    return render(request, "results/search.html", ctx)
