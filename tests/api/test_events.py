import datetime

import pytest

from results.models import Classification, Event
from tests.api.conftest import get_json

pytestmark = pytest.mark.django_db

EVENTS = "/api/v1/events/"


def test_the_events_list_gives_each_published_event_with_its_link(client, rally, hidden):
    response, body = get_json(client, EVENTS)
    assert response.status_code == 200
    assert body == {
        "next": None,
        "previous": None,
        "results": [
            {
                "id": rally.pk,
                "slug": "rallye-des-tests-2024",
                "name": "Rallye des Tests",
                "date": "2024-05-04",
                "place": "Vesoul (70)",
                "discipline": "rally",
                "club": "ASA Vesoul",
                "url": "http://testserver/api/v1/events/rallye-des-tests-2024/",
            }
        ],
    }


def test_an_event_gives_its_classifications_and_championships(client, rally):
    response, body = get_json(client, f"{EVENTS}rallye-des-tests-2024/")
    assert response.status_code == 200
    general = rally.classifications.get()
    assert body["id"] == rally.pk and body["club"] == "ASA Vesoul"
    assert body["classifications"] == [
        {
            "id": general.pk,
            "slug": "general",
            "name": "Général",
            "state": "provisional",
            "stage_name": "",
            "stage_order": None,
            "after_stage": "",
            "url": "http://testserver/api/v1/events/rallye-des-tests-2024/classifications/general/",
        }
    ]
    assert body["championships"] == [
        {
            "slug": "coupe-fc-2024",
            "name": "Coupe de Franche-Comté",
            "season": 2024,
            "round": 3,
            "url": "http://testserver/api/v1/championships/coupe-fc-2024/",
        }
    ]


def test_a_stage_and_an_interim_classification_say_so_in_the_event_and_their_own_answer(
    client, rally
):
    Classification.objects.create(
        event=rally, slug="es3", name="ES3", stage_name="ES3", stage_order=3
    )
    Classification.objects.filter(event=rally, slug="general").update(after_stage="ES5")
    body = get_json(client, f"{EVENTS}rallye-des-tests-2024/")[1]
    stages = {
        c["slug"]: (c["stage_name"], c["stage_order"], c["after_stage"])
        for c in body["classifications"]
    }
    assert stages == {"general": ("", None, "ES5"), "es3": ("ES3", 3, "")}
    about = get_json(client, f"{EVENTS}rallye-des-tests-2024/classifications/es3/")[1]
    stage = about["classification"]
    assert (stage["stage_name"], stage["stage_order"], stage["after_stage"]) == ("ES3", 3, "")


def test_an_unpublished_event_is_missing_even_for_a_logged_in_superuser(
    client, rally, hidden, superuser
):
    client.force_login(superuser)
    _, body = get_json(client, EVENTS)
    assert [event["slug"] for event in body["results"]] == ["rallye-des-tests-2024"]
    response, body = get_json(client, f"{EVENTS}rallye-secret-2024/")
    assert response.status_code == 404
    assert body == {"error": {"status": 404, "code": "not_found", "detail": "No such event."}}
    response, _ = get_json(client, f"{EVENTS}rallye-secret-2024/classifications/general/")
    assert response.status_code == 404


@pytest.fixture
def three_events(rally):
    for n, (year, discipline) in enumerate([(2023, "hill_climb"), (2025, "rally")], 1):
        Event.objects.create(
            name=f"Course {n}",
            slug=f"course-{n}",
            date=datetime.date(year, 3, n),
            place="Langres",
            discipline=discipline,
            published=True,
        )


@pytest.mark.parametrize(
    ("query", "slugs"),
    [
        ("", ["course-2", "rallye-des-tests-2024", "course-1"]),
        ("season=2024", ["rallye-des-tests-2024"]),
        ("discipline=hill_climb", ["course-1"]),
        ("championship=coupe-fc-2024", ["rallye-des-tests-2024"]),
        ("club=asa+vesoul", ["rallye-des-tests-2024"]),
        ("q=langr", ["course-2", "course-1"]),
        ("q=tests+vesoul", ["rallye-des-tests-2024"]),
        ("season=2025&discipline=rally", ["course-2"]),
        ("club=nobody", []),
    ],
)
def test_the_events_list_filters(client, three_events, query, slugs):
    response, body = get_json(client, f"{EVENTS}?{query}")
    assert response.status_code == 200
    assert [event["slug"] for event in body["results"]] == slugs


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("season=abc", "season"),
        ("season=2024.5", "season"),
        ("season=99999999999999999999", "season"),
        ("discipline=karting", "discipline"),
        ("championship=no-such-thing", "championship"),
        ("championship=%00", "championship"),
        ("club=%00", "club"),
        ("q=%00", "q"),
        ("q=" + "x" * 101, "q"),
        ("cursor=zzz", "cursor"),
        ("cursor=cD0yMDI0LTEzLTQ1", "cursor"),  # p=2024-13-45: not a date
        ("cursor=bz0tMQ%3D%3D", "cursor"),  # o=-1
        ("page_size=0", "page_size"),
        ("page_size=101", "page_size"),
        ("page_size=%C2%B2", "page_size"),
    ],
)
def test_a_bad_filter_cursor_or_page_size_is_a_400_naming_it(client, rally, query, key):
    response, body = get_json(client, f"{EVENTS}?{query}")
    assert response.status_code == 400
    assert body["error"]["status"] == 400
    assert list(body["error"]["detail"]) == [key]


def test_unknown_query_parameters_are_ignored(client, rally):
    response, body = get_json(client, f"{EVENTS}?foo=%00&bar")
    assert response.status_code == 200 and len(body["results"]) == 1


def walk(client, url: str) -> list[str]:
    slugs = []
    while url:
        response, body = get_json(client, url)
        assert response.status_code == 200 and len(body["results"]) <= 1
        slugs += [item["slug"] for item in body["results"]]
        url = body["next"]
    return slugs


def test_the_events_list_comes_in_cursor_pages(client, three_events):
    assert walk(client, EVENTS + "?page_size=1") == [
        "course-2",
        "rallye-des-tests-2024",
        "course-1",
    ]
    # Filters stay in the links.
    assert walk(client, EVENTS + "?page_size=1&q=langres") == ["course-2", "course-1"]


def test_people_come_in_cursor_pages_by_name(client, rally):
    slugs = walk(client, "/api/v1/people/?page_size=1&q=paul")
    assert slugs == [
        "paul-garcia",
        "paul-leroy",
        "paul-martin",
        "paul-morel",
        "paul-roux",
        "paul-simon",
    ]
