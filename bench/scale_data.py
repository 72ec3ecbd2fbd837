"""A federation's archive, written into Postgres with COPY: the data `bench.scale` measures.

At scale 1: 40,000 events over 26 seasons, a Général table each and a VHC table for one in
four, about 4,000,000 entries (crews of two, groups and classes, class positions, retirements,
non-starters, exclusions, times and gaps, cars, clubs), 500,000 people (some surnames carry
many, a few regulars drive often), 200 championships of 12 rounds with their tables computed.
Three events are planted: a 1,000-entry and a 150-entry Général, and one person with 500
results. Everything else is drawn from a seeded generator: the same scale gives the same data.

Rows are written as COPY text, every column the model has: the ones named here given, the
others their field's default, so a field added later needs no change here. Secondary indexes
are dropped during the load and rebuilt after it (faster than keeping them up to date); foreign
keys are not checked while loading (`session_replication_role = replica`), the generator
writing only ids it made.
"""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from bench.importing import CARS, CLASSES, SURNAMES
from bench.names import FIRST_NAMES, random_surname

SEASONS = range(2000, 2026)
PLACES = (
    "Vesoul Lure Gray Langres Dole Autun Millau Rodez Albi Mende Aurillac Figeac Cahors "
    "Lodève Privas Annonay Die Gap Digne Embrun Barcelonnette Château-Chinon Clamecy Nevers "
    "Saint-Flour Le Puy Ambert Thiers Riom Issoire"
).split()
KINDS = ("Rallye", "Rallye régional", "Course de côte", "Slalom", "Rallye VHC", "Ronde")
DISCIPLINES = ("rally", "rally", "rally", "hill_climb", "slalom", "historic_rally", "circuit")
UNCLASSIFIED = ("retired", "retired", "retired", "dns", "dsq", "nc")
BIG, MEDIUM = 1000, 150  # the planted Général tables: events 1 and 2
BUSY_RESULTS = 500  # results of person 1


def sizes(scale: float) -> dict[str, int]:
    return {
        "events": max(50, round(40_000 * scale)),
        "people": max(2_000, round(500_000 * scale)),
        "championships": max(2, round(200 * scale)),
        "clubs": 60,
    }


# COPY text ------------------------------------------------------------------------------------


def _text(value: Any) -> str:
    if value is None:
        return r"\N"
    if value is True or value is False:
        return "t" if value else "f"
    if isinstance(value, (dict, list)):
        value = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, (bytes, memoryview)):
        return r"\\x" + bytes(value).hex()
    elif isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    elif not isinstance(value, str):
        return str(value)
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


class Table:
    """COPY of one model's rows: the columns given (`given`, by attname) in that order, every
    other concrete column its default."""

    def __init__(self, model, given: Iterable[str]):
        from django.db import connection

        self.model = model
        fields = {f.attname: f for f in model._meta.concrete_fields}
        self.given = list(given)
        rest = [f for name, f in fields.items() if name not in self.given and not f.primary_key]
        columns = [fields[name].column for name in self.given] + [f.column for f in rest]
        quoted = ", ".join(connection.ops.quote_name(c) for c in columns)
        self.sql = f"COPY {connection.ops.quote_name(model._meta.db_table)} ({quoted}) FROM STDIN"
        defaults = [_text(f.get_default()) for f in rest]
        self.suffix = "".join("\t" + value for value in defaults) + "\n"

    def write(self, rows: Iterable[tuple]) -> int:
        from django.db import connection

        written = 0
        with connection.cursor() as cursor, cursor.copy(self.sql) as copy:
            chunk: list[str] = []
            for row in rows:
                chunk.append("\t".join(map(_text, row)) + self.suffix)
                if len(chunk) == 20_000:
                    copy.write("".join(chunk))
                    written += len(chunk)
                    chunk = []
            copy.write("".join(chunk))
            written += len(chunk)
        return written


# The archive ----------------------------------------------------------------------------------


