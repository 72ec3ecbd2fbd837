"""On Postgres, apply writes people, cars, entries and crew seats with COPY, in its transaction."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from results.models import CrewMember, Entry
from results.services.importing import apply_import, preview_import
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db


def test_apply_copies_its_rows_in_and_every_seat_names_its_entry(classification):
    if connection.vendor != "postgresql":
        pytest.skip("COPY is Postgres's")
    sheet = pipe_sheet(*generated_rows(30))
    previewed = preview_import(classification=classification, data=sheet, source_name="r")
    with CaptureQueriesContext(connection) as queries:
        apply_import(previewed)
    statements = [q["sql"] for q in queries]
    for table in ("results_person", "results_entry", "results_crewmember"):
        assert any(s.startswith(f'COPY "{table}"') for s in statements), table
        assert not any(s.startswith(f'INSERT INTO "{table}"') for s in statements), table
    entries = Entry.objects.filter(classification=classification)
    assert entries.count() == 30
    assert CrewMember.objects.filter(entry__in=entries).count() == 60
    assert sorted(entries.values_list("sheet_order", flat=True)) == list(range(30))
    # The ids came from the sequences: the next row Django writes gets a fresh one.
    later = Entry.objects.create(**{**entries.values().first(), "id": None, "number": 999})
    assert later.pk > max(entries.exclude(pk=later.pk).values_list("pk", flat=True))


def test_bulk_insert_takes_model_instances_too_and_gives_them_their_ids(classification):
    from results.models import Person
    from results.services.writing import bulk_insert

    people = [Person(surname=f"NOM{n}", slug=f"nom-{n}", search_key=f"nom{n}") for n in range(3)]
    ids = bulk_insert(Person, people)
    assert ids == [person.pk for person in people]
    assert not people[0]._state.adding
    assert list(
        Person.objects.filter(pk__in=ids).order_by("pk").values_list("slug", flat=True)
    ) == [
        "nom-0",
        "nom-1",
        "nom-2",
    ]
    rows = [{"surname": "ROW", "first_name": None, "slug": "row", "search_key": "row"}]
    (pk,) = bulk_insert(Person, rows)
    assert Person.objects.get(pk=pk).first_name is None
