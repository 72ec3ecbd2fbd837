"""People and the spellings that route to them."""

from __future__ import annotations

from django.db import models

from results.parsing.text import fold


def person_key(surname: str, first_name: str | None) -> str:
    """The folded key a spelling is matched on: `DUPONT Jean` and `Dupont JEAN` are one key."""
    return fold(f"{surname} {first_name}" if first_name else surname)


class PersonQuerySet(models.QuerySet["Person"]):
    def search(self, text: str) -> PersonQuerySet:
        """People whose folded name contains the folded text, whatever the case and accents."""
        return self.filter(search_key__contains=fold(text)).order_by("search_key", "pk")


class Person(models.Model):
    surname = models.CharField(max_length=120, help_text="As first written, usually upper case.")
    # Null, as in the parse contract: the sheet gave no first name at all.
    first_name = models.CharField(  # noqa: DJ001
        max_length=120, null=True, blank=True, help_text="As written; initials stay (`J.L`)."
    )
    slug = models.SlugField(
        max_length=140, help_text="Stable address of the person's page; a rename keeps it."
    )
    search_key = models.CharField(
        max_length=250,
        db_index=True,
        help_text="Folded `surname first name` (lower case, no accents): matching and search.",
    )

    objects = PersonQuerySet.as_manager()

    class Meta:
        ordering = ("surname", "first_name", "pk")
        verbose_name_plural = "people"
        constraints = (models.UniqueConstraint(fields=["slug"], name="person_slug_unique"),)

    def __str__(self) -> str:
        return f"{self.surname} {self.first_name}" if self.first_name else self.surname


class PersonAlias(models.Model):
    """A spelling seen in sheets, routed to a person. Renames and merges write these."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="aliases")
    surname = models.CharField(max_length=120)
    # Null, as in the parse contract: the sheet gave no first name at all.
    first_name = models.CharField(max_length=120, null=True, blank=True)  # noqa: DJ001
    key = models.CharField(
        max_length=250, help_text="Folded spelling (see `person_key`); one person per key."
    )

    class Meta:
        ordering = ("key",)
        verbose_name_plural = "person aliases"
        constraints = (models.UniqueConstraint(fields=["key"], name="person_alias_key_unique"),)

    def __str__(self) -> str:
        return f"{self.key} → {self.person}"
