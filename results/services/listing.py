"""Whether a person has a result in a published event: the flag search and the API read.

`Person.has_published_result` spares search and the API's people list a four-table EXISTS
per candidate: over half a million people, checking every match of a common name costs more
than the whole page may. The flag is kept by the writes, never by signals:

- `data_changed`, which every write service ends with, checks again the people it is told
  of: an import's people (of the entries it replaced and of those it wrote), the people of a
  merge, a split or an undo, the people of a decision;
- a write that publishes or unpublishes an event passes it as `publication=`: everyone
  seated in it is checked again;
- the admin checks the people seated in what it deletes, after the delete.

It is a first cut, not the last word: what a page shows is checked exactly
(`PersonQuerySet.with_a_published_result`), so a flag an edit made outside these paths left
set hides nothing unpublished; it only makes that search slower until the next write.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection
from django.db.models import Exists, OuterRef

from results.models import CrewMember, Event, Person, PersonAlias, PersonWord
from results.models.person_words import name_words
from results.services.spellings import ERASED_PREFIX

_CHUNK = 2000


def _published_seat() -> Exists:
    return Exists(
        CrewMember.objects.filter(
            person=OuterRef("pk"), entry__classification__event__published=True
        )
    )


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


def refresh_published_flags(
    *, people: Iterable[int] = (), events: Iterable[int] = (), seated: Iterable[int] = ()
) -> int:
    """Set `has_published_result` and the search words (`PersonWord`) right for these people
    and everyone seated in these events; returns how many flags changed. Only what changes is
    written, so a write that changes nobody's flag nor name locks no person row.

    `seated` are people whose seats changed but not their names (an import's): their flags
    are checked, and only those whose flag changed get their words written again, as a
    person's words follow their spellings and their flag alone. One query per 2,000 of them
    when no flag changes (an import into an unpublished event, or a re-import of the same
    crews)."""
    ids = set(people)
    events = list(events)
    if events:
        ids |= seated_in_rows(Event, events)
    changed = 0
    ordered = sorted(ids)
    for start in range(0, len(ordered), _CHUNK):
        chunk_ids = ordered[start : start + _CHUNK]
        chunk = Person.objects.filter(pk__in_array=chunk_ids)
        published = _published_seat()
        changed += (
            chunk.filter(has_published_result=False)
            .filter(published)
            .update(has_published_result=True)
        )
        changed += (
            chunk.filter(has_published_result=True)
            .filter(~published)
            .update(has_published_result=False)
        )
        _refresh_words(chunk_ids)
    others = sorted(set(seated) - ids)
    for start in range(0, len(others), _CHUNK):
        changed += _refresh_seated(others[start : start + _CHUNK])
    return changed


def _refresh_seated(person_ids: list[int]) -> int:
    """The flags of these people set right, and the words of those whose flag changed."""
    # Every row read and the wrong ones kept here: filtering on the EXISTS would repeat it
    # (and the 2,000 ids) in the statement, whose planning then cost more than running it.
    rows = (
        Person.objects.filter(pk__in_array=person_ids)
        .annotate(published=_published_seat())
        .order_by()
        .values_list("pk", "has_published_result", "published")
    )
    wrong = {pk: published for pk, flag, published in rows if flag != published}
    if not wrong:
        return 0
    for flag in (True, False):
        flipped = [pk for pk, published in wrong.items() if published is flag]
        if flipped:
            Person.objects.filter(pk__in_array=flipped).update(has_published_result=flag)
    _refresh_words(sorted(wrong))
    return len(wrong)


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


def refresh_all_published_flags() -> int:
    """Set every person's flag and search words right (after a bulk load, or edits made by
    hand in the database): set-based statements on Postgres, in chunks elsewhere."""
    published = _published_seat()
    changed = (
        Person.objects.filter(has_published_result=False)
        .filter(published)
        .update(has_published_result=True)
    )
    changed += (
        Person.objects.filter(has_published_result=True)
        .filter(~published)
        .update(has_published_result=False)
    )
    if connection.vendor == "postgresql":
        fill_words_in_sql(connection)
    else:
        ids = list(Person.objects.values_list("pk", flat=True).order_by("pk"))
        for start in range(0, len(ids), _CHUNK):
            _refresh_words(ids[start : start + _CHUNK])
    return changed


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


def fill_words_in_sql(connection) -> None:
    """Every person's search words from scratch, on Postgres (`WORDS_SQL`)."""
    with connection.cursor() as cursor:
        for statement in WORDS_SQL.split(";"):
            if statement.strip():
                cursor.execute(statement)
