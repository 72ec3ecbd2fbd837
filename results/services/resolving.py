"""Read-only resolution of the people and cars a sheet names, against the database.

Nothing here writes: the results feed the import plan, which apply writes later.
"""

from __future__ import annotations

import functools
import operator
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from django.db import connection
from django.db.models import Q
from django.utils.text import slugify

from results.catalogue import CLASSIFIED
from results.models import CarMakeSpelling, Person, PersonRedirect, person_key
from results.services.plans import PlannedCar, PlannedPerson
from results.services.spellings import (
    mark_shared_spellings,
    match_by_alias,
    match_by_name,
    match_cars,
)
from results.text import fold

# Keeps IN lists well under every backend's bound on query parameters.
CHUNK = 2000


def chunked(items: Sequence[Any], size: int = CHUNK) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _in_one(items: Sequence[Any]) -> int:
    """The chunk for an `__in_array` lookup: all at once on Postgres (one array parameter)."""
    return max(len(items), 1) if connection.vendor == "postgresql" else CHUNK


def plan_people(
    entries: Sequence[Mapping[str, Any]],
) -> tuple[tuple[PlannedPerson, ...], list[tuple[int, ...]]]:
    """One plan item per distinct folded spelling, and each entry's crew as indexes into it.

    A spelling goes to the person its alias names, else to the oldest person with that folded
    name, else to a new person (with the slug it will get). A spelling an anonymisation erased
    is marked `erased`: the import must not keep it (`results.services.anonymising`).
    """
    people: list[dict] = []
    index: dict[str, int] = {}
    # Each spelling as written is folded once, however many seats it fills.
    by_spelling: dict[tuple[str, str | None], int] = {}
    crews: list[tuple[int, ...]] = []
    for entry in entries:
        crew = []
        for member in entry["crew"]:
            spelling = (member["surname"], member["first_name"])
            ref = by_spelling.get(spelling)
            if ref is None:
                key = person_key(*spelling)
                ref = index.get(key)
                if ref is None:
                    ref = index[key] = len(people)
                    people.append({"key": key, "surname": spelling[0], "first_name": spelling[1]})
                by_spelling[spelling] = ref
            crew.append(ref)
        crews.append(tuple(crew))

    keys = list(index)
    # Aliases include the digests an anonymisation leaves; names, the spellings several share.
    by_alias, erased = match_by_alias(keys)
    rest = [key for key in keys if key not in by_alias]
    by_name, shared = match_by_name(rest)

    new = []
    for item in people:
        key = item["key"]
        if key in by_alias:
            item.update(match="alias", person=by_alias[key], slug=None)
            if key in erased:
                item["erased"] = True
        elif key in by_name:
            item.update(match="name", person=by_name[key], slug=None)
        else:
            item.update(match="new", person=None, slug=None)
            new.append(item)
    _assign_slugs(new)
    mark_shared_spellings(people, shared)
    planned = tuple(
        PlannedPerson(**{**item, "candidates": tuple(item.get("candidates", ()))})
        for item in people
    )
    return planned, crews


_NOT_SLUG = re.compile(r"[^\w\s-]")
_SLUG_GAPS = re.compile(r"[-\s]+")


def slug_base(surname: str, first_name: str | None) -> str:
    text = fold(f"{first_name} {surname}" if first_name else surname)
    if text.isascii():
        # What `slugify` does to a folded ASCII name, with its patterns compiled once.
        slug = _SLUG_GAPS.sub("-", _NOT_SLUG.sub("", text)).strip("-_")
    else:
        slug = slugify(text)
    return slug[:100].strip("-") or "person"


def _slugs_taken(people: Q, redirects: Q) -> list[str]:
    """Slugs of people and old slugs of merged people, in one query."""
    return list(
        Person.objects.filter(people)
        .order_by()
        .values_list("slug", flat=True)
        .union(
            PersonRedirect.objects.filter(redirects).order_by().values_list("old_slug", flat=True)
        )
    )


