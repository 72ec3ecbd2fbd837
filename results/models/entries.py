"""Entries (one crew's line in one classification) and their crew members."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models
from django.db.models import F, Prefetch
from django.utils.translation import pgettext_lazy

from results.models.cars import Car
from results.models.events import Classification
from results.models.people import Person

#: The order a person's page lists their seats in: newest event first.
_NEWEST_FIRST = (
    "-entry__classification__event__date",
    "entry__classification__event__name",
    "entry__classification__pk",
    "entry__pk",
    "seat",
)


class Status(models.TextChoices):
    # One entry's status: in French singular (`Exclu`), where the public section titles of
    # formatting.py are plural (`Exclus`), hence the context.
    CLASSIFIED = "classified", pgettext_lazy("entry status", "Classified")
    RETIRED = "retired", pgettext_lazy("entry status", "Retired")
    RALLY2 = "rally2", pgettext_lazy("entry status", "Rally 2")
    DNS = "dns", pgettext_lazy("entry status", "Non-starter")
    DSQ = "dsq", pgettext_lazy("entry status", "Disqualified")
    NC = "nc", pgettext_lazy("entry status", "Not classified")


class EntryQuerySet(models.QuerySet["Entry"]):
    def standings(self, classification: Classification) -> EntryQuerySet:
        """A classification's table: positioned crews first, then the others in sheet order.

        Costs two queries whatever the number of rows: entries with car and make, then crew
        members with their people.
        """
        crew = CrewMember.objects.select_related("person").order_by("seat")
        return (
            self.filter(classification=classification)
            .select_related("car__make")
            .prefetch_related(Prefetch("crew", queryset=crew))
            .order_by(F("position").asc(nulls_last=True), "sheet_order")
        )

    def for_api(self, classification: Classification) -> EntryQuerySet:
        """A classification's entries in sheet order with car, make, crew (people by seat)
        and stage times (`stage_times`, by order): three queries per page whatever its size."""
        crew = CrewMember.objects.select_related("person").order_by("seat")
        # The Split model is declared after this one (results.models.stages).
        splits = self.model._meta.get_field("splits").related_model.objects.order_by("order")
        return (
            self.filter(classification=classification)
            .select_related("car__make")
            .prefetch_related(
                Prefetch("crew", queryset=crew, to_attr="seats"),
                Prefetch("splits", queryset=splits, to_attr="stage_times"),
            )
            .order_by("sheet_order", "pk")
        )

    def page_rows(self, classification: Classification, fields: Iterable[str]) -> EntryQuerySet:
        """The classification's entries in sheet order as tuples of `fields`: one query, no
        model instances (the standings page prints many rows; see `standings_data`)."""
        return (
            self.filter(classification=classification).order_by("sheet_order").values_list(*fields)
        )


class CrewMemberQuerySet(models.QuerySet["CrewMember"]):
    def names_in(self, classification: Classification) -> CrewMemberQuerySet:
        """`(entry_id, surname, first_name, slug)` of every seat of the classification, by
        entry and seat: one query."""
        return (
            self.filter(entry__classification=classification)
            .order_by("entry_id", "seat")
            .values_list("entry_id", "person__surname", "person__first_name", "person__slug")
        )

    def published_results_of(self, person: Person) -> CrewMemberQuerySet:
        """Every seat of every entry the person is on in a published event (theirs and their
        team-mates'), newest event first, with person, event and car: one query."""
        return (
            self.filter(entry__crew__person=person, entry__classification__event__published=True)
            .select_related("person", "entry__classification__event__club", "entry__car__make")
            .order_by(*_NEWEST_FIRST)
        )

    def of_people(self, person_ids: Iterable[int]) -> CrewMemberQuerySet:
        """The people's seats, oldest event first, with entry, event, car and person."""
        return (
            self.filter(person_id__in=person_ids)
            .select_related("entry__classification__event", "entry__car__make", "person")
            .order_by(
                "entry__classification__event__date",
                "entry__classification_id",
                "entry__sheet_order",
            )
        )

    def with_events_of(self, person_ids: Iterable[int]) -> CrewMemberQuerySet:
        """The people's seats with each one's event (for what two people have in common)."""
        return self.filter(person_id__in=person_ids).select_related("entry__classification__event")


class Entry(models.Model):
    Status = Status

    classification = models.ForeignKey(
        Classification, on_delete=models.CASCADE, related_name="entries"
    )
    # An import that wrote entries cannot be deleted on its own; deleting its event or
    # classification takes both.
    result_import = models.ForeignKey(
        "results.ResultImport", on_delete=models.RESTRICT, related_name="entries"
    )
    sheet_order = models.PositiveIntegerField(help_text="0-based rank of the record in the sheet.")
    line = models.PositiveIntegerField(help_text="1-based source line of the record's first row.")
    page = models.PositiveIntegerField(null=True, blank=True)
    number = models.CharField(
        max_length=20, blank=True, help_text="Race number as written (`007`, `12B`)."
    )
    number_sort = models.PositiveIntegerField(
        null=True, blank=True, help_text="The race number's numeric part, which it sorts on."
    )
    position = models.IntegerField(
        null=True, blank=True, help_text="As the sheet gives it; empty for unclassified crews."
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.CLASSIFIED)
    group = models.CharField(max_length=40, blank=True)
    klass = models.CharField(
        max_length=40,
        blank=True,
        db_column="class",
        help_text="A class is the pair (group, class): N 2 and FN 2 are different classes.",
    )
    class_position = models.IntegerField(
        null=True, blank=True, help_text="Rank among classified crews of the same (group, class)."
    )
    club = models.CharField(max_length=120, blank=True, help_text="Club or ASA, as written.")
    category = models.CharField(
        max_length=200, blank=True, help_text="Title of the table the entry stood in, if any."
    )
    time_ms = models.BigIntegerField(
        null=True, blank=True, help_text="The time the table is ranked on, in milliseconds."
    )
    gap_ms = models.BigIntegerField(null=True, blank=True, help_text="Gap to the table's leader.")
    laps = models.IntegerField(null=True, blank=True, help_text="Laps completed.")
    best_lap_ms = models.BigIntegerField(
        null=True, blank=True, help_text="A best lap given beside a total time."
    )
    best_lap_no = models.IntegerField(
        null=True, blank=True, help_text="The lap the best lap was set on."
    )
    speed_kmh = models.FloatField(null=True, blank=True)
    capacity = models.CharField(
        max_length=40, blank=True, help_text="Engine capacity as written (`49,9`, `1600`)."
    )
    team = models.CharField(max_length=120, blank=True, help_text="Team, as written.")
    nationality = models.CharField(max_length=40, blank=True, help_text="As written (`FRA`).")
    reason = models.CharField(
        max_length=200, blank=True, help_text="Why the crew retired or was excluded, as written."
    )
    retired_at = models.CharField(
        max_length=40, blank=True, help_text="The stage, lap or hour of a retirement (`ES4`)."
    )
    penalty_ms = models.BigIntegerField(null=True, blank=True, help_text="Penalties, in ms.")
    points = models.FloatField(null=True, blank=True, help_text="Points the sheet gives.")
    distance = models.CharField(
        max_length=40, blank=True, help_text="Distance covered, as written (`1 234,5 km`)."
    )
    car = models.ForeignKey(
        Car, on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    car_text = models.CharField(max_length=200, blank=True, help_text="The car as written.")
    raw = models.JSONField(default=dict, help_text="The parsed record, as the parser gave it.")
    issues = models.JSONField(default=list, help_text="The parser's issues on this record's line.")

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ("classification", "sheet_order")
        verbose_name_plural = "entries"
        constraints = (
            models.UniqueConstraint(
                fields=["classification", "number"],
                condition=~models.Q(number=""),
                name="entry_classification_number_unique",
            ),
        )
        indexes = (
            models.Index(fields=["classification", "status", "position"], name="entry_standings"),
            models.Index(fields=["classification", "group", "klass"], name="entry_class"),
            models.Index(fields=["classification", "number_sort", "number"], name="entry_number"),
        )

    def __str__(self) -> str:
        where = self.position if self.position is not None else self.get_status_display()
        return f"{where} #{self.number or '-'} ({self.classification_id})"


class CrewMember(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="crew")
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="crew_seats")
    seat = models.PositiveSmallIntegerField(help_text="1 = driver, 2 = co-driver, and so on.")
    surname = models.CharField(max_length=120, help_text="As written in the sheet.")
    # Null, as in the parse contract: the sheet gave no first name at all.
    first_name = models.CharField(max_length=120, null=True, blank=True)  # noqa: DJ001

    objects = CrewMemberQuerySet.as_manager()

    class Meta:
        ordering = ("entry", "seat")
        constraints = (
            models.UniqueConstraint(fields=["entry", "seat"], name="crew_member_entry_seat_unique"),
        )
        indexes = (models.Index(fields=["person", "entry"], name="crew_member_person"),)

    def __str__(self) -> str:
        return f"{self.seat}: {self.person}"
