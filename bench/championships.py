"""Championship recompute: a season of 20 events × 150 entries, rules of the regional preset.

Baseline: the same entry and crew rows loaded in the same two queries and summed per person
by a plain loop (points by overall place, nothing else): the floor any recompute sits on.

Two figures: a recompute whose inputs are those of the stored tables (most are: a rename
elsewhere, the same sheet imported twice), which reads and digests the season and stops, and
one after a change (round 1's coefficient toggled between runs), which computes the tables and
writes them whole. The three are timed in turns (`_measure`).
"""

from __future__ import annotations

import datetime
import random
import statistics
import time
from collections import defaultdict

from bench import Metric
from bench.database import throwaway_database

EVENTS = 20
ENTRIES = 150
RUNS = 7
BASELINE = "load rows + plain points loop"
CLASSES = (("N", "2"), ("N", "3"), ("FN", "4"), ("A", "7"), ("FA", "7"), ("F2", "14"))


def _season(rng: random.Random):
    from results.models import (
        Classification,
        CrewMember,
        Entry,
        Event,
        Person,
        ResultImport,
    )
    from results.services.championship_presets import create_from_preset

    # A pool of 400 people, so crews meet again from event to event as in a real season.
    people = Person.objects.bulk_create(
        Person(surname=f"PILOTE{i}", first_name="Jean", slug=f"p-{i}", search_key=f"pilote{i}")
        for i in range(400)
    )
    events = Event.objects.bulk_create(
        Event(
            name=f"Rallye {n}",
            slug=f"rallye-{n}",
            date=datetime.date(2025, 1, 1) + datetime.timedelta(days=7 * n),
            published=True,
        )
        for n in range(EVENTS)
    )
    tables = Classification.objects.bulk_create(
        Classification(event=event, slug="general") for event in events
    )
    imports = ResultImport.objects.bulk_create(
        ResultImport(classification=table, source_name="bench", sha256="0", source=b"")
        for table in tables
    )
    entries, seats = [], []
    for table, result_import in zip(tables, imports, strict=True):
        crews = rng.sample(range(0, 400, 2), ENTRIES)
        for order, crew in enumerate(crews):
            group, klass = rng.choice(CLASSES)
            status = "retired" if rng.random() < 0.1 else "classified"
            entries.append(
                Entry(
                    classification=table,
                    result_import=result_import,
                    sheet_order=order,
                    line=order + 1,
                    number=order + 1,
                    position=order + 1 if status == "classified" else None,
                    status=status,
                    group=group,
                    klass=klass,
                )
            )
            seats.append((people[crew].pk, people[crew + 1].pk))
    created = Entry.objects.bulk_create(entries, batch_size=500)
    CrewMember.objects.bulk_create(
        (
            CrewMember(entry=entry, person_id=person, seat=seat, surname="X")
            for entry, pair in zip(created, seats, strict=True)
            for seat, person in enumerate(pair, 1)
        ),
        batch_size=1000,
    )
    championship = create_from_preset(preset="regional", name="Bench", season=2025, events=events)
    championship.best_results = 8
    championship.save()
    return championship, [table.pk for table in tables]


def _baseline(table_ids: list[int]) -> None:
    from results.models import CrewMember, Entry

    scale = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
    crews = defaultdict(list)
    for entry_id, person_id in CrewMember.objects.filter(
        entry__classification_id__in=table_ids
    ).values_list("entry_id", "person_id"):
        crews[entry_id].append(person_id)
    totals: dict[int, int] = defaultdict(int)
    for pk, position in Entry.objects.filter(classification_id__in=table_ids).values_list(
        "pk", "position"
    ):
        if position is not None and position <= len(scale):
            for person in crews[pk]:
                totals[person] += scale[position - 1]


def _ms(function, *args) -> float:
    started = time.perf_counter()
    function(*args)
    return (time.perf_counter() - started) * 1000


def _measure(championship_id: int, table_ids: list[int]) -> tuple[float, float, float]:
    """Median ms of a recompute that changes nothing, of one after a change of round 1's
    coefficient (made outside the timing), and of the baseline: timed in turns, so that the
    machine's speed, which drifts within seconds, weighs on all three alike."""
    from results.models import Round
    from results.services.championships import recompute

    first = Round.objects.filter(championship_id=championship_id).order_by("order")[:1]
    unchanged: list[float] = []
    changed: list[float] = []
    baseline: list[float] = []
    for run in range(RUNS):
        unchanged.append(_ms(recompute, championship_id))
        baseline.append(_ms(_baseline, table_ids))
        Round.objects.filter(pk__in=first).update(coefficient=2 if run % 2 == 0 else 1)
        changed.append(_ms(recompute, championship_id))
        baseline.append(_ms(_baseline, table_ids))
    return statistics.median(unchanged), statistics.median(changed), statistics.median(baseline)


def run() -> list[Metric]:
    with throwaway_database():
        from results.models import Standing
        from results.services.championships import recompute

        championship, table_ids = _season(random.Random(2025))
        recompute(championship)
        assert Standing.objects.filter(championship=championship).exists()
        _baseline(table_ids)  # the same warm start as the recompute's
        recompute_ms, changed_ms, baseline_ms = _measure(championship.pk, table_ids)
    name = f"{EVENTS}x{ENTRIES}"
    return [
        Metric(f"championship_recompute_{name}_ms", recompute_ms, "ms", BASELINE, baseline_ms),
        Metric(
            f"championship_recompute_changed_{name}_ms", changed_ms, "ms", BASELINE, baseline_ms
        ),
    ]
