"""The standings and person pages cost the same few queries for 10 entries or 1,000."""

import re

import pytest

from tests.services.sheets import generated_rows
from tests.views.conftest import import_rows

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("count", [10, 1000])
def test_the_standings_page_costs_at_most_five_queries(
    client, classification, count, django_assert_max_num_queries
):
    # The site's data version, the event, its classifications and championships, the
    # entries, their crews.
    import_rows(classification, *generated_rows(count))
    url = f"/fr/events/{classification.event.slug}/"
    with django_assert_max_num_queries(5):
        html = client.get(url).content.decode()
    assert len(re.findall(r'<tr class="st-classified">', html)) == count
    with django_assert_max_num_queries(5):
        assert client.get(url + "?class=N-2&sort=-time").status_code == 200
    with django_assert_max_num_queries(5):
        assert client.get(url + "?_export=csv").status_code == 200


@pytest.mark.parametrize("count", [10, 1000])
def test_the_person_page_costs_at_most_five_queries(
    client, classification, count, django_assert_max_num_queries
):
    from results.models import Classification, CrewMember, Entry

    # One crew in `count` classifications: a long career. The first is imported for real;
    # the others copy its rows in bulk, which is quicker than a thousand imports.
    import_rows(
        classification, "| 1 | 1 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | N2 | 10:00,0 | |"
    )
    entry = Entry.objects.get(classification=classification)
    seats = list(entry.crew.all())
    copies = Classification.objects.bulk_create(
        Classification(event=classification.event, name=f"Manche {n}", slug=f"manche-{n}")
        for n in range(1, count)
    )
    entries = Entry.objects.bulk_create(
        Entry(
            classification=copy,
            result_import=entry.result_import,
            sheet_order=0,
            line=2,
            number=1,
            position=1,
            group="N",
            klass="2",
            class_position=1,
            time_ms=600000,
            car=entry.car,
        )
        for copy in copies
    )
    CrewMember.objects.bulk_create(
        CrewMember(entry=copy, person_id=seat.person_id, seat=seat.seat, surname=seat.surname)
        for copy in entries
        for seat in seats
    )
    # The data version, the person, their seats (with what the rows show), the page's
    # team-mates and the stages they won.
    with django_assert_max_num_queries(5):
        html = client.get("/fr/people/jean-dupont/").content.decode()
    from results.views.people import PER_PAGE

    # A page of results; the counts are the whole career's.
    assert html.count('href="/fr/people/paul-martin/"') == min(count, PER_PAGE)
    assert "<dt>Départs</dt><dd>1</dd>" in html and "<dt>Victoires de classe</dt><dd>1</dd>" in html
    with django_assert_max_num_queries(5):
        last = client.get("/fr/people/jean-dupont/", {"page": "10"}).content.decode()
    assert last.count('href="/fr/people/paul-martin/"') == min(count, PER_PAGE)
    # A junk page number is the first page, at the same cost.
    with django_assert_max_num_queries(5):
        junk = client.get("/fr/people/jean-dupont/", {"page": "x"}).content.decode()
    assert junk.count('href="/fr/people/paul-martin/"') == min(count, PER_PAGE)
