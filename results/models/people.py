"""People and the spellings that route to them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Count, Exists, F, OuterRef, Q, Value, Window
from django.db.models.functions import Concat, RowNumber
from django.utils.translation import gettext_lazy as _

from results.text import fold


def person_key(surname: str, first_name: str | None) -> str:
    """The folded key a spelling is matched on: `DUPONT Jean` and `Dupont JEAN` are one key."""
    return fold(f"{surname} {first_name}" if first_name else surname)


#: What a summary reads of a person's latest published seat (with their number of results).
_SUMMARY = (
    "person_id",
    "count",
    "entry__classification__event__name",
    "entry__classification__event__date",
    "entry__car_text",
    "entry__club",
)


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

    def matching(self, words: list[str]) -> PersonQuerySet:
        """People whose name words start with every one of `words` (folded), whether they
        have a published result or not: the stored key compared as plain strings, never
        unaccented per row (on Postgres a trigram index serves the in-word part)."""
        if not words:
            return self.none()
        condition = Q()
        for word in words:
            condition &= (
                Q(search_key__startswith=word)
                | Q(search_key__contains=" " + word)
                | Q(search_key__contains="-" + word)
            )
        return self.filter(condition)

    def with_a_published_result(self) -> PersonQuerySet:
        # CrewMember, reached through the person, as it is declared after this module.
        seats = self.model._meta.get_field("crew_seats").related_model
        published = seats.objects.filter(
            person=OuterRef("pk"), entry__classification__event__published=True
        )
        return self.filter(Exists(published))

    def published_matching(self, words: list[str]) -> PersonQuerySet:
        """People with a published result whose name words start with every one of `words`
        (folded), by folded name."""
        return self.matching(words).with_a_published_result().order_by("search_key", "pk")

    def first_published_matching(self, words: list[str], limit: int) -> list[Person]:
        """The first `limit` of `published_matching(words)`, read the way an archive of half
        a million people answers in milliseconds: two queries at most.

        Asked in one query, Postgres either walks the name index from `a` testing every
        name (a common surname far down the alphabet: hundreds of thousands of rows), or
        checks "has a published result" (four index probes) for every match before sorting
        them (a first name: thousands). Here the matches are sorted first and only the
        first few checked: the candidates are ordered on an expression no index provides
        (`search_key || ''`, the same order), so the planner reads them from the trigram
        index and sorts them; only the first `2 × limit` are tested for a published result.
        If they were all the matches, that is the answer; if fewer than `limit` of them
        pass, the exact query runs (many people known from unpublished events only): the
        same answer either way.
        """
        if not words:
            return []
        order = Concat("search_key", Value(""), output_field=models.CharField())
        wanted = 2 * limit
        matches = self.matching(words).order_by(order, "pk").values_list("pk", flat=True)
        candidates = list(matches[:wanted])
        ordered = ("search_key", "pk")
        found = self.filter(pk__in=candidates).with_a_published_result().order_by(*ordered)
        people = list(found[:limit])
        if len(people) < limit and len(candidates) == wanted:
            exact = self.matching(words).with_a_published_result().order_by(order, "pk")
            people = list(exact[:limit])
        return people

    def summarised(self) -> list[Person]:
        """The people, each with what tells two of one name apart (see `summarise`)."""
        return summarise(list(self))


def summarise(people: list[Person]) -> list[Person]:
    """Give each person the number of their published results (`results_count`) and the
    latest one's event, date, car and club (`last_event`, `last_date`, `last_car`,
    `last_club`). One query whatever the number of people: their published seats ranked per
    person by a window (the latest first), rather than five subqueries per person."""
    if not people:
        return people
    seats = Person._meta.get_field("crew_seats").related_model
    event = "entry__classification__event__"
    newest = [F(f"{event}date").desc(), F("entry_id").desc()]
    latest = (
        seats.objects.filter(
            person_id__in=[person.pk for person in people], **{f"{event}published": True}
        )
        .order_by()
        .annotate(
            count=Window(Count("pk"), partition_by=[F("person_id")]),
            rank=Window(RowNumber(), partition_by=[F("person_id")], order_by=newest),
        )
        .filter(rank=1)
        .values_list(*_SUMMARY)
    )
    found = {row[0]: row[1:] for row in latest}
    for person in people:
        count, name, date, car, club = found.get(person.pk, (0, None, None, None, None))
        person.results_count, person.last_event, person.last_date = count, name, date
        person.last_car, person.last_club = car, club
    return people


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
