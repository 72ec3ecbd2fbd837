"""Anonymising a person on request (privacy law): the name leaves every place Podium keeps it.

The people tables (the person, its aliases, redirects and crew seats), the log of name fixes,
the admin's history of the person, and what the imports stored: the source file, the parsed
sheet, the plan, the issues, and the entries' parsed records and issues; the revisions and
decisions of their classifications (crews as written, reasons). The results stay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction

from results.models import (
    CrewMember,
    Decision,
    Entry,
    NameChange,
    Person,
    PersonAlias,
    PersonRedirect,
    ResultImport,
    Revision,
    SharedSpelling,
    person_key,
)
from results.services.deciding import NAME_PARTS
from results.services.names import names_changed, spellings_of
from results.services.plans import PlannedPerson, choices_from_json
from results.services.redacting import Placeholder, Scrubber, source_text
from results.services.scrubbing import scrubbed_source
from results.services.spellings import ERASED_PREFIX, erased_key

ANONYMOUS_SURNAME = "Anonyme"
State = ResultImport.State
#: Why an import whose source was removed cannot be read again.
SOURCE_REMOVED = (
    "the original file was removed when a person it names was anonymised: "
    "upload the sheet again to re-read it"
)


def anonymise_person(*, person: Person, user=None) -> Person:
    """Replace a person's name by a placeholder everywhere Podium keeps it; results stay.

    Pages show the person as "Anonyme". The aliases and redirects (their slugs carry the name)
    go, the seats' spellings are blanked, the log rows about the person lose their names and
    can no longer be undone, and so do the admin's history entries of the person. Only digests
    of the spellings remain, as aliases `erased:<sha256>`, so a later import of the original
    file lands on the anonymised person instead of creating a person under the name again.

    Every spelling of the person (its name, its aliases and the seats' spellings as sheets
    wrote them, before they are erased) is also scrubbed from the imports that name the person:
    those that seated it, and the superseded, previewed or failed ones whose sheet gives one of
    the spellings to it (or to no one else). In their stored sheet, plan, issues, error and file
    name, and in their entries' parsed records and issues, a spelling becomes the placeholder
    `ANONYME X<letters>`, unique to the person and an alias of it; it is matched whatever the
    case, accents, spacing and order (`DUPONT Jean`, `Dupont JEAN`, `Jean DUPONT`).

    The stored file is scrubbed the same way when it is text, in its own encoding (aligned
    columns stay aligned), and kept only if it still reads as before, the placeholder where
    the name was: re-applying it then lands those seats on the anonymised person. A file that
    is not text (a workbook, a PDF), or whose scrubbed text reads differently or still shows a
    spelling, is dropped: `source_removed` says so, the history page tells it instead of
    offering the download, and re-reading the import is refused with `SOURCE_REMOVED`. The
    digest `sha256` of the file as received stays. All of it in one transaction.

    Locking, against an apply running meanwhile: the person first, `FOR NO KEY UPDATE` (an
    apply seating the person takes a key-share lock on it, when its deferred foreign keys are
    checked at commit; `FOR UPDATE` would hold that apply up while this waits for the apply's
    import: a deadlock), then the imports that name the person, `FOR UPDATE` by pk, the order
    apply locks its import and the ones it supersedes in. So either the apply locks its import
    first, and this waits for its commit, then finds the import again, now with its seats,
    and scrubs it; or this locks the import first, and the apply, reading it again under its
    own lock, finds it scrubbed and refuses (`StalePreview`) instead of writing the name back.
    Seats, entries and imports are read after the locks. Not covered: a sheet naming the person
    that is both previewed and applied while this runs, after it locked the imports naming the
    person (that apply checks its plan before this commits). A preview made after this commits
    finds the spellings erased and stores the placeholder instead (`preview_import`).
    """
    with transaction.atomic():
        locked = Person.objects.select_for_update(no_key=True).get(pk=person.pk)
        placeholder = Placeholder.for_person(locked.pk)
        spellings, scrubber, imports = _lock_imports_naming(locked, placeholder)
        alias_ids = list(PersonAlias.objects.filter(person=locked).values_list("pk", flat=True))

        _erase_spellings(locked, keys=spellings, placeholder=placeholder)
        _blank_seats(locked, placeholder=placeholder)
        removed = scrub_imports(imports, scrubber=scrubber)
        _scrub_admin_history(locked, alias_ids=alias_ids, scrubber=scrubber)
        # The log must not keep the name either; an emptied row can no longer be undone.
        for field in ("person", "other"):
            NameChange.objects.filter(**{field: locked}).update(
                summary="(anonymised)", before={}, after={}, undo={}
            )
        locked.surname, locked.first_name = ANONYMOUS_SURNAME, None
        locked.search_key = f"anonyme {locked.pk}"
        locked.slug = f"anonyme-{locked.pk}"
        locked.save(update_fields=["surname", "first_name", "search_key", "slug"])
        NameChange.objects.create(
            kind=NameChange.Kind.ANONYMISE,
            user=user,
            person=locked,
            summary="anonymised on request",
            after={"imports_scrubbed": len(imports), "sources_removed": removed},
        )
        names_changed([locked.pk])
    return locked


def _lock_imports_naming(
    person: Person, placeholder: Placeholder
) -> tuple[dict[str, tuple[str, str | None]], Scrubber, list[int]]:
    """The person's spellings, their scrubber, and the imports that name the person, locked.

    Taking a lock may wait for an apply to commit, which may have seated the person under
    another spelling or in another import: the search runs again until it finds nothing new.
    """
    found: set[int] = set()
    while True:
        spellings = {
            key: spelling
            for key, spelling in spellings_of([person.pk])[person.pk].items()
            if not _is_placeholder(key, person, placeholder)
        }
        scrubber = Scrubber(spellings.values(), placeholder)
        new = set(imports_naming(person=person, spellings=spellings, scrubber=scrubber)) - found
        if not new:
            return spellings, scrubber, sorted(found)
        to_lock = ResultImport.objects.select_for_update().filter(pk__in=new).order_by("pk")
        list(to_lock.values_list("pk", flat=True))
        found |= new
        if not connection.features.has_select_for_update:
            # SQLite: this transaction is the only writer from its start; no lock to wait for.
            return spellings, scrubber, sorted(found)


def _is_placeholder(key: str, person: Person, placeholder: Placeholder) -> bool:
    """What an earlier anonymisation left is no name to scrub."""
    return key.startswith(ERASED_PREFIX) or key in {
        person_key(ANONYMOUS_SURNAME, None),
        placeholder.key,
        f"anonyme {person.pk}",
    }


def _erase_spellings(person: Person, *, keys: Iterable[str], placeholder: Placeholder) -> None:
    """Aliases become digests, plus the placeholder the scrubbed sheets now give."""
    PersonAlias.objects.filter(person=person).exclude(key__startswith=ERASED_PREFIX).delete()
    wanted = {erased_key(key): ANONYMOUS_SURNAME for key in keys}
    wanted[placeholder.key] = placeholder.surname
    taken = set(PersonAlias.objects.filter(key__in=list(wanted)).values_list("key", flat=True))
    PersonAlias.objects.bulk_create(
        PersonAlias(
            person=person,
            surname=surname,
            first_name=placeholder.first_name if key == placeholder.key else None,
            key=key,
        )
        for key, surname in sorted(wanted.items())
        if key not in taken
    )
    PersonRedirect.objects.filter(person=person).delete()
    SharedSpelling.objects.filter(person=person).delete()


def _blank_seats(person: Person, *, placeholder: Placeholder) -> None:
    seats = list(CrewMember.objects.filter(person=person).select_related("entry"))
    CrewMember.objects.filter(person=person).update(surname=ANONYMOUS_SURNAME, first_name=None)
    entries = {}
    for seat in seats:
        entry = entries.setdefault(seat.entry_id, seat.entry)
        crew = entry.raw.get("crew") or []
        if len(crew) >= seat.seat:
            crew[seat.seat - 1] = {
                "surname": placeholder.surname,
                "first_name": placeholder.first_name,
            }
    Entry.objects.bulk_update(list(entries.values()), ["raw"])


def imports_naming(
    *, person: Person, spellings: Mapping[str, tuple[str, str | None]], scrubber: Scrubber
) -> list[int]:
    """The imports that name the person, by pk: the person has a seat from them, or their plan
    gives one of its spellings to the person (or to someone who no longer exists and to no one
    else now), or the organiser chose the person for one of their seats, or, for a sheet that
    could not be read, its file shows one of the spellings.

    A homonym's imports (the spelling went to another person) are left alone.
    """
    seated = set(
        CrewMember.objects.filter(person=person).values_list("entry__result_import_id", flat=True)
    )
    keys = set(spellings)
    # Spellings that lead to someone else now: a homonym's, in that person's imports.
    elsewhere = set(
        Person.objects.filter(search_key__in=keys)
        .exclude(pk=person.pk)
        .values_list("search_key", flat=True)
    ) | set(
        PersonAlias.objects.filter(key__in=keys)
        .exclude(person=person)
        .values_list("key", flat=True)
    )
    # Applied imports that seat the person are all in `seated`: the others seat someone else.
    # The rest are read in full (their plan's people, a failed one's file): anonymising is rare,
    # and no index can tell an accent-less, case-less spelling in JSON or bytes.
    unapplied = ResultImport.objects.exclude(pk__in=seated).exclude(state=State.APPLIED)
    given: dict[int, set[tuple[str, int | None]]] = {}
    named = set(seated)
    rows = unapplied.exclude(plan=None).values_list("pk", "plan__people", "choices")
    for pk, people, choices in rows.iterator():
        for item in map(PlannedPerson.from_json, people or []):
            if item.key in keys:
                given.setdefault(pk, set()).add((item.key, item.person))
        if any(choice.person == person.pk for choice in choices_from_json(choices)):
            named.add(pk)
    # A person a spelling went to may have been merged away since (into this one, or not).
    existing = set(
        Person.objects.filter(
            pk__in={to for pairs in given.values() for _, to in pairs if to is not None}
        ).values_list("pk", flat=True)
    )
    for pk, pairs in given.items():
        if any(
            to == person.pk or (to not in existing and key not in elsewhere) for key, to in pairs
        ):
            named.add(pk)
    failed = unapplied.filter(state=State.FAILED, source_removed=False)
    for pk, source in failed.values_list("pk", "source").iterator():
        text = source_text(bytes(source))
        if text is not None and scrubber.found(text):
            named.add(pk)
    return sorted(named)


def scrub_imports(pks: Iterable[int], *, scrubber: Scrubber) -> int:
    """Scrub the spellings from these imports and their entries; the number of sources removed."""
    removed = 0
    for result_import in ResultImport.objects.filter(pk__in=list(pks)).order_by("pk"):
        fields: dict[str, Any] = {
            "sheet": scrubber.json(result_import.sheet),
            "plan": scrubber.json(result_import.plan),
            "issues": scrubber.json(result_import.issues),
            "error": scrubber.json(result_import.error),
            "source_name": scrubber.text(result_import.source_name),
        }
        if not result_import.source_removed:
            source = scrubbed_source(result_import, scrubber=scrubber)
            if source is None:
                fields.update(source=b"", source_removed=True)
                removed += 1
            else:
                fields["source"] = source
        ResultImport.objects.filter(pk=result_import.pk).update(**fields)
    entries = []
    for entry in Entry.objects.filter(result_import_id__in=list(pks)).only("raw", "issues"):
        raw, issues = scrubber.json(entry.raw), scrubber.json(entry.issues)
        if (raw, issues) != (entry.raw, entry.issues):
            entry.raw, entry.issues = raw, issues
            entries.append(entry)
    Entry.objects.bulk_update(entries, ["raw", "issues"], batch_size=500)
    _scrub_revisions(pks, scrubber=scrubber)
    return removed


def _scrub_revisions(pks: Iterable[int], *, scrubber: Scrubber) -> None:
    """The revisions and decisions of the classifications these imports wrote: what changed
    (crews named as written) and the reasons staff wrote."""
    tables = ResultImport.objects.filter(pk__in=list(pks)).values("classification_id")
    for revision in Revision.objects.filter(classification_id__in=tables).only("changes", "reason"):
        changes, reason = scrubber.json(revision.changes), scrubber.text(revision.reason)
        if (changes, reason) != (revision.changes, revision.reason):
            Revision.objects.filter(pk=revision.pk).update(changes=changes, reason=reason)
    fields = ("kind", "field", "crew", "reason", "base", "fixed")
    for decision in Decision.objects.filter(classification_id__in=tables).only(*fields):
        crew, reason = scrubber.json(decision.crew), scrubber.text(decision.reason)
        name_fix = decision.kind == Decision.Kind.CELL_FIX and (
            decision.field.partition(":")[0] in NAME_PARTS
        )
        if name_fix and crew != decision.crew:
            # A name fixed on the person's row would write the name again: it goes.
            Decision.objects.filter(pk=decision.pk).delete()
            continue
        base, fixed = scrubber.json(decision.base), scrubber.json(decision.fixed)
        if (crew, reason, base, fixed) != (
            decision.crew,
            decision.reason,
            decision.base,
            decision.fixed,
        ):
            Decision.objects.filter(pk=decision.pk).update(
                crew=crew, reason=reason, base=base, fixed=fixed
            )


def _scrub_admin_history(person: Person, *, alias_ids: list[int], scrubber: Scrubber) -> None:
    """The admin's log of changes to the person and its aliases names them too."""
    targets = [(Person, [person.pk]), (PersonAlias, alias_ids)]
    for model, pks in targets:
        rows = LogEntry.objects.filter(
            content_type=ContentType.objects.get_for_model(model),
            object_id__in=[str(pk) for pk in pks],
        )
        for row in rows:
            LogEntry.objects.filter(pk=row.pk).update(
                object_repr=ANONYMOUS_SURNAME
                if model is Person
                else scrubber.text(row.object_repr)[:200],
                change_message=scrubber.text(row.change_message),
            )
