"""Whether a person has a result in a published event, how many, the latest, and the words
search finds them by: what search and the API read instead of every person's seats.

`Person.has_published_result` spares search and the API's people list a four-table EXISTS
per candidate, `published_results` and `latest_entry` the search summaries a pass over each
person's seats (a regular has hundreds), and `PersonWord` the trigram scan of every name:
over half a million people, each of these costs more than the whole page may. They are kept
by the writes, never by signals:

- `data_changed`, which every write service ends with, checks again the people it is told
  of: an import's people (of the entries it replaced and of those it wrote), the people of a
  merge, a split or an undo, the people of a decision;
- a write that publishes or unpublishes an event, or moves its date, passes it as
  `publication=`: everyone seated in it is checked again;
- the admin checks the people seated in what it deletes, after the delete.

It is a first cut, not the last word: what a page shows is checked exactly
(`PersonQuerySet.with_a_published_result`), so a flag an edit made outside these paths left
set hides nothing unpublished; it only makes that search slower until the next write.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection
from django.db.models import Count, Exists, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from results.models import CrewMember, Event, Person, PersonAlias, PersonWord
from results.models.people import name_words
from results.services.spellings import ERASED_PREFIX

_CHUNK = 500


def _published_seats() -> QuerySet:
    return CrewMember.objects.filter(
        person=OuterRef("pk"), entry__classification__event__published=True
    )


def _kept_values() -> dict:
    """What `refresh_published_flags` sets, per person, from their published seats: the
    flag, the number of results and the latest one's entry (newest event, then entry)."""
    seats = _published_seats()
    count = seats.order_by().values("person").annotate(n=Count("pk")).values("n")
    latest = seats.order_by("-entry__classification__event__date", "-entry_id")
    return {
        "has_published_result": Exists(seats),
        "published_results": Coalesce(Subquery(count), 0),
        "latest_entry": Subquery(latest.values("entry_id")[:1]),
    }


#: How each model's rows reach their crew seats, for what the admin deletes.
_SEATS_OF = {
    "event": "entry__classification__event_id__in",
    "classification": "entry__classification_id__in",
    "entry": "entry_id__in",
    "resultimport": "entry__result_import_id__in",
    "crewmember": "pk__in",
}


def seated_in_rows(model: type, pks: list[int]) -> set[int]:
    """The people seated in these rows of `model` (an event, classification, import, entry or
    seat); none for other models."""
    lookup = _SEATS_OF.get(model._meta.model_name)
    if lookup is None or not pks:
        return set()
    return set(CrewMember.objects.filter(**{lookup: pks}).values_list("person_id", flat=True))


def refresh_published_flags(*, people: Iterable[int] = (), events: Iterable[int] = ()) -> None:
    """Set `has_published_result`, `published_results`, `latest_entry` and the search words
    (`PersonWord`) right for these people and everyone seated in these events: one update
    per 500 people, and the words that changed."""
    ids = set(people)
    events = list(events)
    if events:
        ids |= seated_in_rows(Event, events)
    ordered = sorted(ids)
    for start in range(0, len(ordered), _CHUNK):
        chunk_ids = ordered[start : start + _CHUNK]
        Person.objects.filter(pk__in=chunk_ids).update(**_kept_values())
        _refresh_words(chunk_ids)


def _wanted_words(person_ids: list[int]) -> set[tuple[int, str, str, str]]:
    """(person, spelling, word, order key) of every word of every spelling of these people,
    for those with a published result."""
    names = dict(
        Person.objects.filter(pk__in=person_ids, has_published_result=True).values_list(
            "pk", "search_key"
        )
    )
    spellings = [(pk, key) for pk, key in names.items()]
    aliases = PersonAlias.objects.filter(person_id__in=list(names)).exclude(
        key__startswith=ERASED_PREFIX
    )
    spellings += list(aliases.values_list("person_id", "key"))
    return {
        (pk, spelling, word, names[pk])
        for pk, spelling in spellings
        for word in name_words(spelling)
    }


def _refresh_words(person_ids: list[int]) -> None:
    wanted = _wanted_words(person_ids)
    stale = []
    for pk, *row in PersonWord.objects.filter(person_id__in=person_ids).values_list(
        "pk", "person_id", "spelling", "word", "order_key"
    ):
        if tuple(row) in wanted:
            wanted.discard(tuple(row))
        else:
            stale.append(pk)
    if stale:
        PersonWord.objects.filter(pk__in=stale).delete()
    if wanted:
        PersonWord.objects.bulk_create(
            PersonWord(person_id=pk, spelling=spelling, word=word, order_key=key)
            for pk, spelling, word, key in sorted(wanted)
        )


def refresh_all_published_flags() -> None:
    """Set every person's flag, count, latest entry and search words right (after a bulk
    load, or edits made by hand in the database): set-based statements on Postgres, in
    chunks elsewhere."""
    if connection.vendor == "postgresql":
        fill_in_sql(connection)
        return
    ids = list(Person.objects.values_list("pk", flat=True).order_by("pk"))
    for start in range(0, len(ids), _CHUNK):
        refresh_published_flags(people=ids[start : start + _CHUNK])


#: Postgres sets every person's flag, count and latest entry in one pass over the seats.
PEOPLE_SQL = """
UPDATE results_person SET has_published_result = false, published_results = 0,
    latest_entry = NULL
WHERE has_published_result OR published_results <> 0 OR latest_entry IS NOT NULL;
UPDATE results_person p SET has_published_result = true, published_results = s.n,
    latest_entry = s.latest
FROM (
    SELECT c.person_id, count(*) AS n,
        (array_agg(c.entry_id ORDER BY v.date DESC, c.entry_id DESC))[1] AS latest
    FROM results_crewmember c
    JOIN results_entry e ON e.id = c.entry_id
    JOIN results_classification k ON k.id = e.classification_id
    JOIN results_event v ON v.id = k.event_id
    WHERE v.published
    GROUP BY c.person_id
) s
WHERE p.id = s.person_id;
"""


#: Postgres writes every person's words in one statement: a word starts the spelling or
#: follows a space or a hyphen, as `name_words` splits them.
WORDS_SQL = f"""
DELETE FROM results_personword;
INSERT INTO results_personword (person_id, spelling, word, order_key)
SELECT DISTINCT s.person_id, s.spelling, w.word, s.order_key
FROM (
    SELECT p.id AS person_id, p.search_key AS spelling, p.search_key AS order_key
    FROM results_person p WHERE p.has_published_result
    UNION
    SELECT a.person_id, a.key, p.search_key
    FROM results_personalias a JOIN results_person p ON p.id = a.person_id
    WHERE p.has_published_result AND a.key NOT LIKE '{ERASED_PREFIX}%'
) s, regexp_split_to_table(s.spelling, '[ -]') AS w(word)
WHERE w.word <> '';
"""


def fill_in_sql(connection) -> None:
    """Every person's flag, count, latest entry and search words from scratch, on Postgres
    (`PEOPLE_SQL`, then `WORDS_SQL`)."""
    with connection.cursor() as cursor:
        for statement in (PEOPLE_SQL + WORDS_SQL).split(";"):
            if statement.strip():
                cursor.execute(statement)
