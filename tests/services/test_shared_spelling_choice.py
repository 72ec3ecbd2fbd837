"""Choosing who a crew member spelled like several people is: the split's homonyms."""

from __future__ import annotations

import datetime

import pytest

from results.models import Classification, CrewMember, Event, Person, ResultImport
from results.services.errors import ImportRefused, InvalidChoice, StalePreview
from results.services.importing import apply_import, choose_people, preview_import
from results.services.names import merge_people, split_person
from results.services.previews import preview_rows
from results.services.uploads import confirm, reapply
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db
State = ResultImport.State

# The same Jean DUPONT spelling, at two events: after the split, two people.
FIRST_RALLY = "| 1 | 5 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |"
SECOND_RALLY = "| 1 | 9 | DUPONT Jean/PETIT Anne | Renault Clio | A7 | 10:00,0 | |"


def load(classification, *rows, choices=None) -> ResultImport:
    return apply_import(preview(classification, *rows, choices=choices))


def preview(classification, *rows, choices=None) -> ResultImport:
    return preview_import(
        classification=classification, data=pipe_sheet(*rows), source_name="r.txt", choices=choices
    )


def driver(classification, sheet_order: int = 0) -> Person:
    return CrewMember.objects.get(
        entry__classification=classification, entry__sheet_order=sheet_order, seat=1
    ).person


@pytest.fixture
def second_classification(car_makes):
    event = Event.objects.create(
        name="Rallye Suivant", slug="rallye-suivant-2024", date=datetime.date(2024, 6, 1)
    )
    return Classification.objects.create(event=event, slug="general")


@pytest.fixture
def homonyms(classification, second_classification) -> tuple[Person, Person]:
    """Jean DUPONT of the first rally, and the namesake an admin split off for the second."""
    load(classification, FIRST_RALLY)
    load(second_classification, SECOND_RALLY)
    elder = Person.objects.get(search_key="dupont jean")
    entry = CrewMember.objects.get(person=elder, entry__classification=second_classification).entry
    younger = split_person(person=elder, entries=[entry])
    assert (younger.surname, younger.first_name) == ("DUPONT", "Jean")
    return elder, younger


def test_a_choice_given_to_the_preview_takes_the_seat(second_classification, homonyms):
    _, younger = homonyms
    result_import = preview(second_classification, SECOND_RALLY, choices={(0, 1): younger.pk})
    stored = [{"entry": 0, "line": 2, "seat": 1, "person": younger.pk}]
    assert result_import.choices == stored
    assert result_import.plan["choices"] == stored
    apply_import(result_import)
    assert driver(second_classification) == younger


def test_a_choice_given_to_apply_replaces_the_previews_and_is_stored(
    second_classification, homonyms
):
    elder, younger = homonyms
    result_import = preview(second_classification, SECOND_RALLY, choices={(0, 1): elder.pk})
    apply_import(result_import, {(0, 1): younger.pk})
    assert driver(second_classification) == younger
    result_import.refresh_from_db()
    assert result_import.state == State.APPLIED
    assert result_import.choices == [{"entry": 0, "line": 2, "seat": 1, "person": younger.pk}]
    assert result_import.plan["choices"] == result_import.choices


def test_without_a_choice_the_seat_goes_to_the_oldest_person_of_that_name(
    second_classification, homonyms
):
    # The documented default, as before choices existed: the person split from.
    elder, _ = homonyms
    result_import = preview(second_classification, SECOND_RALLY)
    assert result_import.choices == [] and "choices" not in result_import.plan
    assert [w["code"] for w in result_import.plan["warnings"]] == ["shared-spelling"]
    apply_import(result_import)
    assert driver(second_classification) == elder


@pytest.mark.parametrize(
    "forged",
    [
        pytest.param("codriver", id="someone who is not a candidate"),
        pytest.param(999_999, id="no such person"),
        pytest.param("7", id="a pk as text"),
        pytest.param(True, id="a boolean"),
    ],
)
def test_a_forged_choice_is_refused_at_apply_and_nothing_is_written(
    second_classification, homonyms, table_snapshot, forged
):
    if forged == "codriver":
        forged = Person.objects.get(search_key="petit anne").pk
    result_import = preview(second_classification, SECOND_RALLY)
    before = table_snapshot()
    with pytest.raises(InvalidChoice) as refused:
        apply_import(result_import, {(0, 1): forged})
    assert refused.value.problems[0]["line"] == 2
    assert "DUPONT Jean" in refused.value.problems[0]["reason"]
    assert table_snapshot() == before


@pytest.mark.parametrize(
    "seat",
    [
        pytest.param((0, 2), id="a seat with no one to choose"),
        pytest.param((4, 1), id="no such entry"),
    ],
)
def test_a_choice_for_a_seat_without_candidates_is_refused(
    second_classification, homonyms, table_snapshot, seat
):
    elder, _ = homonyms
    result_import = preview(second_classification, SECOND_RALLY)
    before = table_snapshot()
    with pytest.raises(InvalidChoice, match="not one of the candidates"):
        apply_import(result_import, {seat: elder.pk})
    with pytest.raises(InvalidChoice):
        choose_people(result_import, {seat: elder.pk})
    assert table_snapshot() == before


