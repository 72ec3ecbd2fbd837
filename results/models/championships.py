"""Championships, their rounds, their points rules (as data) and their stored standings."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from results.models.events import Classification, Event
from results.standings import KNOWN_TIE_BREAKS, TIE_BREAKS, parse_scale


def validate_scale(value: str) -> None:
    try:
        parse_scale(value)
    except ValueError as exc:
        raise ValidationError(str(exc)) from None


def validate_tie_breaks(value: str) -> None:
    unknown = [code for code in tie_break_codes(value) if code not in KNOWN_TIE_BREAKS]
    if unknown:
        raise ValidationError(
            f"unknown tie-break(s) {', '.join(unknown)}; known: {KNOWN_TIE_BREAKS}"
        )


def tie_break_codes(value: str) -> tuple[str, ...]:
    return tuple(code.strip() for code in value.split(",") if code.strip())


class ChampionshipQuerySet(models.QuerySet["Championship"]):
    def with_published_events(self) -> ChampionshipQuerySet:
        """Championships with at least one published event, newest season first."""
        return self.filter(events__published=True).distinct().order_by("-season", "name")

    def published_one(self, slug: str) -> Championship | None:
        """The championship `slug` if it counts a published event: one query."""
        return self.with_published_events().filter(slug=slug).first()

    def for_page(self, slug: str) -> Championship | None:
        """The championship `slug` with `equivalence_list` (its class equivalences as
        `(group, class, as group, as class)`, sorted) read in the same query: one row per
        equivalence, joined."""
        found = list(
            self.filter(slug=slug)
            .annotate(
                eq_group=models.F("equivalences__group"),
                eq_klass=models.F("equivalences__klass"),
                eq_as_group=models.F("equivalences__as_group"),
                eq_as_klass=models.F("equivalences__as_klass"),
            )
            .order_by("equivalences__group", "equivalences__klass")
        )
        if not found:
            return None
        championship = found[0]
        championship.equivalence_list = [
            (row.eq_group, row.eq_klass, row.eq_as_group, row.eq_as_klass)
            for row in found
            if row.eq_group is not None
        ]
        return championship


class Championship(models.Model):
    class Ranking(models.TextChoices):
        CREW = "crew", _("Crews")
        PERSON = "person", _("Drivers and co-drivers apart")

    class Countback(models.TextChoices):
        ALL = "all", _("Over all results")
        KEPT = "kept", _("Over the results kept")

    class Rally2(models.TextChoices):
        NONE = "none", _("They do not score")
        PLACE = "place", _("At the place the sheet gives them")
        AFTER = "after", _("At the places after the classified crews")

    class DeadHeat(models.TextChoices):
        PLACE = "place", _("Each scores the place's points")
        SHARE = "share", _("The points of the places covered are shared")

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=120)
    season = models.PositiveSmallIntegerField(help_text="The year the championship is run.")
    events = models.ManyToManyField(Event, through="Round", related_name="championships")
    best_results = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="Only a competitor's N best results count over the season; empty: all count.",
    )
    min_starters = models.PositiveSmallIntegerField(
        default=0,
        help_text="A class with fewer starters than this earns class points × the factor below.",
    )
    short_field_factor = models.DecimalField(
        max_digits=4,
        decimal_places=2,
        default=Decimal("0.5"),
        help_text="Multiplies the class points of a class below the starters threshold.",
    )
    rally2 = models.CharField(
        "Rallye 2 results",
        max_length=10,
        choices=Rally2.choices,
        default=Rally2.NONE,
        help_text="Whether a Rallye 2 result scores, and at what place: not at all (the crews "
        "behind it move up), at the place the sheet gives it (sheets that rank Rallye 2 crews "
        "among all), or at the places after every classified crew, in the order of their "
        "places (sheets that rank them apart).",
    )
    ranking = models.CharField(
        max_length=10,
        choices=Ranking.choices,
        default=Ranking.CREW,
        help_text="Rank crews, or each driver and co-driver on their own (separate tables).",
    )
    tie_breaks = models.CharField(
        max_length=100,
        default=",".join(TIE_BREAKS),
        validators=[validate_tie_breaks],
        help_text="In order, comma-separated: `countback` (most better places), "
        "`last_event` (better place in the last event, then the one before), `first_stage` "
        "(better rank on the first stage in the last event, then the one before).",
    )

    countback = models.CharField(
        max_length=10,
        choices=Countback.choices,
        default=Countback.ALL,
        help_text="Which results the `countback` tie-break compares: all, or only those that "
        "count (the best N).",
    )
    dead_heat = models.CharField(
        max_length=10,
        choices=DeadHeat.choices,
        default=DeadHeat.PLACE,
        help_text="Crews tied on a place: each scores the place's points, or they share the "
        "points of the places they cover (tied 2nd on 25-18-15: 16.5 each).",
    )

    objects = ChampionshipQuerySet.as_manager()

    class Meta:
        ordering = ("-season", "name")
        constraints = (models.UniqueConstraint(fields=["slug"], name="championship_slug_unique"),)

    def __str__(self) -> str:
        return f"{self.name} {self.season}"


class RoundQuerySet(models.QuerySet["Round"]):
    def in_season_order(self) -> RoundQuerySet:
        """Numbered rounds first, then the others by date: the order tables number them in.

        Each carries `scoring_state`, the state (provisional, official) of the classification
        that scores, found as `services.championships.scoring_classifications` finds it (the
        chosen one, else « Général », else the event's first), in the same query."""
        default = (
            Classification.objects.filter(event=models.OuterRef("event_id"))
            .order_by(models.Case(models.When(slug="general", then=0), default=1), "pk")
            .values("state")[:1]
        )
        return (
            self.select_related("event__club")
            .annotate(
                scoring_state=Coalesce(models.F("classification__state"), models.Subquery(default))
            )
            .order_by(models.F("order").asc(nulls_last=True), "event__date", "pk")
        )


class Round(models.Model):
    """An event counting for a championship; an event may count for several."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="rounds")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    order = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="1 for the first round of the season; empty: after the numbered ones, by date.",
    )
    coefficient = models.DecimalField(
        max_digits=4,
        decimal_places=2,
        default=Decimal("1"),
        help_text="Multiplies the points this round awards (some rounds count double).",
    )
    classification = models.ForeignKey(
        Classification,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rounds",
        help_text="The table that scores; empty: the event's « Général », else its first one.",
    )

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ("championship", "order")
        constraints = (
            models.UniqueConstraint(
                fields=["championship", "event"], name="round_championship_event_unique"
            ),
            models.UniqueConstraint(
                fields=["championship", "order"], name="round_championship_order_unique"
            ),
        )

    def __str__(self) -> str:
        return f"{self.championship} — round {self.order}"

    def clean(self) -> None:
        if self.classification_id and self.classification.event_id != self.event_id:
            raise ValidationError({"classification": "Choose a classification of this event."})


class ScoringScopeQuerySet(models.QuerySet["ScoringScope"]):
    def in_order(self) -> ScoringScopeQuerySet:
        """In the order the championship's page shows its tables."""
        return self.order_by("order", "pk")


class ScoringScope(models.Model):
    """One table of a championship (a tab on its page) and how a result earns its points."""

    class Split(models.TextChoices):
        NONE = "", _("One table")
        GROUP = "group", _("One table per group")
        CLASS = "class", _("One table per class")

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="scopes")
    name = models.CharField(max_length=100, help_text="The tab's title: `Général`, `Classes`.")
    order = models.PositiveSmallIntegerField(default=1)
    overall_points = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_scale],
        help_text="Points by overall place: `25-18-15-12-10-8-6-4-2-1`. Empty: none.",
    )
    group_points = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_scale],
        help_text="Points by place in the (equivalent) group: `5-4-3-2-1`. Empty: none.",
    )
    class_points = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_scale],
        help_text="Points by place in the (equivalent) class: `15-12-9-7-5`. Empty: none.",
    )
    split_by = models.CharField(max_length=10, choices=Split.choices, default="", blank=True)

    objects = ScoringScopeQuerySet.as_manager()

    class Meta:
        ordering = ("championship", "order", "pk")

    def __str__(self) -> str:
        return self.name


