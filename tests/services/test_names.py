"""Rename, merge, split: the fix holds for every page and every later import."""

import datetime

import pytest

from results.models import (
    Classification,
    CrewMember,
    Event,
    NameChange,
    Person,
    PersonAlias,
    PersonRedirect,
)
from results.services.freshness import version_of
from results.services.importing import apply_import, preview_import
from results.services.names import (
    NameFixRefused,
    merge_people,
    rename_person,
    resolve_slug,
    split_person,
)
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db


def load(classification, *rows):
    result_import = preview_import(
        classification=classification, data=pipe_sheet(*rows), source_name="r.txt"
    )
    return apply_import(result_import)


def person(key: str) -> Person:
    return Person.objects.get(search_key=key)


@pytest.fixture
def second_classification(car_makes):
    event = Event.objects.create(
        name="Rallye Suivant", slug="rallye-suivant-2024", date=datetime.date(2024, 6, 1)
    )
    return Classification.objects.create(event=event, slug="general")


def test_renaming_keeps_the_old_spelling_as_an_alias_and_the_slug(classification, superuser):
    load(classification, "| 1 | 5 | BABAY Thiery/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |")
    babay = person("babay thiery")
    slug = babay.slug
    change = rename_person(person=babay, surname="BABAY", first_name="Thierry", user=superuser)
    babay.refresh_from_db()
    assert (babay.surname, babay.first_name, babay.search_key) == (
        "BABAY",
        "Thierry",
        "babay thierry",
    )
    assert babay.slug == slug
    assert PersonAlias.objects.get(key="babay thiery").person == babay
    assert change.kind == NameChange.Kind.RENAME and change.user == superuser
    assert change.before == {"surname": "BABAY", "first_name": "Thiery"}

    # The next import of the old spelling lands on the renamed person.
    result_import = load(
        classification, "| 1 | 5 | BABAY Thiery/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |"
    )
    assert result_import.counts["people_new"] == 0
    assert CrewMember.objects.get(seat=1).person == babay


def test_renaming_to_a_spelling_of_someone_else_is_refused(classification):
    load(classification, "| 1 | 5 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |")
    martin = person("martin paul")
    PersonAlias.objects.create(person=martin, surname="MARTIN", first_name="P.", key="martin p.")
    with pytest.raises(NameFixRefused, match="merge the two people instead"):
        rename_person(person=person("dupont jean"), surname="MARTIN", first_name="P.")
    assert person("dupont jean").surname == "DUPONT"


def test_a_rename_bumps_the_data_version_of_the_person_and_its_events(classification):
    load(classification, "| 1 | 5 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |")
    dupont = person("dupont jean")
    before = (version_of(f"person:{dupont.pk}"), version_of(f"event:{classification.event_id}"))
    rename_person(person=dupont, surname="DUPONT", first_name="Jean-Marc")
    after = (version_of(f"person:{dupont.pk}"), version_of(f"event:{classification.event_id}"))
    assert after[0] == before[0] + 1 and after[1] == before[1] + 1


def test_it_merges_entries_seats_and_aliases_of_the_dropped_person(
    classification, second_classification, superuser
):
    load(classification, "| 1 | 5 | MARTIN J./PETIT Anne | BMW M3 | A8 | 10:00,0 | |")
    load(second_classification, "| 1 | 7 | MARTIN Jean/ROUX Luc | BMW M3 | A8 | 10:00,0 | |")
    keep, drop = person("martin jean"), person("martin j.")
    PersonAlias.objects.create(person=drop, surname="MARTIN", first_name="J", key="martin j")
    change = merge_people(keep=keep, drop=drop, user=superuser)

    assert not Person.objects.filter(pk=drop.pk).exists()
    assert CrewMember.objects.filter(person=keep).count() == 2
    assert set(keep.aliases.values_list("key", flat=True)) == {"martin j.", "martin j"}
    assert PersonRedirect.objects.get(old_slug=drop.slug).person == keep
    assert change.kind == NameChange.Kind.MERGE and change.person == keep
    assert change.before["dropped"][0]["surname"] == "MARTIN"
    # The seat keeps the spelling as written.
    assert CrewMember.objects.filter(person=keep, first_name="J.").exists()


def test_a_merge_that_puts_one_person_twice_in_a_crew_is_refused(classification, table_snapshot):
    load(classification, "| 1 | 5 | GAGNIERE Patrick/GAGNIERE P. | BMW M3 | A8 | 10:00,0 | |")
    before = table_snapshot()
    with pytest.raises(NameFixRefused, match="same crew"):
        merge_people(keep=person("gagniere patrick"), drop=person("gagniere p."))
    assert table_snapshot() == before


def test_merging_a_person_into_itself_is_refused(classification):
    load(classification, "| 1 | 5 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |")
    with pytest.raises(NameFixRefused):
        merge_people(keep=person("dupont jean"), drop=[person("dupont jean")])


