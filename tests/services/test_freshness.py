import pytest

from results.models import Person
from results.services.freshness import data_changed, version_of

pytestmark = pytest.mark.django_db


def test_every_call_bumps_the_global_version():
    assert version_of() == 0
    assert data_changed() == 1
    assert data_changed() == 2
    assert version_of() == 2


def test_it_bumps_the_scopes_it_is_given_and_no_other(event):
    person = Person.objects.create(surname="DUPONT", slug="dupont", search_key="dupont")
    data_changed(events=[event], people=[person.pk])
    data_changed(events=[event.pk])
    assert version_of(f"event:{event.pk}") == 2
    assert version_of(f"person:{person.pk}") == 1
    assert version_of("person:999999") == 0


def test_a_scope_named_twice_is_bumped_once(event):
    data_changed(events=[event, event.pk])
    assert version_of(f"event:{event.pk}") == 1


def test_seated_people_are_bumped_as_people_are(event):
    person = Person.objects.create(surname="DUPONT", slug="dupont", search_key="dupont")
    data_changed(events=[event], seated=[person.pk])
    data_changed(people=[person], seated=[person])
    assert version_of(f"person:{person.pk}") == 2


def test_thousands_of_scopes_are_bumped_in_one_call(event):
    people = [Person(surname=f"P{n}", slug=f"p{n}", search_key=f"p{n}") for n in range(1200)]
    people = Person.objects.bulk_create(people)
    data_changed(seated=people[:700])
    data_changed(seated=people)
    assert version_of(f"person:{people[0].pk}") == 2
    assert version_of(f"person:{people[-1].pk}") == 1
    assert version_of() == 2
