"""Parse speed and memory on a generated 100,000-line sheet, next to Python's `csv.reader`.

The sheet has the shape of a real rally results table (sample 002's layout: position, number,
driver, club, co-driver, car, group, class, time, gap), with names, cars and classes drawn from
the samples' vocabulary and times that grow down the table.
"""

from __future__ import annotations

import csv
import io
import random
import time
import tracemalloc

from bench import Metric
from results.parsing import parse
from results.parsing.fields import format_ms

LINES = 100_000
HEADER = "| Clt | N° | Conducteur | Asa | Coéquipier | Voiture | Groupe | Classe | Temps | Ecarts |"
SURNAMES = (
    "ROUSSET GOSSET ARZENO ROCHE BRUNET BONICEL PLAN NICOLAS ANDRÉ MALHAUTIER CHAPELLE "
    "LAMOURET GOMBERT OLMI TURIERE VALENTIN DELPUECH GUEDJ ROCHÉ BROCOURT TRIBOUILLOIS ARNAUD "
    "CASTELBOU PRIVAT VEYRUN FRANÇOIS SOLANET MAURIN ALBIN MAZZEI CLAVELLOUX BEAL OTT NAVARRO"
).split()
FIRST_NAMES = (
    "Eric Jean-David Mathieu Romain Thierry Adrien Matthieu Arnaud Dorian Lionel Gérard "
    "Frédéric Ludovic Simone Paul Gaëtan Jean-Paul Jean-Luc David Gaël Laetitia Franck "
    "Christophe Guillaume Julien Aurélien Dimitry Olivier Jérémy Sophie Charles Célia"
).split()
CLUBS = ("LOZERE", "ISTRES", "ALES", "CASTINE", "CORBIERES", "BERRY", "HAUTE PROVENCE", '"66"')
CARS = (
    "CITROËN C4 WRC", "RENAULT Clio R3", "PEUGEOT 306 S16", "CITROËN C2", "PEUGEOT 207 S2000",
    "MITSUBISHI Lancer Evo9", "SKODA Fabia R5", "RENAULT Twingo R2", "B.M.W. 318 iS",
    "PORSCHE 997", "OPEL Kadett", "VOLKSWAGEN Golf GTI",
)  # fmt: skip
CLASSES = (
    ("FA", "8W"), ("R", "R3"), ("F2000", "14"), ("F2000", "13"), ("A", "7S"), ("FN", "4"),
    ("R", "R5"), ("R", "R2"), ("FA", "7"), ("FA", "6K"), ("GT", "10"), ("FN", "1"),
)  # fmt: skip


def _clock(ms: int) -> str:
    """`1:05:21,10`: the notation of sample 002."""
    hours, rest = divmod(ms // 10, 360_000)
    minutes, rest = divmod(rest, 6_000)
    return f"{hours}:{minutes:02d}:{rest // 100:02d},{rest % 100:02d}"


def make_sheet(lines: int = LINES, seed: int = 2024) -> bytes:
    rng = random.Random(seed)
    leader = 3_921_100
    rows = [HEADER]
    elapsed = leader
    for position in range(1, lines + 1):
        if position > 1:
            elapsed += rng.randrange(0, 4_000) * 10
        group, klass = rng.choice(CLASSES)
        gap = "" if position == 1 else format_ms(elapsed - leader, decimals=2, sep=",")
        rows.append(
            f"| {position} | {position + 1} | {rng.choice(SURNAMES)} {rng.choice(FIRST_NAMES)} | "
            f"{rng.choice(CLUBS)} | {rng.choice(SURNAMES)} {rng.choice(FIRST_NAMES)} | "
            f"{rng.choice(CARS)} | {group} | {klass} | {_clock(elapsed)} | {gap} |"
        )
    return "\n".join(rows).encode("utf-8")


def _best_of(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def _csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8")), delimiter="|"))


def _peak_mib(work) -> float:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def run() -> list[Metric]:
    data = make_sheet()
    lines = data.count(b"\n") + 1
    sheet = parse(data)
    assert len(sheet.entries) == LINES, len(sheet.entries)
    parse_seconds = _best_of(2, lambda: parse(data))
    csv_seconds = _best_of(5, lambda: _csv_rows(data))
    small = make_sheet(LINES // 10)
    peak = _peak_mib(lambda: parse(data))
    return [
        Metric("parse_lines_per_s", lines / parse_seconds, "lines/s", "csv.reader",
               lines / csv_seconds),
        Metric("parse_peak_memory_100k_lines", peak, "MiB", "csv.reader rows in memory",
               _peak_mib(lambda: _csv_rows(data))),
        # Memory grows linearly: the 10,000-line peak against a tenth of the 100,000-line one.
        Metric("parse_peak_memory_10k_lines", _peak_mib(lambda: parse(small)), "MiB",
               "1/10 of the 100,000-line peak", peak / 10),
    ]  # fmt: skip
