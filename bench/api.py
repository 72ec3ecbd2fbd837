"""The read API beside the HTML pages of the same data.

Value: the server time of one API request through Django's full stack (middleware, URL
resolving, throttling, ETag, the endpoint's queries, serialization), median of several runs.
Baseline, measured in the same run on the same rows: the public page that shows the same data
(`/fr/events/` for the events list, the event page for its classification, a person's page,
search, the championship page), built uncached. The two are timed in alternation, so a busy
machine slows both alike. A season of 10 events of 100 entries each, in one championship;
the classification is asked for in one page of 100 entries, as the page shows them. Each
endpoint's query count is reported beside its page's.
"""

from __future__ import annotations

import datetime

from bench import Metric
from bench.database import throwaway_database
from bench.importing import generated_sheet
from bench.pages import medians_ms

EVENTS = 10
ENTRIES = 100
RUNS = 15


def run() -> list[Metric]:
    with throwaway_database():
        from django.test.utils import override_settings

        # Pages as built (not copies from the page cache); no throttling of the bench itself.
        with override_settings(PODIUM_PAGE_CACHE_SECONDS=0, PODIUM_API_RATE="1000000/second"):
            return _measure()


def _season() -> tuple[str, str]:
    """The events and their championship; returns a busy person's slug and a search word."""
    from django.db.models import Count

    from results.models import Classification, CrewMember, Event
    from results.services.championship_presets import create_from_preset
    from results.services.importing import apply_import, preview_import

    events = [
        Event.objects.create(
            name=f"Rallye Bench {n}",
            slug=f"bench-{n}",
            date=datetime.date(2025, 1, 1) + datetime.timedelta(days=7 * n),
            place="Vesoul",
            published=True,
        )
        for n in range(EVENTS)
    ]
    create_from_preset(preset="10-8", name="Coupe Bench", season=2025, events=events, slug="coupe")
    for n, event in enumerate(events):
        table = Classification.objects.create(event=event, slug="general")
        sheet = generated_sheet(ENTRIES, seed=n)
        apply_import(preview_import(classification=table, data=sheet, source_name="bench.txt"))
    # The person with the most seats: the person page and endpoint with the most results.
    busiest = (
        CrewMember.objects.values("person__slug").annotate(seats=Count("pk")).order_by("-seats")
    )[0]["person__slug"]
    return busiest, busiest.split("-")[-1][:4]


def _measure() -> list[Metric]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    slug, word = _season()
    client = Client()
    pairs = [
        ("events", "/api/v1/events/", "/fr/events/"),
        ("event", "/api/v1/events/bench-0/", "/fr/events/bench-0/"),
        (
            "classification_100",
            "/api/v1/events/bench-0/classifications/general/?page_size=100",
            "/fr/events/bench-0/",
        ),
        ("people_search", f"/api/v1/people/?q={word}", f"/fr/search/?q={word}"),
        ("person", f"/api/v1/people/{slug}/", f"/fr/people/{slug}/"),
        ("championships", "/api/v1/championships/", "/fr/"),
        ("championship", "/api/v1/championships/coupe/", "/fr/championships/coupe/"),
    ]
    metrics = []
    for name, api_url, page_url in pairs:

        def api(url: str = api_url) -> None:
            assert client.get(url).status_code == 200, url

        def page(url: str = page_url) -> None:
            assert client.get(url).status_code == 200, url

        api_ms, page_ms = medians_ms([api, page], RUNS)
        metrics.append(Metric(f"api_{name}_ms", api_ms, "ms", f"page {page_url}", page_ms))
        counts = []
        for action in (api, page):
            with CaptureQueriesContext(connection) as queries:
                action()
            counts.append(len(queries))
        metrics.append(
            Metric(f"api_{name}_queries", *counts[:1], "queries", f"page {page_url}", counts[1])
        )
    return metrics
