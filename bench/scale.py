"""`make bench-scale`: Podium with a federation's archive in one Postgres, against its budgets.

Builds (`bench.scale_data`, with COPY) 40,000 events, about 4,000,000 entries, 500,000 people
and 200 championships in a database of its own (`<DATABASE_URL's name>_scale`), then measures,
uncached and in the same run, every public page and API endpoint a visitor or a program reaches:
event standings (150 and 1,000 entries), a person with 500 results, search (one word, two
words, typed without accents), the events list (each filter, deep pages), every championship
page, each API endpoint; then one 1,000-entry import into that database and a championship
recompute.

Value: the median server time of the request through Django's whole stack (the test client,
no network), the page cache off. Baseline, timed in alternation with it: the bare query
behind it (the standings rows, the person's seats, the people search, the events filter's
page, the championship's stored table), so a busy machine slows both alike. The import's
baseline is a raw COPY of the same entry rows; the recompute's a plain points loop over the
same rows. Each figure is then checked against its budget (issue 21): pages and endpoints
<= 50 ms, search <= 20 ms, the 1,000-entry import <= 1 s.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/podium make bench-scale
    PODIUM_SCALE=0.05 ...      # a twentieth of the archive (a quick look)
    PODIUM_SCALE_KEEP=1 ...    # keep the database, and reuse it if it holds that scale
    PODIUM_SCALE_RUNS=3 PODIUM_SCALE_CHAMPIONSHIP_PAGES=20 ...   # fewer runs and pages
    PODIUM_SCALE_ONLY=search,person ...   # only the figures whose names hold one of these
"""

from __future__ import annotations

import datetime
import os
import statistics
import sys
import time
from collections.abc import Callable

from bench import Metric, summary
from bench.pages import medians_ms

#: Runs per figure, and championship pages timed (all by default): fewer for a quick look.
RUNS = int(os.environ.get("PODIUM_SCALE_RUNS", "7"))
#: Runs of each championship page (two hundred of them): a median of three each.
PAGE_RUNS = min(RUNS, 3)
CHAMPIONSHIP_PAGES = int(os.environ.get("PODIUM_SCALE_CHAMPIONSHIP_PAGES", "0")) or None
PAGE_BUDGET_MS, SEARCH_BUDGET_MS, IMPORT_BUDGET_MS = 50, 20, 1000
#: Only the figures whose names hold one of these words (all when unset).
ONLY = tuple(word for word in os.environ.get("PODIUM_SCALE_ONLY", "").split(",") if word)


def wanted(name: str) -> bool:
    """Whether the figure `name` is measured in this run (`PODIUM_SCALE_ONLY`)."""
    return not ONLY or any(word in name for word in ONLY)


def main() -> int:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://", "pgsql://")):
        print("bench-scale runs on Postgres: set DATABASE_URL=postgres://…", file=sys.stderr)
        return 2
    scale = float(os.environ.get("PODIUM_SCALE", "1"))
    keep = os.environ.get("PODIUM_SCALE_KEEP") == "1"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import override_settings

    connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_scale"
    original = connection.creation.create_test_db(
        verbosity=0, autoclobber=True, serialize=False, keepdb=keep
    )
    try:
        _ensure_archive(scale)
        unlimited = "1000000/second"
        with override_settings(
            PODIUM_PAGE_CACHE_SECONDS=0, PODIUM_API_RATE=unlimited, PODIUM_RENDER_RATE=unlimited
        ):
            metrics = measure()
    finally:
        if not keep:
            connection.creation.destroy_test_db(original, verbosity=0)
    for metric in metrics:
        print(metric.to_json(), flush=True)
    print()
    print(summary(metrics))
    print()
    print(budgets(metrics))
    return 0


def _ensure_archive(scale: float) -> None:
    from bench.scale_data import build, sizes
    from results.models import Event

    wanted = sizes(scale)["events"]
    if Event.objects.filter(slug__startswith="ev-").count() == wanted:
        print(f"== reusing the archive at scale {scale} ({wanted:,} events)", flush=True)
        return
    if Event.objects.exists():
        raise SystemExit("the kept _scale database holds another scale: drop it first")
    print(f"== building the archive at scale {scale} with COPY", flush=True)
    started = time.perf_counter()
    counts = build(scale, log=lambda line: print(line, flush=True))
    spent = time.perf_counter() - started
    print("   " + ", ".join(f"{k} {v:,}" for k, v in counts.items()) + f" in {spent:.0f} s")


