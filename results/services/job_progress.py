"""How far a background import is: the steps of each kind of job, the phases and heartbeat
written while it runs (a thread with its own connection, outside the job's transaction; on
SQLite, by the job itself), and the share done that the progress bar shows."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DatabaseError, connection
from django.utils import timezone

from results.models import ImportJob
from results.services import progress

log = logging.getLogger("results.services.jobs")

Kind, State = ImportJob.Kind, ImportJob.State
#: The steps of each kind of job, in order; the progress bar shows how many are behind it.
PHASES: dict[str, tuple[str, ...]] = {
    Kind.READ: ("queued", "reading", "matching", "planning", "saving"),
    Kind.APPLY: ("queued", "checking", "writing"),
}
#: How often a running job says it is alive; one silent for `PODIUM_JOB_STALE_SECONDS` is
#: run again by the next worker to start.
HEARTBEAT_SECONDS = 2.0


@contextmanager
def reporting(job: ImportJob) -> Iterator[None]:
    """Phases and heartbeat written while the job runs (see the module's docstring)."""
    phases = PHASES[job.kind]
    inline = connection.in_atomic_block or connection.vendor == "sqlite"
    state = {"step": 0, "phase": phases[0], "written": None}
    stop = threading.Event()

    def write() -> None:
        wanted = (state["step"], state["phase"])
        ImportJob.objects.filter(pk=job.pk, state=State.RUNNING).update(
            step=wanted[0], phase=wanted[1], heartbeat_at=timezone.now()
        )
        state["written"] = wanted

    def heard(name: str) -> None:
        if name in phases:
            state["step"], state["phase"] = phases.index(name), name
            job.step = state["step"]
            if inline:
                write()

    def beat() -> None:
        last = time.monotonic()
        try:
            while not stop.wait(0.25):
                due = time.monotonic() - last >= HEARTBEAT_SECONDS
                if not due and state["written"] == (state["step"], state["phase"]):
                    continue
                try:
                    write()
                    last = time.monotonic()
                except DatabaseError:
                    log.debug("progress of job %s not written this time", job.pk)
        finally:
            connection.close()

    heard(phases[1])
    write()
    thread = None
    if not inline:
        thread = threading.Thread(target=beat, name=f"import-job-{job.pk}", daemon=True)
        thread.start()
    try:
        with progress.listening(heard):
            yield
    finally:
        stop.set()
        if thread is not None:
            thread.join()


def percent(job: ImportJob) -> int:
    """How far the job is, 0–100, from the steps behind it."""
    steps = max(1, len(PHASES[job.kind]))
    return 100 if job.state == State.DONE else min(99, round(100 * job.step / steps))
