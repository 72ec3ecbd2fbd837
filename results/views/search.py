"""Search across people and events, whatever the case and accents.

People are found on their stored folded key (`search_key`, lower case, no accents, `œ` → `oe`):
every word typed must start a word of the name, so `sainte opp` finds `DE SAINTE OPPORTUNE`.
The query folds the typed text once; the database compares plain strings (an index-friendly
prefix, and on Postgres a trigram index serves the in-word part), never `unaccent()` per row.
Events are few: their names and places are folded in Python.
"""

from __future__ import annotations

import re

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from results.models import CrewMember, Event, Person
from results.text import fold

MAX_QUERY = 100
MAX_WORDS = 6
PEOPLE_LIMIT = 50
EVENTS_LIMIT = 20
_WORD_SPLIT = re.compile(r"[\s\-'’.,/()]+")


def query_words(text: str) -> list[str]:
    """The folded words of a query, bounded: a pasted essay is not a query."""
    cleaned = "".join(ch for ch in text[:MAX_QUERY] if ch.isprintable())
    words = [word for word in _WORD_SPLIT.split(fold(cleaned)) if word]
    return words[:MAX_WORDS]


def search_people(text: str) -> QuerySet[Person]:
    """People with a published result whose name words start with every word typed."""
    words = query_words(text)
    if not words:
        return Person.objects.none()
    condition = Q()
    for word in words:
        condition &= (
            Q(search_key__startswith=word)
            | Q(search_key__contains=" " + word)
            | Q(search_key__contains="-" + word)
        )
    published = CrewMember.objects.filter(
        person=OuterRef("pk"), entry__classification__event__published=True
    )
    return Person.objects.filter(condition).filter(Exists(published)).order_by("search_key", "pk")


def text_matches(words: list[str], *texts: str) -> bool:
    """Every word starts some word of the texts (folded)."""
    haystack = [w for w in _WORD_SPLIT.split(fold(" ".join(texts))) if w]
    return all(any(h.startswith(word) for h in haystack) for word in words)


def matching_event_ids(events: QuerySet[Event], text: str) -> list[int]:
    words = query_words(text)
    rows = events.order_by().values_list("pk", "name", "place")
    return [pk for pk, name, place in rows if text_matches(words, name, place)]


@require_safe
def search(request: HttpRequest) -> HttpResponse:
    text = request.GET.get("q", "")[:MAX_QUERY]
    people: list[Person] = []
    events: list[Event] = []
    if query_words(text):
        people = list(search_people(text)[:PEOPLE_LIMIT])
        published = Event.objects.published()
        ids = matching_event_ids(published, text)
        events = list(published.filter(pk__in=ids[:1000]).for_listing()[:EVENTS_LIMIT])
    ctx = {"q": text, "people": people, "events": events, "searched": bool(query_words(text))}
    return render(request, "results/search.html", ctx)
