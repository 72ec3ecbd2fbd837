"""The import plan as typed values: exactly the rows apply will write, as planning found them.

`results.services.planning` computes an `ImportPlan`; preview, choosing people, apply, the
writer and the preview page read its attributes, so a misspelt name is an `AttributeError` at
once rather than a `KeyError` on some later path. Every class is frozen and slotted: a plan is
compared as a whole (apply recomputes it, when the database moved since the preview, and
refuses if anything in it changed).

`ResultImport.plan` keeps the plan's JSON: `ImportPlan.to_json()` writes it and
`ImportPlan.from_json()` reads it back, strictly: a key it does not know, or a required one
missing, is a `PlanShapeError` naming it. Plans stored before these classes existed read
as well: the shape is the same, and the keys added since have defaults (`warnings`, absent
from the first plans; `choices`, `erased` and `candidates`, written only when they hold
something, as before; `decisions` and `read` likewise).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Literal, TypeVar

Match = Literal["name", "alias", "new"]
T = TypeVar("T")


class PlanShapeError(ValueError):
    """A stored plan (or a part of it) is not in a shape this code knows."""


@functools.cache
def _names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


def _read(cls: type[T], data: Mapping[str, Any], **convert: Any) -> T:
    """`cls` from a JSON object with exactly its fields (those with a default may be absent)."""
    if not isinstance(data, Mapping):
        raise PlanShapeError(f"{cls.__name__}: expected an object, got {type(data).__name__}")
    unknown = data.keys() - _names(cls)
    if unknown:
        raise PlanShapeError(f"{cls.__name__}: unknown key(s) {', '.join(sorted(unknown))}")
    try:
        values = {
            key: convert[key](value) if key in convert else value for key, value in data.items()
        }
        return cls(**values)
    except TypeError as exc:  # a required key missing, a list that is not one
        raise PlanShapeError(f"{cls.__name__}: {exc}") from None


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@dataclass(frozen=True, slots=True)
class PlannedPerson:
    """One distinct folded spelling of the sheet, and who it will be."""

    key: str
    surname: str
    first_name: str | None
    match: Match
    #: The person the spelling goes to; None for a new person.
    person: int | None
    #: The slug a new person will get; None for a known one.
    slug: str | None
    #: Found through the digest an anonymisation left: the import must not keep the spelling.
    erased: bool = False
    #: The people a spelling several share may be (the organiser may choose); empty if none.
    candidates: tuple[int, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlannedPerson:
        return _read(cls, data, candidates=_ints)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "surname": self.surname,
            "first_name": self.first_name,
            "match": self.match,
            "person": self.person,
            "slug": self.slug,
        }
        if self.erased:
            out["erased"] = True
        if self.candidates:
            out["candidates"] = list(self.candidates)
        return out


@dataclass(frozen=True, slots=True)
class PlannedCar:
    """One distinct (make, folded model) of the sheet, and the car it is, if known."""

    make: int | None
    model: str
    key: str
    #: The existing car; None for a car apply creates.
    car: int | None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlannedCar:
        return _read(cls, data)

    def to_json(self) -> dict[str, Any]:
        return {"make": self.make, "model": self.model, "key": self.key, "car": self.car}


@dataclass(frozen=True, slots=True)
class PlannedEntry:
    """One record of the sheet: its crew and car as indexes into the plan's people and cars."""

    people: tuple[int, ...]
    car: int | None
    class_position: int | None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlannedEntry:
        return _read(cls, data, people=_ints)

    def to_json(self) -> dict[str, Any]:
        return {"people": list(self.people), "car": self.car, "class_position": self.class_position}


@dataclass(frozen=True, slots=True)
class Replaced:
    """What applying replaces: the classification's entries, and the imports that wrote them."""

    entries: int
    imports: tuple[int, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Replaced:
        return _read(cls, data, imports=_ints)

    def to_json(self) -> dict[str, Any]:
        return {"entries": self.entries, "imports": list(self.imports)}


@dataclass(frozen=True, slots=True)
class Problem:
    """What would make the write fail, on its line (None: the whole sheet)."""

    line: int | None
    reason: str

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Problem:
        return _read(cls, data)

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class PlanWarning:
    """A doubt of planning, on its line: a spelling several people share (`shared-spelling`),
    or what a decision met in the sheet (`decision-*`, see `results.services.deciding`)."""

    line: int | None
    code: str
    people: tuple[int, ...]
    reason: str
    level: str = "warning"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlanWarning:
        return _read(cls, data, people=_ints)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"line": self.line, "code": self.code,
                               "people": list(self.people), "reason": self.reason}  # fmt: skip
        if self.level != "warning":
            out["level"] = self.level
        return out