def test_the_slug_of_a_dropped_person_resolves_to_the_kept_person(
    classification, second_classification
):
    load(classification, "| 1 | 5 | ANDRE Mickael | BMW M3 | A8 | 10:00,0 | |")
    load(second_classification, "| 1 | 5 | ANDRÉ M. | BMW M3 | A8 | 10:00,0 | |")
    keep, drop = person("andre mickael"), person("andre m.")
    merge_people(keep=keep, drop=drop)
    assert resolve_slug(drop.slug) == keep
    assert resolve_slug(keep.slug) == keep
    assert resolve_slug("nobody") is None


def test_a_later_merge_carries_earlier_redirects_along(classification, second_classification):
    third_event = Event.objects.create(name="Trois", slug="trois", date=datetime.date(2024, 7, 1))
    third = Classification.objects.create(event=third_event, slug="general")
    load(classification, "| 1 | 5 | DUPONT Jn | BMW M3 | A8 | 10:00,0 | |")
    load(second_classification, "| 1 | 5 | DUPONT J. | BMW M3 | A8 | 10:00,0 | |")
    load(third, "| 1 | 5 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |")
    first, second, target = person("dupont jn"), person("dupont j."), person("dupont jean")
    merge_people(keep=second, drop=first)
    merge_people(keep=target, drop=second)
    assert resolve_slug(first.slug) == target
    assert resolve_slug(second.slug) == target
    assert CrewMember.objects.filter(person=target).count() == 3


def test_split_moves_chosen_entries_and_aliases_to_a_new_person(
    classification, second_classification, superuser
):
    load(classification, "| 1 | 5 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |")
    load(second_classification, "| 1 | 9 | DUPONT Jean/PETIT Anne | Clio | A7 | 10:00,0 | |")
    dupont = person("dupont jean")
    PersonAlias.objects.create(person=dupont, surname="DUPONT", first_name="J.", key="dupont j.")
    entry = CrewMember.objects.get(person=dupont, entry__classification=second_classification).entry
    new = split_person(
        person=dupont,
        entries=[entry],
        aliases=["dupont j."],
        surname="DUPONT",
        first_name="Jean",
        user=superuser,
    )
    assert new.pk != dupont.pk and new.slug != dupont.slug
    assert CrewMember.objects.get(entry=entry, seat=1).person == new
    assert CrewMember.objects.filter(person=dupont).count() == 1
    assert PersonAlias.objects.get(key="dupont j.").person == new
    assert NameChange.objects.get(kind="split").other == new


def test_a_spelling_both_halves_of_a_split_share_is_flagged_in_the_preview(
    classification, second_classification
):
    load(classification, "| 1 | 5 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |")
    load(second_classification, "| 1 | 9 | DUPONT Jean/PETIT Anne | Clio | A7 | 10:00,0 | |")
    dupont = person("dupont jean")
    entry = CrewMember.objects.get(person=dupont, entry__classification=second_classification).entry
    new = split_person(person=dupont, entries=[entry], surname="DUPONT", first_name="Jean-Marc")

    result_import = preview_import(
        classification=classification,
        data=pipe_sheet("| 1 | 5 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |"),
        source_name="r.txt",
    )
    [warning] = result_import.plan["warnings"]
    assert warning["line"] == 2 and warning["code"] == "shared-spelling"
    assert warning["people"] == sorted([dupont.pk, new.pk])
    assert "DUPONT Jean" in warning["reason"]
    # Not a problem: the import can still be applied, on the oldest person.
    assert result_import.plan["problems"] == []


def test_homonyms_with_one_folded_name_are_flagged_too(classification):
    load(classification, "| 1 | 5 | DUPONT Jean/DUPONT Marc | BMW M3 | A8 | 10:00,0 | |")
    Person.objects.create(
        surname="DUPONT", first_name="Jean", slug="jean-dupont-2", search_key="dupont jean"
    )
    result_import = preview_import(
        classification=classification,
        data=pipe_sheet("| 1 | 5 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |"),
        source_name="r.txt",
    )
    assert [w["code"] for w in result_import.plan["warnings"]] == ["shared-spelling"]


def test_an_alias_settles_a_shared_spelling(classification):
    load(classification, "| 1 | 5 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |")
    other = Person.objects.create(
        surname="DUPONT", first_name="Jean", slug="jean-dupont-2", search_key="dupont jean"
    )
    PersonAlias.objects.create(person=other, surname="DUPONT", first_name="Jean", key="dupont jean")
    result_import = preview_import(
        classification=classification,
        data=pipe_sheet("| 1 | 5 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |"),
        source_name="r.txt",
    )
    assert result_import.plan["warnings"] == []
    apply_import(result_import)
    assert CrewMember.objects.get().person == other


def test_a_shared_spelling_shows_on_its_row_of_the_upload_preview(classification):
    from results.services.previews import preview_rows

    load(classification, "| 1 | 5 | DUPONT Jean/DUPONT Marc | BMW M3 | A8 | 10:00,0 | |")
    Person.objects.create(
        surname="DUPONT", first_name="Jean", slug="jean-dupont-2", search_key="dupont jean"
    )
    result_import = preview_import(
        classification=classification,
        data=pipe_sheet("| 1 | 5 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |"),
        source_name="r.txt",
    )
    [row] = preview_rows(result_import)
    assert row.has_warning
    assert [i["code"] for i in row.issues if i["level"] == "warning"] == ["shared-spelling"]