def test_a_forged_choice_is_refused_at_preview_and_no_import_is_stored(
    second_classification, homonyms
):
    imports = ResultImport.objects.count()
    codriver = Person.objects.get(search_key="petit anne")
    with pytest.raises(InvalidChoice):
        preview(second_classification, SECOND_RALLY, choices={(0, 1): codriver.pk})
    assert ResultImport.objects.count() == imports


def test_reimporting_both_rallies_with_choices_lands_on_the_right_people_and_creates_no_one(
    classification, second_classification, homonyms
):
    elder, younger = homonyms
    people = Person.objects.count()
    load(second_classification, SECOND_RALLY, choices={(0, 1): younger.pk})
    load(classification, FIRST_RALLY, choices={(0, 1): elder.pk})
    assert driver(second_classification) == younger
    assert driver(classification) == elder
    assert Person.objects.count() == people
    # The split holds: each keeps exactly its own rally.
    assert set(
        CrewMember.objects.filter(person=younger).values_list("entry__classification", flat=True)
    ) == {second_classification.pk}
    assert set(
        CrewMember.objects.filter(person=elder).values_list("entry__classification", flat=True)
    ) == {classification.pk}


def test_two_rows_of_one_spelling_can_be_two_people(second_classification, homonyms):
    elder, younger = homonyms
    rows = [SECOND_RALLY, "| 2 | 14 | DUPONT Jean/ROUX Lea | Peugeot 205 | A6 | 10:30,0 | +30,0 |"]
    load(second_classification, *rows, choices={(0, 1): younger.pk, (1, 1): elder.pk})
    assert (driver(second_classification, 0), driver(second_classification, 1)) == (
        younger,
        elder,
    )


def test_the_preview_rows_carry_the_candidates_and_the_choice(second_classification, homonyms):
    elder, younger = homonyms
    result_import = preview(second_classification, SECOND_RALLY, choices={(0, 1): younger.pk})
    [row] = preview_rows(result_import)
    dupont, petit = row.crew
    assert [c.pk for c in dupont.candidates] == [elder.pk, younger.pk]
    assert (dupont.person, dupont.field) == (younger.pk, "choice-0-1")
    # What tells them apart: their results and latest event.
    by_pk = {c.pk: c for c in dupont.candidates}
    assert (by_pk[elder.pk].entries, by_pk[elder.pk].last_event) == (1, "Rallye des Tests")
    assert (by_pk[younger.pk].entries, by_pk[younger.pk].last_event) == (1, "Rallye Suivant")
    assert (petit.candidates, petit.field) == ((), "")


def test_a_choice_does_not_hide_a_database_that_moved_since_the_preview(
    second_classification, homonyms, table_snapshot
):
    _, younger = homonyms
    result_import = preview(second_classification, SECOND_RALLY)
    # A third Jean DUPONT: the candidates the organiser was shown are no longer all of them.
    Person.objects.create(
        surname="DUPONT", first_name="Jean", slug="jean-dupont-3", search_key="dupont jean"
    )
    before = table_snapshot()
    with pytest.raises(StalePreview):
        apply_import(result_import, {(0, 1): younger.pk})
    assert table_snapshot() == before
    result_import.refresh_from_db()
    assert (result_import.state, result_import.choices) == (State.PREVIEWED, [])


def test_choosing_again_on_a_preview_replans_it_and_only_a_preview(second_classification, homonyms):
    elder, younger = homonyms
    result_import = preview(second_classification, SECOND_RALLY)
    plan = result_import.plan
    choose_people(result_import, {(0, 1): younger.pk})
    result_import.refresh_from_db()
    assert result_import.choices == [{"entry": 0, "line": 2, "seat": 1, "person": younger.pk}]
    assert {k: v for k, v in result_import.plan.items() if k != "choices"} == plan
    confirm(result_import=result_import)
    assert driver(second_classification) == younger
    with pytest.raises(ImportRefused, match="only a preview"):
        choose_people(result_import, {(0, 1): elder.pk})


def test_applying_an_older_version_again_keeps_its_choices(second_classification, homonyms):
    elder, younger = homonyms
    older = load(second_classification, SECOND_RALLY, choices={(0, 1): younger.pk})
    load(
        second_classification, "| 1 | 9 | DUPONT Jean/PETIT Anne | Renault Clio | A7 | 10:01,0 | |"
    )
    assert driver(second_classification) == elder
    fresh = reapply(result_import=older, user=None)
    assert fresh.choices == older.choices
    assert preview_rows(fresh)[0].crew[0].person == younger.pk
    confirm(result_import=fresh)
    assert driver(second_classification) == younger


def test_applying_an_older_version_again_drops_a_choice_that_no_longer_holds(
    second_classification, homonyms
):
    elder, younger = homonyms
    older = load(second_classification, SECOND_RALLY, choices={(0, 1): younger.pk})
    # The admin decides they were one person after all: nothing left to choose.
    merge_people(keep=elder, drop=younger)
    fresh = reapply(result_import=older, user=None)
    assert fresh.choices == [] and fresh.plan["warnings"] == []
    confirm(result_import=fresh)
    assert driver(second_classification) == elder
