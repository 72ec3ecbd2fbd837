"""Clubs: who organises an event, and whose organisers may upload its results."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A motorsport club (an ASA, a racing team's association…) that organises events.

    Its members are the organisers who upload its events' results; being a member grants
    nothing by itself: uploading needs the upload permission too (the Organisers group)."""

    name = models.CharField(_("name"), max_length=150, help_text=_("The club's full name."))
    short_name = models.CharField(
        _("short name"),
        max_length=40,
        blank=True,
        help_text=_("How lists write it when space is short, e.g. “ASA Vesoul”."),
    )
    region = models.CharField(
        _("region"), max_length=100, blank=True, help_text=_("Its region or league.")
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="clubs",
        verbose_name=_("members"),
        help_text=_("The organisers who upload the results of the club's events."),
    )

    class Meta:
        ordering = ("name",)
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = (models.UniqueConstraint(fields=["name"], name="club_name_unique"),)

    def __str__(self) -> str:
        return self.name
