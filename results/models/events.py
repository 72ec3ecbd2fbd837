"""Events and their classifications: what an import targets."""

from __future__ import annotations

from django.contrib.auth.models import Group
from django.db import models
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from results import access


class EventQuerySet(models.QuerySet["Event"]):
    def published(self) -> EventQuerySet:
        return self.filter(published=True)

    def visible_to(self, user: access.Visitor) -> EventQuerySet:
        """The events the public pages show this visitor (see `results.access`)."""
        return access.visible_events(self, user)

    def uploadable_by(self, user: access.Visitor) -> EventQuerySet:
        """The events this user may upload results to (see `results.access`)."""
        return access.uploadable_events(self, user)

    def editable_by(self, user: access.Visitor) -> EventQuerySet:
        """The events the admin lists for this user (see `results.access`)."""
        return access.editable_events(self, user)

    def for_listing(self) -> EventQuerySet:
        """Newest first, with the number of entries over all classifications."""
        return self.annotate(entries_count=Count("classifications__entries")).order_by(
            "-date", "name"
        )


class Event(models.Model):
    class Discipline(models.TextChoices):
        RALLY = "rally", _("Rally")
        HISTORIC_RALLY = "historic_rally", _("Historic rally")
        HILL_CLIMB = "hill_climb", _("Hill climb")
        ENDURANCE = "endurance", _("Endurance")
        SLALOM = "slalom", _("Slalom")
        CIRCUIT = "circuit", _("Circuit")

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=120, help_text="Stable part of the event's address.")
    date = models.DateField(help_text="First day of the event.")
    place = models.CharField(max_length=200, blank=True)
    discipline = models.CharField(
        max_length=20, choices=Discipline.choices, default=Discipline.RALLY
    )
    published = models.BooleanField(
        default=False, help_text="Unpublished events are hidden from the public pages."
    )
    club = models.ForeignKey(
        Group,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="events",
        help_text="The organising club: its organisers may upload this event's results.",
    )

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ("-date", "name")
        permissions = (("upload_results", "Can upload results sheets"),)
        constraints = (models.UniqueConstraint(fields=["slug"], name="event_slug_unique"),)
        indexes = (models.Index(fields=["published", "-date"], name="event_published_date"),)

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"


class Classification(models.Model):
    """One results table of an event: the overall one, or VHC, Rallye 2, a class..."""

    class State(models.TextChoices):
        PROVISIONAL = "provisional", _("Provisional")
        OFFICIAL = "official", _("Official")

    DEFAULT_NAME = "Général"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="classifications")
    name = models.CharField(max_length=100, default=DEFAULT_NAME)
    slug = models.SlugField(max_length=100, help_text="Unique within the event.")
    state = models.CharField(max_length=20, choices=State.choices, default=State.PROVISIONAL)

    class Meta:
        ordering = ("event", "pk")
        constraints = (
            models.UniqueConstraint(
                fields=["event", "slug"], name="classification_event_slug_unique"
            ),
        )

    def __str__(self) -> str:
        return f"{self.event.name} — {self.name}"
