import base64
import datetime
from urllib.parse import quote, urlencode

import pytest

from results.models import (
    Championship,
    Classification,
    Event,
    Round,
    ScoringScope,
    Standing,
)
from results.models.standings import role_rank
from results.services.championships import recompute
from tests.api.conftest import get_json
from tests.services.sheets import generated_rows
from tests.views.conftest import import_rows

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


@pytest.fixture
def big_season(car_makes, club):
    """A championship ranking drivers and co-drivers apart, in two tables (overall and by
    class): 6 events of 12 crews, well over one page of lines."""
    championship = Championship.objects.create(
        name="Trophée", slug="trophee", season=2024, ranking=Championship.Ranking.PERSON
    )
    ScoringScope.objects.create(
        championship=championship, name="Général", order=1, overall_points="10-8-6-5-4-3-2-1"
    )
    ScoringScope.objects.create(
        championship=championship, name="Classes", order=2, class_points="5-4-3-2-1",
        split_by=ScoringScope.Split.CLASS,
    )  # fmt: skip
    for n in range(6):
        event = Event.objects.create(
            name=f"Rallye {n}", slug=f"rallye-{n}", published=True, club=club,
            date=datetime.date(2024, 3, 1) + datetime.timedelta(days=7 * n),
        )  # fmt: skip
        table = Classification.objects.create(event=event, slug="general")
        import_rows(table, *generated_rows(12, offset=n * 5))
        Round.objects.create(championship=championship, event=event, order=n + 1)
    recompute(championship)
    return championship


def _lines(body: dict) -> list[tuple]:
    return [
        (table["id"], row["role"], row["section"], row["position"], row["name"])
        for table in body["tables"]
        for row in table["rows"]
    ]


def _stored(championship: Championship) -> list[tuple]:
    """Every stored line in the order the page shows them: table by table, drivers before
    co-drivers, section, position, name."""
    scopes = {scope.pk: n for n, scope in enumerate(championship.scopes.in_order())}

    def order(row: Standing) -> tuple:
        return (scopes[row.scope_id], role_rank(row.role), row.section, row.position, row.name)

    rows = sorted(Standing.objects.filter(championship=championship), key=order)
    return [(row.scope_id, row.role, row.section, row.position, row.name) for row in rows]


def test_a_championship_s_lines_come_in_cursor_pages_over_its_tables_in_order(client, big_season):
    stored = _stored(big_season)
    assert len(stored) > 3 * 25
    assert {role for _scope, role, *_rest in stored} == {"driver", "codriver"}
    url, seen, pages = "/api/v1/championships/trophee/?page_size=25", [], []
    while url:
        body = get_json(client, url)[1]
        # Every page names every table and every round, whichever lines it holds.
        assert [table["name"] for table in body["tables"]] == ["Général", "Classes"]
        assert len(body["rounds"]) == 6
        pages.append(body)
        seen += _lines(body)
        url = body["next"]
    assert seen == stored
    assert all(len(_lines(body)) == 25 for body in pages[:-1])
    assert pages[0]["previous"] is None and pages[1]["previous"] is not None
    # Back from the second page: the first page again, and no page before it.
    back = get_json(client, pages[1]["previous"])[1]
    assert _lines(back) == _lines(pages[0]) and back["previous"] is None
    assert back["next"] is not None
    # One page holds a table's end and the next's start.
    assert any(len({line[0] for line in _lines(body)}) == 2 for body in pages)


def test_a_championship_that_fits_in_a_page_gives_every_line_and_no_next(client, rally):
    body = get_json(client, URL)[1]
    assert body["next"] is None and body["previous"] is None
    assert len(body["tables"][0]["rows"]) == Standing.objects.count()


@pytest.mark.parametrize("size", [2, 100])
def test_a_championship_page_costs_five_queries_whatever_its_size_and_depth(
    client, big_season, size, django_assert_num_queries
):
    url = f"/api/v1/championships/trophee/?page_size={size}"
    with django_assert_num_queries(5):
        body = get_json(client, url)[1]
    assert len(_lines(body)) == size
    if body["next"]:
        with django_assert_num_queries(5):
            second = get_json(client, body["next"])[1]
        assert len(_lines(second)) == size


def _cursor(position: str, reverse: str = "0", offset: str = "0") -> str:
    query = urlencode({"o": offset, "r": reverse, "p": position})
    return quote(base64.b64encode(query.encode("ascii")).decode("ascii"))


@pytest.mark.parametrize(
    "position",
    [
        "[]",
        "not json",
        '{"a": 1}',
        '[1, 2, 0, "", 1, "x"]',  # one key short
        '[1, 2, 0, "", 1, "x", true]',  # a boolean for the id
        '[1, 2, 0, "", 1.5, "x", 3]',
        '[1, 2, 0, 7, 1, "x", 3]',  # a number for the section
        '[1, 2, 0, "", 99999999999999999999999, "x", 3]',
        '[1, 2, 0, "\\u0000", 1, "x", 3]',
        '[1, 2, 0, "\\ud800", 1, "x", 3]',
    ],
)
def test_a_championship_cursor_this_api_did_not_give_is_a_400(client, big_season, position):
    response, body = get_json(client, f"/api/v1/championships/trophee/?cursor={_cursor(position)}")
    assert response.status_code == 400
    assert list(body["error"]["detail"]) == ["cursor"]


def test_a_cursor_past_the_last_line_gives_an_empty_page_and_a_way_back(client, big_season):
    position = '[999, 0, 0, "", 1, "", 0]'
    response, body = get_json(client, f"/api/v1/championships/trophee/?cursor={_cursor(position)}")
    assert response.status_code == 200
    assert _lines(body) == [] and body["next"] is None
    back = get_json(client, body["previous"])[1]
    assert _lines(back) == _stored(big_season)[-50:]
