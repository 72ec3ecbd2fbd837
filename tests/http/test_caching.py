"""Public pages served from the cache, keyed on the data version stored in the database."""

from __future__ import annotations

import datetime
import os
import socket
import subprocess
import sys

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from results.http.copies import LocalCopies, PageKey, local_copies
from results.models import DataVersion, Person
from results.services.championship_presets import create_from_preset
from results.services.names import rename_person
from tests.conftest import ROOT
from tests.views.conftest import RALLY_ROWS, import_rows

pytestmark = pytest.mark.django_db

PERSON_URL = "/fr/people/jean-dupont/"


def _queries(client, url: str, **extra) -> tuple[int, bytes]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **extra)
    assert response.status_code == 200
    return len(queries), response.content


@pytest.fixture
def season(rally):
    return create_from_preset(preset="25-18", name="Coupe", season=2024, events=[rally])


def test_a_cached_standings_page_costs_only_its_version_query(client, event_url):
    first_count, first = _queries(client, event_url)
    assert first_count == 5
    again_count, again = _queries(client, event_url)
    # The page's own queries are gone; what is left reads the data version, as a 304 does.
    assert again_count == 1
    assert again == first


def test_cached_person_and_championship_pages_cost_only_their_version_query(client, season):
    for url in (PERSON_URL, f"/fr/championships/{season.slug}/"):
        first_count, first = _queries(client, url)
        assert first_count > 1
        assert _queries(client, url) == (1, first)


def test_a_rename_changes_every_cached_page_at_once(client, event_url, season):
    urls = (event_url, PERSON_URL, f"/fr/championships/{season.slug}/")
    for url in urls:
        client.get(url)
    rename_person(
        person=Person.objects.get(slug="jean-dupont"), surname="DUPONTEL", first_name="Jean"
    )
    for url in urls:
        html = client.get(url).content.decode()
        assert "DUPONTEL Jean" in html, url


def test_a_reimport_changes_the_cached_standings_page_at_once(client, rally, event_url):
    assert "DURAND Luc" in client.get(event_url).content.decode()
    import_rows(rally.classifications.get(), RALLY_ROWS[0])
    assert "DURAND Luc" not in client.get(event_url).content.decode()


def test_a_version_bumped_by_another_worker_is_seen_at_once(client, rally, event_url):
    """Another web worker's write lands in the database only: the key is read from there."""
    first = client.get(event_url)
    DataVersion.objects.filter(scope="all").update(version=999)
    Person.objects.filter(slug="jean-dupont").update(surname="AUTREMENT")
    second = client.get(event_url)
    assert second["ETag"] != first["ETag"]
    assert "AUTREMENT Jean" in second.content.decode()


def test_each_view_of_a_page_has_its_own_copy(client, event_url):
    general = client.get(event_url).content
    sorted_page = client.get(event_url, {"sort": "-time"}).content
    assert sorted_page != general
    csv_first = client.get(event_url, {"_export": "csv"})
    csv_again = client.get(event_url, {"_export": "csv"})
    assert csv_again.content == csv_first.content
    assert csv_again["Content-Type"].startswith("text/csv")
    assert csv_again["Content-Disposition"] == csv_first["Content-Disposition"]
    assert client.get(event_url.replace("/fr/", "/en/")).content != general


def test_a_cached_page_still_answers_304_and_sends_its_validators(client, event_url):
    client.get(event_url)
    cached = client.get(event_url)
    assert cached["ETag"]
    assert client.get(event_url, HTTP_IF_NONE_MATCH=cached["ETag"]).status_code == 304


def test_staff_are_never_served_a_cached_page(client, organiser, event_url):
    client.get(event_url)
    client.force_login(organiser)
    count, _ = _queries(client, event_url)
    assert count > 1


def test_turning_the_cache_off_builds_every_page(client, settings, event_url):
    settings.PODIUM_PAGE_CACHE_SECONDS = 0
    client.get(event_url)
    assert _queries(client, event_url)[0] == 5


def test_a_cache_server_that_is_down_costs_speed_not_the_page(client, settings, event_url):
    # Port 9 on the loopback: nothing listens, so every cache call fails at once.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
        }
    }
    for _ in range(2):
        response = client.get(event_url)
        assert response.status_code == 200
        assert "DUPONT Jean" in response.content.decode()


def _redis_up() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _redis_up(), reason="no Redis server on 127.0.0.1:6379")
def test_pages_are_shared_through_redis(client, settings, event_url):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/0",
            "KEY_PREFIX": f"podium-test-{os.getpid()}",
        }
    }
    try:
        first_count, first = _queries(client, event_url)
        assert first_count == 5
        # Another worker: nothing in its own memory, the copy comes from Redis.
        local_copies.clear()
        assert _queries(client, event_url) == (1, first)
    finally:
        cache.clear()


@pytest.mark.parametrize(
    ("redis_url", "backend"),
    [
        ("redis://127.0.0.1:6379/1", "django.core.cache.backends.redis.RedisCache"),
        ("", "django.core.cache.backends.locmem.LocMemCache"),
    ],
)
def test_the_cache_backend_follows_redis_url(redis_url, backend):
    env = {**os.environ, "DEBUG": "1", "REDIS_URL": redis_url}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'\n"
        "from django.conf import settings\n"
        "print(settings.CACHES['default']['BACKEND'], settings.CACHES['default'].get('LOCATION'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out[0] == backend
    if redis_url:
        assert out[1] == redis_url


SECURITY_HEADERS = (
    "Content-Security-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
    "Strict-Transport-Security",
)


