"""The events list: filters as query strings, so every filtered view is a permalink."""

from __future__ import annotations

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from results.filters import EventFilter
from results.models import Event

PER_PAGE = 50


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    filterset = EventFilter(request.GET or None, queryset=Event.objects.published())
    # Pages of plain events, then the page's events with their counts: an archive's deep page
    # costs its 50 counts, not those of every event before it.
    ordered = filterset.qs.listing_ids()
    # get_page() turns a junk or huge page number into the first or last page, never a 500.
    page = Paginator(ordered, PER_PAGE).get_page(request.GET.get("page"))
    page.object_list = list(Event.objects.filter(pk__in=_page_ids(ordered, page)).for_listing())
    query = request.GET.copy()
    query.pop("page", None)
    ctx = {
        "filter": filterset,
        "page": page,
        "events": page.object_list,
        "query": query.urlencode(),
    }
    return render(request, "results/event_list.html", ctx)


def _page_ids(ordered: QuerySet, page: Page) -> list[int]:
    """The page's event ids; a page nearer the end read from the end, in reverse: the
    database walks the rows it skips, and an archive's last pages skip 40,000 from the
    start but a few from the end."""
    count = page.paginator.count
    start, end = page.start_index() - 1, page.end_index()
    if count and start > count - end:
        return list(reversed(ordered.reverse()[count - end : count - start]))
    return list(page.object_list)
