"""The search words: each word of each spelling of a person with a published result, and
the reads search makes of them (kept by `results.services.listing`)."""

from __future__ import annotations

import re

from django.db import connections, models
from django.db.models import F, Lookup, Q
from django.utils.translation import gettext_lazy as _


class SortsAfter(Lookup):
    """The text sorts after the value, in the order of the search words' pattern index
    (bytes): `~>~` on Postgres, which that index serves (a plain `>` would compare by the
    collation and read the index from the start of the range), `>` elsewhere."""

    lookup_name = "sorts_after"

    def as_sql(self, compiler, connection) -> tuple[str, tuple]:
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        operator = "~>~" if connection.vendor == "postgresql" else ">"
        return f"{lhs} {operator} {rhs}", (*lhs_params, *rhs_params)


class PersonWordQuerySet(models.QuerySet["PersonWord"]):
    def matching(self, words: list[str]) -> PersonWordQuerySet:
        """Rows whose word starts with the first of `words` and whose spelling has a word
        starting with each of the others (folded)."""
        first, *others = words
        rows = self.filter(word__startswith=first)
        for word in others:
            rows = rows.filter(
                Q(spelling__startswith=word)
                | Q(spelling__contains=" " + word)
                | Q(spelling__contains="-" + word)
            )
        return rows

    def pages(self, words: list[str]) -> PersonWordQuerySet:
        """`(order_key, person_id)` of the people `matching(words)`, each once, by folded
        name: what the API pages on."""
        rows = self.matching(words).values("order_key", "person_id").distinct()
        return rows.order_by("order_key", "person_id")

    def first_matching(
        self, words: list[str], limit: int, after: tuple[str, int] | None = None
    ) -> tuple[list[int], bool]:
        """The ids of the first `limit` people `matching(words)` (after `after`, a folded
        name and an id), by folded name, and whether they are all the matches: one query on
        the word index (an index-only range and a top-N sort on Postgres). Rows are read
        without DISTINCT (which would group every match first) and made unique here: a
        person has a row per matching word of each spelling, so twice `limit` rows are read."""
        rows = self.matching(words)
        if after is not None:
            key, pk = after
            rows = rows.filter(Q(order_key__gt=key) | Q(order_key=key, person_id__gt=pk))
        order = ("order_key", "person_id")
        if connections[self.db].features.supports_slicing_ordering_in_compound:
            # The rows of the word typed whole come from the index in order (migration
            # 0022); only the longer words it starts are sorted: a common word is not read
            # in full. The first of each, merged.
            whole = rows.filter(word=words[0]).order_by(*order).values_list(*order)
            longer = rows.filter(SortsAfter(F("word"), words[0])).order_by(*order)
            longer = longer.values_list(*order)
            rows = whole[: 2 * limit].union(longer[: 2 * limit], all=True).order_by(*order)
            ids = [pk for _key, pk in rows[: 2 * limit]]
        else:
            ids = list(rows.order_by(*order).values_list("person_id", flat=True)[: 2 * limit])
        unique = list(dict.fromkeys(ids))
        return unique[:limit], len(ids) < 2 * limit and len(unique) <= limit


class PersonWord(models.Model):
    """One word of one spelling of a person with a published result: what search looks
    people up by, on every database with a plain index (`word LIKE 'w%'`).

    A person has a row per word of their name (`search_key`) and of each alias (a former
    spelling, kept by renames and merges), split where a space or hyphen starts a word, so a
    person is found by any word of any spelling, as typed. `spelling` is that folded
    spelling (the other typed words must start words of it), `order_key` the person's own
    folded name (search lists by it). Kept by `results.services.listing`; people with no
    published result have no rows.
    """

    person = models.ForeignKey(
        "results.Person", on_delete=models.CASCADE, related_name="words", verbose_name=_("person")
    )
    word = models.CharField(max_length=250, verbose_name=_("word"))
    spelling = models.CharField(max_length=250, verbose_name=_("spelling"))
    order_key = models.CharField(max_length=250, verbose_name=_("order key"))

    objects = PersonWordQuerySet.as_manager()

    class Meta:
        ordering = ("order_key", "person", "word")
        verbose_name = _("search word")
        verbose_name_plural = _("search words")
        # The index search reads is made by migration 0020: a covering pattern index on
        # Postgres (`word LIKE 'w%'` read from the index alone), a plain one elsewhere.

    def __str__(self) -> str:
        return f"{self.word} → {self.order_key}"


def name_words(spelling: str) -> list[str]:
    """The words of a folded spelling as search stores them: split where a space or hyphen
    starts a word (`jean-luc de la tour` → jean, luc, de, la, tour), each once."""
    return list(dict.fromkeys(word for word in re.split(r"[ -]", spelling) if word))
