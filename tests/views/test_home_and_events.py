import datetime
import re

import pytest

from results.models import Championship, Event, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(rally):
    hill = Event.objects.create(
        name="Course de Côte de Vuillafans", slug="vuillafans-2025",
        date=datetime.date(2025, 6, 1), place="Échevannes", discipline="hill_climb",
        published=True,
    )  # fmt: skip
    Event.objects.create(name="Rallye Brouillon", slug="brouillon", date=datetime.date(2025, 7, 1))
    return rally, hill


def listed(html: str) -> list[str]:
    return re.findall(r'<a class="event-name" href="/fr/events/([^/]+)/">', html)


def test_slash_redirects_to_the_language_home(client, db):
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == "/fr/"
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert english["Location"] == "/en/"


def test_the_home_page_has_latest_events_championships_and_search(client, season):
    html = client.get("/fr/").content.decode()
    assert listed(html) == ["vuillafans-2025", "rallye-des-tests-2024"]
    assert '<a href="/fr/championships/coupe-fc-2024/">' in html
    assert 'role="search"' in html and 'name="q"' in html


def test_the_events_list_filters_by_season_discipline_championship_and_text(client, season):
    assert listed(client.get("/fr/events/").content.decode()) == [
        "vuillafans-2025",
        "rallye-des-tests-2024",
    ]
    assert listed(client.get("/fr/events/?season=2024").content.decode()) == [
        "rallye-des-tests-2024"
    ]
    assert listed(client.get("/fr/events/?discipline=hill_climb").content.decode()) == [
        "vuillafans-2025"
    ]
    assert listed(client.get("/fr/events/?championship=coupe-fc-2024").content.decode()) == [
        "rallye-des-tests-2024"
    ]
    assert listed(client.get("/fr/events/?q=echevannes").content.decode()) == ["vuillafans-2025"]
    assert listed(client.get("/fr/events/?q=cote+vuill").content.decode()) == ["vuillafans-2025"]


def test_an_invalid_filter_is_dropped_not_a_500(client, season):
    response = client.get("/fr/events/?season=abc&discipline=ballooning&championship=nope")
    assert response.status_code == 200
    assert len(listed(response.content.decode())) == 2


def test_the_events_list_pages_and_keeps_its_filters(client, db):
    Event.objects.bulk_create(
        Event(name=f"Slalom {n}", slug=f"slalom-{n}", date=datetime.date(2024, 1, 1)
              + datetime.timedelta(days=n), discipline="slalom", published=True)
        for n in range(60)
    )  # fmt: skip
    html = client.get("/fr/events/?discipline=slalom").content.decode()
    assert len(listed(html)) == 50
    assert "?discipline=slalom&amp;page=2" in html
    assert len(listed(client.get("/fr/events/?discipline=slalom&page=2").content.decode())) == 10
    assert len(listed(client.get("/fr/events/?page=99999999999").content.decode())) == 10


def test_the_championship_filter_offers_every_championship(client, season):
    Round.objects.create(
        championship=Championship.objects.create(name="Trophée", slug="trophee", season=2025),
        event=season[1],
        order=1,
    )
    html = client.get("/fr/events/").content.decode()
    assert '<option value="trophee">Trophée 2025</option>' in html


def test_every_page_of_the_events_list_holds_its_events_in_order_from_either_end(client, db):
    # Pages past the middle are read from the end: the same events, in the same order, as
    # the list read from the start gives them (same days, same names: the id decides).
    Event.objects.bulk_create(
        Event(name=f"Rallye {n % 3}", slug=f"rallye-{n}", published=n % 11 != 0,
              date=datetime.date(2024, 1, 1) + datetime.timedelta(days=n // 4))
        for n in range(170)
    )  # fmt: skip
    expected = list(Event.objects.published().listing_ids().values_list("slug", flat=True))
    seen = []
    for number in range(1, 5):
        seen += listed(client.get(f"/fr/events/?page={number}").content.decode())
    assert seen == expected and len(seen) == 154
    last = listed(client.get("/fr/events/?page=99").content.decode())
    assert last == expected[150:]
