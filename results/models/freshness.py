"""The data version: a counter per scope that every write bumps."""

from __future__ import annotations

from django.db import models


class DataVersion(models.Model):
    """Counters that every write bumps in its own transaction.

    `all` changes with anything: page-cache keys and ETags are made from it (and from its
    `changed_at`). `event:<pk>`, `person:<pk>` and `championship:<pk>` record what each write
    touched and when (listed in the admin), which is what the write services declare to
    `data_changed`.
    """

    scope = models.CharField(max_length=60, help_text="`all`, `event:<pk>` or `person:<pk>`.")
    version = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = (models.UniqueConstraint(fields=["scope"], name="data_version_scope_unique"),)

    def __str__(self) -> str:
        return f"{self.scope}@{self.version}"
