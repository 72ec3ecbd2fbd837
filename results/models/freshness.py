"""The data version: a counter per scope that every write bumps."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

#: What each kind of scope counts the changes of.
SCOPE_WORDS = {
    "all": _("the whole site"),
    "event": _("event %(pk)s"),
    "person": _("person %(pk)s"),
    "championship": _("championship %(pk)s"),
}


class DataVersion(models.Model):
    """Counters that every write bumps in its own transaction.

    `all` changes with anything: page-cache keys and ETags are made from it (and from its
    `changed_at`). `event:<pk>`, `person:<pk>` and `championship:<pk>` record what each write
    touched and when (listed in the admin), which is what the write services declare to
    `data_changed`.
    """

    scope = models.CharField(
        max_length=60, help_text=_("`all`, `event:<pk>` or `person:<pk>`."), verbose_name=_("scope")
    )
    version = models.PositiveBigIntegerField(default=0, verbose_name=_("version"))
    changed_at = models.DateTimeField(auto_now=True, verbose_name=_("changed at"))

    class Meta:
        constraints = (models.UniqueConstraint(fields=["scope"], name="data_version_scope_unique"),)
        verbose_name = _("data version")
        verbose_name_plural = _("data versions")

    def __str__(self) -> str:
        return f"{self.described()} · {self.version}"

    def described(self) -> str:
        """The scope in words: `all` is the whole site, `event:12` the event 12…"""
        kind, _sep, pk = self.scope.partition(":")
        words = SCOPE_WORDS.get(kind)
        if words is None:
            return self.scope
        return str(words) % {"pk": pk} if pk else str(words)
