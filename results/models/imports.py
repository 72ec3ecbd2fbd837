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
        """The latest reading of the same upload (same event and bytes; its lead, as the tables
        may have gone to another classification, or a stage's sheet be read again as another)
        made after `result_import`: where its address
        leads once it was read again."""
        return (
            self.filter(
                classification__event_id=result_import.classification.event_id,
                sha256=result_import.sha256,
                pk__gt=result_import.pk,
                lead__isnull=True,
            )
            .exclude(state=ResultImport.State.SUPERSEDED, applied_at__isnull=True)
            .exclude(state=ResultImport.State.FAILED)
            .order_by("-pk")
            .only("pk")
            .first()
        )

    def published_readings_of(
        self, event: Event, *, before: int | None = None, limit: int = 20
    ) -> list[ResultImport]:
        """The latest published readings of the event's club (of the event alone when it has
        no club), newest first, with their hints, sheet and tables' targets (a part's are its
        lead's): where the fixes of a layout are remembered (`services.remembering`)."""
        found = self.filter(applied_at__isnull=False)
        if event.club_id is not None:
            found = found.filter(classification__event__club_id=event.club_id)
        else:
            found = found.filter(classification__event_id=event.pk)
        if before is not None:
            found = found.filter(pk__lt=before)
        fields = ("pk", "hints", "sheet", "source_name", "applied_at", "targets", "lead")
        return list(
            found.select_related("lead")
            .only(*fields, "lead__targets", "lead__classification_id")
            .order_by("-pk")[:limit]
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
        Classification,
        on_delete=models.CASCADE,
        related_name="imports",
        db_index=False,  # `result_import_state` (Meta) starts with it and serves its lookups
        verbose_name=_("classification"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="result_imports",
        verbose_name=_("user"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    applied_at = models.DateTimeField(null=True, blank=True, verbose_name=_("applied at"))
    source_name = models.CharField(
        max_length=255, help_text=_("The uploaded file's name."), verbose_name=_("file name")
    )
    sha256 = models.CharField(
        max_length=64,
        help_text=_("Hex digest of the source bytes."),
        verbose_name=_("SHA-256 digest"),
    )
    source = models.BinaryField(
        help_text=_("The uploaded bytes, as received."), verbose_name=_("file")
    )
    source_removed = models.BooleanField(
        default=False,
        help_text=_(
            "The source bytes were dropped for privacy: anonymising a person could not scrub "
            "the name from them reliably (a workbook, a PDF). Such an import cannot be re-read."
        ),
        verbose_name=_("file removed"),
    )
    hints = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Column roles a person set."),
        verbose_name=_("reading settings"),
    )
    parser_version = models.CharField(max_length=40, verbose_name=_("parser version"))
    sheet = models.JSONField(
        null=True,
        blank=True,
        help_text=_("`Sheet.to_dict()` of the parse."),
        verbose_name=_("reading"),
    )
    issues = models.JSONField(
        default=list, blank=True, help_text=_("The parser's issues."), verbose_name=_("issues")
    )
    error = models.JSONField(
        null=True,
        blank=True,
        help_text=_("For a failed parse: {line, reason}."),
        verbose_name=_("error"),
    )
    plan = models.JSONField(
        null=True,
        blank=True,
        help_text=_("Exactly what apply writes: people, cars, entries."),
        verbose_name=_("plan"),
    )
    counts = models.JSONField(default=dict, blank=True, verbose_name=_("counts"))
    choices = models.JSONField(
        default=list,
        blank=True,
        help_text=_(
            "Who the organiser chose for seats whose spelling several people share: "
            "[{entry, line, seat, person}] (see results.services.choices)."
        ),
        verbose_name=_("choices of people"),
    )
    state = models.CharField(
        max_length=20, choices=State.choices, default=State.PREVIEWED, verbose_name=_("state")
    )
    targets = models.JSONField(
        default=dict,
        blank=True,
        help_text=_(
            'Where each table of the file goes: {table: classification name, or "" when it '
            "is left out}; empty: every table into this classification."
        ),
        verbose_name=_("tables' classifications"),
    )
    lead = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="parts",
        help_text=_(
            "For the tables of an upload sent into another classification: the upload's "
            "preview, whose confirm publishes this one with it."
        ),
        verbose_name=_("upload it belongs to"),
    )
    scope = models.JSONField(
        default=dict,
        blank=True,
        help_text=_(
            "What the sheet is: {kind: overall, after or stage, stage, order, by: sheet or "
            "organiser, base} (see results.services.scoping); written to the classification "
            "when the import is applied."
        ),
        verbose_name=_("what the sheet is"),
    )

    objects = ResultImportQuerySet.as_manager()

    class Meta:
        ordering = ("-created_at", "-pk")
        indexes = (models.Index(fields=["classification", "state"], name="result_import_state"),)
        verbose_name = _("import")
        verbose_name_plural = _("imports")

    def __str__(self) -> str:
        return f"{self.source_name} ({self.get_state_display()})"

    @property
    def was_read_again(self) -> bool:
        """A preview replaced by a reading with other settings (never applied)."""
        return self.state == self.State.SUPERSEDED and self.applied_at is None
