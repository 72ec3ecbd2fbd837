"""Likely duplicate people, found with blocking (never all pairs) and scored with rapidfuzz.

Kinds of evidence: the same name once accents and punctuation are set aside (`ANDRÉ`/`ANDRE`,
`BABAY Thierry.`), initials (`J.` ~ `Jean`, `J-Marie` ~ `Jean-Marie`), a missing first name,
one letter more, less or different in a surname or first name, surname and first name swapped.
Two people who took part in one event are never suggested: they are two people. Pairs an admin
said are different are never suggested again.

`find_pairs` is pure (candidates in, pairs out); `suggest_duplicates` reads the database.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from results.models import CrewMember, NotSamePerson, Person
from results.text import fold

_NOT_LETTERS = re.compile(r"[^a-z0-9]+")
# Below this length a one-letter difference is too likely between different names (`GY`/`GAY`).
_MIN_TYPO_LENGTH = 4

SAME = "same name"
INITIALS = "initials"
NO_FIRST_NAME = "no first name"
SURNAME_TYPO = "one letter in the surname"
FIRST_NAME_TYPO = "one letter in the first name"
SWAPPED = "surname and first name swapped"
# The least score a kind of evidence gives, whatever the string ratio says.
_FLOOR = {SAME: 100, SWAPPED: 95, INITIALS: 90, SURNAME_TYPO: 85, FIRST_NAME_TYPO: 85}


def normalise(text: str | None) -> str:
    """Folded, punctuation and hyphens as spaces: `J.-Rémi` → `j remi`, `Thierry.` → `thierry`."""
    return " ".join(_NOT_LETTERS.sub(" ", fold(text or "")).split())


@dataclass(frozen=True, slots=True)
class Candidate:
    pk: int
    surname: str
    first_name: str | None = None
    events: frozenset[int] = frozenset()
    cars: frozenset[int] = frozenset()
    partners: frozenset[int] = frozenset()
    entries: int = 0


@dataclass(frozen=True, slots=True)
class Pair:
    first: int
    second: int
    score: int
    reasons: tuple[str, ...]
    cars: frozenset[int] = field(default_factory=frozenset)
    partners: frozenset[int] = field(default_factory=frozenset)


def _is_initials(tokens: Sequence[str]) -> bool:
    return all(len(token) == 1 for token in tokens)


def first_names_relation(a: str, b: str) -> str | None:
    """How two normalised first names relate: SAME, INITIALS, NO_FIRST_NAME, a typo, or None."""
    if a == b:
        return SAME
    if not a or not b:
        return NO_FIRST_NAME
    ta, tb = a.split(), b.split()
    # Token by token, each equal or an initial of the other; a lone initial may stand for a
    # compound name (`J.` ~ `Jean-Luc`).
    short, long_ = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
    compatible = all(
        x == y or ((len(x) == 1 or len(y) == 1) and x[0] == y[0])
        for x, y in zip(short, long_[: len(short)], strict=True)
    )
    if compatible and (len(short) == len(long_) or _is_initials(short)):
        return INITIALS
    if min(len(a), len(b)) >= _MIN_TYPO_LENGTH and Levenshtein.distance(a, b, score_cutoff=1) <= 1:
        return FIRST_NAME_TYPO
    return None


def _relation(sa: str, fa: str, sb: str, fb: str) -> tuple[str, ...]:
    if fa and fb and sa == fb and fa == sb and sa != fa:
        return (SWAPPED,)
    first = first_names_relation(fa, fb)
    if sa == sb:
        return (first,) if first else ()
    if (
        min(len(sa), len(sb)) >= _MIN_TYPO_LENGTH
        and Levenshtein.distance(sa, sb, score_cutoff=1) <= 1
        and first in (SAME, INITIALS)
    ):
        return (SURNAME_TYPO,) if first == SAME else (SURNAME_TYPO, INITIALS)
    return ()


def score(a: Candidate, b: Candidate, reasons: Sequence[str], shared: int) -> int:
    full_a = normalise(f"{a.surname} {a.first_name or ''}")
    full_b = normalise(f"{b.surname} {b.first_name or ''}")
    base = max(fuzz.ratio(full_a, full_b), *(_FLOOR.get(r, 0) for r in reasons))
    # Cars and co-drivers in common make the same person likelier.
    return min(100, round(base) + 3 * min(shared, 3))


def _deletions(word: str) -> set[str]:
    """The word and every word one letter shorter: two words within one edit share one."""
    return {word} | {word[:i] + word[i + 1 :] for i in range(len(word))}


def _variant_pairs(words: Iterable[str]) -> set[tuple[str, str]]:
    """Pairs of distinct words that may be one edit apart (symmetric-deletion blocking)."""
    by_variant: dict[str, list[str]] = defaultdict(list)
    for word in words:
        if len(word.replace(" ", "")) >= _MIN_TYPO_LENGTH:
            for variant in _deletions(word):
                by_variant[variant].append(word)
    pairs = set()
    for group in by_variant.values():
        for i, x in enumerate(group):
            for y in group[i + 1 :]:
                if x != y:
                    pairs.add((x, y) if x < y else (y, x))
    return pairs


def candidate_pairs(
    people: Sequence[Candidate], *, names: Sequence[tuple[str, str]] | None = None
) -> set[tuple[int, int]]:
    """Indexes of the pairs worth scoring, by blocks: never the n² of all pairs.

    `names` are the people's normalised (surname, first name), when already computed.
    """
    if names is None:
        names = [(normalise(p.surname), normalise(p.first_name)) for p in people]
    groups: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for i, (surname, first_name) in enumerate(names):
        groups[surname][first_name].append(i)
    pairs: set[tuple[int, int]] = set()

    def join(xs: Sequence[int], ys: Sequence[int]) -> None:
        for x in xs:
            for y in ys:
                if x != y:
                    pairs.add((x, y) if x < y else (y, x))

    for firsts in groups.values():
        first_names = list(firsts)
        for members in firsts.values():
            join(members, members)  # accents, punctuation, homonyms
        by_letter: dict[str, list[str]] = defaultdict(list)
        for name in first_names:
            by_letter[name[:1]].append(name)
        for name in first_names:
            if not name:
                for other in first_names:
                    join(firsts[name], firsts[other])
            elif any(len(token) == 1 for token in name.split()):
                # `J.`, `J.L`, `J-Marie`: the names starting with that letter.
                for other in by_letter[name[0]]:
                    join(firsts[name], firsts[other])
        for x, y in _variant_pairs(first_names):
            join(firsts[x], firsts[y])

    for x, y in _variant_pairs(groups):
        gx, gy = groups[x], groups[y]
        by_letter: dict[str, list[str]] = defaultdict(list)
        for name in gy:
            by_letter[name[:1]].append(name)
        for name, members in gx.items():
            if name:
                for other in by_letter[name[0]]:
                    join(members, gy[other])

    for surname, firsts in groups.items():
        for first, members in firsts.items():
            swapped = groups.get(first, {}).get(surname) if first else None
            if swapped:
                join(members, swapped)
    return pairs


def find_pairs(
    people: Sequence[Candidate], *, not_same: Iterable[tuple[int, int]] = ()
) -> list[Pair]:
    """Likely duplicates among `people`, best first; never two people of one event."""
    refused = {(min(a, b), max(a, b)) for a, b in not_same}
    names = [(normalise(p.surname), normalise(p.first_name)) for p in people]
    found = []
    for i, j in candidate_pairs(people, names=names):
        a, b = people[i], people[j]
        if a.events & b.events:
            continue
        key = (min(a.pk, b.pk), max(a.pk, b.pk))
        if key in refused:
            continue
        reasons = _relation(*names[i], *names[j])
        if not reasons:
            continue
        cars, partners = a.cars & b.cars, a.partners & b.partners
        first, second = (a, b) if a.pk < b.pk else (b, a)
        found.append(
            Pair(
                first=first.pk,
                second=second.pk,
                score=score(a, b, reasons, len(cars) + len(partners)),
                reasons=reasons,
                cars=cars,
                partners=partners,
            )
        )
    found.sort(key=lambda p: (-p.score, p.first, p.second))
    return found


def load_candidates() -> list[Candidate]:
    """Every person with the events, cars and co-drivers of their crew seats: three queries."""
    seats = CrewMember.objects.values_list(
        "person_id", "entry_id", "entry__classification__event_id", "entry__car_id"
    )
    events, cars, entries = defaultdict(set), defaultdict(set), defaultdict(set)
    crews: dict[int, set[int]] = defaultdict(set)
    for person, entry, event, car in seats.iterator(chunk_size=5000):
        events[person].add(event)
        entries[person].add(entry)
        crews[entry].add(person)
        if car is not None:
            cars[person].add(car)
    partners: dict[int, set[int]] = defaultdict(set)
    for crew in crews.values():
        for person in crew:
            partners[person] |= crew - {person}
    return [
        Candidate(
            pk=pk,
            surname=surname,
            first_name=first_name,
            events=frozenset(events[pk]),
            cars=frozenset(cars[pk]),
            partners=frozenset(partners[pk]),
            entries=len(entries[pk]),
        )
        for pk, surname, first_name in Person.objects.values_list("pk", "surname", "first_name")
    ]


def suggest_duplicates(*, limit: int | None = 200) -> list[Pair]:
    """The likely duplicate pairs in the database, best first, at most `limit`."""
    not_same = NotSamePerson.objects.values_list("first_id", "second_id")
    pairs = find_pairs(load_candidates(), not_same=not_same)
    return pairs[:limit] if limit is not None else pairs


def mark_not_same(*, first: Person, second: Person, user=None) -> None:
    """Remember that two people are different: the pair is never suggested again."""
    first, second = sorted((first, second), key=lambda p: p.pk)
    try:
        with transaction.atomic():
            NotSamePerson.objects.get_or_create(first=first, second=second, defaults={"user": user})
    except IntegrityError:  # two clicks at once: the pair is remembered either way
        pass
