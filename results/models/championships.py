"""Championships, their rounds and their points rules (as data); their stored tables are in
`standings`."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models.functions import Coalesce
from django.utils.translation import gettext
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
        """Championships with at least one published event, newest season first.

        An EXISTS per championship, not a join and DISTINCT: the join hashed every published
        event of the archive (40,000) to list eight championships."""
        published = Round.objects.filter(championship=models.OuterRef("pk"), event__published=True)
        return self.filter(models.Exists(published)).order_by("-season", "name")

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

    name = models.CharField(max_length=200, verbose_name=_("name"))
    # Indexed by its unique constraint alone.
    slug = models.SlugField(max_length=120, db_index=False, verbose_name=_("address"))
    season = models.PositiveSmallIntegerField(
        help_text=_("The year the championship is run."), verbose_name=_("season")
    )
    events = models.ManyToManyField(
        Event, through="Round", related_name="championships", verbose_name=_("events")
    )
    best_results = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Only a competitor's N best results count over the season; empty: all count."),
        verbose_name=_("best results"),
    )
    min_starters = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("A class with fewer starters than this earns class points × the factor below."),
        verbose_name=_("minimum starters"),
    )
    short_field_factor = models.DecimalField(
        max_digits=4,
        decimal_places=2,
        default=Decimal("0.5"),
        help_text=_("Multiplies the class points of a class below the starters threshold."),
        verbose_name=_("short field factor"),
    )
    rally2 = models.CharField(
        _("Rallye 2 results"),
        max_length=10,
        choices=Rally2.choices,
        default=Rally2.NONE,
        help_text=_(
            "Whether a Rallye 2 result scores, and at what place: not at all (the crews "
            "behind it move up), at the place the sheet gives it (sheets that rank Rallye 2 crews "
            "among all), or at the places after every classified crew, in the order of their "
            "places (sheets that rank them apart)."
        ),
    )
    ranking = models.CharField(
        max_length=10,
        choices=Ranking.choices,
        default=Ranking.CREW,
        help_text=_("Rank crews, or each driver and co-driver on their own (separate tables)."),
        verbose_name=_("ranking"),
    )
    tie_breaks = models.CharField(
        max_length=100,
        default=",".join(TIE_BREAKS),
        validators=[validate_tie_breaks],
        help_text=_(
            "In order, comma-separated: `countback` (most better places), "
            "`last_event` (better place in the last event, then the one before), `first_stage` "
            "(better rank on the first stage in the last event, then the one before)."
        ),
        verbose_name=_("tie-breaks"),
    )

    countback = models.CharField(
        max_length=10,
        choices=Countback.choices,
        default=Countback.ALL,
        help_text=_(
            "Which results the `countback` tie-break compares: all, or only those that "
            "count (the best N)."
        ),
        verbose_name=_("countback"),
    )
    dead_heat = models.CharField(
        max_length=10,
        choices=DeadHeat.choices,
        default=DeadHeat.PLACE,
        help_text=_(
            "Crews tied on a place: each scores the place's points, or they share the "
            "points of the places they cover (tied 2nd on 25-18-15: 16.5 each)."
        ),
        verbose_name=_("dead heat"),
    )

    tables_digest = models.CharField(
        max_length=64,
        blank=True,
        editable=False,
        help_text=_(
            "A digest of everything the stored tables were computed from (rules, rounds, "
            "results, names, the computing code): a recompute that reads the same writes "
            "nothing."
        ),
        verbose_name=_("digest of the tables' inputs"),
    )

    objects = ChampionshipQuerySet.as_manager()

    class Meta:
        ordering = ("-season", "name")
        constraints = (models.UniqueConstraint(fields=["slug"], name="championship_slug_unique"),)
        verbose_name = _("championship")
        verbose_name_plural = _("championships")

    def __str__(self) -> str:
        return f"{self.name} {self.season}"


def _event_default_classification() -> models.QuerySet:
    """The classification of the round's event that scores when the round names none: its
    « Général », else its first (as a subquery on the round's event)."""
    return Classification.objects.filter(event=models.OuterRef("event_id")).order_by(
        models.Case(models.When(slug="general", then=0), default=1), "pk"
    )


class RoundQuerySet(models.QuerySet["Round"]):
    def season_order(self) -> RoundQuerySet:
        """Numbered rounds first, then the others by date: the order tables number them in."""
        return self.order_by(models.F("order").asc(nulls_last=True), "event__date", "pk")

    def with_scoring_table(self) -> RoundQuerySet:
        """Each round with `scoring_table`, the pk of the classification that scores: the
        chosen one, else the event's « Général », else its first (None: the event has no
        classification), in the same query."""
        default = _event_default_classification().values("pk")[:1]
        return self.annotate(
            scoring_table=Coalesce(models.F("classification_id"), models.Subquery(default))
        )

    def in_season_order(self) -> RoundQuerySet:
        """`season_order`, each round with its event (and club) and `scoring_state`, the state
        (provisional, official) of the classification that scores (found as
        `with_scoring_table` finds it), in the same query."""
        default = _event_default_classification().values("state")[:1]
        return (
            self.select_related("event__club")
            .annotate(
                scoring_state=Coalesce(models.F("classification__state"), models.Subquery(default))
            )
            .season_order()
        )


class Round(models.Model):
    """An event counting for a championship; an event may count for several."""

    championship = models.ForeignKey(
        Championship,
        on_delete=models.CASCADE,
        related_name="rounds",
        db_index=False,  # the unique (championship, event) and (championship, order) serve
        verbose_name=_("championship"),
    )
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("event")
    )
    order = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "1 for the first round of the season; empty: after the numbered ones, by date."
        ),
        verbose_name=_("order"),
    )
    coefficient = models.DecimalField(
        max_digits=4,
        decimal_places=2,
        default=Decimal("1"),
        help_text=_("Multiplies the points this round awards (some rounds count double)."),
        verbose_name=_("coefficient"),
    )
    classification = models.ForeignKey(
        Classification,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rounds",
        help_text=_("The table that scores; empty: the event's « Général », else its first one."),
        verbose_name=_("classification"),
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
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return gettext("%(championship)s — round %(order)s") % {
            "championship": self.championship,
            "order": self.order if self.order is not None else "—",
        }

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

    championship = models.ForeignKey(
        Championship,
        on_delete=models.CASCADE,
        related_name="scopes",
        verbose_name=_("championship"),
    )
    name = models.CharField(
        max_length=100,
        help_text=_("The tab's title: `Général`, `Classes`."),
        verbose_name=_("name"),
    )
    order = models.PositiveSmallIntegerField(default=1, verbose_name=_("order"))
    overall_points = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_scale],
        help_text=_("Points by overall place: `25-18-15-12-10-8-6-4-2-1`. Empty: none."),
        verbose_name=_("overall points"),
    )
    group_points = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_scale],
        help_text=_("Points by place in the (equivalent) group: `5-4-3-2-1`. Empty: none."),
        verbose_name=_("group points"),
    )
    class_points = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_scale],
        help_text=_("Points by place in the (equivalent) class: `15-12-9-7-5`. Empty: none."),
        verbose_name=_("class points"),
    )
    split_by = models.CharField(
        max_length=10, choices=Split.choices, default="", blank=True, verbose_name=_("split by")
    )

    objects = ScoringScopeQuerySet.as_manager()

    class Meta:
        ordering = ("championship", "order", "pk")
        verbose_name = _("scoring table")
        verbose_name_plural = _("scoring tables")

    def __str__(self) -> str:
        return self.name


