"""`__in_array` finds what `__in` finds; on Postgres as one array parameter."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from results.models import CrewMember, Person

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> list[Person]:
    return Person.objects.bulk_create(
        Person(surname=f"NOM{n}", slug=f"nom-{n}", search_key=f"nom{n}") for n in range(30)
    )


def test_it_finds_what_in_finds(people):
    keys = ["nom3", "nom7", "nom7", "absent", "nom29"]
    found = Person.objects.filter(search_key__in_array=keys).order_by("pk")
    assert list(found) == list(Person.objects.filter(search_key__in=keys).order_by("pk"))
    assert [p.search_key for p in found] == ["nom3", "nom7", "nom29"]


def test_it_takes_ids_and_values_across_a_join_and_finds_nothing_in_nothing(people):
    ids = [people[0].pk, people[5].pk]
    assert set(Person.objects.filter(pk__in_array=ids)) == {people[0], people[5]}
    assert not CrewMember.objects.filter(person__search_key__in_array=["nom0"]).exists()
    assert not Person.objects.filter(search_key__in_array=[]).exists()


def test_postgres_gets_thousands_of_keys_as_one_parameter(people):
    if connection.vendor != "postgresql":
        pytest.skip("arrays are Postgres's")
    keys = [f"nom{n}" for n in range(5000)]
    with CaptureQueriesContext(connection) as queries:
        assert Person.objects.filter(search_key__in_array=keys).count() == 30
    (statement,) = [q["sql"] for q in queries.captured_queries]
    # One array, unnested by the server (read with an index lookup per key), not a list of
    # 5,000 quoted values.
    assert "IN (SELECT unnest('{" in statement and "'nom4999'" not in statement
