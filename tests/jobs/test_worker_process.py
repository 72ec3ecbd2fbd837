"""The background worker as production runs it: `manage.py import_worker`, another process,
the jobs queued in the database; killed mid-job, the next worker makes the job good."""

from __future__ import annotations

import pytest

from results.models import Entry, ImportJob, ResultImport
from results.services import jobs
from tests.services.sheets import generated_rows, pipe_sheet
from tests.worker import DATABASE_QUEUE, requires_shared_database, wait_until, worker_process

pytestmark = [pytest.mark.django_db(transaction=True), requires_shared_database]
State = ImportJob.State


@pytest.fixture
def queued_in_database(settings):
    settings.TASKS = DATABASE_QUEUE


def state_of(job: ImportJob) -> str:
    return ImportJob.objects.values_list("state", flat=True).get(pk=job.pk)


def test_a_worker_process_reads_then_publishes(club_event, club_organiser, queued_in_database):
    job = jobs.start_read(
        user=club_organiser,
        data=pipe_sheet(*generated_rows(300)),
        source_name="big.txt",
        classification_name="Général",
        event=club_event,
    )
    assert job.state == State.QUEUED  # nothing ran it in this process
    with worker_process(batch=True) as worker:
        assert worker.wait(timeout=600) == 0
    job.refresh_from_db()
    assert job.state == State.DONE and job.step == job.steps
    result_import = job.result_import
    assert result_import.state == ResultImport.State.PREVIEWED
    assert result_import.counts["entries"] == 300

    publish = jobs.start_apply(
        result_import=result_import, user=club_organiser, choices=None, reason=""
    )
    with worker_process(batch=True) as worker:
        assert worker.wait(timeout=600) == 0
    publish.refresh_from_db()
    assert publish.state == State.DONE and publish.outcome["entries"] == 300
    assert Entry.objects.filter(classification=result_import.classification).count() == 300


def test_a_worker_killed_mid_job_leaves_nothing_and_the_next_one_finishes_it(
    club_event, club_organiser, queued_in_database
):
    job = jobs.start_read(
        user=club_organiser,
        data=pipe_sheet(*generated_rows(15_000)),
        source_name="big.txt",
        classification_name="Général",
        event=club_event,
    )
    with worker_process() as worker:
        # Its heartbeat thread writes the phases as the reading goes: kill it halfway.
        wait_until(
            lambda: ImportJob.objects.filter(
                pk=job.pk, phase__in=["matching", "planning"]
            ).exists(),
            seconds=600,
            what="halfway through the reading",
        )
        worker.kill()
        worker.wait()
    assert state_of(job) == State.RUNNING, "the job ended before the worker was killed"
    assert not ResultImport.objects.exists()  # its transaction was rolled back

    # The next worker to start finds the job silent and runs it again, once.
    with worker_process(batch=True, env={"PODIUM_JOB_STALE_SECONDS": "0"}) as worker:
        assert worker.wait(timeout=600) == 0
    job.refresh_from_db()
    assert job.state == State.DONE
    assert ResultImport.objects.get().counts["entries"] == 15_000
