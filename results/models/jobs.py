"""ImportJob: an upload read, or a preview applied, by the background worker.

The job's state is here, in the database, not in the worker: a worker that stops mid-job
leaves it `running` with an old `heartbeat_at`, and the next worker to start runs it again
(`results.services.jobs.recover`). Reading and applying are each one transaction, so a job
run twice writes once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from results.models.imports import ResultImport


class ImportJobQuerySet(models.QuerySet["ImportJob"]):
    def unfinished(self) -> ImportJobQuerySet:
        return self.filter(state__in=ImportJob.UNFINISHED)

    def with_import(self) -> ImportJobQuerySet:
        """With the import and its event, as the job's page shows them; the bytes left out."""
        return self.select_related("result_import__classification__event").defer(
            "source", "result_import__source", "result_import__sheet", "result_import__plan"
        )

    def applying(self, result_import: ResultImport) -> ImportJob | None:
        """The job applying this preview now, if any."""
        return (
            self.unfinished()
            .filter(result_import=result_import, kind=ImportJob.Kind.APPLY)
            .defer("source")
            .first()
        )

    def last_failed_on(self, result_import: ResultImport) -> ImportJob | None:
        """The latest job on this preview, if it failed: a publication, or a reading again
        with corrections (what the preview says why)."""
        last = self.filter(result_import=result_import).defer("source").order_by("-pk").first()
        return last if last is not None and last.state == ImportJob.State.FAILED else None


class ImportJob(models.Model):
    """One background step of an upload: reading a large sheet, or applying its preview."""

    class Kind(models.TextChoices):
        READ = "read", _("Reading")
        APPLY = "apply", _("Publishing")

    class State(models.TextChoices):
        QUEUED = "queued", _("Waiting")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    UNFINISHED = (State.QUEUED, State.RUNNING)

    kind = models.CharField(max_length=10, choices=Kind.choices)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    #: The preview being applied; for a reading, the preview it made once done.
    result_import = models.ForeignKey(
        ResultImport, on_delete=models.CASCADE, null=True, blank=True, related_name="jobs"
    )
    source = models.BinaryField(null=True, blank=True, help_text="A reading's uploaded bytes.")
    source_name = models.CharField(max_length=255, blank=True)
    params = models.JSONField(
        default=dict,
        blank=True,
        help_text="What the upload form or the confirm form asked: event, choices, reason.",
    )
    #: Progress: `step` of `steps` done, `phase` the step running
    #: (see services.job_progress.PHASES).
    step = models.PositiveSmallIntegerField(default=0)
    steps = models.PositiveSmallIntegerField(default=1)
    phase = models.CharField(max_length=20, blank=True)
    error = models.JSONField(null=True, blank=True, help_text="Why it failed: {kind, reason…}.")
    outcome = models.JSONField(default=dict, blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = ImportJobQuerySet.as_manager()

    class Meta:
        ordering = ("-pk",)
        constraints = (
            # Two confirms of one preview: the second finds this and is answered 409.
            models.UniqueConstraint(
                fields=["result_import"],
                condition=Q(kind="apply", state__in=["queued", "running"]),
                name="one_apply_job_at_a_time",
            ),
        )
        indexes = (models.Index(fields=["state", "heartbeat_at"], name="import_job_state"),)

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.source_name} ({self.get_state_display()})"

    @property
    def finished(self) -> bool:
        return self.state not in self.UNFINISHED