def build(scale: float, *, log=print) -> dict[str, int]:
    """Write the archive into the (empty, migrated) database; returns the row counts."""
    from django.db import connection, transaction

    from results.services.freshness import site_changed
    from results.services.listing import refresh_all_published_flags

    n = sizes(scale)
    rng = random.Random(20_26)
    counts: dict[str, int] = {}
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = replica")
        dropped = _drop_indexes()
        clubs = _clubs(n["clubs"])
        counts["clubs"] = len(clubs)
        people = _people(rng, n["people"])
        counts["people"] = len(people)
        log(f"   people: {len(people):,}")
        events = _events(rng, n["events"], clubs)
        counts["events"] = len(events)
        cars = _cars()
        counts.update(_results(rng, events, people, cars))
        log(f"   entries: {counts['entries']:,}, seats {counts['seats']:,}")
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = origin")
        # Seats written by COPY, past the write services that keep the flag (set before the
        # indexes are rebuilt: one set-based statement, no index to keep up to date).
        refresh_all_published_flags()
        _rebuild_indexes(dropped)
        _reset_sequences()
    with connection.cursor() as cursor:
        # As autovacuum leaves a database that has been running: statistics, and a visibility
        # map (index-only scans). VACUUM cannot run inside a transaction (a test's).
        cursor.execute("ANALYZE" if connection.in_atomic_block else "VACUUM ANALYZE")
    counts["championships"] = _championships(rng, events, n["championships"])
    with connection.cursor() as cursor:
        # The championships' tables too, written after the first pass: without statistics
        # the planner takes a table of 400 scopes for 25 and walks it row by row.
        for table in ("results_championship", "results_round", "results_scoringscope",
                      "results_standing"):  # fmt: skip
            verb = "ANALYZE" if connection.in_atomic_block else "VACUUM ANALYZE"
            cursor.execute(f"{verb} {table}")
    site_changed()
    return counts


