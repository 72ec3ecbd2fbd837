"""The typed import plan: its JSON both ways, plans stored in the first shape, misspellings."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from results.models import Entry, ResultImport
from results.services.importing import apply_import, preview_import
from results.services.plans import (
    Choice,
    ImportPlan,
    PlannedPerson,
    PlanShapeError,
    stored_plan,
)
from results.services.previews import preview_rows
from tests.services.sheets import pipe_sheet

SHEET = pipe_sheet(
    "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | F2-14 | 10:00,0 | |",
    "| 2 | 7 | DURAND Luc/PETIT Anne | Citroën Saxo VTS | A6 | 10:05,5 | +00:05,5 |",
)

# A plan as the first imports stored it: no `warnings` yet, no `choices`, no `erased` or
# `candidates` on its people.
FIRST_SHAPE = {
    "classification": 3,
    "replaces": {"entries": 2, "imports": [5]},
    "people": [
        {"key": "dupont jean", "surname": "DUPONT", "first_name": "Jean", "match": "name",
         "person": 8, "slug": None},
        {"key": "martin paul", "surname": "MARTIN", "first_name": "Paul", "match": "new",
         "person": None, "slug": "paul-martin"},
    ],
    "cars": [{"make": 1, "model": "306 S16", "key": "306 s16", "car": None}],
    "entries": [{"people": [0, 1], "car": 0, "class_position": 1}],
    "problems": [{"line": None, "reason": "the sheet has no entries"}],
}  # fmt: skip

# Today's shape, with everything a plan may hold.
FULL_SHAPE = {
    **FIRST_SHAPE,
    "people": [
        {**FIRST_SHAPE["people"][0], "candidates": [8, 9]},
        {**FIRST_SHAPE["people"][1], "match": "alias", "person": 4, "slug": None,
         "erased": True},
    ],
    "warnings": [{"line": 2, "code": "shared-spelling", "people": [8, 9], "reason": "choose"}],
    "choices": [{"entry": 0, "line": 2, "seat": 1, "person": 9}],
}  # fmt: skip


def test_a_plan_in_the_first_stored_shape_reads_with_defaults():
    plan = ImportPlan.from_json(FIRST_SHAPE)
    assert plan.warnings == () and plan.choices == ()
    assert plan.people[1] == PlannedPerson(
        key="martin paul", surname="MARTIN", first_name="Paul", match="new", person=None,
        slug="paul-martin",
    )  # fmt: skip
    assert plan.entries[0].people == (0, 1) and plan.replaces.imports == (5,)
    assert plan.problems[0].reason == "the sheet has no entries"
    # Written back in today's shape: only the key added since appears.
    assert plan.to_json() == {**FIRST_SHAPE, "warnings": []}


def test_a_full_plan_comes_back_as_it_was_stored():
    plan = ImportPlan.from_json(FULL_SHAPE)
    assert plan.people[0].candidates == (8, 9) and plan.people[1].erased
    assert plan.choices == (Choice(entry=0, line=2, seat=1, person=9),)
    assert plan.to_json() == FULL_SHAPE


def test_choices_are_left_out_of_the_json_when_there_are_none():
    plan = ImportPlan.from_json(FULL_SHAPE).with_choices(())
    assert "choices" not in plan.to_json()


@pytest.mark.parametrize(
    "path, key",
    [((), "peple"), (("replaces",), "entrie"), (("people", 0), "frist_name"),
     (("entries", 0), "class_pos"), (("choices", 0), "sheet_order")],
)  # fmt: skip
def test_a_misspelt_key_in_a_stored_plan_is_an_error_naming_it(path, key):
    data = copy.deepcopy(FULL_SHAPE)
    target = data
    for step in path:
        target = target[step]
    target[key] = target.pop(next(iter(target))) if path else 1
    with pytest.raises(PlanShapeError, match=key):
        ImportPlan.from_json(data)


def test_a_missing_key_is_an_error_too():
    data = {k: v for k, v in FIRST_SHAPE.items() if k != "cars"}
    with pytest.raises(PlanShapeError, match="cars"):
        ImportPlan.from_json(data)


def test_a_misspelt_attribute_is_an_error_at_once_and_a_plan_cannot_change():
    plan = ImportPlan.from_json(FULL_SHAPE)
    with pytest.raises(AttributeError):
        plan.peple  # noqa: B018
    with pytest.raises(dataclasses.FrozenInstanceError):
        plan.people = ()  # type: ignore[misc]


@pytest.mark.django_db
def test_the_stored_plan_is_the_json_of_the_plan_that_was_computed(classification):
    result_import = preview_import(classification=classification, data=SHEET, source_name="r.txt")
    plan = stored_plan(result_import.plan)
    assert plan is not None and len(plan.entries) == 2
    assert plan.to_json() == ResultImport.objects.get(pk=result_import.pk).plan


@pytest.mark.django_db
def test_a_preview_stored_in_the_first_shape_still_shows_and_applies(classification):
    result_import = preview_import(classification=classification, data=SHEET, source_name="r.txt")
    first_shape = {k: v for k, v in result_import.plan.items() if k != "warnings"}
    ResultImport.objects.filter(pk=result_import.pk).update(plan=first_shape)
    stored = ResultImport.objects.get(pk=result_import.pk)

    rows = preview_rows(stored)
    assert [row.values["number"] for row in rows] == ["12", "7"]
    applied = apply_import(stored)
    assert applied.state == ResultImport.State.APPLIED
    assert Entry.objects.filter(classification=classification).count() == 2
