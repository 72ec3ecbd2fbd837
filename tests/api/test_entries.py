import pytest

from results.catalogue import FIELDS, Kind
from tests.api.conftest import get_json

pytestmark = pytest.mark.django_db

URL = "/api/v1/events/rallye-des-tests-2024/classifications/general/"


def person(slug: str, name: str, seat: int, pk: int, written: str | None = None) -> dict:
    return {
        "seat": seat,
        "id": pk,
        "slug": slug,
        "name": name,
        "written": written or name,
        "url": f"http://testserver/api/v1/people/{slug}/",
    }


def test_a_classification_gives_itself_its_event_and_its_entries(client, rally):
    response, body = get_json(client, URL)
    assert response.status_code == 200
    general = rally.classifications.get()
    about = body["classification"]
    # Published once (provisional), no decision yet: tests/api/test_revisions.py reads them.
    assert [revision["kind"] for revision in about.pop("revisions")] == ["published"]
    assert about.pop("decisions") == []
    assert about == {
        "id": general.pk,
        "slug": "general",
        "name": "Général",
        "state": "provisional",
        "stage_name": "",
        "stage_order": None,
        "after_stage": "",
        "url": "http://testserver" + URL,
        "official_at": None,
        "event": {
            "id": rally.pk,
            "slug": "rallye-des-tests-2024",
            "name": "Rallye des Tests",
            "date": "2024-05-04",
            "place": "Vesoul (70)",
            "discipline": "rally",
            "club": "ASA Vesoul",
            "url": "http://testserver/api/v1/events/rallye-des-tests-2024/",
        },
    }
    assert body["next"] is None and body["previous"] is None
    assert [entry["number"] for entry in body["results"]] == [
        "12",
        "7",
        "8",
        "9",
        "21",
        "31",
        "32",
        "33",
        "34",
    ]


def test_every_field_of_an_entry_is_what_was_imported(client, rally):
    first, second, third, fourth, rally2, retired, nc, dsq, dns = get_json(client, URL)[1][
        "results"
    ]
    dupont, martin = (first["crew"][0]["id"], first["crew"][1]["id"])
    assert first == {
        "id": first["id"],
        "crew": [
            person("jean-dupont", "DUPONT Jean", 1, dupont),
            person("paul-martin", "MARTIN Paul", 2, martin),
        ],
        "car": {"id": first["car"]["id"], "name": "Peugeot 306 S16", "written": "Peugeot 306 S16"},
        "position": 1,
        "number": "12",
        "group": "F2",
        "class": "14",
        "time_ms": 600000,
        "time_text": "10:00.0",
        "gap_ms": 0,
        "gap_text": "",
        "class_position": 1,
        "club": "",
        "team": "",
        "nationality": "",
        "best_lap_ms": None,
        "best_lap_text": None,
        "best_lap_no": None,
        "speed_kmh": None,
        "capacity": "",
        "laps": None,
        "distance": "",
        "penalty_ms": None,
        "penalty_text": None,
        "points": None,
        "status": "classified",
        "retired_at": "",
        "reason": "",
        "category": "",
        "splits": None,
    }
    assert first["car"]["id"] is not None
    assert (second["position"], second["group"], second["class"]) == (2, "N", "2")
    assert (second["time_ms"], second["time_text"]) == (605500, "10:05.5")
    assert (second["gap_ms"], second["gap_text"]) == (5500, "+0:05.5")
    assert second["class_position"] == 1 and fourth["class_position"] == 2
    assert [m["written"] for m in third["crew"]] == ["ANDRÉ Gérard", "SŒUR Christian"]
    assert (third["group"], third["class"]) == ("FN", "2")
    # A Rallye 2 crew keeps the place the import gave it, and its time.
    assert (rally2["status"], rally2["position"], rally2["time_ms"], rally2["gap_text"]) == (
        "rally2",
        5,
        720000,
        "+2:00.0",
    )
    for entry, status in [(retired, "retired"), (nc, "nc"), (dsq, "dsq"), (dns, "dns")]:
        assert (entry["status"], entry["position"], entry["time_ms"], entry["time_text"]) == (
            status,
            None,
            None,
            None,
        )
    assert retired["crew"][0]["slug"] == "jean-moreau"


def test_an_entry_carries_every_stored_field_of_the_catalogue(client, rally):
    entry = get_json(client, URL)[1]["results"][0]
    for field in FIELDS:
        if field.model is None or field.kind is Kind.CREW:
            continue
        assert (field.contract or field.model) in entry, field
        if field.kind in (Kind.TIME, Kind.GAP):
            assert (field.contract or field.model).removesuffix("_ms") + "_text" in entry


def test_entries_come_in_cursor_pages_that_link_to_each_other(client, rally):
    numbers, url, pages = [], URL + "?page_size=4", 0
    while url:
        response, body = get_json(client, url)
        assert response.status_code == 200 and len(body["results"]) <= 4
        numbers += [entry["number"] for entry in body["results"]]
        url, pages = body["next"], pages + 1
        if pages == 2:
            back = get_json(client, body["previous"])[1]
            assert [entry["number"] for entry in back["results"]] == ["12", "7", "8", "9"]
    assert pages == 3
    assert numbers == ["12", "7", "8", "9", "21", "31", "32", "33", "34"]


def test_a_missing_classification_is_a_json_404(client, rally):
    response, body = get_json(client, URL.replace("general", "vhc"))
    assert response.status_code == 404
    assert body["error"]["detail"] == "No such classification."
