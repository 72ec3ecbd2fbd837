"""Stage, run and lap times of an entry (its `splits`), and the reads of the stage pages."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models
from django.db.models import Exists, F, OuterRef
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from results.models.entries import Entry
from results.models.events import Classification


class SplitStatus(models.TextChoices):
    FINISHED = "finished", pgettext_lazy("run status", "Finished")
    RETIRED = "retired", pgettext_lazy("run status", "Not finished")
    DNS = "dns", pgettext_lazy("run status", "Not started")
    DSQ = "dsq", pgettext_lazy("run status", "Disqualified")


class SplitQuerySet(models.QuerySet["Split"]):
    def of_classification(self, classification: Classification) -> SplitQuerySet:
        """Every split of a classification's entries in one query, by entry then order."""
        return self.filter(entry__classification=classification).order_by("entry_id", "order")

    def first_stage_times(self, classification_ids: Iterable[int]) -> list[tuple[int, int]]:
        """`(entry_id, time + penalty)` on the first stage of the classifications' entries that
        finished it: one query."""
        rows = self.filter(
            entry__classification_id__in=list(classification_ids),
            order=1,
            status=SplitStatus.FINISHED,
            time_ms__isnull=False,
        ).values_list("entry_id", "time_ms", "penalty_ms")
        return [(entry_id, ms + (penalty or 0)) for entry_id, ms, penalty in rows]

    def wins_of(self, person) -> SplitQuerySet:
        """The stages the person's crews won in published events (no crew of the same
        classification faster on that stage, time plus penalty; a tie is a win for each):
        `(event_id, classification_id, order, name, time)`, newest event first, one query."""
        total = F("time_ms") + Coalesce(F("penalty_ms"), 0)
        finished = {"status": SplitStatus.FINISHED, "time_ms__isnull": False}
        faster = (
            self.model.objects.filter(
                entry__classification_id=OuterRef("entry__classification_id"),
                order=OuterRef("order"),
                **finished,
            )
            .annotate(total=total)
            .filter(total__lt=OuterRef("total"))
        )
        return (
            self.filter(
                entry__crew__person=person,
                entry__classification__event__published=True,
                **finished,
            )
            .annotate(total=total)
            .filter(~Exists(faster))
            .order_by("-entry__classification__event__date", "entry__classification_id", "order")
            .values_list(
                "entry__classification__event_id",
                "entry__classification_id",
                "order",
                "name",
                "total",
            )
        )

    def rows_of(self, classification: Classification) -> SplitQuerySet:
        """`(entry_id, order, name, time_ms, penalty_ms, status, counted)` of every split of
        the classification, by entry then order: one query, no model instances."""
        return self.of_classification(classification).values_list(
            "entry_id", "order", "name", "time_ms", "penalty_ms", "status", "counted"
        )


class Split(models.Model):
    """One stage, run or lap time of an entry, as the sheet gives it."""

    # No index of its own: the unique (entry, order) starts with it.
    entry = models.ForeignKey(
        Entry,
        on_delete=models.CASCADE,
        related_name="splits",
        db_index=False,
        verbose_name=_("entry"),
    )
    name = models.CharField(
        max_length=60,
        help_text=_("The stage or run as the sheet names it."),
        verbose_name=_("stage"),
    )
    order = models.PositiveSmallIntegerField(
        help_text=_("Its place among the entry's splits, from 1."), verbose_name=_("order")
    )
    time_ms = models.IntegerField(null=True, blank=True, verbose_name=_("time"))
    penalty_ms = models.IntegerField(null=True, blank=True, verbose_name=_("penalties"))
    status = models.CharField(
        max_length=10,
        choices=SplitStatus.choices,
        blank=True,
        help_text=_("Blank where the sheet's cell is empty."),
        verbose_name=_("status"),
    )
    counted = models.BooleanField(
        null=True,
        blank=True,
        help_text=_("Whether the run counts in the total (None: not known)."),
        verbose_name=_("counted"),
    )

    objects = SplitQuerySet.as_manager()

    class Meta:
        ordering = ("entry", "order")
        constraints = (
            models.UniqueConstraint(fields=["entry", "order"], name="split_entry_order_unique"),
        )
        verbose_name = _("stage time")
        verbose_name_plural = _("stage times")

    def __str__(self) -> str:
        return f"{self.name} ({self.entry_id})"
