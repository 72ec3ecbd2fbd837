"""Organisers' uploads: the steps of an upload.

Every step goes through the import service (`preview_import`, `apply_import`), the same code
path as the command line. Who may upload to which event is `results.access`'s to say:
`start_upload` refuses an event outside the user's reach with `AccessDenied`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction

from results.access import check_upload_to
from results.models import Classification, Event, ResultImport
from results.parsing import Hints, ParseError
from results.services.anonymising import SOURCE_REMOVED
from results.services.cell_fixes import carry_fixes, offer_fixes
from results.services.choices import Choices, by_seat, still_valid
from results.services.freshness import data_changed
from results.services.importing import apply_import, choose_people, preview_import
from results.services.new_events import NewEvent, create_event
from results.services.parting import (
    Targets,
    apply_parts,
    held_tables,
    parts_of,
    split,
    supersede_parts,
    table_indexes,
    targets_of,
)
from results.services.plans import ImportPlan, choices_from_json
from results.services.remembering import fixes_for, remembered_choices
from results.services.routing import preview_routed
from results.services.scoping import Scope, classification_for

State = ResultImport.State
#: An earlier import that can be applied again to restore its version of the results.
REAPPLICABLE = (State.APPLIED, State.SUPERSEDED)


class UnreadableSheet(ParseError):
    """The sheet could not be read; nothing was written but, maybe, a failed import."""


# The steps -----------------------------------------------------------------------------------


def start_upload(
    *,
    user,
    data: bytes,
    source_name: str,
    classification_name: str = Classification.DEFAULT_NAME,
    event: Event | None = None,
    new_event: NewEvent | None = None,
    scope: Scope | None = None,
) -> ResultImport:
    """Preview a sheet for an event, existing or created here. Returns the previewed import.

    `scope` is what the organiser says the sheet is (`scoping.chosen_scope`); without it, what
    its titles say: one stage's sheet then goes to that stage's classification, beside the
    classification named (`classification_name`, the overall one by default).

    Raises `UnreadableSheet` when the sheet cannot be read: a new event or classification is
    then rolled back with it, while a failed import of an existing classification is kept in
    its history. Raises `AccessDenied` for an event the user may not upload to.
    """
    if (event is None) == (new_event is None):
        raise ValueError("give either an existing event or a new one")
    if event is not None:
        check_upload_to(user, event)
    failed = None
    with transaction.atomic():
        if event is None:
            event = create_event(new=new_event)
        routed = preview_routed(
            event=event,
            data=data,
            source_name=source_name,
            classification_name=classification_name,
            scope=scope,
            user=user,
            raise_on_error=False,
        )
        result_import, existed = routed.result_import, routed.existed
        if result_import.state == State.FAILED:
            failed = result_import
            if new_event is not None or not existed:
                transaction.set_rollback(True)
        else:
            result_import = _with_remembered_fixes(result_import, user=user)
            # Who a shared spelling is, chosen at this event before (any of its tables).
            result_import = _with_choices_all(result_import)
    if failed is not None:
        raise _unreadable(failed)
    return result_import


def _read_again(
    result_import: ResultImport,
    hints: Hints,
    *,
    user,
    classification: Classification | None = None,
    scope: Scope | None = None,
) -> ResultImport:
    """A new preview of the import's stored bytes with `hints` (FAILED rather than raising),
    of the same classification and what the organiser said the sheet is, unless given."""
    if scope is None:
        said = Scope.from_json(result_import.scope)
        scope = said if said is not None and said.by == "organiser" else None
    return preview_import(
        classification=classification or result_import.classification,
        data=bytes(result_import.source),
        source_name=result_import.source_name,
        hints=hints,
        user=user,
        raise_on_error=False,
        scope=scope,
    )


def rescope(*, result_import: ResultImport, scope: Scope, user) -> ResultImport:
    """The preview as what the organiser says the sheet is. Overall or interim of the same
    classification: the same preview, saying so. Another classification (a stage's own, or
    back to the overall one): a new preview of it, the old one kept as superseded (as
    `reparse` keeps it), leading to the new one. Raises `UnreadableSheet` as `reparse`.
    """
    _require(result_import, State.PREVIEWED, "only a preview can say what its sheet is")
    if result_import.source_removed:
        raise UnreadableSheet(SOURCE_REMOVED, code="source-removed")
    failed = None
    with transaction.atomic():
        target = classification_for(event=result_import.classification.event, scope=scope)
        if target.pk == result_import.classification_id:
            result_import.scope = scope.to_json()
            ResultImport.objects.filter(pk=result_import.pk).update(scope=result_import.scope)
            return result_import
        fresh = _read_again(
            result_import,
            Hints.from_dict(result_import.hints),
            user=user,
            classification=target,
            scope=scope,
        )
        if fresh.state == State.FAILED:
            failed = fresh
            transaction.set_rollback(True)
        else:
            ResultImport.objects.filter(pk=result_import.pk, state=State.PREVIEWED).update(
                state=State.SUPERSEDED
            )
            fresh = with_remembered_choices(fresh)
    if failed is not None:
        raise _unreadable(failed)
    return fresh


def reparse(
    *, result_import: ResultImport, hints: Hints, user, targets: Targets | None = None
) -> ResultImport:
    """Read the stored bytes again with the person's hints, each table sent where `targets`
    says (see `results.services.parting`; the preview's own choice when None): a new preview
    replaces the old, which stays as `superseded` (never applied), with its parts, so that its
    page can lead to the new one. The values fixed on the old one hold on the new one.

    On `UnreadableSheet` (the hints made the sheet unreadable) or `NothingToPublish` (every
    table left out) the old preview stays.
    """
    _require(result_import, State.PREVIEWED, "only a preview can be read again")
    if result_import.source_removed:
        raise UnreadableSheet(SOURCE_REMOVED, code="source-removed")
    # Read without the profile ("forget": no hints, every table home): what it offered goes.
    forget = targets == {} and hints == Hints()
    if targets is None:
        targets = targets_of(result_import)
    old = [result_import, *parts_of(result_import)]
    failed = None
    with transaction.atomic():
        fresh = _read_again(result_import, hints, user=user)
        if fresh.state == State.FAILED:
            failed = fresh
            transaction.set_rollback(True)
        else:
            fresh = split(fresh, targets)
            # Kept, not deleted, so its address (the browser's back button) leads to the new
            # reading; superseded without an `applied_at`, it is no version to restore.
            ResultImport.objects.filter(pk=result_import.pk, state=State.PREVIEWED).update(
                state=State.SUPERSEDED
            )
            supersede_parts(result_import)
            # The values fixed on the preview hold on its new reading.
            carry_fixes(old, [fresh, *parts_of(fresh)], offered=not forget)
            fresh = _with_choices_all(fresh)
    if failed is not None:
        raise _unreadable(failed)
    return fresh


def _with_remembered_fixes(result_import: ResultImport, *, user) -> ResultImport:
    """The preview read again with the reading profile last published for its layout in the
    club (its hints, its tables sent where they went), if any and if it still reads; the
    plain reading otherwise."""
    profile = fixes_for(classification=result_import.classification, sheet=result_import.sheet)
    if profile is None:
        return result_import
    if profile.hints == Hints() and not profile.targets:
        # Values fixed alone: this reading is the one, with them where they still apply.
        offer_fixes(profile.source, [result_import])
        return result_import
    fixed = _read_again(result_import, profile.hints, user=user)
    failed = fixed.state == State.FAILED
    if not failed:
        targets = {int(t): name for t, name in profile.targets.items()}
        fixed = split(fixed, targets)
        # The values fixed on that upload, where they still apply (another classification).
        offer_fixes(profile.source, [fixed, *parts_of(fixed)])
    kept, dropped = (result_import, fixed) if failed else (fixed, result_import)
    ResultImport.objects.filter(pk=dropped.pk).delete()
    return kept


def _with_choices_all(result_import: ResultImport) -> ResultImport:
    """The lead and its parts with the choices of person remembered for them."""
    for part in parts_of(result_import):
        with_remembered_choices(part)
    result_import.refresh_from_db()
    return with_remembered_choices(result_import)


def with_remembered_choices(result_import: ResultImport) -> ResultImport:
    """The preview with the choices of person remembered for its flagged seats (see
    `remembering.remembered_choices`), its own choices kept where it has some."""
    remembered = remembered_choices(result_import)
    own = by_seat(choices_from_json(result_import.choices))
    if not remembered or remembered.keys() <= own.keys():
        return result_import
    return choose_people(result_import, {**remembered, **own})


@dataclass(frozen=True, slots=True)
class Confirmation:
    result_import: ResultImport
    already_applied: bool
    published: bool


def confirm(
    *,
    result_import: ResultImport,
    choices: Choices | None = None,
    reason: str = "",
    parts: Mapping[int, Choices | None] | None = None,
) -> Confirmation:
    """Apply a preview. A second confirm of the same preview writes nothing and says so.

    `choices`, when given, replace the preview's choices of person for flagged seats (see
    `apply_import`). Raises `ImportRefused` (or its `StalePreview`, `InvalidChoice`) from the
    import service, with nothing written. The event's first applied import publishes it, as
    the organiser expects to see the results online. `reason` says why published results
    change (required when they are official: `ReasonRequired`). The tables sent into other
    classifications are applied with it, each with its choices in `parts` (by part pk).
    """
    state = ResultImport.objects.filter(pk=result_import.pk).values_list("state", flat=True).get()
    if state == State.APPLIED:
        result_import.refresh_from_db()
        return Confirmation(result_import, already_applied=True, published=False)
    event = result_import.classification.event
    first = not ResultImport.objects.filter(
        classification__event=event, state__in=REAPPLICABLE, applied_at__isnull=False
    ).exists()
    published = False
    # Results and publication land together: a crash between them cannot leave an event
    # with its first results applied but never published. The tables sent into other
    # classifications (the parts) land with them, or none does.
    with transaction.atomic():
        applied = apply_import(result_import, choices, reason=reason)
        apply_parts(result_import, reason=reason, choices=parts)
        if first and not event.published:
            published = bool(
                Event.objects.filter(pk=event.pk, published=False).update(published=True)
            )
            if published:
                data_changed(events=[event], publication=[event])
    return Confirmation(applied, already_applied=False, published=published)


def discard(*, result_import: ResultImport) -> None:
    """Cancel a preview: its row goes. Applied and failed imports stay in the history.

    No data version bump: a preview is not part of the results anyone reads.
    """
    _require(result_import, State.PREVIEWED, "only a preview can be cancelled")
    ResultImport.objects.filter(pk=result_import.pk, state=State.PREVIEWED).delete()


def reapply(*, result_import: ResultImport, user) -> ResultImport:
    """Preview an earlier applied import again, from its stored bytes, hints and choices.

    Confirming that preview restores that version of the results (a roll-back). A choice of
    person that no longer holds (the person merged away, the spelling now settled by an alias)
    is left out: that seat shows its candidates, or none, on the new preview.
    """
    if result_import.state not in REAPPLICABLE or result_import.applied_at is None:
        raise ValueError("only an import that was applied can be applied again")
    if result_import.source_removed:
        raise UnreadableSheet(SOURCE_REMOVED, code="source-removed")
    with transaction.atomic():
        fresh = _read_again(result_import, Hints.from_dict(result_import.hints), user=user)
        if fresh.state != State.FAILED:
            # Only the tables that version held, into its own classification.
            held, name = held_tables(result_import), result_import.classification.name
            fresh = split(fresh, {t: name if t in held else "" for t in table_indexes(fresh.sheet)})
            plan = ImportPlan.from_json(fresh.plan)
            earlier = choices_from_json(result_import.choices)
            kept = still_valid(plan, fresh.sheet["entries"], earlier)
            if kept:
                fresh = choose_people(fresh, by_seat(kept))
    if fresh.state == State.FAILED:
        # A newer parser can no longer read it: keep the log row, say why.
        raise _unreadable(fresh)
    return fresh


def _require(result_import: ResultImport, state: str, message: str) -> None:
    current = ResultImport.objects.filter(pk=result_import.pk).values_list("state", flat=True)
    if current.first() != state:
        raise ValueError(message)


def _unreadable(failed: ResultImport) -> UnreadableSheet:
    error = failed.error or {}
    return UnreadableSheet(
        error.get("reason") or "unreadable",
        code=error.get("code") or "file-unreadable",
        line=error.get("line"),
        page=error.get("page"),
        params=error.get("params"),
    )