def test_a_copy_carries_the_headers_of_the_page_it_was_built_as(client, event_url):
    built = client.get(event_url, secure=True)
    count, _content = _queries(client, event_url, secure=True)
    assert count == 1
    served = client.get(event_url, secure=True)
    for name in (*SECURITY_HEADERS, "ETag", "Content-Language", "Content-Type"):
        assert served[name] == built[name], name
    assert not served.cookies


def test_a_visitor_with_a_session_cookie_is_never_served_a_copy(client, event_url):
    client.get(event_url)
    client.cookies["sessionid"] = "not-a-session"
    count, _content = _queries(client, event_url)
    assert count > 1


def test_a_page_for_another_host_is_refused_before_any_copy(client, settings, event_url):
    client.get(event_url)
    assert client.get(event_url, HTTP_HOST="evil.example").status_code == 400


def test_the_page_of_each_allowed_host_is_its_own(client, settings, event_url):
    """Pages name their own address (hreflang links): one host's copy is not another's."""
    settings.ALLOWED_HOSTS = ["a.example", "b.example"]
    first = client.get(event_url, HTTP_HOST="a.example").content.decode()
    other = client.get(event_url, HTTP_HOST="b.example").content.decode()
    assert "//a.example/" in first and "//b.example/" in other


def test_a_database_restored_at_the_same_version_number_gets_new_pages(client, event_url):
    """A backup restored (or a new database under the same cache) can reach the version number
    the copies were made at, from other data: the moment of the bump tells them apart."""
    first = client.get(event_url)
    version = DataVersion.objects.get(scope="all")
    Person.objects.filter(slug="jean-dupont").update(surname="RESTAURÉ")
    DataVersion.objects.filter(pk=version.pk).update(
        changed_at=version.changed_at - datetime.timedelta(days=30)
    )
    again = client.get(event_url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert "RESTAURÉ Jean" in again.content.decode()


def test_each_worker_keeps_its_latest_copies_within_its_bytes():
    copies = LocalCopies(max_bytes=10)
    a, b, c, huge = (PageKey(era="v1", basis=name) for name in ("a", "b", "c", "huge"))
    copies.put(a, (200, b"aaaa", []))
    copies.put(b, (200, b"bbbb", []))
    assert copies.get(a) is not None  # now the latest used
    copies.put(c, (200, b"cccc", []))
    assert copies.get(b) is None
    assert copies.get(a) == (200, b"aaaa", [])
    assert copies.get(c) == (200, b"cccc", [])
    copies.put(huge, (200, b"x" * 11, []))
    assert copies.get(huge) is None
    assert copies.get(a) is not None
    # A new data version: every copy of the old one goes, whatever its key.
    assert copies.get(PageKey(era="v2", basis="c")) is None
    assert copies.get(PageKey(era="v1", basis="a")) is None


def test_a_plain_http_request_is_still_sent_to_https_when_a_copy_exists(
    client, settings, event_url
):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get(event_url, secure=True).status_code == 200
    assert _queries(client, event_url, secure=True)[0] == 1
    response = client.get(event_url)
    assert response.status_code == 301
    assert response["Location"] == f"https://testserver{event_url}"


def test_static_files_never_pay_for_the_version_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert client.get("/static/css/podium.css").status_code == 200


def test_a_query_string_the_page_does_not_read_is_never_stored(client, event_url):
    client.get(event_url + "?junk=1")
    assert _queries(client, event_url + "?junk=1")[0] > 1
    client.get(event_url + "?sort=-time")
    assert _queries(client, event_url + "?sort=-time")[0] == 1


@pytest.mark.parametrize(
    ("change", "served"),
    [
        ({}, True),
        ({"REQUEST_METHOD": "POST"}, False),
        ({"REQUEST_METHOD": "HEAD"}, True),
        ({"HTTP_COOKIE": "csrftoken=x; sessionid=abc"}, False),
        ({"HTTP_COOKIE": "csrftoken=x"}, True),
        ({"HTTP_HOST": "evil.example"}, False),
        ({"HTTP_HOST": ""}, False),
        ({"HTTP_X_FORWARDED_PROTO": "http"}, False),
    ],
)
def test_which_requests_may_get_a_copy(settings, change, served):
    from results.http.copies import request_basis

    settings.ALLOWED_HOSTS = ["podium.example"]
    settings.SECURE_SSL_REDIRECT = True
    meta = {
        "REQUEST_METHOD": "GET",
        "HTTP_HOST": "podium.example",
        "HTTP_X_FORWARDED_PROTO": "https",
        "wsgi.url_scheme": "http",
        "QUERY_STRING": "sort=time",
        **change,
    }
    basis = request_basis(meta, "/fr/events/x/")
    assert (basis is not None) == served
    if served:
        assert basis == "https://podium.example/fr/events/x/?sort=time"
    assert request_basis(meta, "/static/css/podium.css") is None


def test_the_front_and_the_middleware_name_a_non_ascii_path_alike(rf):
    from results.http.copies import wsgi_path

    request = rf.get("/fr/people/h%C3%A9l%C3%A8ne/")
    environ = {**request.environ, "PATH_INFO": "/fr/people/hélène/".encode().decode("latin-1")}
    assert wsgi_path(environ) == request.path == "/fr/people/hélène/"


def test_a_head_is_answered_from_the_copy_of_its_get(client, event_url):
    built = client.get(event_url, secure=True)
    with CaptureQueriesContext(connection) as queries:
        head = client.head(event_url, secure=True)
    assert len(queries) == 1
    assert head.status_code == 200 and head.content == b""
    for name in (*SECURITY_HEADERS, "ETag", "Content-Length", "Content-Type"):
        assert head[name] == built[name], name


def test_a_views_answer_to_a_head_is_never_stored(client, event_url):
    assert client.head(event_url).status_code == 200
    assert _queries(client, event_url)[0] == 5
