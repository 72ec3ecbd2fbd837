"""People and the spellings that route to them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Count, Exists, F, OuterRef, Q, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext_lazy as _

from results.models.person_words import PersonWord
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

    def with_a_published_result(self) -> PersonQuerySet:
        """People with a seat in a published event, checked on the seats themselves."""
        # CrewMember, reached through the person, as it is declared after this module.
        seats = self.model._meta.get_field("crew_seats").related_model
        published = seats.objects.filter(
            person=OuterRef("pk"), entry__classification__event__published=True
        )
        return self.filter(Exists(published))

    def with_published_results(self) -> PersonQuerySet:
        """People with a result in a published event, by folded name: the stored flag
        (`has_published_result`) narrows, the seats decide."""
        flagged = self.filter(has_published_result=True)
        return flagged.with_a_published_result().order_by("search_key", "pk")

    def published_matching(self, words: list[str]) -> PersonQuerySet:
        """People with a published result a word of whose name, or of a former spelling (an
        alias), starts with every one of `words` (folded), by folded name. Exact, and
        slower than `first_published_matching` for a common word: the API and the pages
        read that one."""
        if not words:
            return self.none()
        found = PersonWord.objects.matching(words).values("person_id")
        flagged = self.filter(has_published_result=True, pk__in=found)
        return flagged.with_a_published_result().order_by("search_key", "pk")

    def in_order_of(self, person_ids: list[int]) -> list[Person]:
        """These people, in that order, those with a published result only (checked on their
        seats: a flag an edit made outside the write services left set shows nobody)."""
        found = self.filter(pk__in=person_ids).with_a_published_result().in_bulk()
        return [found[pk] for pk in person_ids if pk in found]

    def after(self, place: tuple[str, int] | None) -> PersonQuerySet:
        """The people after `place` (a folded name and an id) in search order: a pager's
        next page, read from where the last one stopped rather than counted from the top."""
        if place is None:
            return self
        key, pk = place
        return self.filter(Q(search_key__gt=key) | Q(search_key=key, pk__gt=pk))

    def place_of(self, pk: int) -> tuple[str, int] | None:
        """Where person `pk` stands in search order (folded name, id): a pager's `after`."""
        key = self.filter(pk=pk).values_list("search_key", flat=True).first()
        return None if key is None else (key, pk)

    def first_published_matching(
        self, words: list[str], limit: int, after: tuple[str, int] | None = None
    ) -> list[Person]:
        """The first `limit` of `published_matching(words)` (those after `after`, a folded
        name and an id, for a next page), read the way an archive of half a million people
        answers in milliseconds: two queries.

        The first are read from the search words (`PersonWord.objects.first_matching`: one
        index range, only people flagged as having a published result have words), then
        checked on their seats. Should a flag be stale (an edit made outside the write
        services) and the check leave fewer than `limit` of more candidates, the exact query
        runs: the same answer either way.
        """
        if not words:
            return []
        candidates, every = PersonWord.objects.first_matching(words, 2 * limit, after)
        people = self.in_order_of(candidates)[:limit]
        if len(people) < limit and not every:
            people = list(self.published_matching(words).after(after)[:limit])
        return people

    def first_published_summaries(
        self, words: list[str], limit: int, after: tuple[str, int] | None = None
    ) -> list[Person]:
        """`first_published_matching(words, limit, after)`, each person summarised (see
        `summarise`), in three queries: the candidates, their rows, their summaries. The
        summary's count of published results is the check on the seats (no EXISTS per
        candidate beside it); should it find a candidate with none (a stale flag), the
        checked path answers: the same people either way."""
        if not words:
            return []
        candidates, every = PersonWord.objects.first_matching(words, 2 * limit, after)
        found = self.in_bulk(candidates[:limit])
        people = summarise([found[pk] for pk in candidates[:limit] if pk in found])
        if all(person.results_count for person in people) and (len(people) == limit or every):
            return people
        return summarise(self.first_published_matching(words, limit, after))


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
    # Indexed by its unique constraint, and for prefixes by `person_slug_prefix` (Meta).
    slug = models.SlugField(
        max_length=140,
        db_index=False,
        help_text=_("Stable address of the person's page; a rename keeps it."),
        verbose_name=_("address"),
    )
    search_key = models.CharField(
        max_length=250,
        db_index=True,
        help_text=_("Folded `surname first name` (lower case, no accents): matching and search."),
        verbose_name=_("search key"),
    )
    has_published_result = models.BooleanField(
        default=False,
        help_text=_(
            "Has a result in a published event: kept by the writes (services/listing.py), "
            "read by search."
        ),
        verbose_name=_("has a published result"),
    )

    objects = PersonQuerySet.as_manager()

    class Meta:
        ordering = ("surname", "first_name", "pk")
        verbose_name_plural = _("people")
        constraints = (models.UniqueConstraint(fields=["slug"], name="person_slug_unique"),)
        # New slugs are found free by prefix (`slug LIKE 'martin-jean%'`), which on Postgres
        # only a pattern index serves (the unique one follows the collation).
        indexes = (
            models.Index(
                fields=["slug"], name="person_slug_prefix", opclasses=["varchar_pattern_ops"]
            ),
        )
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

    # Indexed by its unique constraint, and for prefixes by `person_redirect_slug_prefix`.
    old_slug = models.SlugField(
        max_length=140,
        db_index=False,
        help_text=_("The dropped person's slug."),
        verbose_name=_("former address"),
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
        # As `person_slug_prefix`: former slugs are looked up by prefix too.
        indexes = (
            models.Index(
                fields=["old_slug"],
                name="person_redirect_slug_prefix",
                opclasses=["varchar_pattern_ops"],
            ),
        )
        verbose_name = _("person redirect")
        verbose_name_plural = _("person redirects")

    def __str__(self) -> str:
        return f"{self.old_slug} → {self.person.slug}"


class NotSamePerson(models.Model):
    """Two people an admin said are different: never suggested as duplicates again.

    Stored with the lower primary key first, so a pair has one row whatever the order.
    """

    # The unique (first, second) serves its lookups.
    first = models.ForeignKey(
        Person,
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,
        verbose_name=_("first person"),
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
