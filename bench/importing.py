"""Import speed: a generated 10,000-entry sheet through preview and apply.

Baseline: the same Entry rows written raw, with no people or car resolution, in the same run
and database: a `COPY ... FROM STDIN` on Postgres (the fastest way rows get in there), a
`bulk_create` on SQLite (which has no COPY).
"""

from __future__ import annotations

import datetime
import random
import time

from bench import Metric
from bench.database import throwaway_database

ENTRIES = 10_000
BASELINE = "bulk_create Entry rows"

SURNAMES = [
    "MARTIN",
    "BERNARD",
    "DUBOIS",
    "THOMAS",
    "ROBERT",
    "RICHARD",
    "PETIT",
    "DURAND",
    "LEROY",
    "MOREAU",
    "SIMON",
    "LAURENT",
    "LEFEBVRE",
    "MICHEL",
    "GARCIA",
    "DAVID",
    "BERTRAND",
    "ROUX",
    "VINCENT",
    "FOURNIER",
    "MOREL",
    "GIRARD",
    "ANDRÉ",
    "LEFÈVRE",
    "MERCIER",
    "DUPONT",
    "LAMBERT",
    "BONNET",
    "FRANÇOIS",
    "MARTINEZ",
    "LEGRAND",
    "GARNIER",
    "FAURE",
    "ROUSSEAU",
    "BLANC",
    "GUÉRIN",
    "MULLER",
    "HENRY",
    "ROUSSEL",
    "NICOLAS",
    "PERRIN",
    "MORIN",
    "MATHIEU",
    "CLÉMENT",
    "GAUTHIER",
    "DUMONT",
    "LOPEZ",
    "FONTAINE",
    "CHEVALIER",
    "ROBIN",
    "MASSON",
    "SANCHEZ",
    "GÉRARD",
    "NGUYEN",
    "BOYER",
    "DENIS",
    "LEMAIRE",
    "DUVAL",
    "JOLY",
]
FIRST_NAMES = [
    "Jean",
    "Pierre",
    "Michel",
    "André",
    "Philippe",
    "Alain",
    "Nicolas",
    "Christophe",
    "Patrick",
    "Stéphane",
    "Sébastien",
    "Julien",
    "Frédéric",
    "Laurent",
    "Olivier",
    "Éric",
    "Thierry",
    "David",
    "Marie",
    "Nathalie",
    "Isabelle",
    "Sylvie",
    "Céline",
    "Julie",
    "Sandrine",
    "Aurélie",
    "Émilie",
    "Camille",
    "Laetitia",
    "Mathieu",
    "Romain",
    "Maxime",
    "Jérôme",
    "Cédric",
    "Loïc",
]
CARS = (
    "Peugeot 106 S16",
    "Peugeot 206 RC",
    "Peugeot 306 S16",
    "PEUGEOT 208 R2",
    "Citroën Saxo VTS",
    "Citroën C2 R2",
    "CITROËN DS3 R3",
    "Renault Clio Williams",
    "Renault Clio R3",
    "RENAULT Twingo R2",
    "BMW M3 E30",
    "B.M.W. 318 iS",
    "Mitsubishi Lancer Evo IX",
    "Subaru Impreza WRX",
    "Ford Escort Cosworth",
    "Ford Fiesta R5",
    "Škoda Fabia R5",
    "Volkswagen Golf 2 GTI",
    "VW Polo GTI",
    "Honda Civic Type R",
    "Opel Kadett GSI",
    "Porsche 911 GT3",
    "Toyota Celica GT4",
    "Alpine A110",
    "Lancia Delta HF",
    "Simca Rallye 2",
)
CLASSES = ("N2", "N3", "N4", "FN2", "FN3", "A6", "A7", "A8", "F2-13", "F2-14", "R2", "R3", "GT10")


def generated_sheet(count: int, *, seed: int = 2024) -> bytes:
    """A rally results table shaped like sample 001: crews of two, cars, group/class, times."""
    rng = random.Random(seed)
    lines = ["| Cl. | N° | Pilote/ Copilote | Voiture | Gr/Cl | Temps | Ecart |"]
    elapsed = leader = 3_600_000  # the leader's time is set on the first line
    for position in range(1, count + 1):
        crew = "/".join(
            f"{rng.choice(SURNAMES)}-{rng.choice(SURNAMES)} {rng.choice(FIRST_NAMES)}"
            for _ in range(2)
        )
        elapsed += rng.randrange(0, 4000, 100)
        if position == 1:
            leader = elapsed
        gap = "" if position == 1 else "+" + clock(elapsed - leader)
        lines.append(
            f"| {position} | {position} | {crew} | {rng.choice(CARS)} | {rng.choice(CLASSES)} "
            f"| {clock(elapsed)} | {gap} |"
        )
    return ("\n".join(lines) + "\n").encode()


def clock(ms: int) -> str:
    """`1:05:21,1`: hours, minutes, seconds and tenths, as the generated sheets write times."""
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{hours}:{minutes:02d}:{rest // 1000:02d},{rest % 1000 // 100}"


def run() -> list[Metric]:
    with throwaway_database():
        return _measure(ENTRIES)


def _measure(count: int) -> list[Metric]:
    from django.db import connection, transaction

    from results.models import Classification, Entry, Event
    from results.services.importing import apply_import, preview_import

    event = Event.objects.create(name="Bench", slug="bench", date=datetime.date(2025, 1, 1))
    target = Classification.objects.create(event=event, slug="general")
    raw = Classification.objects.create(event=event, name="Raw", slug="raw")
    data = generated_sheet(count)

    started = time.perf_counter()
    result_import = preview_import(classification=target, data=data, source_name="bench.txt")
    previewed = time.perf_counter()
    apply_import(result_import)
    applied = time.perf_counter()
    assert Entry.objects.filter(classification=target).count() == count

    rows = raw_entry_rows(result_import, raw)
    baseline_started = time.perf_counter()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            _copy(rows)
            name = "COPY Entry rows"
        else:
            Entry.objects.bulk_create(rows)
            name = BASELINE
    baseline = count / (time.perf_counter() - baseline_started)
    assert Entry.objects.filter(classification=raw).count() == count

    return [
        Metric("import_entries_per_s", count / (applied - started), "entries/s", name, baseline),
        Metric("apply_entries_per_s", count / (applied - previewed), "entries/s", name, baseline),
    ]


def raw_entry_rows(result_import, classification) -> list:
    """The baseline's rows: the import's entries as bare Entry rows (no people, cars or
    class positions resolved), for `classification`."""
    from results.services.writing import entry_row

    return [
        entry_row(
            entry,
            order=order,
            classification=classification,
            result_import=result_import,
            car_id=None,
            class_position=None,
            issues=[],
        )
        for order, entry in enumerate(result_import.sheet["entries"])
    ]


def _copy(rows: list) -> None:
    """Postgres COPY of unsaved Entry objects, every column as Django would write it."""
    from django.db import connection

    from results.models import Entry

    fields = [f for f in Entry._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    table = connection.ops.quote_name(Entry._meta.db_table)
    with (
        connection.cursor() as cursor,
        cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
    ):
        for row in rows:
            values = [f.get_db_prep_save(getattr(row, f.attname), connection) for f in fields]
            copy.write_row(values)
