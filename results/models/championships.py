"""Championships and the events (rounds) that count for them."""

from __future__ import annotations

from decimal import Decimal

from django.db import models

from results.models.events import Event


class Championship(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=120)
    season = models.PositiveSmallIntegerField(help_text="The year the championship is run.")
    events = models.ManyToManyField(Event, through="Round", related_name="championships")

    class Meta:
        ordering = ("-season", "name")
        constraints = (models.UniqueConstraint(fields=["slug"], name="championship_slug_unique"),)

    def __str__(self) -> str:
        return f"{self.name} {self.season}"


class Round(models.Model):
    """An event counting for a championship; an event may count for several."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="rounds")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    order = models.PositiveSmallIntegerField(help_text="1 for the first round of the season.")
    coefficient = models.DecimalField(
        max_digits=4,
        decimal_places=2,
        default=Decimal("1"),
        help_text="Multiplies the points this round awards (some rounds count double).",
    )

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
