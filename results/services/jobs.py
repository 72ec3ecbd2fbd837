"""Background imports: a large sheet read, or a large preview applied, by the worker.

The web request stores an `ImportJob` and queues `run_job` (Django's tasks framework, the
`django-tasks` backport, with its database backend: `manage.py import_worker` runs them).
The job calls the very services a request calls (`start_upload`, `confirm`), in one
transaction with its own end state, so:

- a failed job leaves the database as it was (the failed import of an existing
  classification is kept in its history, as a request keeps it) and says why in `error`;
- a job run twice writes once (a reading finds its job already done; `confirm` finds the
  import applied), which is what `recover` relies on after a worker stopped mid-job;
- two confirms of one preview make one job: the second meets `one_apply_job_at_a_time`.

While it runs, the phases the services report (`results.services.progress`) are written to
the job by a thread of its own (its own connection, outside the job's transaction), with a
heartbeat; on SQLite, whose writers queue behind the job's transaction, they are written by
the job itself and seen when it ends.
"""

from __future__ import annotations

import datetime
import logging
import uuid
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django_tasks import task

from results.access import AccessDenied
from results.models import Championship, Club, Event, ImportJob, ResultImport
from results.parsing import Hints
from results.services.choices import Choices
from results.services.errors import ImportRefused, InvalidChoice, ReasonRequired, StalePreview
from results.services.job_progress import PHASES, reporting
from results.services.new_events import EventExists, NewEvent
from results.services.parting import Targets
from results.services.scoping import Scope
from results.services.uploads import UnreadableSheet, confirm, reparse, start_upload

log = logging.getLogger(__name__)

Kind, State = ImportJob.Kind, ImportJob.State


class JobRunning(Exception):
    """This preview is being applied already (a second confirm)."""


# Starting ------------------------------------------------------------------------------------


def start_read(
    *,
    user,
    data: bytes,
    source_name: str,
    classification_name: str,
    event: Event | None = None,
    new_event: NewEvent | None = None,
    scope: Scope | None = None,
) -> ImportJob:
    """Queue the reading of a sheet, as `start_upload` reads it (with what the organiser
    said the sheet is, `scope`, if they did)."""
    params: dict[str, Any] = {
        "classification": classification_name,
        "scope": None if scope is None else scope.to_json(),
    }
    if event is not None:
        params["event"] = event.pk
    else:
        params["new_event"] = _new_event_to_json(new_event)
    job = ImportJob.objects.create(
        kind=Kind.READ,
        user=user,
        source=data,
        source_name=source_name,
        params=params,
        steps=len(PHASES[Kind.READ]),
        heartbeat_at=timezone.now(),
    )
    return _enqueue(job)


def _choices_json(choices: Choices | None) -> list | None:
    return None if choices is None else [[o, s, p] for (o, s), p in choices.items()]


def _choices_from(stored: list | None) -> Choices | None:
    return None if stored is None else {(o, s): p for o, s, p in stored}


def start_apply(
    *,
    result_import: ResultImport,
    user,
    choices: Choices | None,
    reason: str,
    parts: Mapping[int, Choices | None] | None = None,
) -> ImportJob:
    """Queue the confirm of a preview (and of its parts, with their choices of person).
    Raises `JobRunning` when it is being applied already."""
    params = {
        "choices": _choices_json(choices),
        "reason": reason,
        "parts": {str(pk): _choices_json(c) for pk, c in (parts or {}).items()},
    }
    try:
        with transaction.atomic():
            job = ImportJob.objects.create(
                kind=Kind.APPLY,
                user=user,
                result_import=result_import,
                source_name=result_import.source_name,
                params=params,
                steps=len(PHASES[Kind.APPLY]),
                heartbeat_at=timezone.now(),
            )
    except IntegrityError:
        raise JobRunning() from None
    return _enqueue(job)


def start_reread(
    *, result_import: ResultImport, user, hints: Hints, targets: Targets | None = None
) -> ImportJob:
    """Queue the reading again of a preview with corrections, as `reparse` reads it (each
    table sent where `targets` says; the preview's own choice when None)."""
    job = ImportJob.objects.create(
        kind=Kind.READ,
        user=user,
        result_import=result_import,
        source_name=result_import.source_name,
        params={
            "reread": result_import.pk,
            "hints": hints.to_dict(),
            "targets": None if targets is None else {str(t): n for t, n in targets.items()},
        },
        steps=len(PHASES[Kind.READ]),
        heartbeat_at=timezone.now(),
    )
    return _enqueue(job)


def _enqueue(job: ImportJob) -> ImportJob:
    # In the same transaction as the job, if any: the worker sees both or neither.
    result = run_job.enqueue(job.pk)
    # The immediate backend (tests) has run the job by now: its state is read back.
    ImportJob.objects.filter(pk=job.pk).update(task_id=str(result.id))
    job.refresh_from_db()
    return job


def _new_event_to_json(new: NewEvent | None) -> dict[str, Any]:
    if new is None:
        raise ValueError("give either an existing event or a new one")
    return {
        "name": new.name,
        "date": new.date.isoformat(),
        "place": new.place,
        "discipline": new.discipline,
        "championship": new.championship.pk if new.championship else None,
        "club": new.club.pk if new.club else None,
    }


def _new_event_from_json(data: dict[str, Any]) -> NewEvent:
    return NewEvent(
        name=data["name"],
        date=datetime.date.fromisoformat(data["date"]),
        place=data["place"],
        discipline=data["discipline"],
        championship=Championship.objects.filter(pk=data["championship"]).first()
        if data["championship"]
        else None,
        club=Club.objects.filter(pk=data["club"]).first() if data["club"] else None,
    )


