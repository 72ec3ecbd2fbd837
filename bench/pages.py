"""Standings page speed: the whole request for 150 and 1,000 entries, beside a bare loop.

Value: the server time of `GET /fr/events/<slug>/` through Django's full stack (middleware,
URL resolving, conditional GET, the five queries, rows, django-tables2 headers and the page
template), median of several runs. Baseline, measured in the same run on the same rows: the
same two standings queries the page makes (`load_standings`: entries and crews as plain
rows) and a bare template loop printing each entry's fields and crew. The two are timed
in alternation, so a busy machine slows both alike. Query counts are reported beside the
baseline's. These run with the page cache off; `standings_page_<n>_cached_ms` is the same
request answered from the page cache's middleware (one query: the data version).
`page_cache_hit_us` is what production does with most requests: a stored copy served by the
WSGI front (`config/wsgi.py`) before Django's handler runs, its checks, the data version (read
once per `PODIUM_VERSION_TRUST_MS` window, as in production) and the copy found in the
worker's memory; beside a WSGI app answering the same bytes with no
work at all (as `bench/bare_wsgi.py`, the ceiling of `bench/load.sh`), called the same way.
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
        return [*built, *(_measure_cached(size) for size in SIZES), _measure_front(SIZES[0])]


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


#: Calls per timed run of the front: one call takes microseconds.
FRONT_CALLS = 2000


def _measure_front(size: int) -> Metric:
    from django.core.handlers.wsgi import WSGIHandler
    from django.test import RequestFactory

    from results.http.cache_front import PageCacheFront

    class CountingDjango(WSGIHandler):
        calls = 0

        def __call__(self, environ, start_response):
            self.calls += 1
            return super().__call__(environ, start_response)

    django_app = CountingDjango()
    front = PageCacheFront(django_app)
    environ = RequestFactory().get(f"/fr/events/bench-{size}/", secure=True).environ
    body = _served(front, environ)  # built by Django, and stored
    assert _served(front, environ) == body and django_app.calls == 1
    headers = [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body)))]

    def bare_app(environ: dict, start_response: Callable) -> list[bytes]:
        start_response("200 OK", headers)
        return [body]

    def hits() -> None:
        for _ in range(FRONT_CALLS):
            _served(front, environ)

    def bare() -> None:
        for _ in range(FRONT_CALLS):
            _served(bare_app, environ)

    hit_ms, bare_ms = medians_ms([hits, bare], 9)
    assert django_app.calls == 1  # every timed call was a hit
    per_call = 1000 / FRONT_CALLS
    return Metric(
        "page_cache_hit_us",
        hit_ms * per_call,
        "us",
        "bare WSGI app, same bytes",
        bare_ms * per_call,
    )


def _served(app: Callable, environ: dict) -> bytes:
    def start_response(status: str, headers: list, exc_info: object = None) -> None:
        assert status == "200 OK"

    chunks = app(dict(environ), start_response)
    body = b"".join(chunks)
    if hasattr(chunks, "close"):
        chunks.close()
    return body


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
