"""Decisions on entries: recorded, retired, and applied to every reading of the sheet.

The published classification is the applied import's sheet with the active decisions applied
(`results.services.deciding` says how). Recording or retiring a decision publishes the
classification again from that same import, in one transaction: crews behind move up, class
positions and gaps are recomputed, a `Revision` keeps the reason and what changed, and
`data_changed` recomputes the championships concerned. A re-import goes through the same layer
(`plan_import` applies the decisions), so decisions survive it, flagged on their rows. Values
an organiser fixes on a preview's row are decisions of that same layer (`cell_fixes`).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from results import access
from results.models import Classification, Decision, Entry, ResultImport, Revision
from results.parsing.fields import format_ms
from results.services.deciding import (
    FIELD,
    DecisionRule,
    apply_decisions,
)
from results.services.errors import ImportRefused
from results.services.plans import PlanWarning

Kind = Decision.Kind

# What each flag says on its row (the organiser's words; `issue_words` translates them).
_REASONS = {
    "decision-applied": "decision applied: {label}",
    "decision-included": "the sheet already includes this decision ({label}): retire it",
    "decision-contradicted": "the sheet contradicts this decision ({label}): check it",
    "decision-missing": "the crew of this decision is not in the sheet ({label})",
    "fix-applied": "{label}",
}
_LEVELS = {"decision-applied": "info", "fix-applied": "info"}


class DecisionRefused(ImportRefused):
    """The decision cannot be recorded or retired as asked; nothing was written."""


@dataclass(frozen=True, slots=True)
class Corrections:
    """`deciding.Corrected` with its flags as plan warnings."""

    entries: list[dict[str, Any]]
    applied: tuple[int, ...]
    order: tuple[int, ...] | None
    warnings: tuple[PlanWarning, ...]


def rule_of(decision: Decision) -> DecisionRule:
    return DecisionRule(
        id=decision.pk,
        kind=decision.kind,
        number=decision.number or None,
        crew=tuple(decision.crew),
        value=decision.value,
        base=decision.base,
        field=decision.field,
        fixed=decision.fixed,
    )


def correct(
    classification: Classification,
    entries: Sequence[Mapping[str, Any]],
    decisions: Sequence[Decision] | None = None,
    *,
    result_import: int | None = None,
) -> Corrections:
    """The sheet's records with the classification's active corrections applied (the
    decisions, the values fixed on published imports and on import `result_import`): one
    query."""
    if decisions is None:
        found = Decision.objects.filter(classification=classification)
        decisions = list(found.active(result_import))
    by_id = {decision.pk: decision for decision in decisions}
    done = apply_decisions(entries, [rule_of(decision) for decision in decisions])
    warnings = tuple(
        PlanWarning(
            line=flag.line,
            code=flag.code,
            people=(),
            reason=_REASONS[flag.code].format(label=describe(by_id[flag.decision])),
            level=_LEVELS.get(flag.code, "warning"),
        )
        for flag in done.flags
    )
    return Corrections(done.entries, done.applied, done.order, warnings)


def describe(decision: Decision) -> str:
    """`Time penalty +10 s, #12 Jean DUPONT (n° 4)` (the kind in the page's language): the
    decision in a warning;
    `DUPONT → DUPOND (#12 …)` for a value fixed in the preview (no words to translate)."""
    if decision.kind == Kind.CELL_FIX:
        before, after = (value_text(decision.field, v) for v in (decision.base, decision.fixed))
        return f"{before} → {after} ({decision.crew_label})"
    what = str(decision.get_kind_display())
    if decision.kind == Kind.TIME_PENALTY and decision.value is not None:
        what += f" +{decision.value / 1000:g} s"
    elif decision.kind == Kind.POSITION_CHANGE and decision.value is not None:
        what += f" → {decision.value}"
    reference = f" ({decision.reference})" if decision.reference else ""
    return f"{what}, {decision.crew_label}{reference}"


def value_text(field: str, value: Any) -> str:
    """A value read or fixed, as the organiser typed it: a time as `5:09.0`, nothing as `—`."""
    if field == "time_ms" and isinstance(value, int):
        return format_ms(value, decimals=1)
    return "—" if value is None or value == "" else str(value)


def record_decision(
    *,
    entry: Entry,
    kind: str,
    reason: str,
    decided_on: datetime.date,
    user,
    value: int | None = None,
    reference: str = "",
) -> Decision:
    """Record a decision on a published entry and publish its classification again with it.

    Raises `AccessDenied` unless the user may upload to the event, `DecisionRefused` for a
    decision without a reason, a value it needs, or with nothing to change; nothing is written
    then.
    """
    classification = entry.classification
    access.check_upload_to(user, classification.event)
    if kind not in Kind.values:
        raise DecisionRefused(f"unknown kind of decision {kind!r}")
    if not reason.strip():
        raise DecisionRefused("a decision needs its reason")
    needs_value = kind in (Kind.TIME_PENALTY, Kind.TIME_CORRECTION, Kind.POSITION_CHANGE)
    if needs_value and value is None:
        raise DecisionRefused("this decision needs a value (a time or a position)")
    if kind == Kind.POSITION_CHANGE and value is not None and value < 1:
        raise DecisionRefused("a position starts at 1")
    base = getattr(entry, FIELD[kind])
    if (kind, base) in ((Kind.EXCLUSION, Entry.Status.DSQ), (Kind.REINSTATEMENT, "classified")):
        raise DecisionRefused("this crew's status is already what the decision says")
    if kind in (Kind.TIME_PENALTY, Kind.TIME_CORRECTION) and base is None:
        raise DecisionRefused("this crew has no time to change")
    crew = list(entry.crew.order_by("seat").values_list("first_name", "surname"))
    with transaction.atomic():
        decision = Decision.objects.create(
            classification=classification,
            kind=kind,
            number="" if entry.number is None else str(entry.number),
            crew=[" ".join(part for part in names if part) for names in crew],
            value=value,
            base=base,
            reason=reason.strip(),
            reference=reference.strip(),
            decided_on=decided_on,
            user=user,
        )
        republish(classification, user=user, reason=_revision_reason(decision))
    return decision


def retire_decision(*, decision: Decision, user) -> Decision:
    """Stop applying a decision (the sheet now includes it, or it was undone on appeal) and
    publish the classification again without it."""
    classification = decision.classification
    access.check_upload_to(user, classification.event)
    with transaction.atomic():
        retired = Decision.objects.filter(pk=decision.pk, retired_at__isnull=True).update(
            retired_at=timezone.now(), retired_by=user
        )
        if not retired:
            raise DecisionRefused("this decision is already retired")
        republish(classification, user=user, reason=_revision_reason(decision, retired=True))
    decision.refresh_from_db()
    return decision


def _revision_reason(decision: Decision, *, retired: bool = False) -> str:
    reference = f" ({decision.reference})" if decision.reference else ""
    text = f"{decision.reason}{reference}"
    # The reason is the staff's own words; the mark that it was withdrawn is in their language.
    return _("%(reason)s — withdrawn") % {"reason": text} if retired else text


def republish(classification: Classification, *, user, reason: str) -> Revision | None:
    """Write the classification's entries again from its applied import with the active
    decisions: called inside the caller's transaction. None when nothing is published."""
    # Imported here: the import service imports this module (through planning).
    from results.services.choices import by_seat
    from results.services.diffing import diff_versions
    from results.services.freshness import data_changed
    from results.services.planning import plan_import
    from results.services.plans import choices_from_json
    from results.services.snapshots import import_snapshots, stored_snapshots
    from results.services.writing import write_plan

    Classification.objects.select_for_update().filter(pk=classification.pk).get()
    applied = ResultImport.objects.applied_to(classification).order_by("-pk").first()
    if applied is None or not applied.sheet:
        return None
    entries = applied.sheet["entries"]
    corrected = correct(classification, entries)
    plan = plan_import(
        classification=classification,
        entries=entries,
        choices=by_seat(choices_from_json(applied.choices)),
        corrected=corrected,
    )
    if plan.problems:
        raise DecisionRefused("the published sheet has problems: import it again first")
    before = stored_snapshots(classification)
    people = write_plan(
        result_import=applied,
        classification=classification,
        entries=corrected.entries,
        plan=plan,
        raw=entries,
    )
    after = import_snapshots(applied, entries=corrected.entries, plan=plan)
    revision = Revision.objects.create(
        classification=classification,
        kind=Revision.Kind.DECISION,
        user=user,
        reason=reason,
        result_import=applied,
        changes=diff_versions(before, after).to_json(),
    )
    data_changed(events=[classification.event_id], seated=people)
    return revision
