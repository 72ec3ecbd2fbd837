"""Events and their classifications: what an import targets."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import (
    Count,
    IntegerField,
    OuterRef,
    Q,
    Subquery,
)
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from results import access
from results.models.event_page import ChampionshipLink, RevisionNote, event_union
from results.text import search_text


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

    def published_seasons(self) -> list[int]:
        """The years of the published events, newest first: one query that steps through
        the date index a season at a time (the latest date, then the latest before that
        year, ...), not a read of every event (`dates()` grouped all 40,000 of an archive)."""
        from django.db import connections

        connection = connections[self.db]
        table = connection.ops.quote_name(Event._meta.db_table)
        if connection.vendor == "postgresql":
            year_start, year = "date_trunc('year', s.day)::date", "EXTRACT(YEAR FROM day)::int"
        else:
            year_start, year = "strftime('%%Y-01-01', s.day)", "CAST(strftime('%%Y', day) AS int)"
        sql = (
            f"WITH RECURSIVE seasons(day) AS ("
            f"SELECT MAX(date) FROM {table} WHERE published "
            f"UNION ALL SELECT (SELECT MAX(e.date) FROM {table} e "
            f"WHERE e.published AND e.date < {year_start}) "
            f"FROM seasons s WHERE s.day IS NOT NULL) "
            f"SELECT {year} FROM seasons WHERE day IS NOT NULL"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [])
            return [row[0] for row in cursor.fetchall()]

    def matching(self, words: list[str]) -> EventQuerySet:
        """The events whose name or place has a word starting with each of `words` (folded),
        compared on the stored key (`search_key`): plain string matches the database serves
        (on Postgres from a trigram index), never a fold per row."""
        if not words:
            return self.none()
        condition = Q()
        for word in words:
            condition &= Q(search_key__startswith=word) | Q(search_key__contains=" " + word)
        return self.filter(condition)

    def bulk_create(self, objs, *args, **kwargs) -> list[Event]:
        """As Django's, each event given its search key first (`save` is not called)."""
        objs = list(objs)
        for event in objs:
            event.search_key = event.folded_key()
        return super().bulk_create(objs, *args, **kwargs)

    def for_api(self) -> EventQuerySet:
        """Newest first with the organising club: one query per page of the API's list."""
        return self.select_related("club").order_by("-date", "name", "pk")

    def for_listing(self) -> EventQuerySet:
        """Newest first, with the number of entries over all classifications.

        The count is a subquery per event, not a GROUP BY over every entry: under a LIMIT,
        Postgres counts only the events it returns (an archive of 40,000 events and millions
        of entries lists its latest ones in milliseconds). A deep page counts the events it
        skips too: the events list pages plain events and counts those of its page
        (`in_listing_order`, then `for_listing` on their ids).
        """
        from results.models.entries import Entry

        entries = (
            Entry.objects.filter(classification__event=OuterRef("pk"))
            .order_by()
            .values("classification__event")
            # COUNT(*), not of the ids: read from the index alone (Postgres).
            .annotate(count=Count("*"))
            .values("count")
        )
        counted = Coalesce(Subquery(entries, output_field=IntegerField()), 0)
        return self.annotate(entries_count=counted).in_listing_order()

    def in_listing_order(self) -> EventQuerySet:
        return self.order_by("-date", "name", "pk")

    def listing_ids(self) -> models.QuerySet:
        """The events' ids in listing order: what the events list pages, before `for_listing`."""
        return self.in_listing_order().values_list("pk", flat=True)


class Event(models.Model):
    class Discipline(models.TextChoices):
        RALLY = "rally", _("Rally")
        HISTORIC_RALLY = "historic_rally", _("Historic rally")
        HILL_CLIMB = "hill_climb", _("Hill climb")
        ENDURANCE = "endurance", _("Endurance")
        SLALOM = "slalom", _("Slalom")
        CIRCUIT = "circuit", _("Circuit")

    name = models.CharField(max_length=200, verbose_name=_("name"))
    # Indexed by its unique constraint alone.
    slug = models.SlugField(
        max_length=120,
        db_index=False,
        help_text=_("Stable part of the event's address."),
        verbose_name=_("address"),
    )
    date = models.DateField(help_text=_("First day of the event."), verbose_name=_("date"))
    place = models.CharField(max_length=200, blank=True, verbose_name=_("place"))
    discipline = models.CharField(
        max_length=20,
        choices=Discipline.choices,
        default=Discipline.RALLY,
        verbose_name=_("discipline"),
    )
    published = models.BooleanField(
        default=False,
        help_text=_("Unpublished events are hidden from the public pages."),
        verbose_name=_("published"),
    )
    club = models.ForeignKey(
        "results.Club",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="events",
        verbose_name=_("club"),
        help_text=_("The organising club: its members may upload this event's results."),
    )
    search_key = models.TextField(
        blank=True,
        default="",
        editable=False,
        help_text="Folded words of the name and place (`search_text`): search and the filter.",
    )

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ("-date", "name")
        permissions = (("upload_results", _("Can upload results sheets")),)
        constraints = (models.UniqueConstraint(fields=["slug"], name="event_slug_unique"),)
        indexes = (
            # In the listing's order (`in_listing_order`), name and id too: a page of the
            # events list walks the index alone, however many events it skips.
            models.Index(fields=["published", "-date", "name", "id"], name="event_listing"),
        )
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def save(self, *args, **kwargs) -> None:
        # Every save keeps the key in step with the name and place (admin, imports, forms).
        self.search_key = self.folded_key()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"name", "place"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "search_key"}
        super().save(*args, **kwargs)

    def folded_key(self) -> str:
        return search_text(self.name or "", self.place or "")