def _assign_slugs(new: list[dict]) -> None:
    bases = [slug_base(item["surname"], item["first_name"]) for item in new]
    taken: set[str] = set()
    distinct = sorted(set(bases))
    # A merged-away person's slug still leads to the kept person: never give it out again.
    for chunk in chunked(distinct, _in_one(distinct)):
        taken.update(_slugs_taken(Q(slug__in_array=chunk), Q(old_slug__in_array=chunk)))
    repeated = Counter(bases)
    clashing = sorted(base for base in distinct if base in taken or repeated[base] > 1)
    for chunk in chunked(clashing, 100):
        people = functools.reduce(operator.or_, (Q(slug__startswith=f"{b}-") for b in chunk))
        moved = functools.reduce(operator.or_, (Q(old_slug__startswith=f"{b}-") for b in chunk))
        taken.update(_slugs_taken(people, moved))
    for item, base in zip(new, bases, strict=True):
        slug, n = base, 2
        while slug in taken:
            slug, n = f"{base}-{n}", n + 1
        taken.add(slug)
        item["slug"] = slug


def make_spellings() -> MakeSpellings:
    return MakeSpellings(dict(CarMakeSpelling.objects.values_list("spelling", "make_id")))


def split_car(text: str, spellings: Mapping[str, int]) -> tuple[int | None, str]:
    """(make id, model as written) for a car text: the longest known spelling at its start wins.

    `B.M.W. 318 iS` → (BMW, `318 iS`); `Alfa Romeo 75` → (Alfa Romeo, `75`); unknown → (None,
    the whole text).
    """
    words = text.split()
    folded = [fold(word) for word in words]
    longest = _longest(spellings)
    for size in range(min(longest, len(words)), 0, -1):
        make_id = spellings.get(" ".join(folded[:size]))
        if make_id is not None:
            return make_id, " ".join(words[size:])
    return None, " ".join(words)


def _longest(spellings: Mapping[str, int]) -> int:
    """The most words a known make spelling has (read once per sheet, not once per car)."""
    if isinstance(spellings, MakeSpellings):
        return spellings.longest
    return max((s.count(" ") + 1 for s in spellings), default=1)


class MakeSpellings(dict[str, int]):
    """Folded make spelling → make, knowing the most words a spelling has."""

    def __init__(self, spellings: Mapping[str, int]) -> None:
        super().__init__(spellings)
        self.longest = max((s.count(" ") + 1 for s in self), default=1)


def plan_cars(
    entries: Sequence[Mapping[str, Any]],
) -> tuple[tuple[PlannedCar, ...], list[int | None]]:
    """One plan item per distinct (make, folded model), and each entry's car as an index."""
    spellings = make_spellings()
    cars: list[dict] = []
    index: dict[tuple[int | None, str], int] = {}
    refs: list[int | None] = []
    # Each car text as written is split once, however many entries drive it.
    by_text: dict[str, int] = {}
    for entry in entries:
        text = (entry["car"] or "").strip()
        if not text:
            refs.append(None)
            continue
        ref = by_text.get(text)
        if ref is None:
            make_id, model = split_car(text, spellings)
            ident = (make_id, fold(model))
            ref = index.get(ident)
            if ref is None:
                ref = index[ident] = len(cars)
                cars.append({"make": make_id, "model": model, "key": ident[1], "car": None})
            by_text[text] = ref
        refs.append(ref)

    # Cars by their own spelling, or by one a car rename or merge left as an alias.
    existing = match_cars(sorted({car["key"] for car in cars}))
    planned = tuple(
        PlannedCar(**{**car, "car": existing.get((car["make"], car["key"]))}) for car in cars
    )
    return planned, refs


def class_positions(
    entries: Sequence[Mapping[str, Any]], *, order: Sequence[int] | None = None
) -> list[int | None]:
    """Rank of each classified entry within its class, the pair (group, class): the sheet's
    class position where it gives one, else the rank in sheet order; in `order` (the indexes
    of the entries as decisions ranked them again), always the rank in that order.

    N 2, FN 2 and R 2 are three classes. An entry with no class, or not classified, gets None.
    """
    seen: Counter[tuple[str, str]] = Counter()
    ranks: list[int | None] = [None] * len(entries)
    for index in order if order is not None else range(len(entries)):
        entry = entries[index]
        if entry["status"] != CLASSIFIED or not entry["class"]:
            continue
        klass = (entry["group"] or "", entry["class"])
        seen[klass] += 1
        given = entry.get("class_position") if order is None else None
        ranks[index] = given if isinstance(given, int) else seen[klass]
    return ranks
