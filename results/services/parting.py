"""One upload, several classifications: each table of the file published where the organiser
says, or left out.

An upload's preview (the *lead*) reads the whole file; `targets` (`{table: classification
name, or "" to leave it out}`, stored on the lead) sends each table of the file (a sheet, an
HTML table, a category block) into a classification of the event, the upload's own by
default. The lead keeps the tables of one classification (its own when any table goes there);
each other classification gets a *part*: a preview of the same file, holding its tables only,
with `lead` pointing to the lead. Every import keeps the whole file's `tables` (so the preview
offers each table's menus), and only its own tables' entries and issues, so each plan, apply,
revision and history is the one classification's, as for a file of one table.

Confirming the lead applies the lead and its parts in one transaction (`confirm_all`): all of
them are published, or none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from results.models import Classification, ResultImport
from results.services.choices import Choices
from results.services.errors import ImportRefused
from results.services.events import ensure_classification
from results.services.planning import plan_counts, plan_import
from results.services.plans import choices_to_json

Targets = dict[int, str]


class NothingToPublish(ImportRefused):
    """Every table was left out: there would be nothing to publish."""


def table_indexes(sheet: Mapping[str, Any] | None) -> list[int]:
    """The indexes of the file's tables, in its order (one table, 0, for an older sheet)."""
    tables = (sheet or {}).get("tables") or [{"table": 0}]
    return [int(table["table"]) for table in tables]


def targets_of(result_import: ResultImport) -> Targets:
    """Where each table of the upload goes: the stored choice, else the lead's classification
    (a part answers for its lead)."""
    lead = result_import.lead if result_import.lead_id else result_import
    stored = {int(t): str(name) for t, name in (lead.targets or {}).items()}
    default = lead.classification.name
    return {t: stored.get(t, default) for t in table_indexes(lead.sheet)}


def targets_to_json(targets: Mapping[int, str]) -> dict[str, str]:
    return {str(t): name for t, name in sorted(targets.items())}


def held_tables(result_import: ResultImport) -> set[int]:
    """The tables whose entries this import holds."""
    return {int(entry.get("table") or 0) for entry in (result_import.sheet or {})["entries"]}


def restricted(sheet: Mapping[str, Any], tables: set[int]) -> dict[str, Any]:
    """The sheet with the entries of `tables` only, and the issues of their lines (or of no
    line); every table's columns stay."""
    entries = [e for e in sheet["entries"] if int(e.get("table") or 0) in tables]
    dropped = {e["line"] for e in sheet["entries"] if int(e.get("table") or 0) not in tables}
    dropped |= {
        t.get("line") for t in sheet.get("tables") or () if int(t["table"]) not in tables
    } - {None}
    issues = [i for i in sheet.get("issues") or () if i.get("line") not in dropped]
    return {**sheet, "entries": entries, "issues": issues}


def split(result_import: ResultImport, targets: Mapping[int, str]) -> ResultImport:
    """Send the tables of a fresh reading (holding every table of the file) where `targets`
    says: the import keeps one classification's tables and a part is made for each other.
    Returns the lead. Raises `NothingToPublish` when every table is left out."""
    tables = table_indexes(result_import.sheet)
    names = {t: (targets.get(t, result_import.classification.name) or "").strip() for t in tables}
    if not any(names.values()):
        raise NothingToPublish("every table is left out: choose at least one to publish")
    event = result_import.classification.event
    # Two names of one classification (`VHC`, `vhc`) are one classification: grouped by it.
    # In the tables' order: a new classification takes the name its first table gives.
    wanted = dict.fromkeys(name for name in names.values() if name)
    found = {name: ensure_classification(event=event, name=name) for name in wanted}
    groups: dict[int, set[int]] = {}
    into: dict[int, Classification] = {}
    for table in tables:
        if names[table]:
            classification = found[names[table]]
            groups.setdefault(classification.pk, set()).add(table)
            into[classification.pk] = classification
    own = result_import.classification_id
    lead_pk = own if own in groups else next(iter(groups))
    # Every table into the reading's own classification is no choice to remember.
    trivial = set(groups) == {own} and groups[own] == set(tables)
    stored: dict[str, Any] = {"targets": {} if trivial else targets_to_json(names)}
    full = result_import.sheet
    if not trivial:
        _restrict(result_import, into[lead_pk], full, groups[lead_pk])
        stored.update(
            classification=into[lead_pk],
            sheet=result_import.sheet,
            issues=result_import.issues,
            plan=result_import.plan,
            choices=result_import.choices,
            counts=result_import.counts,
        )
    ResultImport.objects.filter(pk=result_import.pk).update(**stored)
    result_import.targets = stored["targets"]
    for pk, held in groups.items():
        if pk != lead_pk:
            part = ResultImport(
                classification=into[pk],
                lead=result_import,
                user=result_import.user,
                source_name=result_import.source_name,
                sha256=result_import.sha256,
                source=result_import.source,
                hints=result_import.hints,
                parser_version=result_import.parser_version,
            )
            _restrict(part, into[pk], full, held)
            part.save()
    return result_import


def _restrict(
    result_import: ResultImport,
    classification: Classification,
    sheet: Mapping[str, Any],
    tables: set[int],
) -> None:
    """Hold these tables' entries only, planned for `classification` (not saved)."""
    result_import.classification = classification
    result_import.sheet = restricted(sheet, tables)
    result_import.issues = result_import.sheet["issues"]
    plan = plan_import(classification=classification, entries=result_import.sheet["entries"])
    result_import.plan = plan.to_json()
    result_import.choices = choices_to_json(plan.choices)
    result_import.counts = plan_counts(plan)


def classification_names(result_import: ResultImport) -> list[str]:
    """The names of the event's classifications: what a table may be sent into."""
    event = result_import.classification.event
    return list(event.classifications.order_by("pk").values_list("name", flat=True))


def parts_of(result_import: ResultImport) -> list[ResultImport]:
    """The lead's parts, in the order of their tables, with their classifications."""
    return list(result_import.parts.select_related("classification").order_by("pk"))


def supersede_parts(result_import: ResultImport) -> None:
    """A lead read again: its parts are read again with it (kept, never applied)."""
    ResultImport.objects.filter(lead=result_import, state=ResultImport.State.PREVIEWED).update(
        state=ResultImport.State.SUPERSEDED
    )


def apply_parts(
    result_import: ResultImport,
    *,
    reason: str = "",
    choices: Mapping[int, Choices | None] | None = None,
) -> list[ResultImport]:
    """Apply the lead's parts, inside the caller's transaction (the lead's apply), each with
    its choices of person (`choices`, by part pk; the part's own when absent)."""
    from results.services.importing import apply_import

    applied = []
    with transaction.atomic():
        for part in parts_of(result_import):
            chosen = (choices or {}).get(part.pk)
            applied.append(apply_import(part, chosen, reason=reason))
    return applied
