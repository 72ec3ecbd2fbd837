"""Standings page speed: the whole request for 150 and 1,000 entries, beside a bare loop.

Value: the server time of `GET /fr/events/<slug>/` through Django's full stack (middleware,
URL resolving, conditional GET, the five queries, rows, django-tables2 headers and the page
template), median of several runs. Baseline, measured in the same run on the same rows: the
same two standings queries the page makes (`load_standings`: entries and crews as plain
rows) and a bare template loop printing each entry's fields and crew. The two are timed
in alternation, so a busy machine slows both alike. Query counts are reported beside the
baseline's. These run with the page cache off; `standings_page_<n>_cached_ms` is the same
request answered from the page cache (one query: the data version).
"""

from __future__ import annotations

import datetime
import statistics
import time
from collections.abc import Callable, Sequence

from bench import Metric
from bench.database import throwaway_database
from bench.importing import generated_sheet

SIZES = (150, 1000)
RUNS = {150: 25, 1000: 9}
BASELINE = "bare template loop"

BARE_LOOP = (
    "<table>{% for e in entries %}<tr><td>{{ e.position }}</td><td>{{ e.number }}</td>"
    '<td>{% for name, slug in e.crew %}<a href="{{ slug }}">{{ name }}</a>{% endfor %}</td>'
    "<td>{{ e.car }}</td>"
    "<td>{{ e.group }}</td><td>{{ e.klass }}</td><td>{{ e.time_ms }}</td>"
    "<td>{{ e.gap_ms }}</td><td>{{ e.class_position }}</td></tr>{% endfor %}</table>"
)


def run() -> list[Metric]:
    with throwaway_database():
        from django.test.utils import override_settings

        # The page as built, not a copy from the page cache (measured apart below).
        with override_settings(PODIUM_PAGE_CACHE_SECONDS=0):
            built = [metric for size in SIZES for metric in _measure(size)]
        return built + [_measure_cached(size) for size in SIZES]


def _measure_cached(size: int) -> Metric:
    """The same page served from the page cache (its one version query), beside the same
    bare loop."""
    from django.template import Context, Template
    from django.test import Client

    from results.models import Classification
    from results.views.standings_data import load_standings

    classification = Classification.objects.get(event__slug=f"bench-{size}")
    client = Client()
    url = f"/fr/events/bench-{size}/"
    template = Template(BARE_LOOP)

    def page() -> None:
        assert client.get(url).status_code == 200

    def bare() -> None:
        template.render(Context({"entries": load_standings(classification)}))

    page_ms, bare_ms = medians_ms([page, bare], RUNS[size])
    return Metric(f"standings_page_{size}_cached_ms", page_ms, "ms", BASELINE, bare_ms)


def medians_ms(actions: Sequence[Callable[[], object]], runs: int) -> list[float]:
    """Median time of each action, run in turn `runs` times after a warm-up."""
    for action in actions:
        action()  # warm caches: templates, translations, URL resolvers
    timings: list[list[float]] = [[] for _ in actions]
    for _ in range(runs):
        for action, spent in zip(actions, timings, strict=True):
            started = time.perf_counter()
            action()
            spent.append((time.perf_counter() - started) * 1000)
    return [statistics.median(spent) for spent in timings]


def _measure(size: int) -> list[Metric]:
    from django.db import connection
    from django.template import Context, Template
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from results.models import Classification, Event
    from results.services.importing import apply_import, preview_import
    from results.views.standings_data import load_standings

    event = Event.objects.create(
        name=f"Bench {size}", slug=f"bench-{size}", date=datetime.date(2025, 1, 1), published=True
    )
    classification = Classification.objects.create(event=event, slug="general")
    apply_import(
        preview_import(
            classification=classification, data=generated_sheet(size), source_name="bench.txt"
        )
    )
    client = Client()
    url = f"/fr/events/{event.slug}/"

    def page() -> None:
        response = client.get(url)
        assert response.status_code == 200
        assert response.content.count(b'<tr class="st-') == size

    template = Template(BARE_LOOP)

    def bare() -> None:
        html = template.render(Context({"entries": load_standings(classification)}))
        assert html.count("<tr>") == size

    page_ms, bare_ms = medians_ms([page, bare], RUNS[size])
    with CaptureQueriesContext(connection) as page_queries:
        page()
    with CaptureQueriesContext(connection) as bare_queries:
        bare()
    return [
        Metric(f"standings_page_{size}_ms", page_ms, "ms", BASELINE, bare_ms),
        Metric(
            f"standings_page_{size}_queries",
            len(page_queries),
            "queries",
            BASELINE,
            len(bare_queries),
        ),
    ]
