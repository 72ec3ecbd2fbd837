"""Entries (one crew's line in one classification) and their crew members."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models
from django.db.models import F, Prefetch
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from results.models.cars import Car
from results.models.events import Classification
from results.models.people import Person

#: What `CrewMember.objects.published_seats_of` reads of each of a person's seats, by name:
#: what the counts and the stage wins need, then what a row of their page shows (its tables
#: are joined for the order anyway, so the shown page needs no second read of them).
_SEAT_PATHS = {
    "event_id": "entry__classification__event_id",
    "status": "entry__status",
    "group": "entry__group",
    "klass": "entry__klass",
    "class_position": "entry__class_position",
    "position": "entry__position",
    "time_ms": "entry__time_ms",
    "classification_id": "entry__classification_id",
    "stage_order": "entry__classification__stage_order",
    "event_name": "entry__classification__event__name",
    "event_slug": "entry__classification__event__slug",
    "event_date": "entry__classification__event__date",
    "discipline": "entry__classification__event__discipline",
    "classification_name": "entry__classification__name",
    "classification_slug": "entry__classification__slug",
    "car_text": "entry__car_text",
    "car_model": "entry__car__model",
    "car_make": "entry__car__make__name",
}
SEAT_FIELDS = ("entry_id", "seat", *_SEAT_PATHS)
#: The order a person's page lists their seats in: newest event first.
_NEWEST_FIRST = (
    "-entry__classification__event__date",
    "entry__classification__event__name",
    "entry__classification__pk",
    "entry__pk",
    "seat",
)
#: The same order on the names `CrewMemberQuerySet.published_results_of` annotates (the API
#: pages on them with a cursor: its first field is the cursor's position).
RESULTS_ORDER = ("-event_date", "event_name", "classification_ref", "entry_id", "seat")


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
        """The person's own seats in published events, newest event first, with entry,
        classification, event, club, car and make: one query. Ordered on the fields it
        annotates (`event_date`, `event_name`, `classification_ref`), so that the API pages
        it with a cursor; `crews_by_entry` then gives the crews of one page."""
        return (
            self.filter(person=person, entry__classification__event__published=True)
            .select_related("entry__classification__event__club", "entry__car__make")
            # What the sheet said (`raw`, `issues`) is not in the answer: not read either.
            .defer("entry__raw", "entry__issues")
            .annotate(
                event_date=F("entry__classification__event__date"),
                event_name=F("entry__classification__event__name"),
                classification_ref=F("entry__classification_id"),
            )
            .order_by(*RESULTS_ORDER)
        )

    def crews_by_entry(self, entry_ids: Iterable[int]) -> dict[int, list[CrewMember]]:
        """Every seat of these entries with its person, by entry, in seat order: one query."""
        crews: dict[int, list[CrewMember]] = {}
        seats = self.filter(entry_id__in=list(entry_ids)).select_related("person")
        for seat in seats.order_by("entry_id", "seat"):
            crews.setdefault(seat.entry_id, []).append(seat)
        return crews

    def published_seats_of(self, person: Person) -> models.QuerySet:
        """The person's own seats in published events, newest event first, as named tuples
        of what a page counts, pages on and shows (`SEAT_FIELDS`): one query, no model
        instances, whatever the career."""
        return (
            self.filter(person=person, entry__classification__event__published=True)
            .order_by(*_NEWEST_FIRST)
            .annotate(**{name: F(path) for name, path in _SEAT_PATHS.items()})
            .values_list(*SEAT_FIELDS, named=True)
        )

    def mates_of(self, person: Person, entry_ids: Iterable[int]) -> CrewMemberQuerySet:
        """`(entry_id, surname, first_name, slug)` of the other seats of these entries (a page
        of a person's results: their team-mates), by entry and seat: one query joining the
        people alone (what the page shows of the entries came with the person's seats)."""
        return (
            self.filter(entry_id__in=list(entry_ids))
            .exclude(person=person)
            .order_by("entry_id", "seat")
            .values_list("entry_id", "person__surname", "person__first_name", "person__slug")
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

    # No index of its own: the three of Meta start with it and serve its lookups and cascade.
    classification = models.ForeignKey(
        Classification,
        on_delete=models.CASCADE,
        related_name="entries",
        db_index=False,
        verbose_name=_("classification"),
    )
    # An import that wrote entries cannot be deleted on its own; deleting its event or
    # classification takes both.
    result_import = models.ForeignKey(
        "results.ResultImport",
        on_delete=models.RESTRICT,
        related_name="entries",
        verbose_name=_("import"),
    )
    sheet_order = models.PositiveIntegerField(
        help_text=_("0-based rank of the record in the sheet."),
        verbose_name=_("order in the sheet"),
    )
    line = models.PositiveIntegerField(
        help_text=_("1-based source line of the record's first row."), verbose_name=_("line")
    )
    page = models.PositiveIntegerField(null=True, blank=True, verbose_name=_("page"))
    number = models.CharField(
        max_length=20,
        blank=True,
        help_text=_("Race number as written (`007`, `12B`)."),
        verbose_name=_("number"),
    )
    number_sort = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_("The race number's numeric part, which it sorts on."),
        verbose_name=_("number for sorting"),
    )
    position = models.IntegerField(
        null=True,
        blank=True,
        help_text=_("As the sheet gives it; empty for unclassified crews."),
        verbose_name=_("position"),
    )
    status = models.CharField(
        max_length=20, choices=Status.choices, default=Status.CLASSIFIED, verbose_name=_("status")
    )
    group = models.CharField(max_length=40, blank=True, verbose_name=_("group"))
    klass = models.CharField(
        max_length=40,
        blank=True,
        db_column="class",
        help_text=_("A class is the pair (group, class): N 2 and FN 2 are different classes."),
        verbose_name=_("class"),
    )
    class_position = models.IntegerField(
        null=True,
        blank=True,
        help_text=_("Rank among classified crews of the same (group, class)."),
        verbose_name=_("class position"),
    )
    club = models.CharField(
        max_length=120, blank=True, help_text=_("Club or ASA, as written."), verbose_name=_("club")
    )
    category = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("Title of the table the entry stood in, if any."),
        verbose_name=_("category"),
    )
    time_ms = models.BigIntegerField(
        null=True,
        blank=True,
        help_text=_("The time the table is ranked on, in milliseconds."),
        verbose_name=_("time"),
    )
    gap_ms = models.BigIntegerField(
        null=True, blank=True, help_text=_("Gap to the table's leader."), verbose_name=_("gap")
    )
    laps = models.IntegerField(
        null=True, blank=True, help_text=_("Laps completed."), verbose_name=_("laps")
    )
    best_lap_ms = models.BigIntegerField(
        null=True,
        blank=True,
        help_text=_("A best lap given beside a total time."),
        verbose_name=_("best lap"),
    )
    best_lap_no = models.IntegerField(
        null=True,
        blank=True,
        help_text=_("The lap the best lap was set on."),
        verbose_name=_("best lap number"),
    )
    speed_kmh = models.FloatField(null=True, blank=True, verbose_name=_("speed (km/h)"))
    capacity = models.CharField(
        max_length=40,
        blank=True,
        help_text=_("Engine capacity as written (`49,9`, `1600`)."),
        verbose_name=_("capacity"),
    )
    team = models.CharField(
        max_length=120, blank=True, help_text=_("Team, as written."), verbose_name=_("team")
    )
    nationality = models.CharField(
        max_length=40, blank=True, help_text=_("As written (`FRA`)."), verbose_name=_("nationality")
    )
    reason = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("Why the crew retired or was excluded, as written."),
        verbose_name=_("reason"),
    )
    retired_at = models.CharField(
        max_length=40,
        blank=True,
        help_text=_("The stage, lap or hour of a retirement (`ES4`)."),
        verbose_name=_("retired at"),
    )
    penalty_ms = models.BigIntegerField(
        null=True, blank=True, help_text=_("Penalties, in ms."), verbose_name=_("penalties")
    )
    points = models.FloatField(
        null=True, blank=True, help_text=_("Points the sheet gives."), verbose_name=_("points")
    )
    distance = models.CharField(
        max_length=40,
        blank=True,
        help_text=_("Distance covered, as written (`1 234,5 km`)."),
        verbose_name=_("distance"),
    )
    car = models.ForeignKey(
        Car,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("car"),
    )
    car_text = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("The car as written."),
        verbose_name=_("car as written"),
    )
    raw = models.JSONField(
        default=dict,
        help_text=_("The parsed record, as the parser gave it."),
        verbose_name=_("parsed record"),
    )
    issues = models.JSONField(
        default=list,
        help_text=_("The parser's issues on this record's line."),
        verbose_name=_("issues"),
    )

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ("classification", "sheet_order")
        verbose_name_plural = _("entries")
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
        verbose_name = _("entry")

    def __str__(self) -> str:
        where = self.position if self.position is not None else self.get_status_display()
        return f"{where} #{self.number or '-'} ({self.classification_id})"


