"""Duplicate suggestions over 20,000 generated people, with blocking.

Baseline: the naive comparison of every pair with the same rules, over a 2,000-person subset,
scaled by (20,000 / 2,000)² to the full set; measured in the same run. Recall: the share of the
duplicates planted in the data (initials, typos, accents, swaps, missing first names) found.
"""

from __future__ import annotations

import random
import time

from bench import Metric

PEOPLE = 20_000
SUBSET = 2_000
BASELINE = "all pairs (2,000, scaled ×100)"

SYLLABLES = (
    "ba be bi bo bu da de di do du fa fe fi fo la le li lo lu ma me mi mo mu na ne ni no "
    "ra re ri ro ru sa se si so ta te ti to va ve vi vo ch gu qu tr br gr pl cl"
).split()
ENDINGS = ["", "t", "n", "d", "r", "s", "x", "z", "el", "et", "on", "ier", "and", "aud", "ot"]
FIRST_NAMES = (
    "Jean Pierre Michel André Philippe Alain Nicolas Christophe Patrick Stéphane Sébastien "
    "Julien Frédéric Laurent Olivier Éric Thierry David Marie Nathalie Isabelle Sylvie Céline "
    "Julie Sandrine Aurélie Émilie Camille Mathieu Romain Maxime Jérôme Cédric Loïc Jean-Luc "
    "Jean-Marie Anne-Sophie Paul Luc"
).split()


def random_surname(rng: random.Random) -> str:
    return ("".join(rng.choices(SYLLABLES, k=rng.randint(2, 3))) + rng.choice(ENDINGS)).upper()


def _typo(rng: random.Random, word: str) -> str:
    i = rng.randrange(1, len(word))
    return word[:i] + word[i + 1 :] if rng.random() < 0.5 else word[:i] + word[i] + word[i:]


def generated_people(count: int, *, seed: int = 2024):
    """People with a realistic spread of names (some surnames common), 1-3 events each, and
    about 3% planted duplicates of every kind. Returns (candidates, planted pairs of pks)."""
    from results.services.suggestions import Candidate

    rng = random.Random(seed)
    families = [random_surname(rng) for _ in range(count // 3)]
    # A few surnames carry many people, as MARTIN or BERNARD do (the first about 1%).
    weights = [1 / (rank + 30) for rank in range(len(families))]
    people: list[Candidate] = []
    planted: set[tuple[int, int]] = set()
    while len(people) < count:
        pk = len(people) + 1
        surname = rng.choices(families, weights)[0]
        first = rng.choice(FIRST_NAMES)
        events = frozenset(rng.sample(range(1, 400), rng.randint(1, 3)))
        people.append(Candidate(pk=pk, surname=surname, first_name=first, events=events))
        if rng.random() < 0.03 and len(people) < count:
            kind = rng.randrange(5)
            twin_surname, twin_first = surname, first
            if kind == 0:
                twin_first = first[0] + "."
            elif kind == 1:
                twin_surname = _typo(rng, surname)
            elif kind == 2:
                twin_first = first.upper() + "."
            elif kind == 3:
                twin_surname, twin_first = first.upper(), surname.capitalize()
            else:
                twin_first = None
            other = frozenset({rng.randrange(400, 800)})
            people.append(
                Candidate(pk=pk + 1, surname=twin_surname, first_name=twin_first, events=other)
            )
            planted.add((pk, pk + 1))
    return people, planted


def _naive(people) -> list[tuple[int, int]]:
    from results.services.suggestions import _relation, normalise

    # The same rules on every pair, names normalised once as the blocked path does.
    names = [(normalise(p.surname), normalise(p.first_name)) for p in people]
    found = []
    for i, a in enumerate(people):
        for j in range(i + 1, len(people)):
            b = people[j]
            if not (a.events & b.events) and _relation(*names[i], *names[j]):
                found.append((a.pk, b.pk))
    return found


def run() -> list[Metric]:
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    django.setup()
    from results.services.suggestions import find_pairs

    people, planted = generated_people(PEOPLE)
    started = time.perf_counter()
    pairs = find_pairs(people)
    blocked = time.perf_counter() - started

    subset = people[:SUBSET]
    started = time.perf_counter()
    naive_pairs = _naive(subset)
    naive = (time.perf_counter() - started) * (PEOPLE / SUBSET) ** 2

    found = {(p.first, p.second) for p in pairs}
    in_subset = {pair for pair in planted if pair[1] <= SUBSET}
    subset_found = {(p.first, p.second) for p in find_pairs(subset)}
    return [
        Metric("suggestions_20k_people_s", blocked, "s", BASELINE, naive),
        Metric(
            "suggestions_planted_recall",
            len(found & planted) / len(planted),
            "share",
            "all pairs on the 2,000 subset",
            len(set(naive_pairs) & in_subset) / max(1, len(in_subset)),
        ),
        Metric(
            "suggestions_subset_pairs",
            len(subset_found),
            "pairs",
            "all pairs on the 2,000 subset",
            len(naive_pairs),
        ),
    ]