class ClassEquivalence(models.Model):
    """A class written another way in some sheets: (F2000, 14) counts as (F2, 14).

    With an empty class, the whole group is renamed and its classes kept: (FN, "") → (N, "").
    """

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="equivalences"
    )
    group = models.CharField(max_length=40, help_text="As written: `F2000`.")
    klass = models.CharField("class", max_length=40, blank=True, help_text="As written: `14`.")
    as_group = models.CharField(max_length=40, help_text="Counts as this group: `F2`.")
    as_klass = models.CharField(
        "as class", max_length=40, blank=True, help_text="Counts as this class: `14`."
    )

    class Meta:
        ordering = ("championship", "group", "klass")
        constraints = (
            models.UniqueConstraint(
                fields=["championship", "group", "klass"], name="class_equivalence_unique"
            ),
        )

    def __str__(self) -> str:
        return f"{self.group} {self.klass} = {self.as_group} {self.as_klass}".strip()


#: What a page or the API prints of a stored line (`Standing.objects.table_rows`).
TABLE_FIELDS = ("role", "section", "position", "name", "total", "people", "results", "tie_breaks")

#: The order of a table's parts: crews, then drivers, then co-drivers.
ROLE_ORDER = {"": 0, "driver": 1, "codriver": 2}


def role_rank(role: str) -> int:
    """Where the lines of `role` stand in a table: drivers before co-drivers."""
    return ROLE_ORDER.get(role, len(ROLE_ORDER))


