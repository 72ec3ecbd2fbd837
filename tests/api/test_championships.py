import pytest

from results.models import Championship, Round, Standing
from results.services.championships import recompute
from tests.api.conftest import get_json

pytestmark = pytest.mark.django_db

URL = "/api/v1/championships/coupe-fc-2024/"


def test_the_championships_list_links_each_with_a_published_event(client, rally):
    Championship.objects.create(name="Vide", slug="vide", season=2024)
    response, body = get_json(client, "/api/v1/championships/")
    assert response.status_code == 200
    championship = Championship.objects.get(slug="coupe-fc-2024")
    assert body["results"] == [
        {
            "id": championship.pk,
            "slug": "coupe-fc-2024",
            "name": "Coupe de Franche-Comté",
            "season": 2024,
            "url": "http://testserver" + URL,
        }
    ]
    response, _ = get_json(client, "/api/v1/championships/vide/")
    assert response.status_code == 404


def test_a_championship_gives_its_rounds_and_its_stored_table(client, rally):
    response, body = get_json(client, URL)
    assert response.status_code == 200
    assert (body["name"], body["season"], body["ranking"], body["best_results"]) == (
        "Coupe de Franche-Comté",
        2024,
        "crew",
        None,
    )
    [round_] = body["rounds"]
    assert (round_["number"], round_["order"], round_["coefficient"]) == (1, 3, "1.00")
    assert round_["event"]["slug"] == "rallye-des-tests-2024"
    [table] = body["tables"]
    assert (table["name"], table["split_by"]) == ("Général", "")
    stored = list(Standing.objects.filter(championship__slug="coupe-fc-2024"))
    assert len(table["rows"]) == len(stored) > 0
    first = table["rows"][0]
    assert (first["position"], first["name"], first["total"]) == (
        1,
        "DUPONT Jean / MARTIN Paul",
        "10.00",
    )
    assert [(p["slug"], p["url"]) for p in first["people"]] == [
        ("jean-dupont", "http://testserver/api/v1/people/jean-dupont/"),
        ("paul-martin", "http://testserver/api/v1/people/paul-martin/"),
    ]
    assert first["results"] == [
        {"round": 1, "points": "10", "place": 1, "status": "classified", "counted": True}
    ]


def test_an_unpublished_round_and_its_results_are_left_out(client, rally, hidden):
    championship = Championship.objects.get(slug="coupe-fc-2024")
    Round.objects.create(championship=championship, event=hidden, order=4)
    recompute(championship)
    body = get_json(client, URL)[1]
    assert [r["event"]["slug"] for r in body["rounds"]] == ["rallye-des-tests-2024"]
    assert "Rallye Secret" not in str(body)
    assert "CACHE" not in str(body)
    for row in body["tables"][0]["rows"]:
        assert all(result["round"] == 1 for result in row["results"])
