"""Revisions: each change of a classification's published results, with its reason."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from results.models.events import Classification


class RevisionQuerySet(models.QuerySet["Revision"]):
    def listed_for(self, classification: Classification) -> RevisionQuerySet:
        """The classification's revisions, newest first, as fans read them."""
        return self.filter(classification=classification).order_by("-created_at", "-pk")


class Revision(models.Model):
    """One change of a classification's published results, as fans see it listed: first
    publication, a re-import, made official, a decision; what changed (`changes`, the stored
    form of `results.services.diffing.VersionDiff`) and why."""

    class Kind(models.TextChoices):
        PUBLISHED = "published", _("Published")
        REVISED = "revised", _("Revised")
        OFFICIAL = "official", _("Made official")
        DECISION = "decision", _("Decision")

    classification = models.ForeignKey(
        # `revision_when` (Meta) starts with it and serves its lookups.
        Classification,
        on_delete=models.CASCADE,
        related_name="revisions",
        db_index=False,
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="revisions",
    )
    reason = models.TextField(blank=True, help_text="Why the results changed, as staff wrote it.")
    result_import = models.ForeignKey(
        "results.ResultImport",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="revisions",
        help_text="The import that wrote this version, for a publication or a re-import.",
    )
    changes = models.JSONField(
        default=dict, blank=True, help_text="What changed from the version before."
    )

    objects = RevisionQuerySet.as_manager()

    class Meta:
        ordering = ("classification", "-created_at", "-pk")
        indexes = (models.Index(fields=["classification", "created_at"], name="revision_when"),)
        verbose_name = _("revision")
        verbose_name_plural = _("revisions")

    def __str__(self) -> str:
        return f"{self.classification_id} {self.get_kind_display()} {self.created_at:%Y-%m-%d}"


class DecisionQuerySet(models.QuerySet["Decision"]):
    def listed_for(self, classification: Classification) -> DecisionQuerySet:
        """The classification's decisions, newest first, with who recorded and retired them;
        the values fixed in a preview once it was published."""
        published = Q(result_import__isnull=True) | Q(result_import__applied_at__isnull=False)
        return (
            self.filter(published, classification=classification)
            .select_related("user", "retired_by")
            .order_by("-created_at", "-pk")
        )

    def fixed_on(self, imports) -> dict[int, list[Decision]]:
        """The values fixed on each of these imports, oldest first, by import pk: one query."""
        out: dict[int, list[Decision]] = {}
        fixes = self.filter(result_import__in=imports, kind=Decision.Kind.CELL_FIX)
        for fix in fixes.order_by("created_at", "pk"):
            out.setdefault(fix.result_import_id, []).append(fix)
        return out

    def with_event(self) -> DecisionQuerySet:
        return self.select_related("classification__event")

    def active(self, result_import: int | None = None) -> DecisionQuerySet:
        """The decisions the published results apply, oldest first (their order matters: each
        was made on the results the earlier ones gave). A value fixed in a preview applies once
        its import was published, and to that import (pk `result_import`) before."""
        published = Q(result_import__isnull=True) | Q(result_import__applied_at__isnull=False)
        if result_import is not None:
            published |= Q(result_import=result_import)
        return self.filter(published, retired_at__isnull=True).order_by("created_at", "pk")


class Decision(models.Model):
    """A correction over the read sheet: a decision of the stewards (or of staff) on one crew's
    result, or a value an organiser fixed in the preview (`CELL_FIX`: `field` and `fixed`),
    kept over re-imports: the published classification is the sheet with the active
    corrections applied (`results.services.decisions`). The crew is named as the diff pairs
    crews: by race number, else by crew as written."""

    class Kind(models.TextChoices):
        TIME_PENALTY = "time_penalty", _("Time penalty")
        TIME_CORRECTION = "time_correction", _("Time correction")
        EXCLUSION = "exclusion", _("Exclusion")
        REINSTATEMENT = "reinstatement", _("Reinstatement")
        POSITION_CHANGE = "position_change", _("Position change")
        CELL_FIX = "cell_fix", _("Value fixed in the preview")

    classification = models.ForeignKey(
        # `decision_active` (Meta) starts with it and serves its lookups.
        Classification,
        on_delete=models.CASCADE,
        related_name="decisions",
        db_index=False,
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    number = models.CharField(max_length=40, blank=True, help_text="The crew's race number.")
    crew = models.JSONField(default=list, blank=True, help_text="The crew's names as written.")
    value = models.BigIntegerField(
        null=True,
        blank=True,
        help_text="Milliseconds added (penalty), the corrected time, or the new position.",
    )
    base = models.JSONField(
        null=True, blank=True, help_text="The value the decision changed, as it was then."
    )
    reason = models.TextField()
    reference = models.CharField(
        max_length=200, blank=True, help_text="Decision n°, document: as the stewards wrote it."
    )
    decided_on = models.DateField()
    field = models.CharField(
        max_length=40,
        blank=True,
        help_text="For a value fixed in the preview: the field fixed (`time_ms`, `surname:1`…).",
    )
    fixed = models.JSONField(
        null=True, blank=True, help_text="For a value fixed in the preview: the value it gives."
    )
    result_import = models.ForeignKey(
        "results.ResultImport",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="corrections",
        help_text=(
            "The import a value was fixed on: the fix applies to that preview (and its readings "
            "again) until it is published, then to the classification like a decision."
        ),
    )
    copied_from = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=(
            "A value fixed again from the reading profile of an earlier upload (undone with "
            "the profile)."
        ),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="decisions",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    retired_at = models.DateTimeField(
        null=True, blank=True, help_text="No longer applied (the sheet includes it, or undone)."
    )
    retired_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    objects = DecisionQuerySet.as_manager()

    class Meta:
        ordering = ("classification", "created_at", "pk")
        indexes = (models.Index(fields=["classification", "retired_at"], name="decision_active"),)
        verbose_name = _("decision")
        verbose_name_plural = _("decisions")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.number or '-'} ({self.classification_id})"

    @property
    def crew_label(self) -> str:
        names = " / ".join(self.crew) or "?"
        return f"#{self.number} {names}" if self.number else names
