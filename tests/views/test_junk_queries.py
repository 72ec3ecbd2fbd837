"""No query string ever produces a 500 on a public page.

A standings page asked for a class, group or classification the event does not have answers
404 (with links to the real ones); every other junk value is ignored.
"""

import pytest
from django.http import QueryDict

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def renders_unlimited(settings):
    """Hundreds of renders from one address: what each answers is the point here, not the
    limit on renders (tests/http/test_render_limit.py)."""
    settings.PODIUM_RENDER_RATE = "100000/minute"


PARAMETERS = (
    "sort", "class", "group", "classification", "page", "q", "season", "discipline",
    "championship", "_export", "after",
)  # fmt: skip
# Already percent-encoded, as a hostile client would send them.
HOSTILE = (
    "",
    "zzz",
    "-",
    "--time",
    "time,-gap,nope",
    "%00",
    "a%00b",
    "%ff%fe%fd",
    "%E2%80%AE%F0%9F%8F%81",
    "%C3%A9" * 400,
    "99999999999999999999999",
    "-1",
    "1e309",
    "NaN",
    "%27%20OR%201%3D1%20--",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "%7B%7B7*7%7D%7D",
    "csv",
    "../../etc/passwd",
    "%0d%0aSet-Cookie:%20x=1",
)


def expected(url: str, query: str) -> int:
    params = QueryDict(query)
    names_a_table = any(params.get(key) for key in ("class", "group", "classification"))
    return 404 if "/events/" in url and url.count("/") > 3 and names_a_table else 200


@pytest.fixture
def public_urls(rally) -> list[str]:
    urls = []
    for language in ("fr", "en"):
        urls += [
            f"/{language}/",
            f"/{language}/events/",
            f"/{language}/events/{rally.slug}/",
            f"/{language}/people/jean-dupont/",
            f"/{language}/search/",
            f"/{language}/championships/coupe-fc-2024/",
        ]
    return urls


def test_hostile_values_in_every_parameter_never_give_a_500(client, public_urls):
    for url in public_urls:
        for value in HOSTILE:
            query = "&".join(f"{parameter}={value}" for parameter in PARAMETERS)
            response = client.get(f"{url}?{query}")
            assert response.status_code == expected(url, query), (url, value)


def test_hostile_values_one_parameter_at_a_time_on_the_standings_page(client, rally):
    # One at a time too: a junk sort must not hide behind a junk class that resets the table.
    for parameter in PARAMETERS:
        for value in HOSTILE:
            url = f"/fr/events/{rally.slug}/"
            response = client.get(f"{url}?{parameter}={value}")
            assert response.status_code == expected(url, f"{parameter}={value}"), (parameter, value)


def test_repeated_and_combined_parameters_never_give_a_500(client, public_urls):
    combos = (
        "sort=time&sort=-gap&sort=zzz",
        "class=N-2&group=N&classification=%00&_export=csv&sort=-club",
        "q=%00&q=andre&page=0&page=-5",
        "&&&=&==&%%%",
        "sort=" + "x," * 2000,
    )
    for url in public_urls:
        for combo in combos:
            assert client.get(f"{url}?{combo}").status_code == expected(url, combo), (url, combo)
