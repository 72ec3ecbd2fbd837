"""The WSGI front of the page cache: stored copies served before Django's handler runs, and
every other request handed to Django untouched."""

from __future__ import annotations

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from results.http.cache_front import PageCacheFront
from results.models import Person
from results.services.freshness import data_changed

pytestmark = pytest.mark.django_db


class CountingDjango:
    """Django's WSGI handler, counting the requests that reach it."""

    def __init__(self):
        self.handler = WSGIHandler()
        self.calls = 0

    def __call__(self, environ, start_response):
        self.calls += 1
        return self.handler(environ, start_response)


@pytest.fixture
def keep_connection():
    # As the test client does: the test's transaction keeps its connection between requests.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def django_app(keep_connection):
    return CountingDjango()


@pytest.fixture
def front(django_app):
    return PageCacheFront(django_app)


def call(app, url: str, method: str = "get", **extra) -> tuple[str, dict[str, str], bytes]:
    environ = getattr(RequestFactory(), method)(url, **extra).environ
    answer = {}

    def start_response(status, headers, exc_info=None):
        answer["status"], answer["headers"] = status, dict(headers)

    chunks = app(environ, start_response)
    body = b"".join(chunks)
    if hasattr(chunks, "close"):
        chunks.close()
    return answer["status"], answer["headers"], body


def test_a_stored_page_is_served_before_django_runs(front, django_app, event_url):
    status, built_headers, built = call(front, event_url, secure=True)
    assert status == "200 OK" and django_app.calls == 1
    with CaptureQueriesContext(connection) as queries:
        status, headers, body = call(front, event_url, secure=True)
    assert django_app.calls == 1
    assert len(queries) == 1  # the data version
    assert status == "200 OK"
    assert body == built
    assert headers == built_headers
    for name in ("Content-Security-Policy", "Strict-Transport-Security", "X-Frame-Options"):
        assert headers[name]


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        ({"HTTP_COOKIE": "sessionid=whatever"}, "200 OK"),
        ({"HTTP_IF_NONE_MATCH": "*"}, "304 Not Modified"),
        ({"QUERY_STRING": "sort=-time"}, "200 OK"),
        ({"HTTP_HOST": "evil.example"}, "400 Bad Request"),
    ],
)
def test_other_requests_go_to_django(front, django_app, event_url, extra, status):
    call(front, event_url, secure=True)
    got, _headers, _body = call(front, event_url, secure=True, **extra)
    assert django_app.calls == 2
    assert got == status


def test_a_plain_http_request_goes_to_django_for_its_redirect(settings, event_url, keep_connection):
    settings.SECURE_SSL_REDIRECT = True
    django_app = CountingDjango()  # its security middleware reads the setting when built
    front = PageCacheFront(django_app)
    call(front, event_url, secure=True)
    status, headers, _body = call(front, event_url)
    assert django_app.calls == 2
    assert status.startswith("301")
    assert headers["Location"].startswith("https://")


def test_a_post_goes_to_django(front, django_app, event_url):
    call(front, event_url, secure=True)
    status, _headers, _body = call(front, event_url, method="post", secure=True)
    assert django_app.calls == 2
    assert status == "403 Forbidden"  # no CSRF token: refused before the view


def test_a_write_makes_the_front_hand_over_to_django_at_once(front, django_app, event_url):
    call(front, event_url, secure=True)
    person = Person.objects.get(slug="jean-dupont")
    Person.objects.filter(pk=person.pk).update(surname="DUPONTEL")
    data_changed(people=[person])
    _status, _headers, body = call(front, event_url, secure=True)
    assert django_app.calls == 2
    assert "DUPONTEL Jean" in body.decode()
    call(front, event_url, secure=True)
    assert django_app.calls == 2


def test_the_front_does_nothing_when_the_cache_is_off(front, django_app, settings, event_url):
    settings.PODIUM_PAGE_CACHE_SECONDS = 0
    call(front, event_url, secure=True)
    call(front, event_url, secure=True)
    assert django_app.calls == 2


def test_the_deployed_application_has_the_front():
    from config.wsgi import application

    assert isinstance(application, PageCacheFront)


def test_a_page_the_front_missed_reads_the_version_once(front, django_app, event_url):
    """The front read the data version for its key; Django builds the page on that reading."""
    with CaptureQueriesContext(connection) as queries:
        call(front, event_url, secure=True)
    versions = [q for q in queries if "results_dataversion" in q["sql"]]
    assert django_app.calls == 1
    assert len(versions) == 1
