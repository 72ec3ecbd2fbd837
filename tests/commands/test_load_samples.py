import json
from io import StringIO

import pytest
from django.core.management import call_command

from results.models import Car, CrewMember, Entry, Event, Person, ResultImport
from tests.conftest import SAMPLES

pytestmark = pytest.mark.django_db


def load() -> str:
    out = StringIO()
    call_command("load_samples", stdout=out, stderr=out)
    return out.getvalue()


def snapshot():
    return [
        list(model.objects.order_by("pk").values())
        for model in (Event, Entry, CrewMember, Person, Car, ResultImport)
    ]


def test_the_index_describes_every_sample_sheet():
    index = json.loads((SAMPLES / "index.json").read_text())
    listed = {item["file"] for item in index["samples"]}
    assert listed == {path.name for path in SAMPLES.glob("*.txt")}
    assert "Demo data" in index["note"]


def test_it_loads_every_sample_as_a_published_demo_event():
    out = load()
    index = json.loads((SAMPLES / "index.json").read_text())
    events = {event.slug: event for event in Event.objects.all()}
    assert set(events) == {item["slug"] for item in index["samples"]}
    for item in index["samples"]:
        event = events[item["slug"]]
        assert (event.name, event.date.isoformat(), event.place, event.discipline) == (
            item["name"],
            item["date"],
            item["place"],
            item["discipline"],
        )
        assert event.published
        assert Entry.objects.filter(classification__event=event).exists(), out
    assert (
        events["demo-rallye-historique-des-monts-de-flandre-2024"].classifications.get().name
        == "VHC"
    )


def test_running_it_twice_changes_nothing():
    load()
    before = snapshot()
    out = load()
    assert snapshot() == before
    assert out.count("already loaded") == len(list(SAMPLES.glob("*.txt")))


def test_the_home_page_lists_the_demo_events(client):
    load()
    response = client.get("/", follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == "/fr/"
    html = response.content.decode()
    assert '<meta name="viewport"' in html
    for event in Event.objects.all():
        assert event.name in html
