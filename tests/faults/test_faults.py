"""Faults on a real PostgreSQL server: a killed import, concurrent imports, dropped
connections. Each leaves the data consistent. (SQLite has no separate server to kill or
restart: these run on Postgres only.)"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import psycopg
import pytest
from django.db import connection, connections

from results.models import Classification, CrewMember, Entry, Event, ResultImport
from results.services.importing import apply_import, preview_import
from tests.conftest import ROOT, SAMPLES

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="needs a PostgreSQL server (DATABASE_URL=postgres://...)",
    ),
]

SAMPLE_A = SAMPLES / "001_3c2131422dfc3f44.txt"
SAMPLE_B = SAMPLES / "002_b186b08f2dd8fa4b.txt"


def _dsn() -> str:
    s = connection.settings_dict
    host, port = s.get("HOST") or "127.0.0.1", s.get("PORT") or 5432
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return f"postgresql://{s['USER']}{password}@{host}:{port}/{s['NAME']}"


def _wait_for(predicate, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError("timed out waiting")


def _end_every_session() -> int:
    """What a PostgreSQL restart does to the clients: every other session ends."""
    killer = psycopg.connect(_dsn(), autocommit=True)
    try:
        return killer.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid() "
            "AND backend_type = 'client backend'"
        ).fetchone()[0]
    finally:
        killer.close()


def _import(classification: Classification, path) -> ResultImport:
    return apply_import(
        preview_import(classification=classification, data=path.read_bytes(), source_name=path.name)
    )


def test_an_import_killed_with_sigkill_while_it_writes_changes_no_table(
    classification, table_snapshot
):
    """The import runs in its own process; it is held mid-transaction (after writing its
    entries, when it bumps the data version) by a lock this test takes, then killed."""
    _import(classification, SAMPLE_A)
    before = table_snapshot()
    locker = psycopg.connect(_dsn(), autocommit=False)
    try:
        locker.execute("SELECT 1 FROM results_dataversion WHERE scope = 'all' FOR UPDATE")
        env = {**os.environ, "DEBUG": "1", "DATABASE_URL": _dsn(), "PYTHONUNBUFFERED": "1"}
        child = subprocess.Popen(
            [sys.executable, "manage.py", "import_results", str(SAMPLE_B),
             "--event", classification.event.slug, "--name", classification.event.name,
             "--date", str(classification.event.date)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        waiting = (
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND query ILIKE '%results_dataversion%' AND pid <> pg_backend_pid()"
        )
        # A fresh look each time: statistics views stay frozen inside one transaction.
        watcher = psycopg.connect(_dsn(), autocommit=True)
        try:
            _wait_for(lambda: watcher.execute(waiting).fetchone()[0] > 0)
        except AssertionError:
            child.kill()
            raise AssertionError(
                f"the import never reached the lock: {child.communicate()}"
            ) from None
        finally:
            watcher.close()
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL
    finally:
        locker.rollback()
        locker.close()
    # The server notices the dead client and rolls its transaction back.
    _wait_for(lambda: table_snapshot() == before)
    assert table_snapshot() == before


def test_two_imports_of_one_classification_at_once_are_serialised(classification):
    """Two organisers confirm different sheets for the same classification at the same time:
    one waits for the other's lock; the classification ends with exactly one of them."""
    previews = [
        preview_import(classification=classification, data=p.read_bytes(), source_name=p.name)
        for p in (SAMPLE_A, SAMPLE_B)
    ]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def confirm(result_import: ResultImport) -> None:
        try:
            barrier.wait()
            apply_import(ResultImport.objects.get(pk=result_import.pk))
            outcomes.append("applied")
        except Exception as exc:  # the loser is told to preview again
            outcomes.append(type(exc).__name__)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=confirm, args=(p,)) for p in previews]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(outcomes) in (["StalePreview", "applied"], ["applied", "applied"])
    applied = ResultImport.objects.filter(classification=classification, state="applied")
    assert applied.count() == 1
    winner = applied.get()
    entries = Entry.objects.filter(classification=classification)
    assert entries.count() == len(winner.sheet["entries"])
    assert not entries.exclude(result_import=winner).exists()
    seats = CrewMember.objects.filter(entry__classification=classification)
    assert seats.count() == sum(len(e["crew"]) for e in winner.sheet["entries"])
    numbers = list(entries.exclude(number=None).values_list("number", flat=True))
    assert len(numbers) == len(set(numbers))


def test_requests_succeed_after_the_database_drops_every_connection(live_server, classification):
    """As after a PostgreSQL restart: the server ends every session; with CONN_HEALTH_CHECKS
    the web worker's next request opens a fresh connection instead of failing on the dead one.
    (The live server is a real worker thread; the test client would bypass the check.)"""
    _import(classification, SAMPLE_A)

    def get(path: str) -> int:
        try:
            with urllib.request.urlopen(live_server.url + path, timeout=30) as response:
                return response.status
        except urllib.error.HTTPError as exc:
            return exc.code

    assert get("/healthz") == 200
    assert _end_every_session() >= 1
    assert get("/healthz") == 200
    connections.close_all()  # the test's own connection died too
    assert Event.objects.filter(pk=classification.event_id).exists()


def test_the_page_cache_front_survives_the_database_dropping_every_connection(
    classification, settings
):
    """The WSGI front reads the data version on the worker's connection before Django's
    handler runs: a dead connection hands the request to Django, which opens a new one."""
    settings.PODIUM_VERSION_TRUST_MS = 0  # every hit reads the version, on that connection
    from django.core.handlers.wsgi import WSGIHandler

    from results.http.cache_front import PageCacheFront
    from tests.http.test_cache_front import call

    _import(classification, SAMPLE_A)
    front = PageCacheFront(WSGIHandler())
    url = f"/fr/events/{classification.event.slug}/"
    status, _headers, built = call(front, url, secure=True)  # built by Django, stored
    assert status == "200 OK"
    # Served by the front, the version read through the driver on the worker's connection.
    assert call(front, url, secure=True)[2] == built
    from django.db import connection

    backend = connection.connection.info.backend_pid
    assert _end_every_session() >= 1
    for _ in range(2):
        # The driver's read meets the dead connection; Django's cursor, reading instead,
        # finds it dead in its health check and opens a new one: the copy is still served.
        status, _headers, body = call(front, url, secure=True)
        assert status == "200 OK"
        assert body == built
    assert connection.connection.info.backend_pid != backend
