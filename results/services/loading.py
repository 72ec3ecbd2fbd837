"""Importing whole files into events: what the commands call."""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from results.models import Classification, Event, ResultImport
from results.parsing import ParseError
from results.services.championship_presets import ensure_demo_championship
from results.services.errors import ImportRefused
from results.services.events import EventSpec, ensure_classification, ensure_event
from results.services.freshness import one_data_change
from results.services.importing import apply_import, parser_version, preview_import
from results.services.routing import preview_routed
from results.services.scoping import Scope


def import_file(
    *,
    spec: EventSpec,
    data: bytes,
    source_name: str,
    classification_name: str = Classification.DEFAULT_NAME,
    dry_run: bool = False,
    user=None,
    reason: str = "",
    scope: Scope | None = None,
) -> ResultImport:
    """Preview and apply a sheet into the spec's event, creating the event if needed.

    The sheet goes where the upload form sends it (`routing.preview_routed`): into
    `classification_name`, or, when its title says it is one stage's (`ES3`), into that
    stage's classification beside it; `scope` says otherwise (`scoping.chosen_scope`).

    All or nothing: a `ParseError` or `ImportRefused` leaves no trace, not even a new event.
    A dry run computes the same preview and then rolls everything back; the returned (unsaved
    from then on) ResultImport still carries the plan and counts. The import, event and
    classification included, ends with one `data_changed`, inside its transaction. `reason`
    says why published results change (required for official ones: `ReasonRequired`).
    """
    with transaction.atomic(), one_data_change():
        event = ensure_event(spec=spec)
        result_import = preview_routed(
            event=event,
            data=data,
            source_name=source_name,
            classification_name=classification_name,
            scope=scope,
            user=user,
        ).result_import
        if dry_run:
            transaction.set_rollback(True)
            return result_import
        return apply_import(result_import, reason=reason)


@dataclass(frozen=True, slots=True)
class SampleOutcome:
    file: str
    event: str
    result_import: ResultImport | None
    skipped: bool = False
    error: str | None = None


def load_samples(*, directory: Path) -> list[SampleOutcome]:
    """Import every sheet `index.json` lists as a demo event. Running it twice changes nothing.

    A sheet whose bytes are already applied to its classification is skipped; so is one the
    same parser version already failed on (its stored error is reported again).
    """
    index = json.loads((directory / "index.json").read_text(encoding="utf-8"))
    outcomes = []
    for item in index["samples"]:
        spec = EventSpec(
            name=item["name"],
            date=datetime.date.fromisoformat(item["date"]),
            place=item.get("place", ""),
            discipline=item.get("discipline", Event.Discipline.RALLY),
            slug=item.get("slug"),
        )
        data = (directory / item["file"]).read_bytes()
        outcomes.append(
            _load_one(
                spec=spec,
                data=data,
                file=item["file"],
                classification_name=item.get("classification", Classification.DEFAULT_NAME),
            )
        )
    # A demo championship over the sample rallies, so the demo shows a points table too.
    ensure_demo_championship(
        event_slugs=[
            item["slug"]
            for item in index["samples"]
            if item.get("discipline", Event.Discipline.RALLY) == Event.Discipline.RALLY
        ]
    )
    return outcomes


def unlisted_samples(*, directory: Path) -> list[str]:
    """Sheets in the directory that `index.json` does not describe."""
    index = json.loads((directory / "index.json").read_text(encoding="utf-8"))
    listed = {item["file"] for item in index["samples"]}
    return sorted(
        path.name
        for path in directory.iterdir()
        if path.is_file() and path.name != "index.json" and path.name not in listed
    )


def _load_one(
    *, spec: EventSpec, data: bytes, file: str, classification_name: str
) -> SampleOutcome:
    sha256 = hashlib.sha256(data).hexdigest()
    slug = spec.resolved_slug()
    earlier = ResultImport.objects.filter(
        classification__event__slug=slug,
        classification__name=classification_name,
        sha256=sha256,
    )
    done = earlier.filter(state=ResultImport.State.APPLIED).first()
    if done:
        return SampleOutcome(file=file, event=slug, result_import=done, skipped=True)
    failed = earlier.filter(state=ResultImport.State.FAILED, parser_version=parser_version())
    if failed := failed.first():
        return SampleOutcome(
            file=file, event=slug, result_import=failed, skipped=True, error=_describe(failed)
        )
    try:
        # One data version bump per sheet, for its event, classification and entries.
        with transaction.atomic(), one_data_change():
            event = ensure_event(spec=spec)
            classification = ensure_classification(event=event, name=classification_name)
            try:
                result_import = preview_import(
                    classification=classification, data=data, source_name=file
                )
            except ParseError as exc:
                # Keep the failed log row (and the demo event) so a rerun does not retry it.
                return SampleOutcome(
                    file=file, event=slug, result_import=exc.result_import, error=str(exc)
                )
            applied = apply_import(result_import)
    except ImportRefused as exc:
        # Rolled back whole, preview included: a rerun meets the same refusal, adding nothing.
        return SampleOutcome(file=file, event=slug, result_import=None, error=describe_refusal(exc))
    return SampleOutcome(file=file, event=slug, result_import=applied)


def describe_refusal(exc: ImportRefused) -> str:
    first = exc.problems[0] if exc.problems else None
    if first is None:
        return exc.reason
    where = f"line {first['line']}: " if first["line"] is not None else ""
    more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
    return f"{exc.reason}: {where}{first['reason']}{more}"


def _describe(result_import: ResultImport) -> str:
    error = result_import.error or {}
    where = f"line {error['line']}: " if error.get("line") is not None else ""
    return f"{where}{error.get('reason', 'failed')}"
