"""Fixing people's names once: rename, merge, split, and following merge redirects.

Every write locks the people it changes, runs in one transaction, logs a `NameChange` (who,
when, before, after, and what an undo needs) and ends with `data_changed`. Aliases are the
memory: the spellings a fix moves become aliases, so the next import of them lands on the right
person. Undo lives in `results.services.undoing`, anonymising in `results.services.anonymising`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from django.db import transaction

from results.models import (
    CrewMember,
    Entry,
    NameChange,
    Person,
    PersonAlias,
    PersonRedirect,
    SharedSpelling,
    person_key,
)
from results.models.people import person_name
from results.services.freshness import data_changed
from results.services.resolving import slug_base

Kind = NameChange.Kind


class NameFixRefused(Exception):
    """The fix cannot be made as asked; nothing was written. `reason` says why."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


def resolve_slug(slug: str) -> Person | None:
    """The person at `slug`, or the one a merge sent that slug to; None if neither exists."""
    person = Person.objects.filter(slug=slug).first()
    if person is not None:
        return person
    redirect = PersonRedirect.objects.select_related("person").filter(old_slug=slug).first()
    return redirect.person if redirect else None


def person_fields(person: Person) -> dict:
    return {
        "pk": person.pk,
        "surname": person.surname,
        "first_name": person.first_name,
        "slug": person.slug,
        "search_key": person.search_key,
    }


def names_changed(person_ids: Iterable[int], *, events: Iterable[int] = ()) -> None:
    """A name changed: bump the events where these people have a seat, the people, and their
    team-mates, whose pages show the name too."""
    ids = set(person_ids)
    mates = CrewMember.objects.filter(entry__crew__person_id__in=ids).values_list(
        "person_id", flat=True
    )
    data_changed(events=set(events) | events_of(ids), people=ids | set(mates))


def events_of(person_ids: Iterable[int]) -> set[int]:
    """The events where these people have a crew seat: their standings show the names."""
    return set(
        CrewMember.objects.filter(person_id__in=list(person_ids)).values_list(
            "entry__classification__event_id", flat=True
        )
    )


def spellings_of(person_ids: Sequence[int]) -> dict[int, dict[str, tuple[str, str | None]]]:
    """Each person's spellings, folded key → one way it is written: name, aliases, crew seats,
    and the seats as the sheet wrote them before a value fixed in the preview (`Entry.raw`)."""
    found: dict[int, dict[str, tuple[str, str | None]]] = defaultdict(dict)
    seats = CrewMember.objects.filter(person_id__in=person_ids)
    for pk, surname, first_name, seat, raw in seats.values_list(
        "person_id", "surname", "first_name", "seat", "entry__raw"
    ):
        found[pk].setdefault(person_key(surname, first_name), (surname, first_name))
        read = (raw or {}).get("crew") or ()
        member = read[seat - 1] if 0 < seat <= len(read) else None
        if isinstance(member, dict) and member.get("surname"):
            written = (member["surname"], member.get("first_name"))
            found[pk].setdefault(person_key(*written), written)
    for pk, surname, first_name, key in PersonAlias.objects.filter(
        person_id__in=person_ids
    ).values_list("person_id", "surname", "first_name", "key"):
        found[pk][key] = (surname, first_name)
    for pk, surname, first_name, key in Person.objects.filter(pk__in=person_ids).values_list(
        "pk", "surname", "first_name", "search_key"
    ):
        found[pk][key] = (surname, first_name)
    return found


def free_slug(surname: str, first_name: str | None) -> str:
    base = slug_base(surname, first_name)
    taken = set(Person.objects.filter(slug__startswith=base).values_list("slug", flat=True)) | set(
        PersonRedirect.objects.filter(old_slug__startswith=base).values_list("old_slug", flat=True)
    )
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


def rename_refusal(*, person: Person, surname: str, first_name: str | None) -> str | None:
    """Why a rename would be refused, or None: forms show it on the field before saving."""
    if not surname.strip():
        return "a person needs a surname"
    clash = (
        PersonAlias.objects.filter(key=person_key(surname, first_name))
        .exclude(person=person)
        .select_related("person")
        .first()
    )
    if clash is not None:
        return (
            f"the spelling “{person_name(surname, first_name)}” already leads to "
            f"{clash.person}: merge the two people instead"
        )
    return None


