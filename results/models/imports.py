"""ResultImport: the log row of one upload, from preview to apply."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from results.models.events import Classification, Event
from results.models.people import Person


class ResultImportQuerySet(models.QuerySet["ResultImport"]):
    def applied_to(self, classification: Classification) -> ResultImportQuerySet:
        return self.filter(classification=classification, state=ResultImport.State.APPLIED)

    def read_again(self) -> ResultImportQuerySet:
        """Previews read again with other settings: superseded without ever being applied.
        They keep their address (the browser's back button) and lead to their newest reading."""
        return self.filter(state=ResultImport.State.SUPERSEDED, applied_at__isnull=True)

    def history(self) -> ResultImportQuerySet:
        """Every import but the previews read again: what the history lists."""
        return self.exclude(state=ResultImport.State.SUPERSEDED, applied_at__isnull=True)

    def newest_reading_of(self, result_import: ResultImport) -> ResultImport | None:
        """The latest reading of the same upload (same event and bytes: a stage's sheet may be
        read again as another classification) made after `result_import`: where its address
        leads once it was read again."""
        return (
            self.filter(
                classification__event_id=result_import.classification.event_id,
                sha256=result_import.sha256,
                pk__gt=result_import.pk,
            )
            .exclude(state=ResultImport.State.SUPERSEDED, applied_at__isnull=True)
            .exclude(state=ResultImport.State.FAILED)
            .order_by("-pk")
            .only("pk")
            .first()
        )

    def published_readings_of(
        self, classification: Classification, *, before: int | None = None, limit: int = 20
    ) -> list[ResultImport]:
        """The classification's latest published readings, newest first, with their hints
        and sheet: where the fixes of a layout are remembered (`services.remembering`)."""
        found = self.filter(classification=classification, applied_at__isnull=False)
        if before is not None:
            found = found.filter(pk__lt=before)
        return list(
            found.only("pk", "hints", "sheet", "source_name", "applied_at").order_by("-pk")[:limit]
        )

    def versions_of(self, event: Event) -> list[ResultImport]:
        """The event's imports that hold a reading (failed ones do not), newest first, with
        their classification: the versions two of which staff compare."""
        return list(
            self.history()
            .filter(classification__event=event, sheet__isnull=False)
            .exclude(state=ResultImport.State.FAILED)
            .select_related("classification")
            .order_by("-created_at", "-pk")
        )

    def with_event(self) -> ResultImportQuerySet:
        """With the classification, its event and the uploader: what a staff page shows."""
        return self.select_related("classification__event", "user")

    def history_of(self, event: Event) -> list[ResultImport]:
        """The event's imports, newest first, as its history shows them: two queries.

        Each carries `warning_count` and `choice_notes` (who the organiser chose for crew
        members spelled like several people, `known` None for a person merged away since).
        The source bytes, the sheet and the plan stay in the database.
        """
        imports = list(
            self.history()
            .filter(classification__event=event)
            .select_related("classification", "user")
            .defer("source", "sheet", "plan")
            .order_by("-created_at", "-pk")
        )
        chosen = {choice["person"] for ri in imports for choice in ri.choices}
        people = Person.objects.in_bulk(chosen) if chosen else {}
        for result_import in imports:
            result_import.warning_count = sum(
                1 for issue in result_import.issues if issue["level"] == "warning"
            )
            result_import.choice_notes = [
                {**choice, "known": people.get(choice["person"])}
                for choice in result_import.choices
            ]
        return imports


class ResultImport(models.Model):
    """Holds the source bytes and the computed plan, so a preview survives a restart."""

    class State(models.TextChoices):
        PREVIEWED = "previewed", _("Previewed")
        APPLIED = "applied", _("Applied")
        SUPERSEDED = "superseded", _("Superseded")
        FAILED = "failed", _("Failed")

    classification = models.ForeignKey(
        Classification, on_delete=models.CASCADE, related_name="imports"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="result_imports",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    source_name = models.CharField(max_length=255, help_text="The uploaded file's name.")
    sha256 = models.CharField(max_length=64, help_text="Hex digest of the source bytes.")
    source = models.BinaryField(help_text="The uploaded bytes, as received.")
    source_removed = models.BooleanField(
        default=False,
        help_text=(
            "The source bytes were dropped for privacy: anonymising a person could not scrub "
            "the name from them reliably (a workbook, a PDF). Such an import cannot be re-read."
        ),
    )
    hints = models.JSONField(default=dict, blank=True, help_text="Column roles a person set.")
    parser_version = models.CharField(max_length=40)
    sheet = models.JSONField(null=True, blank=True, help_text="`Sheet.to_dict()` of the parse.")
    issues = models.JSONField(default=list, blank=True, help_text="The parser's issues.")
    error = models.JSONField(null=True, blank=True, help_text="For a failed parse: {line, reason}.")
    plan = models.JSONField(
        null=True, blank=True, help_text="Exactly what apply writes: people, cars, entries."
    )
    counts = models.JSONField(default=dict, blank=True)
    choices = models.JSONField(
        default=list,
        blank=True,
        help_text=(
            "Who the organiser chose for seats whose spelling several people share: "
            "[{entry, line, seat, person}] (see results.services.choices)."
        ),
    )
    state = models.CharField(max_length=20, choices=State.choices, default=State.PREVIEWED)
    scope = models.JSONField(
        default=dict,
        blank=True,
        help_text=(
            "What the sheet is: {kind: overall, after or stage, stage, order, by: sheet or "
            "organiser, base} (see results.services.scoping); written to the classification "
            "when the import is applied."
        ),
    )

    objects = ResultImportQuerySet.as_manager()

    class Meta:
        ordering = ("-created_at", "-pk")
        indexes = (models.Index(fields=["classification", "state"], name="result_import_state"),)

    def __str__(self) -> str:
        return f"{self.source_name} ({self.get_state_display()})"

    @property
    def was_read_again(self) -> bool:
        """A preview replaced by a reading with other settings (never applied)."""
        return self.state == self.State.SUPERSEDED and self.applied_at is None
