"""Car makes (with their spellings) and cars."""

from __future__ import annotations

from django.db import models
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _


class CarMake(models.Model):
    name = models.CharField(
        max_length=60, help_text=_("Display name: `Citroën`, `BMW`."), verbose_name=_("name")
    )

    class Meta:
        ordering = ("name",)
        constraints = (models.UniqueConstraint(fields=["name"], name="car_make_name_unique"),)
        verbose_name = _("car make")
        verbose_name_plural = _("car makes")

    def __str__(self) -> str:
        return self.name


class CarMakeSpelling(models.Model):
    make = models.ForeignKey(
        CarMake, on_delete=models.CASCADE, related_name="spellings", verbose_name=_("make")
    )
    spelling = models.CharField(
        max_length=60,
        help_text=_("Folded words a car text may start with: `b.m.w.`, `vw`, `alfa romeo`."),
        verbose_name=_("spelling"),
    )

    class Meta:
        ordering = ("spelling",)
        constraints = (
            models.UniqueConstraint(fields=["spelling"], name="car_make_spelling_unique"),
        )
        verbose_name = _("car make spelling")
        verbose_name_plural = _("car make spellings")

    def __str__(self) -> str:
        return f"{self.spelling} → {self.make}"


class CarQuerySet(models.QuerySet["Car"]):
    def with_make(self) -> CarQuerySet:
        return self.select_related("make")

    def with_entry_counts(self) -> CarQuerySet:
        """With the make, and `entries_count`: how many entries each car is on."""
        return self.select_related("make").annotate(entries_count=Count("entries"))


class Car(models.Model):
    """A make and model, told apart without case or accents (`306 S16` = `306 s16`)."""

    make = models.ForeignKey(
        CarMake,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="cars",
        verbose_name=_("make"),
    )
    model = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("As first seen, until an admin edits it."),
        verbose_name=_("model"),
    )
    model_key = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("Folded model: what identifies the car."),
        verbose_name=_("model key"),
    )

    objects = CarQuerySet.as_manager()

    class Meta:
        ordering = ("make__name", "model_key")
        constraints = (
            # Two conditional constraints rather than nulls_distinct, which SQLite lacks.
            models.UniqueConstraint(
                fields=["make", "model_key"],
                condition=Q(make__isnull=False),
                name="car_make_model_unique",
            ),
            models.UniqueConstraint(
                fields=["model_key"],
                condition=Q(make__isnull=True),
                name="car_model_without_make_unique",
            ),
        )
        verbose_name = _("car")
        verbose_name_plural = _("cars")

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return car_name(self.make.name if self.make_id else None, self.model)


def car_name(make: str | None, model: str) -> str:
    """How pages name a car: `Renault Clio`, or the model alone when the make is unknown."""
    return f"{make} {model}".strip() if make is not None else model


def car_as_written(text: str, make: str | None, model: str) -> str:
    """The car as a page shows an entry's: as its sheet wrote it (`PEUGEOT 309 GTI 16S` stays
    so, though the car was first seen as `Peugeot 309 Gti 16s`), unless an admin's fix
    renamed or merged the car into another (`Peugoet 306` → `Peugeot 306`): then its fixed
    name. A difference of case alone is the organiser's spelling, not a fix."""
    name = car_name(make, model)
    if not text or text.casefold() != name.casefold():
        return name if name else text
    return text