class CrewMember(models.Model):
    # No index of either key alone: the unique (entry, seat) and (person, entry) serve them.
    entry = models.ForeignKey(
        Entry,
        on_delete=models.CASCADE,
        related_name="crew",
        db_index=False,
        verbose_name=_("entry"),
    )
    person = models.ForeignKey(
        Person,
        on_delete=models.PROTECT,
        related_name="crew_seats",
        db_index=False,
        verbose_name=_("person"),
    )
    seat = models.PositiveSmallIntegerField(
        help_text=_("1 = driver, 2 = co-driver, and so on."), verbose_name=_("seat")
    )
    surname = models.CharField(
        max_length=120, help_text=_("As written in the sheet."), verbose_name=_("surname")
    )
    # Null, as in the parse contract: the sheet gave no first name at all.
    first_name = models.CharField(  # noqa: DJ001
        max_length=120, null=True, blank=True, verbose_name=_("first name")
    )

    objects = CrewMemberQuerySet.as_manager()

    class Meta:
        ordering = ("entry", "seat")
        constraints = (
            models.UniqueConstraint(fields=["entry", "seat"], name="crew_member_entry_seat_unique"),
        )
        indexes = (models.Index(fields=["person", "entry"], name="crew_member_person"),)
        verbose_name = _("crew member")
        verbose_name_plural = _("crew members")

    def __str__(self) -> str:
        return f"{self.seat}: {self.person}"
