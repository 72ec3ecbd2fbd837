"""The event page: a tab per classification, class and group tabs, sortable standings, CSV.

Five queries whatever the size: the site's data version (see `results.http.conditional`),
the event, its classifications and championships (one UNION), the entries with car and make,
their crews with people. A conditional GET that matches answers 304 after the first.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import condition, require_safe

from results.http import caching, conditional
from results.models import Classification, Event
from results.tables import standings_table
from results.views import changes, formatting
from results.views.exports import csv_response
from results.views.params import query_link
from results.views.standings_data import load_standings
from results.views.standings_html import standings_body
from results.views.standings_rows import (
    build_rows,
    empty_columns,
    hidden_columns,
    sections,
    standings_order,
    tabs_of,
)


@require_safe
@condition(etag_func=conditional.page_etag)
@caching.shared_page(params=("classification", "class", "group", "sort", "_export"))
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = Event.objects.visible_to(request.user).filter(slug=slug).first()
    if event is None:
        raise Http404("No such event")
    classifications, championships, revisions = Classification.objects.for_event_page(event)
    wanted = request.GET.get("classification", "")
    current = next((c for c in classifications if c.slug == wanted), None)
    if current is None and classifications and not wanted:
        current = classifications[0]
    if current is None and wanted:
        return _not_found(request, event, classifications, None)
    entries = []
    if current is not None:
        entries = standings_order(load_standings(current))
    tabs = tabs_of(entries)
    klass, group = request.GET.get("class"), request.GET.get("group")
    tab = tabs.find(klass=klass, group=group)
    if tab is None and (klass or group):
        return _not_found(request, event, classifications, tabs)
    hidden = hidden_columns(entries)
    rows = build_rows(entries, tab=tab, hidden=hidden)
    label = None
    if tab is not None:
        label = formatting.CLASS_POSITION if tab.klass is not None else formatting.GROUP_POSITION
    hidden |= empty_columns(rows, hidden=hidden)
    table = standings_table(rows, hidden=hidden, class_pos_label=label)
    sort = request.GET.get("sort", "")
    # One column at a time, by name: anything else in the query string is ignored.
    if sort.removeprefix("-") in table.columns.names():
        table.order_by = (sort,)
    elif "sort" in request.GET:
        caching.render_only(request)  # an unknown sort key: the page, not a copy of it

    export = request.GET.get("_export")
    if export == "csv":
        return csv_response(table, filename=_csv_name(event, current, tab))
    if export is not None:
        caching.render_only(request)
    columns = list(table.columns)
    # Links made here, not by `{% querystring %}`: a page prints dozens of them.
    query = request.GET

    def link(**changes: str | None) -> str:
        return query_link(query, changes)

    ctx = {
        "event": event,
        "championships": championships,
        "classifications": [
            (
                c,
                str(formatting.STATE_LABELS.get(c.state, c.state)),
                link(classification=c.slug, group=None, sort=None, **{"class": None}),
            )
            for c in classifications
        ],
        "current": current,
        "state_line": changes.state_line(current) if current is not None else "",
        "revisions": changes.revisions_of(revisions, current.pk) if current is not None else [],
        "tabs": tabs,
        "overall_link": link(group=None, **{"class": None}),
        "group_tabs": [(t, link(group=t.key, **{"class": None})) for t in tabs.groups],
        "class_tabs": [(t, link(group=None, **{"class": t.key})) for t in tabs.classes],
        "csv_link": link(_export="csv"),
        "tab": tab,
        "headers": [
            (column, link(sort=column.order_by_alias.next), _aria_sort(column))
            for column in columns
        ],
        "body": standings_body(
            sections(table.data.data, sorted_by_user=bool(table.order_by)),
            shown={name: name in table.columns.names() for name in table.base_columns},
            width=len(columns),
        ),
        "rows_count": len(rows),
        "stages_link": _stages_link(event, current),
    }
    return render(request, "results/event_detail.html", ctx)


def _not_found(request: HttpRequest, event: Event, classifications, tabs) -> HttpResponse:
    """A 404 that says what the event does have: its classifications, classes and groups.

    Not stored by the page cache (it keeps answers of 200 only), so junk queries add no key.
    """
    wanted = request.GET.get("classification") if tabs is not None else None
    keep = [("classification", wanted)] if wanted else []

    def link(*pairs: tuple[str, str]) -> str:
        return "?" + urlencode([*keep, *pairs]) if keep or pairs else request.path

    ctx = {
        "event": event,
        "classifications": [
            (
                c,
                request.path
                if c.slug == "general"
                else "?" + urlencode({"classification": c.slug}),
            )
            for c in classifications
        ],
        "classes": [(t, link(("class", t.key))) for t in tabs.classes] if tabs else [],
        "groups": [(t, link(("group", t.key))) for t in tabs.groups] if tabs else [],
    }
    return render(request, "results/event_not_found.html", ctx, status=404)


def _stages_link(event: Event, classification: Classification | None) -> str:
    """The stage pages of the classification, where it has stage or run times; the event's
    stage tab from one stage's own classification."""
    if classification is None:
        return ""
    url = reverse("results:event_stages", kwargs={"slug": event.slug})
    if getattr(classification, "has_splits", False):
        return f"{url}?{urlencode({'classification': classification.slug})}"
    return url if classification.stage_order is not None else ""


def _aria_sort(column) -> str:
    if not column.is_ordered:
        return ""
    return "descending" if column.order_by_alias.is_descending else "ascending"


def _csv_name(event: Event, classification: Classification | None, tab) -> str:
    parts = [event.slug]
    if classification is not None and classification.slug != "general":
        parts.append(classification.slug)
    if tab is not None:
        parts.append("".join(ch if ch.isalnum() else "-" for ch in tab.key))
    return "-".join(parts) + ".csv"
