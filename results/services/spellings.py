"""What an import's resolution asks of name fixes (read-only): aliases (erased spellings
included), spellings several people share, car aliases. Kept apart so resolving and planning
change by a few lines, and cost no more queries than before.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import connection
from django.db.models import Q, Value

from results.models import Car, Person, PersonAlias, SharedSpelling
from results.models.people import person_name
from results.services.plans import PlannedPerson, PlanWarning

# Alias lookups send each key and its erased form: half the usual chunk keeps the IN list short.
CHUNK = 1000
ERASED_PREFIX = "erased:"


def _chunks(items: Sequence[Any]) -> Iterable[Sequence[Any]]:
    # Postgres takes any number of keys as one array (`__in_array`): one query per kind.
    size = max(len(items), 1) if connection.vendor == "postgresql" else CHUNK
    for start in range(0, len(items), size):
        yield items[start : start + size]


def erased_key(key: str) -> str:
    """The alias key an anonymisation leaves for a spelling: a digest, never the spelling."""
    return ERASED_PREFIX + hashlib.sha256(key.encode()).hexdigest()


def match_by_alias(keys: Sequence[str]) -> tuple[dict[str, int], set[str]]:
    """Spelling key → person, through an alias of the key or the digest an anonymisation left
    (an alias of the key itself wins); and the keys found through such a digest alone: spellings
    of an anonymised person."""
    plain: dict[str, int] = {}
    erased: dict[str, int] = {}
    for chunk in _chunks(list(keys)):
        by_erased = {erased_key(key): key for key in chunk}
        rows = PersonAlias.objects.filter(key__in_array=[*chunk, *by_erased]).values_list(
            "key", "person_id"
        )
        for key, pk in rows:
            if key in by_erased:
                erased[by_erased[key]] = pk
            else:
                plain[key] = pk
    return {**erased, **plain}, set(erased) - set(plain)


def match_by_name(keys: Sequence[str]) -> tuple[dict[str, int], dict[str, list[int]]]:
    """Spelling key → the oldest person of that name; and the keys several people share.

    Shared: homonyms (one folded name, several people) and spellings a split left on both
    people. One query per chunk for both answers.
    """
    by_name: dict[str, int] = {}
    people: dict[str, set[int]] = defaultdict(set)
    for chunk in _chunks(list(keys)):
        # Two index lookups in one round trip: an OR across the join would read every person.
        named = Person.objects.filter(search_key__in_array=chunk).annotate(shared=Value(False))
        sharing = SharedSpelling.objects.filter(key__in_array=chunk).annotate(shared=Value(True))
        rows = (
            named.order_by()
            .values_list("search_key", "pk", "shared")
            .union(sharing.order_by().values_list("key", "person_id", "shared"), all=True)
        )
        for key, pk, shared in rows:
            if not shared:
                # The oldest person with a homonym key wins.
                by_name[key] = min(pk, by_name.get(key, pk))
            people[key].add(pk)
    shared = {key: sorted(pks) for key, pks in people.items() if len(pks) > 1}
    return by_name, shared


def mark_shared_spellings(people: list[dict], shared: Mapping[str, list[int]]) -> None:
    """Add `candidates` to plan items matched by name whose spelling several people share."""
    for item in people:
        if item["match"] == "name" and item["key"] in shared:
            item["candidates"] = shared[item["key"]]


def shared_spelling_warnings(
    people: Sequence[PlannedPerson], entries: Sequence[Mapping[str, Any]], crews: Sequence
) -> tuple[PlanWarning, ...]:
    """One warning per line naming a spelling several people share: the preview asks to choose.

    Without the organiser's choice for the seat (`results.services.choices`), apply lands such
    a spelling on the oldest of them; an alias decides for good.
    """
    warnings = []
    for entry, crew in zip(entries, crews, strict=True):
        for ref in crew:
            item = people[ref]
            if item.candidates:
                name = person_name(item.surname, item.first_name)
                warnings.append(
                    PlanWarning(
                        line=entry["line"],
                        code="shared-spelling",
                        people=item.candidates,
                        reason=(
                            f"{name} may be {len(item.candidates)} different people: "
                            "choose who this is (an alias of that spelling decides)"
                        ),
                    )
                )
    return tuple(warnings)


def match_cars(keys: Sequence[str]) -> dict[tuple[int | None, str], int]:
    """(make, folded model) → car: the car's own key, or an alias a car rename or merge left.

    One query per chunk for both; a car's own key wins over an alias of the same spelling.
    """
    found: dict[tuple[int | None, str], int] = {}
    aliased: dict[tuple[int | None, str], int] = {}
    for chunk in _chunks(list(keys)):
        wanted = set(chunk)
        rows = (
            Car.objects.filter(Q(model_key__in_array=chunk) | Q(aliases__model_key__in_array=chunk))
            .order_by()
            .values_list("make_id", "model_key", "pk", "aliases__make_id", "aliases__model_key")
        )
        for make_id, key, pk, alias_make_id, alias_key in rows:
            if key in wanted:
                found[(make_id, key)] = pk
            if alias_key in wanted:
                aliased[(alias_make_id, alias_key)] = pk
    return {**aliased, **found}
