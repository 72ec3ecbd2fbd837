"""The front's memo of the data version: hits within `PODIUM_VERSION_TRUST_MS` of the last
reading read nothing; a write made by another process is seen once that window has passed, a
write made in this process (an import) at once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from results.http import version_memo
from results.models import DataVersion, Person
from results.services.freshness import ALL, site_changed
from tests.http.test_cache_front import call, clock, django_app, front, keep_connection
from tests.views.conftest import RALLY_ROWS, import_rows

__all__ = ["clock", "django_app", "front", "keep_connection"]

pytestmark = pytest.mark.django_db


def _queries_of_a_hit(front, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        status, _headers, _body = call(front, url, secure=True)
    assert status == "200 OK"
    return len(queries)


def _bumped_by_another_process() -> None:
    """What another worker's write leaves in the database: a new version, this process not
    told (no write service of this process ran)."""
    DataVersion.objects.filter(scope=ALL).update(version=F("version") + 1)


def test_hits_in_the_window_read_nothing_and_the_first_after_it_reads_once(
    front, django_app, event_url, clock
):
    call(front, event_url, secure=True)  # built, on the version the front read
    assert [_queries_of_a_hit(front, event_url) for _ in range(3)] == [0, 0, 0]
    clock.pass_the_window()
    assert [_queries_of_a_hit(front, event_url) for _ in range(3)] == [1, 0, 0]
    assert django_app.calls == 1


def test_another_process_write_is_seen_once_the_window_has_passed(
    front, django_app, event_url, clock, settings
):
    call(front, event_url, secure=True)
    Person.objects.filter(slug="jean-dupont").update(surname="DUPONTEL")
    _bumped_by_another_process()
    clock.now += settings.PODIUM_VERSION_TRUST_MS / 1000 - 0.001
    _status, _headers, body = call(front, event_url, secure=True)
    assert "DUPONT Jean" in body.decode()  # the stated bound: still the copy, at most this late
    clock.pass_the_window()
    _status, _headers, body = call(front, event_url, secure=True)
    assert "DUPONTEL Jean" in body.decode()
    assert django_app.calls == 2


def test_an_import_in_this_process_renews_the_page_at_once(
    front, django_app, event_url, classification, clock
):
    call(front, event_url, secure=True)
    call(front, event_url, secure=True)  # a hit: the version trusted from here on
    renamed = [row.replace("DUPONT Jean", "LEGRAND Pierre") for row in RALLY_ROWS]
    import_rows(classification, *renamed)
    _status, _headers, body = call(front, event_url, secure=True)
    assert "LEGRAND Pierre" in body.decode() and "DUPONT Jean" not in body.decode()
    assert django_app.calls == 2


def test_with_no_window_every_hit_reads_the_version(front, django_app, event_url, settings):
    settings.PODIUM_VERSION_TRUST_MS = 0
    call(front, event_url, secure=True)
    assert [_queries_of_a_hit(front, event_url) for _ in range(2)] == [1, 1]
    assert django_app.calls == 1


def test_a_version_read_before_a_write_commits_is_not_trusted_after_it(
    django_capture_on_commit_callbacks,
):
    """A thread of this process that read the old version while a write was committing
    remembers it; the commit forgets it again. A reading begun before a forget is never
    remembered."""
    old = (1, "old")
    with django_capture_on_commit_callbacks(execute=True):
        site_changed()
        version_memo.remember(old, 0.0, 60.0, version_memo.generation())
        assert version_memo.recalled(1.0) == old
    assert version_memo.recalled(1.0) is None
    since = version_memo.generation()
    site_changed()
    version_memo.remember(old, 0.0, 60.0, since)
    assert version_memo.recalled(1.0) is None