class ClassificationQuerySet(models.QuerySet["Classification"]):
    def with_event(self) -> ClassificationQuerySet:
        return self.select_related("event")

    def for_history(self, event: Event) -> ClassificationQuerySet:
        """The event's classifications as its history page shows them: who made each
        official, and `has_entries` (only results can be made official): one query."""
        entries = self.model._meta.get_field("entries").related_model.objects
        return (
            self.filter(event=event)
            .select_related("official_by")
            .annotate(
                has_entries=models.Exists(entries.filter(classification=models.OuterRef("pk")))
            )
            .order_by("pk")
        )

    def visible_one(
        self, user: access.Visitor, event_slug: str, slug: str
    ) -> Classification | None:
        """The classification `slug` of the event `event_slug` if the visitor may see that
        event, with the event: one query."""
        events = Event.objects.visible_to(user).filter(slug=event_slug)
        found = self.filter(event__in=events, slug=slug).select_related("event", "event__club")
        return found.first()

    def with_championships(
        self, event: Event
    ) -> tuple[list[Classification], list[ChampionshipLink]]:
        """The event's classifications and the championships it counts for, in one query
        (one UNION): the event page's budget is five queries."""
        found, links, _revisions = event_union(self, event, revisions=False)
        return found, links

    def for_event_page(
        self, event: Event
    ) -> tuple[list[Classification], list[ChampionshipLink], list[RevisionNote]]:
        """As `with_championships`, with the revisions of every classification, newest
        first, in the same one query."""
        return event_union(self, event, revisions=True)


class Classification(models.Model):
    """One results table of an event: the overall one, or VHC, Rallye 2, a class..."""

    class State(models.TextChoices):
        PROVISIONAL = "provisional", _("Provisional")
        OFFICIAL = "official", _("Official")

    DEFAULT_NAME = "Général"

    # The unique (event, slug) serves its lookups.
    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        related_name="classifications",
        db_index=False,
        verbose_name=_("event"),
    )
    name = models.CharField(max_length=100, default=DEFAULT_NAME, verbose_name=_("name"))
    slug = models.SlugField(
        max_length=100, help_text=_("Unique within the event."), verbose_name=_("address")
    )
    state = models.CharField(
        max_length=20, choices=State.choices, default=State.PROVISIONAL, verbose_name=_("state")
    )
    official_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("When staff made the results official."),
        verbose_name=_("made official at"),
    )
    official_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("Who made the results official."),
        verbose_name=_("made official by"),
    )
    stage_name = models.CharField(
        max_length=60,
        blank=True,
        help_text=_("For one stage's classification, the stage (ES3); blank for an overall one."),
        verbose_name=_("stage"),
    )
    stage_order = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("That stage's number, its order among the stages."),
        verbose_name=_("stage number"),
    )
    after_stage = models.CharField(
        max_length=60,
        blank=True,
        help_text=_(
            "An interim overall classification: the stage its results stand after (ES5), "
            "shown on the public pages; blank once the final results are imported."
        ),
        verbose_name=_("after stage"),
    )

    objects = ClassificationQuerySet.as_manager()

    class Meta:
        ordering = ("event", "pk")
        constraints = (
            models.UniqueConstraint(
                fields=["event", "slug"], name="classification_event_slug_unique"
            ),
        )
        verbose_name = _("classification")
        verbose_name_plural = _("classifications")

    def __str__(self) -> str:
        return f"{self.event.name} — {self.name}"

    @property
    def display_name(self) -> str:
        """The name as the public pages write it: the default overall table in the page's
        language ("Overall" in English, "Général" in French), any other as its organiser
        named it; an interim one with the stage it stands after ("Général après ES5")."""
        name = self.name
        if name == self.DEFAULT_NAME:
            name = str(pgettext("classification", "Overall"))
        if self.after_stage:
            # An interim classification says so wherever it is named.
            return str(pgettext("classification", "%(name)s after %(stage)s")) % {
                "name": name,
                "stage": self.after_stage,
            }
        return name
