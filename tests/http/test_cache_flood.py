"""Nobody can fill the page cache: junk query values render, and are not stored
(issue 20, finding 5)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from results.http.copies import PREFIX, local_copies
from results.services.championship_presets import create_from_preset

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def renders_unlimited(settings):
    """What is stored is the point here; the limit on renders has its own tests."""
    settings.PODIUM_RENDER_RATE = "100000/minute"


def stored() -> int:
    """Page copies in the shared cache (LocMem in tests) and in this worker's memory."""
    shared = sum(1 for key in cache._cache if PREFIX in key)
    return shared + len(local_copies._copies)


def flood(client, url: str, queries: list[str]) -> None:
    for query in queries:
        response = client.get(f"{url}?{query}")
        assert response.status_code in (200, 404), query


JUNK = [
    *(f"sort=junk{n}" for n in range(40)),
    *(f"sort=-junk{n}" for n in range(20)),
    *(f"_export=junk{n}" for n in range(20)),
    *("sort=time" + "&sort=time" * n for n in range(1, 20)),  # one value, many spellings
    "sort=%74ime",
    "sort=t%69me",
    "sort=",
    "sort=time&_export=",
    *(f"classification=junk{n}&sort=car" for n in range(20)),
    *(f"class=junk{n}" for n in range(10)),
]


def test_a_flood_of_junk_values_on_the_standings_page_stores_nothing(client, event_url):
    flood(client, event_url, JUNK)
    assert stored() == 0
    # What the site's own links ask for is still stored, once each.
    for query in ("", "?sort=time", "?sort=-time", "?_export=csv", "?sort=time"):
        assert client.get(event_url + query).status_code == 200
    assert stored() == 2 * 4  # shared and local, for four pages


def test_a_flood_of_junk_values_on_the_championship_page_stores_nothing(client, rally):
    season = create_from_preset(preset="25-18", name="Coupe", season=2024, events=[rally])
    url = f"/fr/championships/{season.slug}/"
    junk = [
        *(f"sort=junk{n}" for n in range(30)),
        *(f"scope=9999{n}" for n in range(30)),
        *(f"scope=x{n}" for n in range(10)),
        *(f"_export=junk{n}" for n in range(10)),
        "sort=%20total",
        "sort=total&sort=total",
    ]
    flood(client, url, junk)
    assert stored() == 0
    for query in ("", "?sort=total", "?sort=-name"):
        assert client.get(url + query).status_code == 200
    assert stored() == 2 * 3
