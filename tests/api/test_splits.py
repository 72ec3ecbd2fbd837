"""Stage, run and lap times in the API: each classification entry's `splits`, as stored."""

from pathlib import Path

import pytest

from tests.api.conftest import get_json
from tests.views.conftest import import_rows
from tests.views.test_stages import stage_sheet

pytestmark = pytest.mark.django_db

RALLY = (Path(__file__).parents[1] / "parsing/sheets/splits/rallye_es_pipe.txt").read_bytes()


def entries_url(classification, query=""):
    return f"/api/v1/events/{classification.event.slug}/classifications/general/{query}"


def test_each_entry_carries_its_stage_times_as_stored(client, classification):
    import_rows(classification, data=RALLY)
    _response, body = get_json(client, entries_url(classification))
    by_number = {entry["number"]: entry for entry in body["results"]}
    assert by_number["12"]["splits"] == [
        {"name": "ES1", "order": 1, "time_ms": 301200, "penalty_ms": None,
         "status": "finished", "counted": True},
        {"name": "ES2", "order": 2, "time_ms": 250000, "penalty_ms": None,
         "status": "finished", "counted": True},
        {"name": "ES3", "order": 3, "time_ms": 360300, "penalty_ms": None,
         "status": "finished", "counted": True},
    ]  # fmt: skip
    assert [(s["time_ms"], s["status"], s["counted"]) for s in by_number["21"]["splits"]] == [
        (320000, "finished", True),
        (None, "retired", False),
        (None, "dns", False),
    ]
    assert by_number["21"]["status"] == "retired"


def test_an_entry_without_stage_times_has_null_splits(client, classification):
    import_rows(
        classification, "| 1 | 5 | CACHE Henri/DISCRET Marc | Ford Escort | A7 | 9:00,0 | |"
    )
    _response, body = get_json(client, entries_url(classification))
    assert [entry["splits"] for entry in body["results"]] == [None]


@pytest.mark.parametrize("count", [3, 60])
def test_the_splits_cost_one_query_whatever_the_page_size(
    client, classification, count, django_assert_num_queries
):
    # The data version, the classification with its event, its revisions, its active
    # decisions, entries, crews, splits.
    import_rows(classification, data=stage_sheet(count))
    with django_assert_num_queries(7):
        _response, body = get_json(client, entries_url(classification, "?page_size=100"))
    assert [len(entry["splits"]) for entry in body["results"]] == [3] * count


def test_the_schema_declares_the_splits(client):
    schema = client.get("/api/v1/schema/?format=json").json()
    split = schema["components"]["schemas"]["Split"]
    assert set(split["properties"]) == {
        "name", "order", "time_ms", "penalty_ms", "status", "counted"
    }  # fmt: skip