def rename_person(
    *, person: Person, surname: str, first_name: str | None, user=None
) -> NameChange | None:
    """Give a person a new name; the old spelling becomes an alias and the slug stays.

    Returns the log row, or None when the name did not change. Refused when the new spelling
    is already an alias of someone else (merge the two people instead).
    """
    surname = " ".join(surname.split())
    first_name = " ".join((first_name or "").split()) or None
    new_key = person_key(surname, first_name)
    with transaction.atomic():
        locked = Person.objects.select_for_update().get(pk=person.pk)
        if (locked.surname, locked.first_name) == (surname, first_name):
            return None
        refusal = rename_refusal(person=locked, surname=surname, first_name=first_name)
        if refusal:
            raise NameFixRefused(refusal)
        before = {"surname": locked.surname, "first_name": locked.first_name}
        old_key = locked.search_key
        created_alias = None
        if old_key != new_key and not PersonAlias.objects.filter(key=old_key).exists():
            PersonAlias.objects.create(
                person=locked, surname=locked.surname, first_name=locked.first_name, key=old_key
            )
            created_alias = old_key
        locked.surname, locked.first_name, locked.search_key = surname, first_name, new_key
        locked.save(update_fields=["surname", "first_name", "search_key"])
        change = NameChange.objects.create(
            kind=Kind.RENAME,
            user=user,
            person=locked,
            summary=f"{person_name(**before)} → {locked}",
            before=before,
            after={"surname": surname, "first_name": first_name},
            undo={"alias_created": created_alias},
        )
        names_changed([locked.pk])
    person.surname, person.first_name, person.search_key = surname, first_name, new_key
    return change


def shared_entries(person_ids: Sequence[int]) -> list[Entry]:
    """Entries where two of these people sit in the same crew: they cannot be one person."""
    seats = CrewMember.objects.filter(person_id__in=person_ids).values_list("entry_id", "person_id")
    people_by_entry: dict[int, set[int]] = defaultdict(set)
    for entry_id, person_id in seats:
        people_by_entry[entry_id].add(person_id)
    clashing = [entry_id for entry_id, people in people_by_entry.items() if len(people) > 1]
    return list(
        Entry.objects.filter(pk__in=clashing)
        .select_related("classification__event")
        .order_by("classification__event__date", "pk")
    )


def merge_people(*, keep: Person, drop: Person | Sequence[Person], user=None) -> NameChange:
    """Move the crew seats, aliases and redirects of the dropped people to `keep`, then remove them.

    Every spelling of a dropped person becomes an alias of `keep`, and its slug redirects to
    `keep`'s page. Refused, with the entry named, when two of them share a crew. The undo data
    records the spellings that moved, not entry ids, so an undo also brings back entries
    imported again since the merge.
    """
    dropped = [drop] if isinstance(drop, Person) else list(drop)
    drop_ids = sorted({p.pk for p in dropped} - {keep.pk})
    if not drop_ids:
        raise NameFixRefused("choose at least one person to merge into the kept one")
    ids = sorted([keep.pk, *drop_ids])
    with transaction.atomic():
        locked = {p.pk: p for p in Person.objects.select_for_update().filter(pk__in=ids)}
        if len(locked) != len(ids):
            raise NameFixRefused("one of these people no longer exists: reload the page")
        # Lock the seats too, so no import moves them while they change hands.
        list(CrewMember.objects.select_for_update().filter(person_id__in=ids).values_list("pk"))
        clashes = shared_entries(ids)
        if clashes:
            entry = clashes[0]
            names = ", ".join(str(locked[pk]) for pk in ids)
            where = f"{entry.classification.event.name}, n° {entry.number or '-'}"
            raise NameFixRefused(
                f"{names} sit in the same crew ({where}"
                f"{f' and {len(clashes) - 1} more' if len(clashes) > 1 else ''}): "
                "they are different people"
            )
        events = events_of(ids)
        kept = locked[keep.pk]
        spellings = spellings_of(ids)
        keep_keys = set(spellings[kept.pk])
        undo_dropped, new_aliases = [], {}
        for pk in drop_ids:
            moved = {k: v for k, v in spellings[pk].items() if k not in keep_keys}
            undo_dropped.append(
                {
                    "person": person_fields(locked[pk]),
                    "aliases": list(
                        PersonAlias.objects.filter(person_id=pk).values(
                            "surname", "first_name", "key"
                        )
                    ),
                    "moved_keys": sorted(moved),
                    "redirects": sorted(
                        PersonRedirect.objects.filter(person_id=pk).values_list(
                            "old_slug", flat=True
                        )
                    ),
                    "shared": sorted(
                        SharedSpelling.objects.filter(person_id=pk).values_list("key", flat=True)
                    ),
                    "log": sorted(
                        NameChange.objects.filter(person_id=pk).values_list("pk", flat=True)
                    ),
                }
            )
            new_aliases.update(moved)
        CrewMember.objects.filter(person_id__in=drop_ids).update(person=kept)
        PersonAlias.objects.filter(person_id__in=drop_ids).update(person=kept)
        existing = set(
            PersonAlias.objects.filter(key__in=list(new_aliases)).values_list("key", flat=True)
        )
        created = sorted(key for key in new_aliases if key not in existing)
        PersonAlias.objects.bulk_create(
            PersonAlias(person=kept, surname=new_aliases[k][0], first_name=new_aliases[k][1], key=k)
            for k in created
        )
        PersonRedirect.objects.filter(person_id__in=drop_ids).update(person=kept)
        PersonRedirect.objects.bulk_create(
            PersonRedirect(old_slug=locked[pk].slug, person=kept) for pk in drop_ids
        )
        SharedSpelling.objects.filter(person_id__in=drop_ids).delete()
        NameChange.objects.filter(person_id__in=drop_ids).update(person=kept)
        Person.objects.filter(pk__in=drop_ids).delete()
        change = NameChange.objects.create(
            kind=Kind.MERGE,
            user=user,
            person=kept,
            summary=f"{', '.join(str(locked[pk]) for pk in drop_ids)} → {kept}",
            before={"keep": person_fields(kept), "dropped": [d["person"] for d in undo_dropped]},
            after={"keep": person_fields(kept), "aliases_created": created},
            undo={"dropped": undo_dropped, "aliases_created": created},
        )
        names_changed(ids, events=events)
    return change


