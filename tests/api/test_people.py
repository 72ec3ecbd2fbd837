import pytest

from results.models import Person
from results.services.names import merge_people
from tests.api.conftest import get_json

pytestmark = pytest.mark.django_db

PEOPLE = "/api/v1/people/"


def test_people_are_searched_by_the_words_their_name_starts_with(client, rally, hidden):
    response, body = get_json(client, PEOPLE + "?q=sainte+opp")
    assert response.status_code == 200
    eric = Person.objects.get(slug="eric-de-sainte-opportune")
    assert body["results"] == [
        {
            "id": eric.pk,
            "slug": "eric-de-sainte-opportune",
            "surname": "DE SAINTE OPPORTUNE",
            "first_name": "Eric",
            "name": "DE SAINTE OPPORTUNE Eric",
            "url": "http://testserver/api/v1/people/eric-de-sainte-opportune/",
        }
    ]
    # Accents and case folded: SŒUR is found as "soeur".
    assert [p["slug"] for p in get_json(client, PEOPLE + "?q=SOEUR")[1]["results"]] == [
        "christian-soeur"
    ]


def test_people_known_only_from_an_unpublished_event_are_not_listed(client, rally, hidden):
    assert get_json(client, PEOPLE + "?q=cache")[1]["results"] == []
    everyone = get_json(client, PEOPLE + "?page_size=100")[1]["results"]
    assert len(everyone) == 18
    assert "henri-cache" not in {p["slug"] for p in everyone}
    response, _ = get_json(client, PEOPLE + "henri-cache/")
    assert response.status_code == 404


@pytest.mark.parametrize("query", ["q=", "q=%00", "q=---", "q=" + "a" * 101])
def test_a_search_without_words_is_a_400(client, rally, query):
    response, body = get_json(client, f"{PEOPLE}?{query}")
    assert response.status_code == 400
    assert list(body["error"]["detail"]) == ["q"]


def test_a_person_gives_each_published_result_with_its_crew(client, rally, hidden):
    response, body = get_json(client, PEOPLE + "luc-durand/")
    assert response.status_code == 200
    assert (body["slug"], body["surname"], body["first_name"]) == ("luc-durand", "DURAND", "Luc")
    [result] = body["results"]
    assert result["event"]["slug"] == "rallye-des-tests-2024"
    assert result["classification"]["url"].endswith(
        "/api/v1/events/rallye-des-tests-2024/classifications/general/"
    )
    assert result["seat"] == 1
    entry = result["entry"]
    assert [(m["seat"], m["slug"]) for m in entry["crew"]] == [(1, "luc-durand"), (2, "anne-petit")]
    assert (entry["number"], entry["position"], entry["status"]) == ("7", 2, "classified")
    assert (entry["time_text"], entry["gap_text"], entry["class_position"]) == (
        "10:05.5",
        "+0:05.5",
        1,
    )
    assert entry["car"]["name"] == "Citroën Saxo VTS"


def test_a_merged_away_person_redirects_to_the_kept_one(client, rally):
    keep = Person.objects.get(slug="luc-durand")
    drop = Person.objects.get(slug="luc-thomas")
    merge_people(keep=keep, drop=[drop])
    response = client.get(PEOPLE + "luc-thomas/")
    assert response.status_code == 302
    assert response["Location"] == "/api/v1/people/luc-durand/"


def test_a_long_career_is_given_in_cursor_pages_newest_first(client, car_makes):
    import datetime

    from results.models import Classification, Event
    from tests.views.conftest import import_rows

    for n in range(5):
        event = Event.objects.create(
            name=f"Ronde {n}", slug=f"ronde-{n}", date=datetime.date(2024, 1, 1 + n), published=True
        )
        table = Classification.objects.create(event=event, slug="general")
        import_rows(table, f"| 1 | 1 | ZORRO Diego/MATE{n} Ami | Peugeot 106 | N2 | 5:00,0 | |")
    hidden = Event.objects.create(name="Cachée", slug="cachee", date=datetime.date(2024, 2, 1))
    table = Classification.objects.create(event=hidden, slug="general")
    import_rows(table, "| 1 | 1 | ZORRO Diego/SECRET Ami | Peugeot 106 | N2 | 5:00,0 | |")
    url, seen, pages = PEOPLE + "diego-zorro/?page_size=2", [], 0
    while url:
        response, body = get_json(client, url)
        assert response.status_code == 200
        assert (body["slug"], body["name"]) == ("diego-zorro", "ZORRO Diego")
        assert len(body["results"]) <= 2
        for result in body["results"]:
            crew = [m["name"] for m in result["entry"]["crew"]]
            seen.append((result["event"]["slug"], crew))
        url, pages = body["next"], pages + 1
    assert pages == 3
    assert seen == [(f"ronde-{n}", ["ZORRO Diego", f"MATE{n} Ami"]) for n in (4, 3, 2, 1, 0)]


def test_a_person_with_no_published_result_is_a_404_whatever_the_cursor(client, rally, hidden):
    from base64 import b64encode

    _, body = get_json(client, PEOPLE + "luc-durand/?page_size=1")
    assert len(body["results"]) == 1 and body["next"] is None
    # A cursor past anyone's results: an empty page for Luc, still nothing at all for Henri,
    # known only from an unpublished event.
    past = b64encode(b"o=0&p=1900-01-01").decode()
    response, _ = get_json(client, PEOPLE + f"henri-cache/?cursor={past}")
    assert response.status_code == 404
    response, body = get_json(client, PEOPLE + f"luc-durand/?cursor={past}")
    assert response.status_code == 200 and body["results"] == []


def test_a_result_is_written_as_its_declared_serializers_write_it(rf, rally):
    from results.api import serializers as s
    from results.models import CrewMember

    request = rf.get("/api/v1/people/luc-durand/")
    context = {"request": request}
    for seat in CrewMember.objects.published_results_of(Person.objects.get(slug="luc-durand")):
        seat.entry.seats = CrewMember.objects.crews_by_entry([seat.entry_id])[seat.entry_id]
        lean = s.ResultSerializer(seat, context=context).data
        table = seat.entry.classification
        assert lean == {
            "event": s.EventSerializer(table.event, context=context).data,
            "classification": s.ClassificationSerializer(table, context=context).data,
            "seat": seat.seat,
            "entry": s.EntrySerializer(seat.entry, context=context).data,
        }
