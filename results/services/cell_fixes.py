"""Values fixed on a preview's row: an organiser's corrections, in the decisions' layer.

A fix is a `Decision` of kind `cell_fix` stored with its import; it is applied to that
preview, to its readings again (`carry_fixes`), to a new upload of the same layout where it
still applies (`offer_fixes`, the reading profile's), and once published to every reading of
the classification, as every decision is (`results.services.decisions.correct`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from results import access
from results.models import Decision, ResultImport
from results.services.deciding import crew_names, fixable, read_field
from results.services.decisions import DecisionRefused, correct

Kind = Decision.Kind

# Why `fix_value` refuses (the pages say it in the organiser's words).
REFUSED_NOT_PREVIEW = "only a preview can have its values fixed"
REFUSED_NO_SEAT = "this crew has no such seat"
REFUSED_SAME = "the value is already this one"


def fix_value(
    *, result_import: ResultImport, order: int, field: str, value: Any, user, reason: str = ""
) -> Decision:
    """Fix one value of a preview's row (`order`: the record's index in the sheet): stored
    with the import as an organiser's correction, in the same layer as the decisions, and
    applied to that preview, its readings again, and, once published, to every reading of
    the classification. A second fix of the same value replaces the first.

    Raises `AccessDenied` unless the user may upload to the event, `DecisionRefused` for an
    import that is not a preview, a row or field it does not have, or a value that changes
    nothing; nothing is written then.
    """
    classification = result_import.classification
    access.check_upload_to(user, classification.event)
    entries = (result_import.sheet or {}).get("entries") or []
    if not fixable(field):
        raise DecisionRefused(f"{field!r} is not a value that can be fixed")
    if not 0 <= order < len(entries):
        raise DecisionRefused("this row is not in the sheet")
    with transaction.atomic():
        locked = ResultImport.objects.select_for_update().filter(pk=result_import.pk)
        if locked.values_list("state", flat=True).first() != ResultImport.State.PREVIEWED:
            raise DecisionRefused(REFUSED_NOT_PREVIEW)
        earlier = Decision.objects.filter(
            result_import=result_import, kind=Kind.CELL_FIX, field=field
        )
        record = correct(classification, entries, result_import=result_import.pk).entries[order]
        same = [d.pk for d in earlier if d.number == _number(record) or d.crew == _crew(record)]
        Decision.objects.filter(pk__in=same).delete()
        record = correct(classification, entries, result_import=result_import.pk).entries[order]
        base = read_field(record, field)
        if base is None and field.partition(":")[2]:
            raise DecisionRefused(REFUSED_NO_SEAT)
        if value == base:
            raise DecisionRefused(REFUSED_SAME)
        decision = Decision.objects.create(
            classification=classification,
            result_import=result_import,
            kind=Kind.CELL_FIX,
            field=field,
            fixed=value,
            base=base,
            number=_number(record),
            crew=_crew(record),
            reason=reason.strip(),
            decided_on=timezone.localdate(),
            user=user,
        )
        replan(result_import)
    return decision


def _number(record: Mapping[str, Any]) -> str:
    return "" if record.get("number") is None else str(record["number"])


def _crew(record: Mapping[str, Any]) -> list[str]:
    return list(crew_names(record))


def replan(result_import: ResultImport) -> ResultImport:
    """Plan a preview again with its corrections (after a value was fixed, or its fixes
    moved to it from the reading it replaces), keeping its choices of person that still
    hold."""
    from results.services.choices import by_seat, still_valid
    from results.services.planning import plan_counts, plan_import
    from results.services.plans import choices_from_json, choices_to_json

    classification = result_import.classification
    entries = result_import.sheet["entries"]
    corrected = correct(classification, entries, result_import=result_import.pk)
    plan = plan_import(classification=classification, entries=entries, corrected=corrected)
    kept = still_valid(plan, entries, choices_from_json(result_import.choices))
    if kept:
        plan = plan.with_choices(by_seat(kept))
    stored = {"plan": plan.to_json(), "choices": choices_to_json(plan.choices)}
    stored["counts"] = plan_counts(plan)
    ResultImport.objects.filter(pk=result_import.pk).update(**stored)
    for name, value in stored.items():
        setattr(result_import, name, value)
    return result_import


def carry_fixes(
    sources: Sequence[ResultImport], to: Sequence[ResultImport], *, offered: bool = True
) -> None:
    """The values fixed on a preview (and its parts), moved to its reading again: each fix to
    the new import that holds its crew (the tables may have gone elsewhere), which is planned
    with it. A fix whose crew is in none of them (its table left out) stays behind, and so do
    those a reading profile offered, unless `offered`."""
    from results.services.deciding import find_crew

    fixes = Decision.objects.filter(result_import__in=list(sources), kind=Kind.CELL_FIX)
    if not offered:
        # Read without the profile: the values it fixed again stay behind.
        fixes = fixes.filter(copied_from=None)
    moved: dict[int, ResultImport] = {}
    for fix in fixes:
        for target in to:
            if find_crew(target.sheet["entries"], fix.number or None, fix.crew) is not None:
                Decision.objects.filter(pk=fix.pk).update(
                    result_import=target, classification=target.classification
                )
                moved[target.pk] = target
                break
    for target in moved.values():
        replan(target)


def offer_fixes(source: ResultImport, to: Sequence[ResultImport]) -> int:
    """The values fixed on an earlier upload (`source`, its lead and parts), fixed again on
    a new preview of the same layout where they still apply: the same crew as written and
    the same value read, in a classification whose corrections do not apply them already.
    Each copy names its original (`copied_from`), so reading without the profile drops it.
    Returns how many were copied."""
    from results.services.deciding import find_crew

    lead = source.lead_id or source.pk
    group = ResultImport.objects.filter(Q(pk=lead) | Q(lead_id=lead)).values("pk")
    fixes = list(
        Decision.objects.filter(result_import__in=group, kind=Kind.CELL_FIX, retired_at=None)
    )
    copied = 0
    for target in to:
        entries = target.sheet["entries"]
        records = correct(target.classification, entries, result_import=target.pk).entries
        made = False
        for fix in fixes:
            if fix.classification_id == target.classification_id:
                continue  # the classification's own corrections apply it already
            index = find_crew(records, None, fix.crew)
            if index is None or read_field(records[index], fix.field) != fix.base:
                continue
            Decision.objects.create(
                classification=target.classification,
                result_import=target,
                copied_from=fix,
                kind=Kind.CELL_FIX,
                field=fix.field,
                fixed=fix.fixed,
                base=fix.base,
                number=_number(records[index]),
                crew=fix.crew,
                reason=fix.reason,
                decided_on=timezone.localdate(),
                user=fix.user,
            )
            made, copied = True, copied + 1
        if made:
            replan(target)
    return copied