def split_person(
    *,
    person: Person,
    entries: Iterable[Entry | int],
    aliases: Iterable[str] = (),
    surname: str | None = None,
    first_name: str | None = None,
    user=None,
) -> Person:
    """Move the person's seats on `entries`, and the aliases keyed `aliases`, to a new person.

    For homonyms. Spellings both people keep afterwards are recorded as shared, so the next
    import of them is flagged in its preview for a choice.
    """
    entry_ids = {e if isinstance(e, int) else e.pk for e in entries}
    alias_keys = set(aliases)
    if not surname and not first_name:
        # Homonyms: by default the new person has the very same name.
        surname, first_name = person.surname, person.first_name
    surname = " ".join((surname or "").split())
    first_name = " ".join((first_name or "").split()) or None
    if not surname:
        raise NameFixRefused("the new person needs a surname")
    with transaction.atomic():
        locked = Person.objects.select_for_update().get(pk=person.pk)
        seats = list(CrewMember.objects.select_for_update().filter(person=locked))
        moving = [seat for seat in seats if seat.entry_id in entry_ids]
        if not moving:
            raise NameFixRefused("choose at least one entry for the new person")
        if len(moving) == len(seats):
            raise NameFixRefused("leave at least one entry to the person: to fix a name, rename it")
        new = Person.objects.create(
            surname=surname,
            first_name=first_name,
            slug=free_slug(surname, first_name),
            search_key=person_key(surname, first_name),
        )
        CrewMember.objects.filter(pk__in=[seat.pk for seat in moving]).update(person=new)
        moved_aliases = list(
            PersonAlias.objects.filter(person=locked, key__in=alias_keys).values_list(
                "key", flat=True
            )
        )
        PersonAlias.objects.filter(person=locked, key__in=moved_aliases).update(person=new)
        moved_keys = {person_key(s.surname, s.first_name) for s in moving}
        kept_keys = {person_key(s.surname, s.first_name) for s in seats if s not in moving}
        kept_keys |= {locked.search_key} | set(
            PersonAlias.objects.filter(person=locked).values_list("key", flat=True)
        )
        shared = sorted(moved_keys & kept_keys)
        SharedSpelling.objects.bulk_create(
            [SharedSpelling(key=k, person=p) for k in shared for p in (locked, new)],
            ignore_conflicts=True,
        )
        NameChange.objects.create(
            kind=Kind.SPLIT,
            user=user,
            person=locked,
            other=new,
            summary=f"{len(moving)} entr{'y' if len(moving) == 1 else 'ies'} of {locked} → {new}",
            before={"person": person_fields(locked)},
            after={"new": person_fields(new), "entries": len(moving), "aliases": moved_aliases},
            undo={"new": new.pk, "shared": shared, "aliases": moved_aliases},
        )
        names_changed([locked.pk, new.pk])
    return new