def measure() -> list[Metric]:
    from django.test import Client

    client = Client()
    metrics: list[Metric] = []
    for name, url, bare, label in requests():
        if not wanted(name):
            continue

        def page(url: str = url) -> None:
            assert client.get(url).status_code == 200, url

        page_ms, bare_ms = medians_ms([page, bare], RUNS)
        metrics.append(Metric(f"scale_{name}_ms", page_ms, "ms", label, bare_ms))
        print(metrics[-1].to_json(), file=sys.stderr, flush=True)
    if wanted("championship_pages"):
        metrics += _championship_pages(client)
    if wanted("import_1000"):
        metrics += _import()
    if wanted("championship_recompute"):
        metrics.append(_recompute())
    return metrics


def requests() -> list[tuple[str, str, Callable[[], object], str]]:
    """Each page and endpoint: name, address, its bare query, that query's name."""
    from results.models import Classification, CrewMember, Event, Person
    from results.views.search import search_people
    from results.views.standings_data import load_standings

    big = Classification.objects.get(event__slug="ev-1", slug="general")
    medium = Classification.objects.get(event__slug="ev-2", slug="general")
    busy = Person.objects.get(pk=1)
    season = Event.objects.get(slug="ev-3").date.year
    deep = max(1, Event.objects.published().count() // 50 - 1)

    def standings(table) -> Callable[[], object]:
        return lambda: load_standings(table)

    from results.models.entries import _NEWEST_FIRST as NEWEST_FIRST

    def seats() -> object:
        # Every seat of every published entry of theirs, with person, event and car: the
        # whole career's crews in one query (as the person's answers read them at first).
        return list(
            CrewMember.objects.filter(
                entry__crew__person=busy, entry__classification__event__published=True
            )
            .select_related("person", "entry__classification__event__club", "entry__car__make")
            .order_by(*NEWEST_FIRST)
        )

    def people(text: str) -> Callable[[], object]:
        return lambda: list(search_people(text)[:50])

    def events(query: str) -> Callable[[], object]:
        return lambda: _events_page(query)

    def club_page() -> object:
        return list(Event.objects.published().filter(club__name="Club 1").for_listing()[:50])

    word, first = busy.surname.lower(), busy.first_name
    two = f"{word} {first.lower()}"
    two_typed = two.replace(" ", "+")
    plain = _accent_free()
    rows = "standings rows"
    filters = {
        "events_list": "",
        "events_season": f"season={season}",
        "events_discipline": "discipline=hill_climb",
        "events_championship": "championship=champ-1",
        "events_text": "q=vesoul",
        "events_deep_page": f"page={deep}",
        "events_season_last_page": f"season={season}&page=99999",
    }
    found = [
        ("home", "/fr/", lambda: list(Event.objects.published().for_listing()[:10]), "latest"),
        ("standings_1000", "/fr/events/ev-1/", standings(big), rows),
        ("standings_150", "/fr/events/ev-2/", standings(medium), rows),
        ("person_500", f"/fr/people/{busy.slug}/", seats, "the person's seats"),
        ("search_one_word", f"/fr/search/?q={word}", people(word), "people search"),
        ("search_two_words", f"/fr/search/?q={two_typed}", people(two), "people search"),
        ("search_accent_free", f"/fr/search/?q={plain}", people(plain), "people search"),
    ]
    found += [
        (name, f"/fr/events/?{query}".rstrip("?"), events(query), "events filter page")
        for name, query in filters.items()
    ]
    api = "/api/v1"
    found += [
        ("api_events", f"{api}/events/", events(""), "events filter page"),
        (
            "api_events_season",
            f"{api}/events/?season={season}",
            events(f"season={season}"),
            "events filter page",
        ),
        ("api_events_club", f"{api}/events/?club=Club+1", club_page, "events filter page"),
        (
            "api_event",
            f"{api}/events/ev-1/",
            lambda: list(big.event.classifications.all()),
            "its classifications",
        ),
        (
            "api_classification_1000",
            f"{api}/events/ev-1/classifications/general/?page_size=100",
            standings(big),
            rows,
        ),
        ("api_people_search", f"{api}/people/?q={word}", people(word), "people search"),
        ("api_person_500", f"{api}/people/{busy.slug}/", seats, "the person's seats"),
        ("api_championships", f"{api}/championships/", _standing_rows(1), "a stored table"),
        ("api_championship", f"{api}/championships/champ-1/", _standing_rows(1), "a stored table"),
    ]
    return found


def _accent_free() -> str:
    """A first name written with an accent, typed without it."""
    from bench.names import FIRST_NAMES
    from results.text import fold

    return next(fold(name) for name in FIRST_NAMES if fold(name) != name.lower())


def _events_page(query: str) -> list:
    from django.http import QueryDict

    from results.filters import EventFilter
    from results.models import Event

    params = QueryDict(query)
    events = EventFilter(params or None, queryset=Event.objects.published()).qs
    page = min(int(params.get("page", 1)), max(1, (events.count() + 49) // 50))
    ids = events.listing_ids()[(page - 1) * 50 : page * 50]
    return list(Event.objects.filter(pk__in=list(ids)).for_listing())


def _standing_rows(pk: int) -> Callable[[], object]:
    from results.models import Standing

    return lambda: list(Standing.objects.filter(championship_id=pk))


def _championship_pages(client) -> list[Metric]:
    """Every championship page (after one warm-up), each timed `PAGE_RUNS` times in turns
    with its stored table's query: the median page, and the slowest page's own median.

    The budget is a median server time, so each page is judged on its median too: the
    slowest single request of two hundred is a tail (a collection pause, the machine's other
    work) that any page, and the bare query beside it, meets now and then."""
    from results.models import Championship

    pages, bare = [], []
    slugs = list(Championship.objects.order_by("pk").values_list("pk", "slug"))[:CHAMPIONSHIP_PAGES]
    client.get(f"/fr/championships/{slugs[0][1]}/")
    for pk, slug in slugs:
        url = f"/fr/championships/{slug}/"

        def page(url: str = url) -> None:
            assert client.get(url).status_code == 200, url

        page_ms, bare_ms = medians_ms([page, _standing_rows(pk)], PAGE_RUNS)
        pages.append(page_ms)
        bare.append(bare_ms)
    label = "a stored table"
    return [
        Metric(
            "scale_championship_pages_median_ms",
            statistics.median(pages),
            "ms",
            label,
            statistics.median(bare),
        ),
        Metric("scale_championship_pages_slowest_ms", max(pages), "ms", label, max(bare)),
    ]


def _import() -> list[Metric]:
    """One 1,000-entry sheet previewed and applied into the archive; a raw COPY beside it."""
    from django.db import transaction

    from bench.importing import _copy, generated_sheet, raw_entry_rows
    from results.models import Classification, Event
    from results.services.importing import apply_import, preview_import

    event = Event.objects.create(
        name="Import", slug=f"scale-import-{time.time_ns()}", date=datetime.date(2025, 6, 1)
    )
    target = Classification.objects.create(event=event, slug="general")
    raw = Classification.objects.create(event=event, name="Raw", slug="raw")
    data = generated_sheet(1000, seed=7)
    started = time.perf_counter()
    result_import = preview_import(classification=target, data=data, source_name="scale.txt")
    apply_import(result_import)
    import_ms = (time.perf_counter() - started) * 1000
    rows = raw_entry_rows(result_import, raw)
    started = time.perf_counter()
    with transaction.atomic():
        _copy(rows)
    copy_ms = (time.perf_counter() - started) * 1000
    event.delete()
    return [Metric("scale_import_1000_ms", import_ms, "ms", "COPY Entry rows", copy_ms)]


def _recompute() -> Metric:
    from bench.championships import _baseline
    from results.models import Championship, Classification
    from results.services.championships import recompute

    championship = Championship.objects.get(slug="champ-1")
    tables = list(
        Classification.objects.filter(
            event__rounds__championship=championship, slug="general"
        ).values_list("pk", flat=True)
    )
    recompute_ms, loop_ms = medians_ms(
        [lambda: recompute(championship.pk), lambda: _baseline(tables)], 3
    )
    return Metric(
        "scale_championship_recompute_ms", recompute_ms, "ms", "plain points loop", loop_ms
    )


def budgets(metrics: list[Metric]) -> str:
    """Each figure against its budget: pages and endpoints 50 ms, search 20 ms, import 1 s."""
    lines, over = [], 0
    for metric in metrics:
        name = metric.metric
        if "import" in name:
            budget = IMPORT_BUDGET_MS
        elif "search" in name:
            budget = SEARCH_BUDGET_MS
        elif "recompute" in name:
            continue  # its goal is a ratio (<= 3x the plain loop), not a time
        else:
            budget = PAGE_BUDGET_MS
        holds = metric.value <= budget
        over += not holds
        verdict = "holds" if holds else "OVER"
        lines.append(f"{name:<40} {metric.value:>9.1f} ms  budget {budget:>5} ms  {verdict}")
    lines.append(f"budgets: {len(lines) - over} of {len(lines)} hold")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