@dataclass(frozen=True, slots=True)
class Choice:
    """The organiser's choice of person for a seat (see `results.services.choices`)."""

    #: The entry's 0-based index in the sheet (as `Entry.sheet_order`).
    entry: int
    line: int | None
    #: 1-based: 1 = driver.
    seat: int
    person: int

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Choice:
        return _read(cls, data)

    def to_json(self) -> dict[str, Any]:
        return {"entry": self.entry, "line": self.line, "seat": self.seat, "person": self.person}


def choices_from_json(data: Iterable[Mapping[str, Any]] | None) -> tuple[Choice, ...]:
    """Choices as `ResultImport.choices` stores them (a list, maybe empty or null)."""
    return tuple(Choice.from_json(item) for item in data or ())


def choices_to_json(choices: Iterable[Choice]) -> list[dict[str, Any]]:
    return [choice.to_json() for choice in choices]


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """What importing a sheet into a classification writes, computed without writing."""

    classification: int
    replaces: Replaced
    people: tuple[PlannedPerson, ...]
    cars: tuple[PlannedCar, ...]
    entries: tuple[PlannedEntry, ...]
    problems: tuple[Problem, ...]
    warnings: tuple[PlanWarning, ...] = ()
    choices: tuple[Choice, ...] = ()
    #: The decisions the plan applies to the sheet (`results.models.Decision` pks).
    decisions: tuple[int, ...] = ()
    #: What the database was when planning read it (`planning.read_marks`): apply plans again
    #: only if it moved since. Empty in plans stored before (they are always planned again).
    read: tuple[int, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ImportPlan:
        return _read(
            cls,
            data,
            replaces=Replaced.from_json,
            people=lambda items: tuple(PlannedPerson.from_json(i) for i in items),
            cars=lambda items: tuple(PlannedCar.from_json(i) for i in items),
            entries=lambda items: tuple(PlannedEntry.from_json(i) for i in items),
            problems=lambda items: tuple(Problem.from_json(i) for i in items),
            warnings=lambda items: tuple(PlanWarning.from_json(i) for i in items),
            choices=choices_from_json,
            decisions=_ints,
            read=_ints,
        )

    def to_json(self) -> dict[str, Any]:
        """The stored form: `choices` only when there are some, as plans always had it."""
        out: dict[str, Any] = {
            "classification": self.classification,
            "replaces": self.replaces.to_json(),
            "people": [item.to_json() for item in self.people],
            "cars": [item.to_json() for item in self.cars],
            "entries": [item.to_json() for item in self.entries],
            "problems": [item.to_json() for item in self.problems],
            "warnings": [item.to_json() for item in self.warnings],
        }
        if self.choices:
            out["choices"] = choices_to_json(self.choices)
        if self.decisions:
            out["decisions"] = list(self.decisions)
        if self.read:
            out["read"] = list(self.read)
        return out

    def with_choices(self, choices: Iterable[Choice]) -> ImportPlan:
        """The plan with these (checked) choices instead of its own: nothing else changes."""
        return replace(self, choices=tuple(choices))


def stored_plan(data: Mapping[str, Any] | None) -> ImportPlan | None:
    """The plan a ResultImport stores (`None` for a failed import, which has none)."""
    return None if not data else ImportPlan.from_json(data)


def plan_of(result_import: Any) -> ImportPlan | None:
    """`stored_plan` of a loaded import's plan, read once for that import object (the plan of
    a 100,000-row sheet takes seconds to read, and a preview page asks for it many times)."""
    data = result_import.plan
    cached = getattr(result_import, "_podium_plan", None)
    if cached is None or cached[0] is not data:
        cached = (data, stored_plan(data))
        result_import._podium_plan = cached
    return cached[1]
