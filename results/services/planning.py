"""The import plan: exactly the rows apply will write, computed without writing any.

A plan is frozen values (`results.services.plans`, stored on the ResultImport as JSON), so it
can be recomputed at apply time and compared as a whole: any difference means the database
moved since the preview. Recomputing is most of what apply costs before it writes, so apply
first asks whether anything planning reads could have moved (`still_holds`): the plan keeps
the data version and the newest row of each table it read (`read_marks`), taken before it
read them; a write service bumps that version in the transaction it writes in, and a row
added by hand is a newer row. Only when they differ is the plan computed again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import connection

from results.catalogue import STORED, Kind
from results.models import (
    Car,
    CarAlias,
    CarMakeSpelling,
    Classification,
    CrewMember,
    DataVersion,
    Decision,
    Entry,
    Person,
    PersonAlias,
    PersonRedirect,
    ResultImport,
    SharedSpelling,
    Status,
)
from results.services.choices import Choices, check_choices
from results.services.decisions import Corrections, correct
from results.services.freshness import ALL
from results.services.plans import ImportPlan, PlannedEntry, PlannedPerson, Problem, Replaced
from results.services.resolving import class_positions, plan_cars, plan_people
from results.services.spellings import shared_spelling_warnings

# Sheet field → Entry field, for the text values a column length bounds, in the model's order.
_MODEL_ORDER = [f.name for f in Entry._meta.get_fields()]
_TEXT_FIELDS = {
    f.contract: f.model
    for f in sorted(STORED, key=lambda f: _MODEL_ORDER.index(f.model or ""))
    if f.kind is Kind.TEXT and f.contract and f.model
}


def plan_import(
    *,
    classification: Classification,
    entries: Sequence[Mapping[str, Any]],
    choices: Choices | None = None,
    people: tuple[tuple[PlannedPerson, ...], list[tuple[int, ...]]] | None = None,
    corrected: Corrections | None = None,
) -> ImportPlan:
    """What importing `entries` into the classification would write.

    `choices` says who a seat flagged `shared-spelling` is (see `results.services.choices`);
    `InvalidChoice` if one names no flagged seat or no candidate. Without a choice such a seat
    goes, as always, to the oldest person of that name. `people`, when given, is
    `plan_people(entries)` already computed.

    The classification's active decisions apply to the sheet (`results.services.decisions`;
    `corrected` when already applied to `entries`): the plan's class positions are those of
    the results as published, it lists the decisions applied, and warns on the rows where
    the sheet already includes a decision or contradicts it.
    """
    # Before anything is read: a write committed while planning reads moves the marks too.
    marks = read_marks()
    corrected = corrected or correct(classification, entries)
    # A value fixed in the preview may rename a crew member or change a car: the people and
    # cars are those of the records as published.
    read = corrected.entries
    if people is None or _crews_changed(entries, read):
        people = plan_people(read)
    people, crews = people
    cars, car_refs = plan_cars(read)
    ranks = class_positions(corrected.entries, order=corrected.order)
    plan = ImportPlan(
        classification=classification.pk,
        replaces=replaced(classification),
        people=people,
        cars=cars,
        entries=tuple(
            PlannedEntry(people=crew, car=car, class_position=rank)
            for crew, car, rank in zip(crews, car_refs, ranks, strict=True)
        ),
        problems=tuple(Problem(**problem) for problem in find_problems(read)),
        warnings=(*shared_spelling_warnings(people, read, crews), *corrected.warnings),
        decisions=corrected.applied,
        read=marks,
    )
    if choices:
        plan = plan.with_choices(check_choices(plan, read, choices))
    return plan


def replaced(classification: Classification) -> Replaced:
    """What applying into the classification replaces now: its entries and their imports."""
    imports = ResultImport.objects.applied_to(classification).order_by("pk")
    return Replaced(
        entries=Entry.objects.filter(classification=classification).count(),
        imports=tuple(imports.values_list("pk", flat=True)),
    )


#: The tables whose rows planning reads: who a spelling is (people, aliases, spellings several
#: share, slugs taken and left by merges), cars and their makes, and the decisions.
_READ = (
    Person,
    PersonAlias,
    SharedSpelling,
    PersonRedirect,
    Car,
    CarAlias,
    CarMakeSpelling,
    Decision,
)


def read_marks() -> tuple[int, ...]:
    """The site's data version and the newest row (highest pk) of each table planning reads,
    in one query of index look-ups: equal marks later mean no write service wrote since (each
    bumps the version in its own transaction, the admin too) and no row was added."""
    quote = connection.ops.quote_name
    newest = [
        f"(SELECT MAX({quote(model._meta.pk.column)}) FROM {quote(model._meta.db_table)})"
        for model in _READ
    ]
    version = (
        f"(SELECT {quote('version')} FROM {quote(DataVersion._meta.db_table)} "
        f"WHERE {quote('scope')} = %s)"
    )
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join([version, *newest])}", [ALL])
        row = cursor.fetchone()
    return tuple(value or 0 for value in row)


def still_holds(
    plan: ImportPlan, *, classification: Classification, corrected: Corrections
) -> bool:
    """Whether the plan is surely what planning would compute now, without computing it: the
    database's marks are those it was planned at, no decision is in play (a decision's text
    is not in the marks), and it replaces what the classification holds. False means only
    "plan again and compare"."""
    if not plan.read or plan.decisions or corrected.applied or corrected.warnings:
        return False
    return read_marks() == plan.read and replaced(classification) == plan.replaces


def _crews_changed(raw: Sequence[Mapping[str, Any]], read: Sequence[Mapping[str, Any]]) -> bool:
    return any(a.get("crew") != b.get("crew") for a, b in zip(raw, read, strict=True))


def plan_counts(plan: ImportPlan) -> dict[str, int]:
    matches = [person.match for person in plan.people]
    return {
        "entries": len(plan.entries),
        "people_matched": matches.count("name"),
        "people_matched_by_alias": matches.count("alias"),
        "people_new": matches.count("new"),
        "cars_new": sum(1 for car in plan.cars if car.car is None),
        "entries_replaced": plan.replaces.entries,
        "problems": len(plan.problems),
    }


def find_problems(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """What would make the write fail, found before any write: each names its line."""
    problems: list[dict[str, Any]] = []
    if not entries:
        problems.append({"line": None, "reason": "the sheet has no entries"})
    numbers: dict[str, int] = {}
    statuses = set(Status.values)
    name_length = CrewMember._meta.get_field("surname").max_length
    limits = [(key, Entry._meta.get_field(field).max_length) for key, field in _TEXT_FIELDS.items()]
    for entry in entries:
        line = entry["line"]
        number = "" if entry.get("number") is None else str(entry["number"])
        if number:
            if number in numbers:
                problems.append(
                    {
                        "line": line,
                        "reason": f"race number {number} is also on line {numbers[number]}",
                    }
                )
            else:
                numbers[number] = line
        if entry["status"] not in statuses:
            problems.append({"line": line, "reason": f"unknown status {entry['status']!r}"})
        for key, limit in limits:
            value = entry.get(key)
            if value is not None and len(str(value)) > limit:
                problems.append(
                    {"line": line, "reason": f"{key} is longer than {limit} characters"}
                )
        for member in entry["crew"]:
            names = (member["surname"] or "", member["first_name"] or "")
            if not names[0].strip():
                problems.append({"line": line, "reason": "a crew member has no surname"})
            if max(len(name) for name in names) > name_length:
                problems.append(
                    {"line": line, "reason": f"a name is longer than {name_length} characters"}
                )
    return problems
