"""`make bench-scale`'s archive, built small: what it writes is what the pages read (Postgres)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def archive(car_makes, settings):
    if connection.vendor != "postgresql":
        pytest.skip("the archive is written with Postgres COPY")
    from bench.scale_data import build

    settings.PODIUM_RENDER_RATE = "100000/minute"
    return build(0.001, log=lambda line: None)


def test_the_archive_has_the_shapes_it_promises_and_every_timed_request_answers(archive):
    from results.models import Championship, Classification, CrewMember, Entry, Event, Person

    assert archive["events"] == Event.objects.count() == 50
    assert archive["people"] == Person.objects.count() == 2000
    assert archive["entries"] == Entry.objects.count()
    assert archive["seats"] == CrewMember.objects.count() == 2 * archive["entries"]
    general = Entry.objects.filter(classification__slug="general")
    assert general.filter(classification__event__slug="ev-1").count() == 1000
    assert general.filter(classification__event__slug="ev-2").count() == 150
    assert set(Entry.objects.values_list("status", flat=True)) == {
        "classified", "retired", "dns", "dsq", "nc"
    }  # fmt: skip
    assert Classification.objects.filter(slug="vhc").exists()
    # The busy person drives in every Général but the planted two (up to 500).
    others = Classification.objects.filter(slug="general").exclude(event__slug__in=["ev-1", "ev-2"])
    assert CrewMember.objects.filter(person_id=1).count() == min(500, others.count())
    assert Championship.objects.count() == archive["championships"] == 2
    assert all(c.standings.exists() for c in Championship.objects.all())
    # Events carry their search key as `Event.save` would write it: search finds them.
    event = Event.objects.get(slug="ev-3")
    assert event.search_key == event.folded_key() != ""
    from results.text import query_words

    assert Event.objects.matching(query_words(event.place)).filter(pk=event.pk).exists()

    # Built once for both halves: the archive takes a while even this small.
    from bench.scale import requests

    client = Client()
    for name, url, bare, _label in requests():
        assert client.get(url).status_code == 200, name
        bare()
