import datetime

import pytest
from django.db import IntegrityError, transaction

from results.models import (
    Car,
    CarMake,
    Classification,
    CrewMember,
    Entry,
    Event,
    Person,
    PersonAlias,
    ResultImport,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("car_makes")]


def violates(create) -> bool:
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        return True
    return False


@pytest.fixture
def result_import(classification):
    return ResultImport.objects.create(
        classification=classification, source_name="x.txt", sha256="0" * 64, source=b""
    )


def make_entry(classification, result_import, **fields):
    return Entry.objects.create(
        classification=classification,
        result_import=result_import,
        sheet_order=fields.pop("sheet_order", 0),
        line=fields.pop("line", 1),
        **fields,
    )


def test_event_slugs_are_unique(event):
    assert violates(
        lambda: Event.objects.create(name="Other", slug=event.slug, date=datetime.date(2025, 1, 1))
    )


def test_a_classification_slug_is_unique_within_its_event_only(event):
    other = Event.objects.create(name="Other", slug="other", date=datetime.date(2025, 1, 1))
    Classification.objects.create(event=event, slug="vhc", name="VHC")
    Classification.objects.create(event=other, slug="vhc", name="VHC")
    assert violates(lambda: Classification.objects.create(event=event, slug="vhc", name="VHC"))


def test_a_race_number_is_unique_within_a_classification(classification, result_import):
    make_entry(classification, result_import, number="12")
    assert violates(lambda: make_entry(classification, result_import, number="12", sheet_order=1))
    # As written: `012` is another number than `12`.
    assert not violates(
        lambda: make_entry(classification, result_import, number="012", sheet_order=2)
    )


def test_entries_without_a_number_do_not_clash(classification, result_import):
    make_entry(classification, result_import, number="")
    make_entry(classification, result_import, number="", sheet_order=1)
    assert Entry.objects.filter(number="").count() == 2


def test_a_seat_is_taken_once_per_entry(classification, result_import):
    entry = make_entry(classification, result_import)
    one = Person.objects.create(surname="DUPONT", slug="dupont", search_key="dupont")
    two = Person.objects.create(surname="MARTIN", slug="martin", search_key="martin")
    CrewMember.objects.create(entry=entry, person=one, seat=1, surname="DUPONT")
    assert violates(
        lambda: CrewMember.objects.create(entry=entry, person=two, seat=1, surname="MARTIN")
    )


def test_person_slugs_are_unique():
    Person.objects.create(surname="DUPONT", slug="jean-dupont", search_key="dupont jean")
    assert violates(
        lambda: Person.objects.create(surname="DUPOND", slug="jean-dupont", search_key="dupond")
    )


def test_homonyms_may_share_a_search_key():
    Person.objects.create(surname="DUPONT", slug="jean-dupont", search_key="dupont jean")
    Person.objects.create(surname="DUPONT", slug="jean-dupont-2", search_key="dupont jean")
    assert Person.objects.filter(search_key="dupont jean").count() == 2


def test_an_alias_key_routes_to_one_person_only():
    one = Person.objects.create(surname="DUPONT", slug="a", search_key="dupont jean")
    two = Person.objects.create(surname="DUPONT", slug="b", search_key="dupont jean")
    PersonAlias.objects.create(person=one, surname="DUPONT", first_name="J.", key="dupont j.")
    assert violates(
        lambda: PersonAlias.objects.create(
            person=two, surname="Dupont", first_name="J.", key="dupont j."
        )
    )


def test_a_car_is_unique_by_make_and_folded_model():
    peugeot = CarMake.objects.get(name="Peugeot")
    Car.objects.create(make=peugeot, model="306 S16", model_key="306 s16")
    assert violates(lambda: Car.objects.create(make=peugeot, model="306 s16", model_key="306 s16"))


def test_a_car_without_make_is_unique_by_folded_model():
    Car.objects.create(make=None, model="Proto X", model_key="proto x")
    assert violates(lambda: Car.objects.create(make=None, model="PROTO X", model_key="proto x"))