class StandingQuerySet(models.QuerySet["Standing"]):
    def table(self, scope: ScoringScope) -> StandingQuerySet:
        """A scope's rows, section by section: one query, whatever the size."""
        return self.filter(scope=scope).order_by("role", "section", "position", "name")

    def table_rows(self, scope: ScoringScope) -> models.QuerySet:
        """`table` as named tuples of what a page prints (role, section, position, name,
        total, people, results, tie_breaks): no model instances for a table of thousands of
        lines."""
        return self.table(scope).values_list(*TABLE_FIELDS, named=True)

    def tables(self, championship: Championship) -> StandingQuerySet:
        """Every table of the championship, scope by scope (in the page's order), section by
        section: one query, whatever the number of tables."""
        return self.filter(championship=championship).order_by(
            "scope__order", "scope_id", "role", "section", "position", "name"
        )

    def tables_rows(self, championship: Championship) -> models.QuerySet:
        """`tables` as named tuples (`scope_id` and the fields of `table_rows`)."""
        return self.tables(championship).values_list("scope_id", *TABLE_FIELDS, named=True)


class Standing(models.Model):
    """A computed line of a championship table, stored so the page reads it in one query.

    Written only by `results.services.championships.recompute`; never edited by hand.
    """

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="standings"
    )
    scope = models.ForeignKey(ScoringScope, on_delete=models.CASCADE, related_name="standings")
    role = models.CharField(max_length=10, blank=True, help_text="``, `driver` or `codriver`.")
    section = models.CharField(max_length=100, blank=True, help_text="The group or class.")
    position = models.PositiveIntegerField()
    competitor = models.CharField(max_length=200, help_text="`c:<person ids>` or `p:<id>`.")
    name = models.CharField(max_length=500)
    people = models.JSONField(default=list, help_text="[{id, slug, name, seat}] in seat order.")
    total = models.DecimalField(max_digits=10, decimal_places=2)
    results = models.JSONField(
        default=list, help_text="[{round, points, place, status, counted}] by round order."
    )
    tie_breaks = models.CharField(
        max_length=100,
        blank=True,
        help_text="The tie-breaks that decided this position against a line level on points, "
        "comma-separated; empty when the points alone decided.",
    )

    objects = StandingQuerySet.as_manager()

    class Meta:
        ordering = ("championship", "scope", "role", "section", "position")
        indexes = (
            models.Index(fields=["scope", "role", "section", "position"], name="standing_table"),
        )

    def __str__(self) -> str:
        return f"{self.position}. {self.name} ({self.total})"