def _drop_indexes() -> list[tuple[str, str]]:
    """The results tables' secondary indexes (not those behind a constraint): name, definition."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN "
            "('results_entry', 'results_crewmember', 'results_person', 'results_event', "
            "'results_classification', 'results_resultimport') AND indexname NOT IN "
            "(SELECT conname FROM pg_constraint)"
        )
        found = cursor.fetchall()
        for name, _definition in found:
            cursor.execute(f'DROP INDEX "{name}"')
    return found


def _rebuild_indexes(dropped: list[tuple[str, str]]) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL maintenance_work_mem = '256MB'")
        for _name, definition in dropped:
            cursor.execute(definition)


def _reset_sequences() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        for table in ("results_person", "results_event", "results_classification",
                      "results_resultimport", "results_entry", "results_crewmember"):  # fmt: skip
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT COALESCE(MAX(id), 1) FROM {table}))"
            )


def _clubs(count: int) -> list[int]:
    from results.models import Club

    made = Club.objects.bulk_create(Club(name=f"Club {i}") for i in range(1, count + 1))
    return [club.pk for club in made]


def _people(rng: random.Random, count: int) -> list[tuple[str, str]]:
    from results.models import Person
    from results.models.people import person_key
    from results.text import fold

    families = SURNAMES + [random_surname(rng) for _ in range(count // 4)]
    weights = [1 / (rank + 20) for rank in range(len(families))]
    surnames = rng.choices(families, weights, k=count)
    people = [(surname, rng.choice(FIRST_NAMES)) for surname in surnames]

    def rows() -> Iterator[tuple]:
        for pk, (surname, first) in enumerate(people, 1):
            key = person_key(surname, first)
            yield pk, surname, first, f"{fold(first)}-{fold(surname)}-{pk}".replace(" ", "-"), key

    Table(Person, ["id", "surname", "first_name", "slug", "search_key"]).write(rows())
    return people


def _events(rng: random.Random, count: int, clubs: list[int]) -> list[tuple[int, datetime.date]]:
    from results.models import Event
    from results.text import search_text

    per_season = count / len(SEASONS)
    events = []
    for pk in range(1, count + 1):
        season = SEASONS.start + min(len(SEASONS) - 1, int((pk - 1) / per_season))
        events.append((pk, datetime.date(season, 1, 1) + datetime.timedelta(rng.randrange(365))))

    def rows() -> Iterator[tuple]:
        for pk, date in events:
            place = rng.choice(PLACES)
            name = f"{rng.choice(KINDS)} de {place} {date.year}"
            published = pk <= 3 or rng.random() > 0.03
            club = rng.choice(clubs)
            discipline = rng.choice(DISCIPLINES)
            key = search_text(name, place)
            yield pk, name, f"ev-{pk}", date, place, discipline, published, club, key

    fields = ["id", "name", "slug", "date", "place", "discipline", "published", "club_id",
              "search_key"]  # fmt: skip
    Table(Event, fields).write(rows())
    return events


def _cars() -> list[tuple[int, str]]:
    from results.models import Car
    from results.text import fold

    return [(Car.objects.create(model=text, model_key=fold(text)).pk, text) for text in CARS]


def _group_class(text: str) -> tuple[str, str]:
    """`F2-14` -> (F2, 14), `FN3` -> (FN, 3), as the reader splits them."""
    if "-" in text:
        group, _, klass = text.partition("-")
        return group, klass
    klass = text.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return text[: len(text) - len(klass)], klass


def _results(rng, events, people, cars) -> dict[str, int]:
    """Classifications, their imports, entries and crew seats."""
    from results.models import Classification, CrewMember, Entry, ResultImport

    tables: list[tuple[int, int, str, int]] = []  # pk, event, slug, entries
    for pk, _date in events:
        general = {1: BIG, 2: MEDIUM}.get(pk, rng.randint(30, 152))
        tables.append((len(tables) + 1, pk, "general", general))
        if rng.random() < 0.25:
            tables.append((len(tables) + 1, pk, "vhc", rng.randint(10, 50)))
    names = {"general": "Général", "vhc": "VHC"}
    Table(Classification, ["id", "event_id", "slug", "name"]).write(
        (pk, event, slug, names[slug]) for pk, event, slug, _n in tables
    )
    now = datetime.datetime.now(datetime.UTC)
    given = [
        "id",
        "classification_id",
        "source_name",
        "sha256",
        "state",
        "created_at",
        "applied_at",
    ]
    Table(ResultImport, given).write(
        (pk, pk, "results.txt", "0" * 64, "applied", now, now) for pk, *_rest in tables
    )
    # Person 1 drives in the first 500 Général tables after the planted ones, seat 1.
    busy = {t[0] for t in tables if t[2] == "general" and t[1] > 2}
    busy = set(sorted(busy)[:BUSY_RESULTS])
    entry_fields = ["id", "classification_id", "result_import_id", "sheet_order", "line",
                    "number", "position", "status", "group", "klass", "class_position",
                    "club", "time_ms", "gap_ms", "car_id", "car_text"]  # fmt: skip
    seat_table = Table(CrewMember, ["entry_id", "seat", "person_id", "surname", "first_name"])
    shape = Shape(rng, cars)
    shape.people = len(people)
    entry_table = Table(Entry, entry_fields)
    counts = {"classifications": len(tables), "entries": 0, "seats": 0}
    entry = 0
    # One COPY at a time on a connection: entries, then their seats, a batch of tables each.
    for start in range(0, len(tables), 2_000):
        entries: list[tuple] = []
        seats: list[tuple] = []
        for pk, _event, _slug, size in tables[start : start + 2_000]:
            for order, values in enumerate(shape.standings(size)):
                entry += 1
                entries.append((entry, pk, pk, order, order + 1, order + 1, *values))
                for seat, person in enumerate(shape.crew(busy=order == 0 and pk in busy), 1):
                    seats.append((entry, seat, person, *people[person - 1]))
        counts["entries"] += entry_table.write(entries)
        counts["seats"] += seat_table.write(seats)
    return counts


class Shape:
    """One table's rows as a rally sheet has them: the classified crews in order with their
    times, gaps and class positions, then the retired, non-starters and excluded."""

    def __init__(self, rng: random.Random, cars: list[tuple[int, str]]):
        self.rng = rng
        self.cars = cars
        self.classes = [_group_class(text) for text in CLASSES]
        self.people = 0

    def standings(self, size: int) -> Iterator[tuple]:
        """(position, status, group, class, class position, club, time, gap, car, car text)"""
        rng = self.rng
        classified = size - sum(rng.random() < 0.12 for _ in range(size))
        leader = elapsed = rng.randrange(1_800_000, 7_200_000, 100)
        in_class: dict[tuple[str, str], int] = {}
        for order in range(size):
            group, klass = rng.choice(self.classes)
            car_id, car_text = rng.choice(self.cars)
            club = f"ASA {rng.choice(PLACES)}"
            if order < classified:
                elapsed += rng.randrange(0, 4000, 100)
                in_class[group, klass] = in_class.get((group, klass), 0) + 1
                yield (order + 1, "classified", group, klass, in_class[group, klass], club,
                       elapsed, elapsed - leader, car_id, car_text)  # fmt: skip
            else:
                status = rng.choice(UNCLASSIFIED)
                yield None, status, group, klass, None, club, None, None, car_id, car_text

    def crew(self, *, busy: bool) -> tuple[int, int]:
        """Two people: regulars (low ids) drive more often; person 1 only where planted."""
        count = self.people
        first = 1 if busy else 2 + int((count - 2) * self.rng.random() ** 2)
        second = 2 + int((count - 2) * self.rng.random())
        if second == first:
            second = 2 + (second - 1) % (count - 1)
        return first, second


def _championships(rng: random.Random, events, count: int) -> int:
    """Championships of 12 rounds in one season each, their tables computed."""
    from results.models import Event
    from results.services.championship_presets import create_from_preset
    from results.services.championships import recompute

    by_season: dict[int, list[int]] = {}
    for pk, date in events:
        by_season.setdefault(date.year, []).append(pk)
    presets = ("25-18", "regional", "10-8", "20-15")
    for n in range(1, count + 1):
        season = SEASONS.start + n % len(SEASONS)
        picked = rng.sample(by_season[season], min(12, len(by_season[season])))
        championship = create_from_preset(
            preset=presets[n % len(presets)],
            name=f"Championnat {n}",
            season=season,
            events=list(Event.objects.filter(pk__in=picked)),
            coefficients=[Decimal(1)] * len(picked),
            slug=f"champ-{n}",
        )
        recompute(championship)
    return count
