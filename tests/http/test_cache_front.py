"""The WSGI front of the page cache: stored copies served before Django's handler runs, and
every other request handed to Django untouched."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import DEFAULT_DB_ALIAS, close_old_connections, connection, connections
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from results.http import version_memo
from results.http.cache_front import PageCacheFront
from results.http.version import version_sql
from results.models import Event, Person
from results.services.freshness import data_changed, site_changed

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


class Clock:
    """The clock the front's memo of the data version is measured on, moved by the test."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def pass_the_window(self) -> None:
        """Time enough for the front to read the version again at its next hit."""
        self.now += settings.PODIUM_VERSION_TRUST_MS / 1000 + 0.001


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(version_memo, "clock", clock)
    return clock


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


def test_a_stored_page_is_served_before_django_runs(front, django_app, event_url, clock):
    status, built_headers, built = call(front, event_url, secure=True)
    assert status == "200 OK" and django_app.calls == 1
    clock.pass_the_window()
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
        ({"HTTP_IF_MATCH": "*"}, "200 OK"),
        ({"HTTP_IF_UNMODIFIED_SINCE": "Sat, 01 Jun 2024 10:00:00 GMT"}, "412 Precondition Failed"),
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


def test_a_hit_reads_the_version_through_the_driver_alone(
    front, django_app, event_url, monkeypatch, clock
):
    """One query, the data version, and no cursor of Django's opened for it."""
    call(front, event_url, secure=True)
    clock.pass_the_window()
    db = connections[DEFAULT_DB_ALIAS]
    cursors = []
    django_cursor = db.cursor

    def counted_cursor():
        cursors.append(1)
        return django_cursor()

    monkeypatch.setattr(db, "cursor", counted_cursor)
    with CaptureQueriesContext(connection) as queries:
        status, _headers, _body = call(front, event_url, secure=True)
    assert status == "200 OK" and django_app.calls == 1
    assert [q["sql"] for q in queries] == [version_sql()]
    assert cursors == []


def test_what_watches_djangos_cursor_sees_the_version_read(front, django_app, event_url, clock):
    call(front, event_url, secure=True)
    clock.pass_the_window()
    seen = []

    def watched(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watched):
        assert call(front, event_url, secure=True)[0] == "200 OK"
    assert seen == [version_sql()] and django_app.calls == 1


def test_a_head_gets_the_copy_of_its_get_with_the_same_headers(front, django_app, event_url):
    _status, built_headers, _built = call(front, event_url, secure=True)
    status, headers, _body = call(front, event_url, method="head", secure=True)
    assert django_app.calls == 1
    assert status == "200 OK"
    assert headers == built_headers


def test_a_signed_in_organiser_never_gets_a_copy_nor_leaves_one(
    front, django_app, client, superuser, rally, event_url
):
    """An unpublished event is a page for staff alone: built for them each time, and what was
    built for them is never served to anyone else."""
    Event.objects.filter(pk=rally.pk).update(published=False)
    site_changed()
    client.force_login(superuser)
    session = {"HTTP_COOKIE": f"sessionid={client.cookies['sessionid'].value}"}
    for expected_calls in (1, 2):
        status, _headers, body = call(front, event_url, secure=True, **session)
        assert status == "200 OK" and django_app.calls == expected_calls
        assert "DUPONT Jean" in body.decode()
    status, _headers, body = call(front, event_url, secure=True)
    assert status == "404 Not Found" and django_app.calls == 3
    assert "DUPONT Jean" not in body.decode()


def test_publishing_and_withdrawing_an_event_are_seen_at_once(front, django_app, rally, event_url):
    Event.objects.filter(pk=rally.pk).update(published=False)
    site_changed()  # what the admin calls on saving an event
    assert call(front, event_url, secure=True)[0] == "404 Not Found"
    Event.objects.filter(pk=rally.pk).update(published=True)
    site_changed()
    for _ in range(2):
        status, _headers, body = call(front, event_url, secure=True)
        assert status == "200 OK" and "DUPONT Jean" in body.decode()
    assert django_app.calls == 2  # the second was the copy
    Event.objects.filter(pk=rally.pk).update(published=False)
    site_changed()
    assert call(front, event_url, secure=True)[0] == "404 Not Found"
    assert django_app.calls == 3


@pytest.mark.django_db(transaction=True)
def test_a_connection_past_its_age_goes_to_django_which_serves_the_copy(
    front, django_app, event_url, clock
):
    _status, _headers, built = call(front, event_url, secure=True)
    clock.pass_the_window()  # the front must read the version
    db = connections[DEFAULT_DB_ALIAS]
    close_at, max_age = db.close_at, db.settings_dict["CONN_MAX_AGE"]
    db.close_at, db.settings_dict["CONN_MAX_AGE"] = time.monotonic() - 1, 60
    try:
        with CaptureQueriesContext(connection) as queries:
            status, _headers, body = call(front, event_url, secure=True)
    finally:
        db.close_at, db.settings_dict["CONN_MAX_AGE"] = close_at, max_age
    assert django_app.calls == 2
    assert status == "200 OK" and body == built
    assert len(queries) == 1  # the middleware's copy: the version, then nothing else


def test_a_connection_past_its_age_in_a_transaction_still_serves(
    front, django_app, event_url, clock
):
    """Django closes no connection in a transaction (a test's): the front does not wait for
    it to."""
    call(front, event_url, secure=True)
    clock.pass_the_window()
    db = connections[DEFAULT_DB_ALIAS]
    close_at, max_age = db.close_at, db.settings_dict["CONN_MAX_AGE"]
    db.close_at, db.settings_dict["CONN_MAX_AGE"] = time.monotonic() - 1, 60
    try:
        assert call(front, event_url, secure=True)[0] == "200 OK"
    finally:
        db.close_at, db.settings_dict["CONN_MAX_AGE"] = close_at, max_age
    assert django_app.calls == 1


@pytest.mark.parametrize(
    "validators",
    [
        {"HTTP_IF_NONE_MATCH": "{etag}"},
        {"HTTP_IF_NONE_MATCH": "W/{etag}"},
        {"HTTP_IF_NONE_MATCH": '"other", {etag}'},
        {"HTTP_IF_NONE_MATCH": "*"},
        {"HTTP_IF_NONE_MATCH": '"other"'},
        {"HTTP_IF_NONE_MATCH": "not an etag"},
        {"HTTP_IF_NONE_MATCH": "{etag}", "HTTP_IF_MODIFIED_SINCE": "Sat, 01 Jun 2024 10:00:00 GMT"},
        {"HTTP_IF_MODIFIED_SINCE": "Sat, 01 Jun 2099 10:00:00 GMT"},
    ],
    ids=repr,
)
def test_the_front_revalidates_a_copy_as_the_middleware_does(
    front, django_app, event_url, validators
):
    _status, headers, _body = call(front, event_url, secure=True)
    extra = {name: value.format(etag=headers["ETag"]) for name, value in validators.items()}
    by_middleware = call(django_app, event_url, secure=True, **extra)
    assert django_app.calls == 2
    assert call(front, event_url, secure=True, **extra) == by_middleware
    assert django_app.calls == 2  # answered by the front


def test_an_old_etag_gets_the_new_page_from_the_front(front, django_app, event_url):
    _status, headers, _body = call(front, event_url, secure=True)
    call(front, event_url, secure=True)
    site_changed()
    status, new_headers, body = call(
        front, event_url, secure=True, HTTP_IF_NONE_MATCH=headers["ETag"]
    )
    assert status == "200 OK" and body
    assert new_headers["ETag"] != headers["ETag"]
