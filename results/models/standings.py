"""The stored standings: a championship's computed tables, one row per line, as pages read them."""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Cast
from django.utils.translation import gettext_lazy as _

from results.models.championships import Championship, ScoringScope

#: What the API prints of a stored line (`Standing.objects.keyed_rows`).
TABLE_FIELDS = ("role", "section", "position", "name", "total", "people", "results", "tie_breaks")
#: What a page reads of a stored line (`Standing.objects.table_lines`): the same, the JSON as
#: text.
LINE_FIELDS = tuple(
    {"people": "people_json", "results": "results_json"}.get(name, name) for name in TABLE_FIELDS
)

#: The order of a table's parts: crews, then drivers, then co-drivers.
ROLE_ORDER = {"": 0, "driver": 1, "codriver": 2}
#: The order of a championship's lines over all its tables, field by field (with its type):
#: the tables in the page's order, in each crews, drivers, co-drivers, then section, position
#: and name; the row's id last, so that no two lines tie.
TABLE_KEYS: tuple[tuple[str, type], ...] = (
    ("scope_order", int),
    ("scope_id", int),
    ("role_rank", int),
    ("section", str),
    ("position", int),
    ("name", str),
    ("pk", int),
)
KEYS = tuple(name for name, _kind in TABLE_KEYS)


def role_rank(role: str) -> int:
    """Where the lines of `role` stand in a table: drivers before co-drivers."""
    return ROLE_ORDER.get(role, len(ROLE_ORDER))


class StandingQuerySet(models.QuerySet["Standing"]):
    def table(self, scope: ScoringScope) -> StandingQuerySet:
        """A scope's rows, section by section: one query, whatever the size."""
        return self.filter(scope=scope).order_by("role", "section", "position", "name")

    def table_lines(self, scope: ScoringScope) -> models.QuerySet:
        """A scope's lines, unordered, as named tuples of what a page prints
        (`LINE_FIELDS`: role, section, position, name, total, people and results as their
        stored JSON text, tie_breaks): no model instances for a table of thousands of lines,
        and nothing decoded that the page does not show (it decodes the JSON of its 200
        lines, not of the whole table)."""
        text = models.TextField()
        return (
            # Unordered: the page sorts the lines itself, by the column it is asked for. The
            # model's default order would join the championship twice and the scope, and sort
            # a federation's table in the database for nothing (15 ms of a 40 ms page).
            self.filter(scope=scope)
            .order_by()
            .annotate(
                people_json=Cast("people", output_field=text),
                results_json=Cast("results", output_field=text),
            )
            .values_list(*LINE_FIELDS, named=True)
        )

    def keyed_rows(self, championship: Championship) -> models.QuerySet:
        """Every line of the championship's tables, unordered, as named tuples of `scope_id`,
        `TABLE_FIELDS` and the keys of the tables' order (`TABLE_KEYS`): the API
        pages them in that order (`results.api.keyset`), one query a page."""
        rank = models.Case(
            *(models.When(role=role, then=models.Value(n)) for role, n in ROLE_ORDER.items()),
            default=models.Value(len(ROLE_ORDER)),
        )
        return (
            self.filter(championship=championship)
            .annotate(scope_order=models.F("scope__order"), role_rank=rank)
            .values_list(*dict.fromkeys(["scope_id", *TABLE_FIELDS, *KEYS]), named=True)
        )


class Standing(models.Model):
    """A computed line of a championship table, stored so the page reads it in one query.

    Written only by `results.services.championships.recompute`; never edited by hand.
    """

    championship = models.ForeignKey(
        Championship,
        on_delete=models.CASCADE,
        related_name="standings",
        verbose_name=_("championship"),
    )
    # No index of its own: `standing_table` (scope, role, section, position) starts with it.
    scope = models.ForeignKey(
        ScoringScope,
        on_delete=models.CASCADE,
        related_name="standings",
        db_index=False,
        verbose_name=_("scope"),
    )
    role = models.CharField(
        max_length=10,
        blank=True,
        help_text=_("``, `driver` or `codriver`."),
        verbose_name=_("role"),
    )
    section = models.CharField(
        max_length=100, blank=True, help_text=_("The group or class."), verbose_name=_("section")
    )
    position = models.PositiveIntegerField(verbose_name=_("position"))
    competitor = models.CharField(
        max_length=200, help_text=_("`c:<person ids>` or `p:<id>`."), verbose_name=_("competitor")
    )
    name = models.CharField(max_length=500, verbose_name=_("name"))
    people = models.JSONField(
        default=list,
        help_text=_("[{id, slug, name, seat}] in seat order."),
        verbose_name=_("people"),
    )
    total = models.DecimalField(max_digits=10, decimal_places=2, verbose_name=_("total"))
    results = models.JSONField(
        default=list,
        help_text=_("[{round, points, place, status, counted}] by round order."),
        verbose_name=_("results"),
    )
    tie_breaks = models.CharField(
        max_length=100,
        blank=True,
        help_text=_(
            "The tie-breaks that decided this position against a line level on points, "
            "comma-separated; empty when the points alone decided."
        ),
        verbose_name=_("tie-breaks that decided"),
    )

    objects = StandingQuerySet.as_manager()

    class Meta:
        ordering = ("championship", "scope", "role", "section", "position")
        indexes = (
            models.Index(fields=["scope", "role", "section", "position"], name="standing_table"),
        )
        verbose_name = _("standing row")
        verbose_name_plural = _("standing rows")

    def __str__(self) -> str:
        return f"{self.position}. {self.name} ({self.total})"
