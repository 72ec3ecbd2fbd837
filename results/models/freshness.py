"""The data version: a counter per scope that every write bumps."""

from __future__ import annotations

from django.db import models


class DataVersion(models.Model):
    """Cache keys, ETags and championship recomputes hang on these counters.

    Scopes: `all` (anything changed), `event:<pk>`, `person:<pk>`.
    """

    scope = models.CharField(max_length=60, help_text="`all`, `event:<pk>` or `person:<pk>`.")
    version = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = (models.UniqueConstraint(fields=["scope"], name="data_version_scope_unique"),)

    def __str__(self) -> str:
        return f"{self.scope}@{self.version}"
