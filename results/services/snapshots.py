"""Entry snapshots of a classification's versions, for `results.services.diffing`.

A version is the classification's stored entries (what the public sees), or an import of the
history (its sheet and plan: exactly what applying it writes). Both give the fields of the
field catalogue that an entry stores, keyed by the parse contract's names, the class position
and the crew as written; so comparing a preview with the published results, or any two
imports, compares the same fields.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from results.catalogue import FIELDS
from results.models import Classification, CrewMember, Entry, ResultImport
from results.services.decisions import correct
from results.services.diffing import CREW, EntrySnapshot, VersionDiff, diff_versions
from results.services.plans import ImportPlan, plan_of

#: (snapshot key, Entry field, contract name or None) of every stored field the diff compares.
_FIELDS: tuple[tuple[str, str, str | None], ...] = tuple(
    (f.contract or f.model, f.model, f.contract)  # type: ignore[misc]
    for f in FIELDS
    if f.model and (f.contract or f.model == "class_position")
)
_CLASS_POSITION = "class_position"


def _crew_name(surname: str | None, first_name: str | None) -> str:
    return " ".join(part for part in (first_name, surname) if part)


def stored_snapshots(classification: Classification) -> list[EntrySnapshot]:
    """The classification's entries as stored (decisions applied), in sheet order: two
    queries."""
    names = [model for _, model, _ in _FIELDS]
    rows = list(
        Entry.objects.filter(classification=classification)
        .order_by("sheet_order")
        .values_list("pk", *names)
    )
    crews: dict[int, list[str]] = defaultdict(list)
    seats = (
        CrewMember.objects.filter(entry__classification=classification)
        .order_by("entry_id", "seat")
        .values_list("entry_id", "surname", "first_name")
    )
    for entry_id, surname, first_name in seats:
        crews[entry_id].append(_crew_name(surname, first_name))
    out = []
    for pk, *values in rows:
        snapshot = {key: value for (key, _, _), value in zip(_FIELDS, values, strict=True)}
        snapshot[CREW] = tuple(crews.get(pk, ()))
        out.append(EntrySnapshot(snapshot))
    return out


def import_snapshots(
    result_import: ResultImport,
    *,
    entries: Sequence[Mapping[str, Any]] | None = None,
    plan: ImportPlan | None = None,
) -> list[EntrySnapshot]:
    """What applying the import writes, as snapshots (an import without a sheet: none):
    its sheet as read and its stored plan, or the `entries` and `plan` given (the sheet with
    decisions applied, and its plan)."""
    sheet = result_import.sheet
    plan = plan or plan_of(result_import)
    if entries is None:
        entries = sheet["entries"] if sheet else None
    if not entries or not plan:
        return []
    return [
        EntrySnapshot(_from_record(entry, planned.class_position))
        for entry, planned in zip(entries, plan.entries, strict=True)
    ]


def _from_record(entry: Mapping[str, Any], class_position: int | None) -> dict[str, Any]:
    # In the order of the stored side, so both sides list their changes alike.
    values: dict[str, Any] = {
        key: entry.get(contract) if contract is not None else None for key, _, contract in _FIELDS
    }
    # The plan's class position is the one written (`write_plan`), the sheet's aside.
    if class_position is not None or _CLASS_POSITION not in values:
        values[_CLASS_POSITION] = class_position
    values[CREW] = tuple(
        _crew_name(member.get("surname"), member.get("first_name")) for member in entry["crew"]
    )
    return values


def preview_changes(result_import: ResultImport) -> VersionDiff | None:
    """What confirming this preview changes in the published results (the preview's sheet
    with the decisions applied, as its plan was made); None when nothing is published yet
    (every crew would be new: there is nothing to compare)."""
    classification = result_import.classification
    published = stored_snapshots(classification)
    if not published or not result_import.sheet:
        return None
    entries = result_import.sheet["entries"]
    corrected = correct(classification, entries, result_import=result_import.pk)
    return diff_versions(published, import_snapshots(result_import, entries=corrected.entries))


def imports_changes(old: ResultImport, new: ResultImport) -> VersionDiff:
    """From the results import `old` wrote to those `new` writes (two versions of a history)."""
    return diff_versions(import_snapshots(old), import_snapshots(new))
