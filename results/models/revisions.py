"""Revisions: each change of a classification's published results, with its reason."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from results.models.events import Classification


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
        Classification, on_delete=models.CASCADE, related_name="revisions"
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

    class Meta:
        ordering = ("classification", "-created_at", "-pk")
        indexes = (models.Index(fields=["classification", "created_at"], name="revision_when"),)

    def __str__(self) -> str:
        return f"{self.classification_id} {self.get_kind_display()} {self.created_at:%Y-%m-%d}"