# Running -------------------------------------------------------------------------------------


@task()
def run_job(job_id: int) -> None:
    """The task the worker runs: one import job, to its end state."""
    run(job_id)


def run(job_id: int) -> None:
    """Run the job unless it has ended already (then nothing happens: a second delivery)."""
    now = timezone.now()
    claimed = ImportJob.objects.filter(pk=job_id, state__in=ImportJob.UNFINISHED).update(
        state=State.RUNNING, heartbeat_at=now
    )
    if not claimed:
        return
    job = ImportJob.objects.select_related("result_import", "user").get(pk=job_id)
    try:
        with reporting(job):
            if job.kind == Kind.READ:
                _read(job)
            else:
                _apply(job)
    except Exception:
        # A bug or a database gone: the job's transaction rolled back; say so on the page.
        log.exception("import job %s failed", job_id)
        _end(job, State.FAILED, error={"kind": "internal"})


def _read(job: ImportJob) -> None:
    params = job.params
    if params.get("reread"):
        _reread(job)
        return
    event = Event.objects.get(pk=params["event"]) if params.get("event") else None
    new_event = None if event else _new_event_from_json(params["new_event"])
    with transaction.atomic():
        try:
            result_import = start_upload(
                user=job.user,
                data=bytes(job.source),
                source_name=job.source_name,
                classification_name=params["classification"],
                event=event,
                new_event=new_event,
                scope=Scope.from_json(params.get("scope")),
            )
        except UnreadableSheet as exc:
            error = {"kind": "unreadable", **exc.to_dict()}
            _end(job, State.FAILED, error=error)
        except EventExists:
            _end(job, State.FAILED, error={"kind": "event-exists"})
        except AccessDenied:
            _end(job, State.FAILED, error={"kind": "forbidden"})
        else:
            # The bytes are the import's now.
            _end(job, State.DONE, result_import=result_import, source=None)


def _reread(job: ImportJob) -> None:
    with transaction.atomic():
        try:
            targets = job.params.get("targets")
            fresh = reparse(
                result_import=job.result_import,
                hints=Hints.from_dict(job.params["hints"]),
                user=job.user,
                targets=None if targets is None else {int(t): n for t, n in targets.items()},
            )
        except UnreadableSheet as exc:
            error = {"kind": "unreadable", **exc.to_dict()}
            _end(job, State.FAILED, error=error)
        except ValueError:
            # No longer a preview (confirmed, cancelled or read again meanwhile).
            _end(job, State.FAILED, error={"kind": "not-a-preview"})
        else:
            _end(job, State.DONE, result_import=fresh)


def _apply(job: ImportJob) -> None:
    params = job.params
    choices = _choices_from(params.get("choices"))
    parts = {int(pk): _choices_from(c) for pk, c in (params.get("parts") or {}).items()}
    with transaction.atomic():
        try:
            outcome = confirm(
                result_import=job.result_import,
                choices=choices,
                reason=params.get("reason", ""),
                parts=parts,
            )
        except ImportRefused as exc:
            kind = (
                "reason-required"
                if isinstance(exc, ReasonRequired)
                else "invalid-choice"
                if isinstance(exc, InvalidChoice)
                else "stale"
                if isinstance(exc, StalePreview)
                else "refused"
            )
            error = {"kind": kind, "reason": exc.reason, "problems": exc.problems[:20]}
            _end(job, State.FAILED, error=error)
        else:
            result = {
                "entries": outcome.result_import.counts.get("entries", 0),
                "published": outcome.published,
                "already_applied": outcome.already_applied,
            }
            _end(job, State.DONE, outcome=result)


def _end(job: ImportJob, state: str, **fields: Any) -> None:
    steps = len(PHASES[job.kind])
    ImportJob.objects.filter(pk=job.pk, state=State.RUNNING).update(
        state=state, finished_at=timezone.now(), step=steps if state == State.DONE else job.step,
        **fields,
    )  # fmt: skip


# Recovering ----------------------------------------------------------------------------------


def recover(*, now: datetime.datetime | None = None) -> list[int]:
    """Queue again the jobs a stopped worker left: unfinished, silent for a while, and whose
    task is no longer waiting in the queue. Returns their pks."""
    from django_tasks import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    now = now or timezone.now()
    stale = datetime.timedelta(seconds=settings.PODIUM_JOB_STALE_SECONDS)
    silent = ImportJob.objects.unfinished().filter(heartbeat_at__lt=now - stale).defer("source")
    silent = list(silent)
    # Ids the database queue gave (other backends' ids are not UUIDs: no queue row to check).
    queued = [job.task_id for job in silent if _is_uuid(job.task_id)]
    tasks = DBTaskResult.objects.filter(id__in=queued)
    waiting = {str(pk) for pk in tasks.ready().values_list("id", flat=True)}
    again = []
    for job in silent:
        if job.task_id in waiting:
            continue
        # The stopped worker's claim on the old task is void: it will not report back.
        tasks.filter(
            id__in=[job.task_id] if job.task_id in queued else [], status=TaskResultStatus.RUNNING
        ).update(status=TaskResultStatus.FAILED, finished_at=now)
        ImportJob.objects.filter(pk=job.pk).update(state=State.QUEUED, heartbeat_at=now)
        result = run_job.enqueue(job.pk)
        ImportJob.objects.filter(pk=job.pk).update(task_id=str(result.id))
        again.append(job.pk)
    return again


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True
