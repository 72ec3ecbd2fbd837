"""Importing a results sheet into a classification, in two steps.

`preview_import` parses the bytes and computes the plan (people matched, by alias or new; cars;
entries replaced) without writing anything but its ResultImport. `apply_import` recomputes the
plan if the database moved since the preview (`planning.still_holds`), refuses if the plan
changed, then writes it in one transaction.
Both take the organiser's choices of person for seats whose spelling several people share
(`results.services.choices`); the choices are part of the plan, so apply compares them too.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from importlib import metadata
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils import timezone

from results import parsing
from results.models import Classification, ResultImport
from results.parsing import Hints, ParseError
from results.services.choices import Choices, by_seat, check_choices
from results.services.decisions import correct
from results.services.errors import ImportRefused, StalePreview
from results.services.freshness import data_changed
from results.services.planning import plan_counts, plan_import, still_holds
from results.services.plans import ImportPlan, choices_to_json
from results.services.progress import phase
from results.services.resolving import plan_people
from results.services.revising import check_reason, record_import
from results.services.scoping import Scope, apply_scope, base_name, read_scope
from results.services.scrubbing import erased_scrubber, scrub_new_import
from results.services.snapshots import import_snapshots, stored_snapshots
from results.services.writing import write_plan

State = ResultImport.State


def parser_version() -> str:
    """The parser's own version if it declares one, else Podium's."""
    declared = getattr(parsing, "PARSER_VERSION", None)
    return str(declared) if declared else f"podium-{metadata.version('podium')}"


def preview_import(
    *,
    classification: Classification,
    data: bytes,
    source_name: str,
    hints: Hints | None = None,
    choices: Choices | None = None,
    user=None,
    raise_on_error: bool = True,
    scope: Scope | None = None,
) -> ResultImport:
    """Parse `data` and store what applying it would write, as a `previewed` ResultImport.

    `scope` is what the organiser says the sheet is (see `results.services.scoping`); without
    it, what the sheet's titles say.

    Writes that ResultImport and nothing else. `choices` (see `results.services.choices`) are
    stored with it; a choice that is not one of a flagged seat's candidates raises
    `InvalidChoice` and nothing is written. A sheet that cannot be read gives a `failed`
    ResultImport holding `ParseError.to_dict()` in `error` (code, line, page, reason, params);
    the `ParseError` is then re-raised with that import as its `result_import` attribute, or,
    with `raise_on_error=False`, the failed import is returned.

    A spelling an anonymisation erased (the sheet names an anonymised person) is kept nowhere:
    the sheet, issues, file and file name store the person's placeholder instead, as the
    anonymisation left the older imports, and the plan is made from that sheet, so the seat
    lands on the person under the placeholder.
    """
    result_import = ResultImport(
        classification=classification,
        user=user,
        source_name=source_name,
        sha256=hashlib.sha256(data).hexdigest(),
        source=data,
        hints=hints.to_dict() if hints else {},
        parser_version=parser_version(),
    )
    phase("reading")
    try:
        sheet = parsing.parse(data, filename=source_name, hints=hints)
    except ParseError as exc:
        result_import.state = State.FAILED
        result_import.error = exc.to_dict()
        result_import.save()
        if raise_on_error:
            exc.result_import = result_import
            raise
        return result_import

    phase("matching")
    sheet_dict = sheet.to_dict()
    # Who the sheet names comes first: the scrubber only runs for a sheet naming someone an
    # anonymisation erased, and the plan is then made once, from the scrubbed sheet.
    people = plan_people(sheet_dict["entries"])
    if any(item.erased for item in people[0]):
        scrubber = erased_scrubber(people[0])
        if scrubber is not None:
            sheet_dict = scrub_new_import(result_import, sheet=sheet_dict, scrubber=scrubber)
            # The spellings changed (placeholders now): whom they name is read again.
            people = plan_people(sheet_dict["entries"])
    phase("planning")
    plan = plan_import(
        classification=classification,
        entries=sheet_dict["entries"],
        choices=choices,
        people=people,
    )
    phase("saving")
    result_import.sheet = sheet_dict
    result_import.scope = (
        scope or read_scope(sheet_dict, base=base_name(classification))
    ).to_json()
    result_import.issues = sheet_dict["issues"]
    result_import.plan = plan.to_json()
    result_import.choices = choices_to_json(plan.choices)
    result_import.counts = plan_counts(plan)
    result_import.save()
    return result_import


def choose_people(result_import: ResultImport, choices: Choices) -> ResultImport:
    """Store these choices on a preview instead of its own: the plan changes on the flagged
    seats and nowhere else. Raises `InvalidChoice` for a choice that is not one of its seat's
    candidates, `ImportRefused` unless the import is a preview; nothing is written then.
    """
    plan = ImportPlan.from_json(result_import.plan)
    plan = plan.with_choices(check_choices(plan, result_import.sheet["entries"], choices))
    stored, stored_choices = plan.to_json(), choices_to_json(plan.choices)
    previews = ResultImport.objects.filter(pk=result_import.pk, state=State.PREVIEWED)
    if not previews.update(plan=stored, choices=stored_choices):
        raise ImportRefused("only a preview can change who its people are")
    result_import.plan, result_import.choices = stored, stored_choices
    return result_import


def apply_import(
    result_import: ResultImport, choices: Choices | None = None, *, reason: str = ""
) -> ResultImport:
    """Write exactly what the preview showed, replacing the classification's entries.

    Every apply writes a `Revision` of the classification: the first publication, or a
    re-import with what it changed from the entries it replaced and `reason`. Official results
    are replaced only with a reason (`ImportRefused` without one).

    `choices` (see `results.services.choices`), when given, replace the preview's own: they
    change who sits on flagged seats and nothing else of the stored plan, and are stored with
    the import as it is applied. Without them, the preview's choices hold.

    Applying an applied import returns it without writing. Raises `ImportRefused` for a failed
    or superseded import or a plan with problems, its `InvalidChoice` for a choice that is not
    one of a seat's candidates, `StalePreview` when people, cars or the classification changed
    since the preview, or the import itself since it was read (an anonymisation scrubbed it);
    in every refusal or failure, no table changes.

    Under the classification's lock, the import and the ones it supersedes are locked, by pk
    (as `anonymise_person` locks the imports it scrubs), and the import is read again: what is
    written comes from the copy checked above, so it must still be the stored one.
    """
    state = ResultImport.objects.filter(pk=result_import.pk).values_list("state", flat=True).get()
    if state == State.APPLIED:
        result_import.refresh_from_db(fields=["state", "applied_at"])
        return result_import
    if state != State.PREVIEWED:
        raise ImportRefused(f"this import is {state}; only a previewed import can be applied")
    phase("checking")
    plan = ImportPlan.from_json(result_import.plan)
    entries = result_import.sheet["entries"]
    if choices is not None:
        # Checked against the stored plan, whose candidates the organiser was shown; the rest
        # of that plan stays as previewed, so a database that moved is still caught below.
        plan = plan.with_choices(check_choices(plan, entries, choices))
    if plan.problems:
        raise ImportRefused(
            "the sheet has problems to fix first", problems=[p.to_json() for p in plan.problems]
        )
    if not connection.features.can_return_rows_from_bulk_insert:
        raise ImportRefused("this database does not return ids from bulk inserts")

    classification = result_import.classification
    check_reason(classification, reason, replaces=plan.replaces.entries)
    # The classification's decisions, applied to the sheet: the plan compares them too.
    corrected = correct(classification, entries, result_import=result_import.pk)
    if not still_holds(plan, classification=classification, corrected=corrected):
        recomputed = plan_import(
            classification=classification,
            entries=entries,
            choices=by_seat(plan.choices),
            corrected=corrected,
        )
        # Its own marks are newer: what it planned is what must be the same.
        if replace(recomputed, read=plan.read) != plan:
            raise StalePreview("people, cars or entries changed since the preview: preview again")

    phase("writing")
    with transaction.atomic():
        # Made official since it was read: the reason is asked under the lock too.
        check_reason(
            Classification.objects.select_for_update().filter(pk=classification.pk).get(),
            reason,
            replaces=plan.replaces.entries,
        )
        applied = ResultImport.objects.applied_to(classification).order_by("pk")
        # The applied ones by their columns, not `pk IN (subquery)`: an OR with a subquery
        # reads every import of the archive (70 ms over 50,000), this one two index entries.
        written = ResultImport.objects.filter(
            Q(pk=result_import.pk) | Q(classification=classification, state=State.APPLIED)
        )
        list(written.select_for_update().order_by("pk").values_list("pk", flat=True))
        locked = ResultImport.objects.filter(pk=result_import.pk)
        stored = locked.values("state", "sheet", "plan", "issues").get()
        if stored.pop("state") == State.APPLIED:
            result_import.refresh_from_db(fields=["state", "applied_at"])
            return result_import
        # What is written comes from the copy read before the lock; an anonymisation may have
        # scrubbed the stored one since, which must not get the name back.
        current = {field: getattr(result_import, field) for field in stored}
        # Equal as they are in the usual case (read from the database, or made JSON-ready by
        # the preview); through JSON only when not, as tuples and lists differ in Python.
        if stored != current and stored != _as_stored(current):
            raise StalePreview(
                "this import changed since it was read (a person it names was anonymised): "
                "preview again"
            )
        # Another import may have landed between the check above and the lock.
        if tuple(applied.values_list("pk", flat=True)) != plan.replaces.imports:
            raise StalePreview("another import was applied meanwhile: preview again")

        before = stored_snapshots(classification)
        try:
            people = write_plan(
                result_import=result_import,
                classification=classification,
                entries=corrected.entries,
                plan=plan,
                raw=entries,
            )
        except IntegrityError:
            # A person or car of the plan was merged away between the check and the lock:
            # the transaction rolls back whole, and the organiser previews again.
            raise StalePreview(
                "people or cars changed while this import was written: preview again"
            ) from None
        applied.update(state=State.SUPERSEDED)
        # Interim (after a stage) or final: the overall classification says which.
        apply_scope(classification, result_import.scope)
        now = timezone.now()
        chose: dict[str, Any] = {}
        if choices is not None:
            chose = {"plan": plan.to_json(), "choices": choices_to_json(plan.choices)}
        locked.update(state=State.APPLIED, applied_at=now, **chose)
        record_import(
            classification=classification,
            result_import=result_import,
            before=before,
            # A first publication lists no changes: nothing to compare its rows with.
            after=import_snapshots(result_import, entries=corrected.entries, plan=plan)
            if before
            else [],
            reason=reason,
        )
        data_changed(events=[classification.event_id], seated=people)

    result_import.state, result_import.applied_at = State.APPLIED, now
    for field, value in chose.items():
        setattr(result_import, field, value)
    return result_import


def _as_stored(value: Any) -> Any:
    """The value as a JSON field gives it back (tuples as lists), to compare with a stored one."""
    return json.loads(json.dumps(value))
