"""The "has a published result" flag and the search words, kept right by every write."""

import datetime
import importlib
import re
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.contrib import admin
from django.db import connection

from results.models import Classification, Event, Person, PersonWord
from results.services.freshness import data_changed
from results.services.listing import refresh_all_published_flags
from results.services.names import merge_people, rename_person
from tests.views.conftest import import_rows

pytestmark = pytest.mark.django_db

PEOPLE = "/api/v1/people/"


def table(n: int, *, published: bool = True) -> Classification:
    event = Event.objects.create(
        name=f"Ronde {n}", slug=f"ronde-{n}", date=datetime.date(2024, 5, n), published=published
    )
    return Classification.objects.create(event=event, slug="general")


def crew(number: int, names: str) -> str:
    return f"| {number} | {number} | {names} | Peugeot 106 | N2 | 5:{number:02d},0 | |"


def flags() -> dict[str, bool]:
    return dict(Person.objects.values_list("slug", "has_published_result"))


def words(slug: str) -> set[tuple[str, str]]:
    rows = PersonWord.objects.filter(person__slug=slug).values_list("word", "spelling")
    return set(rows)


def site_found(client, text: str) -> list[str]:
    html = client.get("/fr/search/", {"q": text}).content.decode()
    people = html.split('id="people-title"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'<a href="/fr/people/([^"/]+)/">', people)


def api_found(client, text: str) -> list[str]:
    return [p["slug"] for p in client.get(PEOPLE, {"q": text}).json()["results"]]


def test_an_import_into_a_published_event_flags_its_people_and_writes_their_words(car_makes):
    import_rows(table(1), crew(1, "DE SAINTE-OPPORTUNE Éric/DUPONT Jean"))
    import_rows(table(2, published=False), crew(1, "CACHE Henri/DISCRET Marc"))
    assert flags() == {
        "eric-de-sainte-opportune": True,
        "jean-dupont": True,
        "henri-cache": False,
        "marc-discret": False,
    }
    spelling = "de sainte-opportune eric"
    assert words("eric-de-sainte-opportune") == {
        (word, spelling) for word in ("de", "sainte", "opportune", "eric")
    }
    assert words("henri-cache") == set()


def test_publishing_and_unpublishing_an_event_flags_its_people(client, car_makes):
    hidden = table(1, published=False)
    import_rows(hidden, crew(1, "CACHE Henri/DISCRET Marc"))
    assert site_found(client, "cache") == [] and api_found(client, "cache") == []
    Event.objects.filter(pk=hidden.event_id).update(published=True)
    data_changed(events=[hidden.event_id], publication=[hidden.event_id])
    assert flags()["henri-cache"] and words("henri-cache")
    assert site_found(client, "cache") == ["henri-cache"] == api_found(client, "cache")
    Event.objects.filter(pk=hidden.event_id).update(published=False)
    data_changed(events=[hidden.event_id], publication=[hidden.event_id])
    assert not flags()["henri-cache"] and not words("henri-cache")
    assert site_found(client, "cache") == [] and api_found(client, "cache") == []


def test_a_reimport_that_drops_a_persons_only_seat_unflags_them(client, car_makes):
    general = table(1)
    import_rows(general, crew(1, "DUPONT Jean/MARTIN Paul"), crew(2, "DURAND Luc/PETIT Anne"))
    import_rows(general, crew(1, "DUPONT Jean/MARTIN Paul"))
    assert flags()["luc-durand"] is False and flags()["jean-dupont"] is True
    assert site_found(client, "durand") == [] and api_found(client, "durand") == []
    assert site_found(client, "dupont") == ["jean-dupont"]


def test_a_merged_away_spelling_finds_the_kept_person(client, car_makes):
    import_rows(table(1), crew(1, "DUPONT Jean/MARTIN Paul"))
    import_rows(table(2), crew(1, "DUPOND Jean/PETIT Anne"))
    keep, drop = Person.objects.get(slug="jean-dupont"), Person.objects.get(slug="jean-dupond")
    merge_people(keep=keep, drop=[drop])
    assert ("dupond", "dupond jean") in words("jean-dupont")
    assert site_found(client, "dupond") == ["jean-dupont"] == api_found(client, "dupond")
    assert site_found(client, "dupond je") == ["jean-dupont"]
    # Found once, though both spellings match.
    assert site_found(client, "jean") == ["jean-dupont"] == api_found(client, "jean")


def test_a_former_name_finds_the_renamed_person(client, car_makes):
    import_rows(table(1), crew(1, "DUPONT Jean/MARTIN Paul"))
    rename_person(
        person=Person.objects.get(slug="jean-dupont"), surname="DUPONT", first_name="Jean-Pierre"
    )
    assert site_found(client, "dupont jean-pierre") == ["jean-dupont"]
    assert site_found(client, "dupont pierre") == ["jean-dupont"]
    # The former spelling, as an alias: "dupont jean" alone still names him.
    assert api_found(client, "dupont jean") == ["jean-dupont"]
    assert ("pierre", "dupont jean-pierre") in words("jean-dupont")


def test_a_flag_an_edit_outside_the_services_left_set_shows_nobody(client, car_makes):
    general = table(1)
    import_rows(general, crew(1, "CACHE Henri/DISCRET Marc"))
    # An edit by hand: no write service ran, the flag and words stay.
    Event.objects.filter(pk=general.event_id).update(published=False)
    assert flags()["henri-cache"]
    assert site_found(client, "cache") == [] and api_found(client, "cache") == []
    assert client.get(PEOPLE).json()["results"] == []


def test_the_admin_deleting_an_event_unflags_its_people(car_makes):
    from results.admin.events import EventAdmin

    general = table(1)
    import_rows(general, crew(1, "CACHE Henri/DISCRET Marc"))
    EventAdmin(Event, admin.site).delete_model(None, general.event)
    assert flags() == {"henri-cache": False, "marc-discret": False}
    assert PersonWord.objects.count() == 0


def test_the_migration_and_the_bulk_refresh_set_every_flag_and_word(car_makes):
    import_rows(table(1), crew(1, "DUPONT Jean/MARTIN Paul"))
    import_rows(table(2, published=False), crew(1, "CACHE Henri/DISCRET Marc"))
    rename_person(person=Person.objects.get(slug="paul-martin"), surname="MARTIN", first_name="Pol")
    expected_flags, expected_words = (
        flags(),
        set(PersonWord.objects.values_list("person_id", "word", "spelling", "order_key")),
    )
    assert ("paul", "martin paul") in words("paul-martin")
    fill = importlib.import_module("results.migrations.0020_people_search").fill
    for refill in (
        lambda: fill(apps, SimpleNamespace(connection=connection)),
        refresh_all_published_flags,
    ):
        Person.objects.update(has_published_result=False)
        PersonWord.objects.all().delete()
        refill()
        assert flags() == expected_flags
        found = PersonWord.objects.values_list("person_id", "word", "spelling", "order_key")
        assert set(found) == expected_words
