"""The log of name fixes (renames, merges, splits, anonymisations) and the car aliases they write.

A log row keeps who, when, the state before and after as JSON, and what an undo needs. Undo
never relies on entry ids, which a re-import replaces: it works from the spellings that moved.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from results.models.cars import Car, CarMake
from results.models.people import Person


class NameChangeQuerySet(models.QuerySet["NameChange"]):
    def about_person(self, person: Person) -> NameChangeQuerySet:
        return self.filter(models.Q(person=person) | models.Q(other=person)).select_related(
            "user", "undone_by"
        )

    def with_people(self) -> NameChangeQuerySet:
        """With the person changed and who changed it: what the undo page shows."""
        return self.select_related("person", "user")

    def about_car(self, car: Car) -> NameChangeQuerySet:
        return self.filter(car=car).select_related("user", "undone_by")


class NameChange(models.Model):
    class Kind(models.TextChoices):
        RENAME = "rename", _("Rename")
        MERGE = "merge", _("Merge")
        SPLIT = "split", _("Split")
        ANONYMISE = "anonymise", _("Anonymise")
        CAR_RENAME = "car_rename", _("Car rename")
        CAR_MERGE = "car_merge", _("Car merge")

    UNDOABLE = (Kind.RENAME, Kind.MERGE, Kind.SPLIT)

    kind = models.CharField(max_length=20, choices=Kind.choices, verbose_name=_("kind"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    person = models.ForeignKey(
        Person,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="name_changes",
        help_text=_("The renamed, kept, split or anonymised person."),
        verbose_name=_("person"),
    )
    other = models.ForeignKey(
        Person,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("The person a split created, or a dropped person an undo brought back."),
        verbose_name=_("other person"),
    )
    car = models.ForeignKey(
        Car,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="name_changes",
        verbose_name=_("car"),
    )
    summary = models.CharField(
        max_length=300, help_text=_("One line for the log."), verbose_name=_("summary")
    )
    before = models.JSONField(default=dict, blank=True, verbose_name=_("before"))
    after = models.JSONField(default=dict, blank=True, verbose_name=_("after"))
    undo = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("What an undo needs: spellings and aliases that moved."),
        verbose_name=_("undo data"),
    )
    undone_at = models.DateTimeField(null=True, blank=True, verbose_name=_("undone at"))
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("undone by"),
    )

    objects = NameChangeQuerySet.as_manager()

    class Meta:
        ordering = ("-created_at", "-pk")
        indexes = (models.Index(fields=["kind", "-created_at"], name="name_change_kind"),)
        verbose_name = _("name change")
        verbose_name_plural = _("name changes")

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.summary}"

    @property
    def can_undo(self) -> bool:
        return self.kind in self.UNDOABLE and self.undone_at is None and bool(self.undo)


class CarAlias(models.Model):
    """A (make, folded model) seen in sheets, routed to a car. Car renames and merges write it."""

    make = models.ForeignKey(
        CarMake, on_delete=models.CASCADE, null=True, blank=True, verbose_name=_("make")
    )
    model_key = models.CharField(
        max_length=200,
        help_text=_("Folded model, as `Car.model_key`."),
        verbose_name=_("model key"),
    )
    car = models.ForeignKey(
        Car, on_delete=models.CASCADE, related_name="aliases", verbose_name=_("car")
    )

    class Meta:
        ordering = ("model_key",)
        verbose_name_plural = _("car aliases")
        constraints = (
            models.UniqueConstraint(
                fields=["make", "model_key"],
                condition=models.Q(make__isnull=False),
                name="car_alias_make_model_unique",
            ),
            models.UniqueConstraint(
                fields=["model_key"],
                condition=models.Q(make__isnull=True),
                name="car_alias_model_without_make_unique",
            ),
        )
        verbose_name = _("car alias")

    def __str__(self) -> str:
        return f"{self.model_key} → {self.car}"
