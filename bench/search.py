"""Person search over 20,000 people: the public search's people query, as a visitor types.

Value: the median time of `search_people(q)[:50]` (every word typed must start a word of the
name, on the stored folded key; people with a published result only) over a mix of queries: a
surname's first letters, a whole surname, surname and first name, a word inside a compound
name, a miss. Baseline, in the same run and database: the same number of rows fetched by an
indexed equality lookup on the same column (`search_key = ...`), the floor any search sits on.
The whole search page (people and events, rendered) is reported beside the same floor.
"""

from __future__ import annotations

import datetime
import random
import statistics
import time

from bench import Metric
from bench.database import throwaway_database

PEOPLE = 20_000
RUNS = 7
BASELINE = "indexed equality lookup"


def _people() -> list:
    from bench.names import generated_people
    from results.models import Person
    from results.text import fold

    candidates, _planted = generated_people(PEOPLE)
    return Person.objects.bulk_create(
        (
            Person(
                surname=c.surname,
                first_name=c.first_name,
                slug=f"p-{c.pk}",
                search_key=fold(f"{c.surname} {c.first_name or ''}".strip()),
            )
            for c in candidates
        ),
        batch_size=1000,
    )


def _seat_everyone(people: list) -> None:
    """Everyone drives in one published event: search lists people with a public result."""
    from results.models import Classification, CrewMember, Entry, Event, ResultImport

    event = Event.objects.create(
        name="Bench", slug="bench", date=datetime.date(2025, 1, 1), published=True
    )
    table = Classification.objects.create(event=event, slug="general")
    result_import = ResultImport.objects.create(
        classification=table, source_name="bench", sha256="0", source=b""
    )
    entries = Entry.objects.bulk_create(
        (
            Entry(
                classification=table,
                result_import=result_import,
                sheet_order=n,
                line=n + 1,
                position=n + 1,
            )
            for n in range(len(people) // 2)
        ),
        batch_size=1000,
    )
    CrewMember.objects.bulk_create(
        (
            CrewMember(entry=entries[n // 2], person=person, seat=n % 2 + 1, surname="X")
            for n, person in enumerate(people)
        ),
        batch_size=1000,
    )


def _queries(people: list, rng: random.Random) -> list[str]:
    picks = rng.sample(people, 6)
    queries = [p.surname[:3].lower() for p in picks[:2]]
    queries += [p.surname for p in picks[2:4]]
    queries += [f"{p.surname} {(p.first_name or 'J')[:2]}" for p in picks[4:]]
    queries += ["jean-m", "marie", "zzzqx"]
    return queries


def _median_ms(action, arguments: list, runs: int) -> float:
    for argument in arguments:
        action(argument)  # warm: plans, caches
    timings = []
    for _ in range(runs):
        for argument in arguments:
            started = time.perf_counter()
            action(argument)
            timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings)


def run() -> list[Metric]:
    with throwaway_database():
        return _measure()


def _measure() -> list[Metric]:
    from django.db import connection
    from django.test import Client

    from results.models import Person
    from results.services.listing import refresh_all_published_flags
    from results.views.search import PEOPLE_LIMIT, search_people

    people = _people()
    _seat_everyone(people)
    refresh_all_published_flags()  # seats written in bulk, past the write services
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    rng = random.Random(7)
    queries = _queries(people, rng)
    keys = [p.search_key for p in rng.sample(people, len(queries))]

    def search(text: str) -> None:
        list(search_people(text)[:PEOPLE_LIMIT])

    def floor(key: str) -> None:
        list(Person.objects.filter(search_key=key)[:PEOPLE_LIMIT])

    client = Client()

    def page(text: str) -> None:
        assert client.get("/fr/search/", {"q": text}).status_code == 200

    search_ms = _median_ms(search, queries, RUNS)
    floor_ms = _median_ms(floor, keys, RUNS)
    page_ms = _median_ms(page, queries, 3)
    return [
        Metric("person_search_20k_ms", search_ms, "ms", BASELINE, floor_ms),
        Metric("search_page_20k_ms", page_ms, "ms", BASELINE, floor_ms),
    ]
