import pytest

from results.models import CrewMember, Person, PersonAlias
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db


def preview(classification, *rows):
    return preview_import(classification=classification, data=pipe_sheet(*rows), source_name="r")


def test_an_alias_routes_its_spelling_to_its_person(classification):
    fixed = Person.objects.create(
        surname="DE SAINTE OPPORTUNE",
        first_name="Éric",
        slug="eric-de-sainte-opportune",
        search_key="de sainte opportune eric",
    )
    PersonAlias.objects.create(
        person=fixed, surname="STE OPPORTUNE", first_name="E.", key="ste opportune e."
    )
    result_import = preview(
        classification, "| 1 | 5 | STE OPPORTUNE E./MARTIN Paul | BMW M3 | A8 | 10:00,0 | |"
    )
    assert result_import.counts["people_matched_by_alias"] == 1
    assert result_import.counts["people_new"] == 1
    apply_import(result_import)
    member = CrewMember.objects.get(seat=1)
    assert member.person == fixed
    # The spelling as written stays on the crew member.
    assert (member.surname, member.first_name) == ("STE OPPORTUNE", "E.")


def test_an_alias_wins_over_a_person_with_that_very_name(classification):
    homonym = Person.objects.create(
        surname="DUPONT", first_name="Jean", slug="jean-dupont", search_key="dupont jean"
    )
    right = Person.objects.create(
        surname="DUPONT",
        first_name="Jean-Marc",
        slug="jean-marc-dupont",
        search_key="dupont jean-marc",
    )
    PersonAlias.objects.create(person=right, surname="DUPONT", first_name="Jean", key="dupont jean")
    apply_import(preview(classification, "| 1 | 5 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |"))
    assert CrewMember.objects.get().person == right
    assert homonym.crew_seats.count() == 0


def test_a_spelling_differing_in_case_and_accents_is_the_same_person(classification):
    person = Person.objects.create(
        surname="ANDRÉ", first_name="Gérard", slug="gerard-andre", search_key="andre gerard"
    )
    result_import = preview(classification, "| 1 | 5 | ANDRE Gerard | BMW M3 | A8 | 10:00,0 | |")
    assert result_import.counts["people_matched"] == 1
    apply_import(result_import)
    assert CrewMember.objects.get().person == person


def test_the_same_spelling_twice_in_a_sheet_is_one_new_person(classification):
    result_import = preview(
        classification,
        "| 1 | 5 | DUPONT Jérôme/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |",
        "| 2 | 6 | DUPONT Jerome/PETIT Anne | BMW M3 | A8 | 10:01,0 | +00:01,0 |",
    )
    assert result_import.counts["people_new"] == 3
    apply_import(result_import)
    assert Person.objects.filter(search_key="dupont jerome").count() == 1
    # Shown as first written.
    assert str(Person.objects.get(search_key="dupont jerome")) == "DUPONT Jérôme"


def test_new_people_whose_slug_is_taken_get_the_next_free_suffix(classification):
    Person.objects.create(surname="DUPONT", first_name="J", slug="j-dupont", search_key="dupont j")
    Person.objects.create(surname="X", slug="j-dupont-2", search_key="x")
    apply_import(
        preview(classification, "| 1 | 5 | DUPONT J./DUPONT J.. | BMW M3 | A8 | 10:00,0 | |")
    )
    new = Person.objects.exclude(slug__in=["j-dupont", "j-dupont-2"])
    assert sorted(new.values_list("slug", flat=True)) == ["j-dupont-3", "j-dupont-4"]


def test_search_finds_people_without_case_or_accents(classification):
    Person.objects.create(
        surname="SŒUR", first_name="Christian", slug="c-soeur", search_key="soeur christian"
    )
    assert [str(p) for p in Person.objects.search("Soeur")] == ["SŒUR Christian"]
