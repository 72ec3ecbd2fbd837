"""Anonymising while an apply runs: neither writes the name back, and neither deadlocks.

The interleavings are forced: a spy stops one service at a chosen point, and the test lets it go
once the other is seen waiting on a row lock (Postgres' `pg_stat_activity`), or at once where
one thread is enough.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from django.db import connection

from results.models import Entry, Person, ResultImport
from results.services import anonymising, importing
from results.services.anonymising import anonymise_person
from results.services.errors import StalePreview
from results.services.importing import apply_import, preview_import
from results.services.names import split_person
from tests.services.test_anonymise_sources import (
    MAIN,
    assert_nothing_stored_names_the_person,
    dupont,
    load,
    other_event,
)

State = ResultImport.State
on_postgres = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks are tested on Postgres"
)


@pytest.mark.django_db
@pytest.mark.parametrize("chosen", [False, True], ids=["as-previewed", "with-a-choice"])
def test_an_anonymisation_between_an_applys_checks_and_its_lock_is_not_undone(
    classification, monkeypatch, chosen
):
    load(classification, MAIN)
    elsewhere = other_event("rallye-du-jura")
    load(elsewhere, MAIN)
    # Two MARTIN Paul: the preview asks who its co-driver is.
    martin = Person.objects.get(search_key="martin paul")
    homonym = split_person(person=martin, entries=Entry.objects.filter(classification=elsewhere))
    preview = preview_import(classification=classification, data=MAIN, source_name="r.txt")
    choices = {(0, 2): homonym.pk} if chosen else None
    person = dupont()
    still_holds = importing.still_holds

    def check_then_anonymise(plan, **kwargs):
        # Apply's check of its plan passes (nothing moved since the preview), then the
        # anonymisation commits.
        holds = still_holds(plan, **kwargs)
        assert holds, "the plan should hold without planning again"
        anonymise_person(person=person)
        return holds

    monkeypatch.setattr(importing, "still_holds", check_then_anonymise)
    with pytest.raises(StalePreview, match="anonymised"):
        apply_import(preview, choices)
    assert ResultImport.objects.get(pk=preview.pk).state == State.PREVIEWED
    assert_nothing_stored_names_the_person()


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _wait_until_blocked_on_a_lock(pid: int) -> None:
    deadline = time.monotonic() + 20
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid])
            row = cursor.fetchone()
            if row and row[0] == "Lock":
                return
            time.sleep(0.02)
    pytest.fail(f"backend {pid} never waited on a lock")


class _Run(threading.Thread):
    """A service call on its own connection, its backend pid, and its outcome."""

    def __init__(self, call: Callable[[], object]):
        super().__init__()
        self.call = call
        self.started_pid = threading.Event()
        self.pid = 0
        self.outcome: object = None

    def run(self) -> None:
        try:
            self.pid = _backend_pid()
            self.started_pid.set()
            self.outcome = self.call()
        except Exception as exc:
            self.outcome = exc
        finally:
            connection.close()


def _stop_after(
    monkeypatch, module, name: str, reached: threading.Event, go: threading.Event
) -> None:
    """Make `module.name` signal `reached` and wait for `go` after its first call returns."""
    real = getattr(module, name)

    def stopped(*args, **kwargs):
        result = real(*args, **kwargs)
        if not reached.is_set():
            reached.set()
            assert go.wait(30)
        return result

    monkeypatch.setattr(module, name, stopped)


@pytest.mark.django_db(transaction=True)
@on_postgres
def test_an_apply_waits_for_the_anonymisation_holding_its_import_then_refuses(
    classification, monkeypatch
):
    load(classification, MAIN)
    preview = preview_import(classification=classification, data=MAIN, source_name="r.txt")
    person = dupont()
    scrubbed, go = threading.Event(), threading.Event()
    _stop_after(monkeypatch, anonymising, "scrub_imports", scrubbed, go)
    anonymiser = _Run(lambda: anonymise_person(person=person))
    applier = _Run(lambda: apply_import(preview))
    try:
        anonymiser.start()
        assert scrubbed.wait(30)
        applier.start()
        assert applier.started_pid.wait(30)
        _wait_until_blocked_on_a_lock(applier.pid)
    finally:
        go.set()
        anonymiser.join(60)
        applier.join(60)
    assert isinstance(anonymiser.outcome, Person), anonymiser.outcome
    assert isinstance(applier.outcome, StalePreview), applier.outcome
    assert_nothing_stored_names_the_person()


@pytest.mark.django_db(transaction=True)
@on_postgres
def test_an_anonymisation_waits_for_an_apply_seating_the_person_then_scrubs_it(
    classification, monkeypatch
):
    load(classification, MAIN)
    preview = preview_import(classification=classification, data=MAIN, source_name="r.txt")
    person = dupont()
    locked_person, go_anonymise = threading.Event(), threading.Event()
    written, go_apply = threading.Event(), threading.Event()
    # The anonymisation holds the person when the apply seats it: no deadlock for all that.
    _stop_after(monkeypatch, anonymising, "spellings_of", locked_person, go_anonymise)
    _stop_after(monkeypatch, importing, "write_plan", written, go_apply)
    anonymiser = _Run(lambda: anonymise_person(person=person))
    applier = _Run(lambda: apply_import(preview))
    try:
        anonymiser.start()
        assert locked_person.wait(30)
        applier.start()
        assert written.wait(20), "the apply could not seat the person the anonymisation holds"
        go_anonymise.set()
        _wait_until_blocked_on_a_lock(anonymiser.pid)
    finally:
        go_anonymise.set()
        go_apply.set()
        anonymiser.join(60)
        applier.join(60)
    assert isinstance(applier.outcome, ResultImport), applier.outcome
    assert isinstance(anonymiser.outcome, Person), anonymiser.outcome
    assert ResultImport.objects.get(pk=preview.pk).state == State.APPLIED
    assert_nothing_stored_names_the_person()
