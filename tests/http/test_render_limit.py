"""Nobody can make the site build page after page: past `PODIUM_RENDER_RATE` renders a client
address gets a 429 saying when to retry, while stored copies still reach it (issue 20,
finding 5)."""

from __future__ import annotations

import pytest
from django.test import Client

from results import ratelimit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def five_renders_a_minute(settings):
    settings.PODIUM_RENDER_RATE = "5/minute"


def junk(client: Client, url: str, count: int, **extra) -> list[int]:
    return [client.get(f"{url}?sort=junk{n}", **extra).status_code for n in range(count)]


def test_distinct_query_strings_past_the_rate_get_a_429_saying_when_to_retry(client, event_url):
    assert junk(client, event_url, 5) == [200] * 5
    response = client.get(f"{event_url}?sort=junk-again")
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60
    assert response["Cache-Control"] == "no-store"
    assert f"{response['Retry-After']} " in response.content.decode()
    # Searches, event lists and unknown pages are renders too.
    for url in ("/fr/search/?q=lys", "/fr/events/?season=1999", "/fr/nowhere/"):
        assert client.get(url).status_code == 429


def test_a_stored_copy_is_never_limited(client, event_url):
    assert client.get(event_url).status_code == 200  # built (one render of five), and stored
    assert junk(client, event_url, 8) == [200] * 4 + [429] * 4
    for _ in range(20):
        assert client.get(event_url).status_code == 200
    # Revalidating the copy is not a render either.
    etag = client.get(event_url)["ETag"]
    assert client.get(event_url, headers={"if-none-match": etag}).status_code == 304


def test_each_client_address_has_its_own_count(client, event_url):
    junk(client, event_url, 6)
    assert client.get(f"{event_url}?sort=x", REMOTE_ADDR="10.0.0.7").status_code == 200
    assert ratelimit.count("render", "10.0.0.7") == 1


def test_a_made_up_session_cookie_is_counted_like_any_visitor(event_url):
    forger = Client()
    forger.cookies["sessionid"] = "not-a-session"
    assert junk(forger, event_url, 7) == [200] * 5 + [429] * 2


def test_staff_signed_in_and_the_api_are_not_counted_here(client, event_url, superuser):
    staff = Client()
    staff.force_login(superuser)
    assert junk(staff, event_url, 10) == [200] * 10
    for _ in range(10):
        client.get("/api/v1/events/")
    assert ratelimit.count("render", "127.0.0.1") == 0


def test_the_429_page_speaks_the_pages_language(client, event_url):
    junk(client, event_url, 5)
    english = client.get(event_url.replace("/fr/", "/en/") + "?sort=x")
    assert english.status_code == 429
    assert '<html lang="en">' in english.content.decode()
    assert "Too many pages requested" in english.content.decode()
