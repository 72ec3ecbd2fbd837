"""People and the spellings that route to them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Count, Exists, IntegerField, OuterRef, Q, Subquery
from django.utils.translation import gettext_lazy as _

from results.text import fold


def person_key(surname: str, first_name: str | None) -> str:
    """The folded key a spelling is matched on: `DUPONT Jean` and `Dupont JEAN` are one key."""
    return fold(f"{surname} {first_name}" if first_name else surname)


class PersonQuerySet(models.QuerySet["Person"]):
    def search(self, text: str) -> PersonQuerySet:
        """People whose folded name contains the folded text, whatever the case and accents."""
        return self.filter(search_key__contains=fold(text)).order_by("search_key", "pk")

    def with_published_results(self) -> PersonQuerySet:
        """People with a result in a published event, by folded name."""
        seats = self.model._meta.get_field("crew_seats").related_model
        published = seats.objects.filter(
            person=OuterRef("pk"), entry__classification__event__published=True
        )
        return self.filter(Exists(published)).order_by("search_key", "pk")

    def published_matching(self, words: list[str]) -> PersonQuerySet:
        """People with a published result whose name words start with every one of `words`
        (folded): the stored key is compared as plain strings, never unaccented per row."""
        if not words:
            return self.none()
        condition = Q()
        for word in words:
            condition &= (
                Q(search_key__startswith=word)
                | Q(search_key__contains=" " + word)
                | Q(search_key__contains="-" + word)
            )
        # CrewMember, reached through the person, as it is declared after this module.
        seats = self.model._meta.get_field("crew_seats").related_model
        published = seats.objects.filter(
            person=OuterRef("pk"), entry__classification__event__published=True
        )
        return self.filter(condition).filter(Exists(published)).order_by("search_key", "pk")

    def with_summary(self) -> PersonQuerySet:
        """Each person with what tells two of one name apart, in the same query: the number
        of published results (`results_count`), and the latest one's event, date, car and
        club (`last_event`, `last_date`, `last_car`, `last_club`)."""
        seats = self.model._meta.get_field("crew_seats").related_model
        published = seats.objects.filter(
            person=OuterRef("pk"), entry__classification__event__published=True
        )
        latest = published.order_by("-entry__classification__event__date", "-entry_id")
        count = published.order_by().values("person").annotate(n=Count("pk")).values("n")
        return self.annotate(
            results_count=Subquery(count, output_field=IntegerField()),
            last_event=Subquery(latest.values("entry__classification__event__name")[:1]),
            last_date=Subquery(latest.values("entry__classification__event__date")[:1]),
            last_car=Subquery(latest.values("entry__car_text")[:1]),
            last_club=Subquery(latest.values("entry__club")[:1]),
        )


class Person(models.Model):
    surname = models.CharField(
        max_length=120,
        help_text=_("As first written, usually upper case."),
        verbose_name=_("surname"),
    )
    # Null, as in the parse contract: the sheet gave no first name at all.
    first_name = models.CharField(  # noqa: DJ001
        max_length=120,
        null=True,
        blank=True,
        help_text=_("As written; initials stay (`J.L`)."),
        verbose_name=_("first name"),
    )
    slug = models.SlugField(
        max_length=140,
        help_text=_("Stable address of the person's page; a rename keeps it."),
        verbose_name=_("address"),
    )
    search_key = models.CharField(
        max_length=250,
        db_index=True,
        help_text=_("Folded `surname first name` (lower case, no accents): matching and search."),
        verbose_name=_("search key"),
    )

    objects = PersonQuerySet.as_manager()

    class Meta:
        ordering = ("surname", "first_name", "pk")
        verbose_name_plural = _("people")
        constraints = (models.UniqueConstraint(fields=["slug"], name="person_slug_unique"),)
        permissions = (("fix_names", _("Can rename, merge, split and anonymise people and cars")),)
        verbose_name = _("person")

    def __str__(self) -> str:
        return person_name(self.surname, self.first_name)


def person_name(surname: str, first_name: str | None) -> str:
    """How pages print a person: `SURNAME First`, or the surname alone."""
    return f"{surname} {first_name}" if first_name else surname


class PersonAlias(models.Model):
    """A spelling seen in sheets, routed to a person. Renames and merges write these."""

    person = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="aliases", verbose_name=_("person")
    )
    surname = models.CharField(max_length=120, verbose_name=_("surname"))
    # Null, as in the parse contract: the sheet gave no first name at all.
    first_name = models.CharField(  # noqa: DJ001
        max_length=120, null=True, blank=True, verbose_name=_("first name")
    )
    key = models.CharField(
        max_length=250,
        help_text=_("Folded spelling (see `person_key`); one person per key."),
        verbose_name=_("key"),
    )

    class Meta:
        ordering = ("key",)
        verbose_name_plural = _("person aliases")
        constraints = (models.UniqueConstraint(fields=["key"], name="person_alias_key_unique"),)
        verbose_name = _("person alias")

    def __str__(self) -> str:
        return f"{self.key} → {self.person}"


class PersonRedirect(models.Model):
    """The slug of a person merged into another: its page redirects to the kept person's."""

    old_slug = models.SlugField(
        max_length=140, help_text=_("The dropped person's slug."), verbose_name=_("former address")
    )
    person = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="redirects", verbose_name=_("person")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        ordering = ("old_slug",)
        constraints = (
            models.UniqueConstraint(fields=["old_slug"], name="person_redirect_slug_unique"),
        )
        verbose_name = _("person redirect")
        verbose_name_plural = _("person redirects")

    def __str__(self) -> str:
        return f"{self.old_slug} → {self.person.slug}"


class NotSamePerson(models.Model):
    """Two people an admin said are different: never suggested as duplicates again.

    Stored with the lower primary key first, so a pair has one row whatever the order.
    """

    first = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="+", verbose_name=_("first person")
    )
    second = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="+", verbose_name=_("second person")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        ordering = ("-created_at", "-pk")
        verbose_name = _("pair of different people")
        verbose_name_plural = _("pairs of different people")
        constraints = (
            models.UniqueConstraint(fields=["first", "second"], name="not_same_person_unique"),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="not_same_person_ordered"
            ),
        )

    def __str__(self) -> str:
        return f"{self.first} ≠ {self.second}"


class SharedSpelling(models.Model):
    """A spelling a split left on several people: imports of it are flagged for a choice."""

    key = models.CharField(
        max_length=250, help_text=_("Folded spelling (see `person_key`)."), verbose_name=_("key")
    )
    person = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="shared_spellings", verbose_name=_("person")
    )

    class Meta:
        ordering = ("key", "person")
        constraints = (
            models.UniqueConstraint(fields=["key", "person"], name="shared_spelling_unique"),
        )
        verbose_name = _("shared spelling")
        verbose_name_plural = _("shared spellings")

    def __str__(self) -> str:
        return f"{self.key} ~ {self.person}"