class ClassEquivalence(models.Model):
    """A class written another way in some sheets: (F2000, 14) counts as (F2, 14).

    With an empty class, the whole group is renamed and its classes kept: (FN, "") → (N, "").
    """

    championship = models.ForeignKey(
        Championship,
        on_delete=models.CASCADE,
        related_name="equivalences",
        db_index=False,  # the unique (championship, group, class) serves its lookups
        verbose_name=_("championship"),
    )
    group = models.CharField(
        max_length=40, help_text=_("As written: `F2000`."), verbose_name=_("group")
    )
    klass = models.CharField(
        _("class"), max_length=40, blank=True, help_text=_("As written: `14`.")
    )
    as_group = models.CharField(
        max_length=40, help_text=_("Counts as this group: `F2`."), verbose_name=_("as group")
    )
    as_klass = models.CharField(
        _("as class"), max_length=40, blank=True, help_text=_("Counts as this class: `14`.")
    )

    class Meta:
        ordering = ("championship", "group", "klass")
        constraints = (
            models.UniqueConstraint(
                fields=["championship", "group", "klass"], name="class_equivalence_unique"
            ),
        )
        verbose_name = _("class equivalence")
        verbose_name_plural = _("class equivalences")

    def __str__(self) -> str:
        return f"{self.group} {self.klass} = {self.as_group} {self.as_klass}".strip()
