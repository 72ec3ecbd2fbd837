"""Undoing a rename, merge or split from the log.

Undo works from spellings, never entry ids (a re-import replaces entries): a merge's undo brings
the dropped people back with their aliases and moves back every crew seat of the kept person
whose spelling as written belongs to them, including seats imported again since the merge.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from results.models import (
    CrewMember,
    NameChange,
    Person,
    PersonAlias,
    PersonRedirect,
    SharedSpelling,
    person_key,
)
from results.services.names import NameFixRefused, names_changed

Kind = NameChange.Kind


def undo_change(*, change: NameChange, user=None) -> NameChange:
    """Undo a logged rename, merge or split; the log row is marked undone, never deleted."""
    with transaction.atomic():
        locked = NameChange.objects.select_for_update().get(pk=change.pk)
        if not locked.can_undo:
            raise NameFixRefused("this change cannot be undone (already undone, or not undoable)")
        undo = {Kind.RENAME: _undo_rename, Kind.MERGE: _undo_merge, Kind.SPLIT: _undo_split}
        people = undo[locked.kind](locked)
        locked.undone_at, locked.undone_by = timezone.now(), user
        locked.save(update_fields=["undone_at", "undone_by", "other"])
        names_changed([p if isinstance(p, int) else p.pk for p in people])
    change.refresh_from_db()
    return change


def _lock_person(pk: int | None, missing: str) -> Person:
    person = Person.objects.select_for_update().filter(pk=pk).first() if pk else None
    if person is None:
        raise NameFixRefused(missing)
    return person


def _undo_rename(change: NameChange) -> list[int]:
    person = _lock_person(change.person_id, "the renamed person no longer exists")
    before = change.before
    PersonAlias.objects.filter(person=person, key=change.undo.get("alias_created")).delete()
    new_alias = person.search_key
    if not PersonAlias.objects.filter(key=new_alias).exists():
        # The name given by the rename may be in sheets by now: keep routing it here.
        PersonAlias.objects.create(
            person=person, surname=person.surname, first_name=person.first_name, key=new_alias
        )
    person.surname, person.first_name = before["surname"], before["first_name"]
    person.search_key = person_key(person.surname, person.first_name)
    person.save(update_fields=["surname", "first_name", "search_key"])
    # The person's own name matches by name: an alias to itself would only shadow a homonym.
    PersonAlias.objects.filter(person=person, key=person.search_key).delete()
    return [person.pk]


def _undo_merge(change: NameChange) -> list[int]:
    kept = _lock_person(
        change.person_id, "the kept person no longer exists: undo what removed it first"
    )
    dropped = change.undo["dropped"]
    for item in dropped:
        fields = item["person"]
        if Person.objects.filter(pk=fields["pk"]).exists():
            raise NameFixRefused(f"{fields['surname']} is already back")
        if Person.objects.filter(slug=fields["slug"]).exists():
            raise NameFixRefused(f"the address {fields['slug']} is now another person's")
    seats = list(
        CrewMember.objects.select_for_update()
        .filter(person=kept)
        .values_list("pk", "surname", "first_name")
    )
    restored_ids = []
    for item in dropped:
        fields = item["person"]
        restored = Person.objects.create(
            pk=fields["pk"],
            surname=fields["surname"],
            first_name=fields["first_name"],
            slug=fields["slug"],
            search_key=fields["search_key"],
        )
        restored_ids.append(restored.pk)
        moved = set(item["moved_keys"])
        CrewMember.objects.filter(
            pk__in=[pk for pk, s, f in seats if person_key(s, f) in moved]
        ).update(person=restored)
        original = {alias["key"]: alias for alias in item["aliases"]}
        PersonAlias.objects.filter(person=kept, key__in=moved | set(original)).delete()
        taken = set(
            PersonAlias.objects.filter(key__in=list(original)).values_list("key", flat=True)
        )
        PersonAlias.objects.bulk_create(
            PersonAlias(person=restored, **alias)
            for key, alias in sorted(original.items())
            if key not in taken
        )
        PersonRedirect.objects.filter(old_slug=fields["slug"]).delete()
        PersonRedirect.objects.filter(person=kept, old_slug__in=item["redirects"]).update(
            person=restored
        )
        SharedSpelling.objects.bulk_create(
            [SharedSpelling(key=key, person=restored) for key in item["shared"]],
            ignore_conflicts=True,
        )
        NameChange.objects.filter(pk__in=item["log"]).update(person=restored)
    change.other_id = restored_ids[0]
    return [kept.pk, *restored_ids]


def _undo_split(change: NameChange) -> list[int]:
    person = _lock_person(change.person_id, "the split person no longer exists")
    new = _lock_person(
        change.undo["new"], "the person the split created no longer exists (merged since?)"
    )
    CrewMember.objects.filter(person=new).update(person=person)
    PersonAlias.objects.filter(person=new).update(person=person)
    SharedSpelling.objects.filter(person__in=[person, new], key__in=change.undo["shared"]).delete()
    SharedSpelling.objects.filter(person=new).delete()
    PersonRedirect.objects.filter(person=new).update(person=person)
    # The new person's page may have been seen: keep its address leading somewhere.
    PersonRedirect.objects.create(old_slug=new.slug, person=person)
    if (
        new.search_key != person.search_key
        and not PersonAlias.objects.filter(key=new.search_key).exists()
    ):
        PersonAlias.objects.create(
            person=person, surname=new.surname, first_name=new.first_name, key=new.search_key
        )
    NameChange.objects.filter(person=new).update(person=person)
    new_pk = new.pk
    new.delete()
    change.other_id = None
    return [person.pk, new_pk]
