"""The files and sheets of imports scrubbed of a person's spellings: the stored file an
anonymisation scrubs (kept only if it reads as before with the placeholder where the name
was), and a new import of a sheet that names someone anonymised before (found through the
digests the anonymisation left), written with that person's placeholder.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from results.models import PersonAlias, ResultImport
from results.parsing import Hints, ParseError, parse
from results.services.plans import PlannedPerson
from results.services.redacting import PLACEHOLDER_SURNAME, Placeholder, Scrubber, source_text


def scrubbed_source(result_import: ResultImport, *, scrubber: Scrubber) -> bytes | None:
    """The stored file with the spellings scrubbed, or None when it must go: not text, or no
    longer read as before (the placeholder where the name was), or a spelling still shows."""
    original = bytes(result_import.source)
    try:
        hints = Hints.from_dict(result_import.hints)
        before = parse(original, hints=hints).to_dict()
    except ValueError:  # a ParseError, or hints of roles the parser no longer has
        # Unreadable already (a failed import, a parser that moved on): nothing to re-apply.
        hints, before = None, None
    aligned = (result_import.sheet or {}).get("format") == "fixed"
    return _scrubbed_file(original, before=before, hints=hints, aligned=aligned, scrubber=scrubber)


def _scrubbed_file(
    original: bytes,
    *,
    before: Mapping[str, Any] | None,
    hints: Hints | None,
    aligned: bool,
    scrubber: Scrubber,
) -> bytes | None:
    """`original` scrubbed, if it is text that no longer shows a spelling and, when it read as
    the sheet `before`, reads the same with the placeholder where the name was."""
    scrubbed = scrubber.source(original, aligned=aligned)
    if scrubbed is None:
        return None
    text = source_text(scrubbed)
    if text is None or scrubber.found(text, aligned=aligned):
        return None
    if before is None:
        return scrubbed
    try:
        after = parse(scrubbed, hints=hints).to_dict()
    except ParseError:
        return None
    same = after["columns"] == before["columns"]
    return scrubbed if same and after["entries"] == scrubber.json(before["entries"]) else None


def erased_scrubber(people: Sequence[PlannedPerson]) -> Scrubber | None:
    """For a plan's people (`plan_people`): the scrubber of the spellings it found through the
    digests an anonymisation left, each to be written as its person's placeholder; None when
    it found none."""
    erased: dict[int, list[tuple[str, str | None]]] = defaultdict(list)
    for item in people:
        if item.erased and item.person is not None:
            erased[item.person].append((item.surname, item.first_name))
    if not erased:
        return None
    placeholders = _placeholders(list(erased))
    scrubber = Scrubber.for_people({placeholders[pk]: names for pk, names in erased.items()})
    return scrubber or None


def _placeholders(person_ids: list[int]) -> dict[int, Placeholder]:
    """The placeholder each person's aliases route to it: its own, or after a merge, one the
    person it absorbed left."""
    aliases: dict[int, list[Placeholder]] = defaultdict(list)
    rows = PersonAlias.objects.filter(
        person_id__in=person_ids,
        surname=PLACEHOLDER_SURNAME,
        first_name__startswith="X",
    ).order_by("key")
    for pk, surname, first_name in rows.values_list("person_id", "surname", "first_name"):
        aliases[pk].append(Placeholder(surname=surname, first_name=first_name))
    chosen = {}
    for pk in person_ids:
        own = Placeholder.for_person(pk)
        chosen[pk] = own if own in aliases[pk] or not aliases[pk] else aliases[pk][0]
    return chosen


def scrub_new_import(
    result_import: ResultImport, *, sheet: dict[str, Any], scrubber: Scrubber
) -> dict[str, Any]:
    """A new import's sheet with the erased spellings scrubbed, as `anonymise_person` scrubs
    the stored ones; its file and file name are scrubbed (or the file dropped) in place."""
    hints = Hints.from_dict(result_import.hints)
    source = _scrubbed_file(
        bytes(result_import.source),
        before=sheet,
        hints=hints,
        aligned=sheet.get("format") == "fixed",
        scrubber=scrubber,
    )
    if source is None:
        result_import.source, result_import.source_removed = b"", True
    else:
        result_import.source = source
    result_import.source_name = scrubber.text(result_import.source_name)
    return scrubber.json(sheet)
