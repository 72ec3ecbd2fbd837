"""Each endpoint's queries, pinned, and the same for 2 rows or 20: the first is always the
site's data version (the ETag), then the endpoint's reads."""

import datetime

import pytest

from results.models import Championship, Classification, Event, Round, ScoringScope
from results.services.championships import recompute
from tests.services.sheets import generated_rows
from tests.views.conftest import import_rows

pytestmark = pytest.mark.django_db


@pytest.fixture(params=[2, 20], ids=["2-rows", "20-rows"])
def season(request, car_makes, club):
    """`size` events of `size` crews each, all the rounds of one championship; the same
    first crew in every event, so its person has `size` results."""
    size = request.param
    championship = Championship.objects.create(name="Coupe", slug="coupe", season=2024)
    ScoringScope.objects.create(championship=championship, name="Général", overall_points="3-2-1")
    first = "| 1 | 1 | ZORRO Diego/BERNARDO Mudo | Peugeot 106 | N2 | 5:00,0 | |"
    for n in range(size):
        event = Event.objects.create(
            name=f"Rallye {n}",
            slug=f"rallye-{n}",
            date=datetime.date(2024, 1, 1) + datetime.timedelta(days=n),
            published=True,
            club=club,
        )
        table = Classification.objects.create(event=event, slug="general")
        import_rows(table, first, *generated_rows(size - 1, offset=1 + n * size))
        Round.objects.create(championship=championship, event=event, order=n + 1)
    recompute(championship)
    return size


@pytest.mark.parametrize(
    ("url", "queries"),
    [
        ("/api/v1/", 1),
        ("/api/v1/events/", 2),
        ("/api/v1/events/?season=2024&discipline=rally&club=asa+vesoul", 2),
        ("/api/v1/events/?championship=coupe", 3),
        # The text filter is part of the page's query (the stored folded key).
        ("/api/v1/events/?q=rallye", 2),
        ("/api/v1/events/rallye-0/", 3),
        ("/api/v1/events/rallye-0/classifications/general/", 7),
        ("/api/v1/people/", 2),
        ("/api/v1/people/?q=zorro", 3),
        ("/api/v1/people/diego-zorro/", 4),
        ("/api/v1/championships/", 2),
        ("/api/v1/championships/coupe/", 5),
    ],
)
def test_each_endpoint_costs_the_same_queries_whatever_its_size(
    client, season, url, queries, django_assert_num_queries
):
    with django_assert_num_queries(queries):
        response = client.get(url + ("&" if "?" in url else "?") + "page_size=100")
    assert response.status_code == 200
    body = response.json()
    # The answer holds every row asked for: the count is for the whole page.
    if url.endswith(("/general/", "/diego-zorro/")):
        assert len(body["results"]) == season
    if url.endswith("/coupe/"):
        assert len(body["rounds"]) == season
        assert len(body["tables"][0]["rows"]) >= season
