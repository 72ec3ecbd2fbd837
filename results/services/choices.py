"""The organiser's choice of person for a seat whose spelling several people share.

A split leaves a spelling on both halves (`SharedSpelling`), and homonyms share one folded
name: the plan gives such a spelling its `candidates`, and every seat spelled that way is
flagged `shared-spelling` in the preview. The organiser may say, seat by seat, which candidate
it is. A choice is `(sheet_order, seat) → person pk`: `sheet_order` is the entry's 0-based index
in the sheet (as `Entry.sheet_order`), `seat` is 1-based (1 = driver).

The default, without a choice, is what imports always did: the seat goes to the person its
spelling matches by name, the oldest person of that name (the plan item's `person`; after a
split, the person split from when both halves kept the name). An alias of the spelling settles
it for good: the seat is then not flagged at all.

Stored form, on `ResultImport.choices` and as the plan's `choices` (the plan apply compares):
`Choice`s in sheet order (`results.services.plans`), as JSON a list of `{"entry", "line",
"seat", "person"}`, absent from a plan without any.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from results.models.people import person_name
from results.services.errors import InvalidChoice
from results.services.plans import Choice, ImportPlan

#: (sheet_order, seat) → the chosen person's pk.
Choices = Mapping[tuple[int, int], int]


def flagged_seats(plan: ImportPlan | None) -> dict[tuple[int, int], list[int]]:
    """(sheet_order, seat) → the candidate people's pks, for every seat there is a choice on."""
    if not plan:
        return {}
    people = plan.people
    seats = {}
    for order, row in enumerate(plan.entries):
        for seat, ref in enumerate(row.people, 1):
            candidates = people[ref].candidates
            if candidates:
                seats[(order, seat)] = list(candidates)
    return seats


def check_choices(
    plan: ImportPlan, entries: Sequence[Mapping[str, Any]], choices: Choices
) -> tuple[Choice, ...]:
    """The choices in their stored form, or `InvalidChoice` naming the line of each bad one.

    A choice must name a flagged seat of the plan and one of that seat's candidates.
    """
    seats = flagged_seats(plan)
    stored: list[Choice] = []
    problems: list[dict[str, Any]] = []
    for (order, seat), person in choices.items():
        line = entries[order]["line"] if _is_int(order) and 0 <= order < len(entries) else None
        candidates = seats.get((order, seat))
        if candidates is None:
            problems.append(
                {"line": line, "reason": f"seat {seat} of entry {order} has no one to choose"}
            )
        elif not _is_int(person) or person not in candidates:
            member = entries[order]["crew"][seat - 1]
            name = person_name(member["surname"], member["first_name"])
            listed = ", ".join(str(pk) for pk in candidates)
            problems.append(
                {
                    "line": line,
                    "reason": f"{person!r} is not one of the people spelled {name} ({listed})",
                }
            )
        else:
            stored.append(Choice(entry=order, line=line, seat=seat, person=person))
    if problems:
        raise InvalidChoice("a choice of person is not one of the candidates", problems=problems)
    return tuple(sorted(stored, key=lambda choice: (choice.entry, choice.seat)))


def by_seat(stored: Iterable[Choice] | None) -> dict[tuple[int, int], int]:
    """The stored form back to `(sheet_order, seat) → person`."""
    return {(c.entry, c.seat): c.person for c in stored or ()}


def still_valid(
    plan: ImportPlan,
    entries: Sequence[Mapping[str, Any]],
    stored: Iterable[Choice] | None,
) -> tuple[Choice, ...]:
    """Earlier choices that still hold on a new plan: same seat, same line, still a candidate.

    For an older import read again: a person merged away since, or a spelling an alias now
    settles, leaves the seat to the default (or to a new choice on the preview).
    """
    seats = flagged_seats(plan)
    return tuple(
        choice
        for choice in stored or ()
        if choice.person in seats.get((choice.entry, choice.seat), ())
        and entries[choice.entry]["line"] == choice.line
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
