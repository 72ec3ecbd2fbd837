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
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_safe

from results.models import Event, Person
from results.text import MAX_QUERY, query_words

#: People per page of results: each comes with a summary read from all their seats, so a page
#: of fifty cost the archive's search twice its budget; the next ones are a link away.
PEOPLE_LIMIT = 20
EVENTS_LIMIT = 20

__all__ = ["MAX_QUERY", "query_words", "search", "search_people"]


def search_people(text: str) -> QuerySet[Person]:
    """People with a published result whose name words start with every word typed."""
    return Person.objects.published_matching(query_words(text))


def people_rows(people: list[Person]) -> SafeString:
    """The people found, each with their summary, as the list's items: written here rather
    than by the template engine, whose lookups per variable cost more than the search itself
    for fifty people (the same markup, escaped by `format_html`)."""
    url = reverse("results:person_detail", kwargs={"slug": "slug-placeholder"})
    latest = gettext("latest:")
    rows = []
    for person in people:
        count = person.results_count or 0
        parts = [ngettext("%(counter)s result", "%(counter)s results", count) % {"counter": count}]
        if person.last_event:
            parts.append(
                format_html(
                    ' · {} {}, <time datetime="{}">{}</time>',
                    latest,
                    person.last_event,
                    date_format(person.last_date, "Y-m-d"),
                    date_format(person.last_date, "SHORT_DATE_FORMAT"),
                )
            )
        parts += [
            format_html(" · {}", text) for text in (person.last_car, person.last_club) if text
        ]
        summary = mark_safe("".join(conditional_escape(part) for part in parts))
        rows.append((url.replace("slug-placeholder", person.slug), str(person), summary))
    item = '<li><a href="{}">{}</a>\n      <span class="person-summary">{}</span></li>\n    '
    return format_html_join("", item, rows)


def _after(request: HttpRequest) -> tuple[str, int] | None:
    """Where the previous page of people stopped (`after`, a person's id): their folded
    name and id; none for the first page, or for an id that is not a person's."""
    text = request.GET.get("after", "")
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        return None
    return Person.objects.place_of(int(text))


@require_safe
def search(request: HttpRequest) -> HttpResponse:
    text = request.GET.get("q", "")[:MAX_QUERY]
    people: list[Person] = []
    events: list[Event] = []
    people_html = SafeString("")
    more = None
    if query_words(text):
        after = _after(request)
        # One more than a page, so as to know whether a next one is there.
        people = Person.objects.first_published_summaries(
            query_words(text), PEOPLE_LIMIT + 1, after
        )
        if len(people) > PEOPLE_LIMIT:
            people = people[:PEOPLE_LIMIT]
            more = urlencode({"q": text, "after": people[-1].pk})
        people_html = people_rows(people)
        found = Event.objects.published().matching(query_words(text))
        events = list(found.for_listing()[:EVENTS_LIMIT])
    ctx = {
        "q": text,
        "people": people,
        "people_html": people_html,
        "more_people": more,
        "events": events,
        "searched": bool(query_words(text)),
    }
    return render(request, "results/search.html", ctx)
