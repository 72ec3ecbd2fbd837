"""What a sheet is: the overall classification, an interim one after a stage, or one stage's
classification; and the classification of the event it goes to.

The parser reads it from the sheet's titles (`Table.stage`, `Table.after_stage`); the
organiser may say otherwise in the upload form or on the preview. A stage's sheet goes to a
classification of its own beside the overall one (`ES3`, or `VHC ES3` beside `VHC`), an
interim sheet to the overall classification, which says after which stage its results stand
until a final sheet replaces them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from results.models import Classification, Event
from results.parsing.stage_titles import read_stage_title
from results.services.events import ensure_classification
from results.services.freshness import data_changed

OVERALL, AFTER, STAGE = "overall", "after", "stage"
KINDS = (OVERALL, AFTER, STAGE)


class BadScope(ValueError):
    """A stage or interim classification without a stage that names its number."""


@dataclass(frozen=True, slots=True)
class Scope:
    kind: str = OVERALL
    #: The stage as named (`ES3`), and its number; empty for an overall classification.
    stage: str = ""
    order: int | None = None
    #: Who said so: the sheet's title, or the organiser.
    by: str = "sheet"
    #: The classification the organiser asked for (`Général`, `VHC`): a stage's classification
    #: is named after it, an overall or interim sheet goes to it.
    base: str = Classification.DEFAULT_NAME

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "stage": self.stage, "order": self.order, "by": self.by,
                "base": self.base}  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Scope | None:
        if not data or data.get("kind") not in KINDS:
            return None
        return cls(
            kind=data["kind"],
            stage=str(data.get("stage") or ""),
            order=data.get("order"),
            by=str(data.get("by") or "sheet"),
            base=str(data.get("base") or Classification.DEFAULT_NAME),
        )


def base_name(classification: Classification) -> str:
    """The classification a stage's classification stands beside (`VHC` of `VHC ES3`), or the
    classification itself."""
    stage = classification.stage_name
    if not stage:
        return classification.name
    base = classification.name.removesuffix(stage).strip()
    return base or Classification.DEFAULT_NAME


def read_scope(sheet: dict[str, Any], *, base: str = Classification.DEFAULT_NAME) -> Scope:
    """What the sheet's titles say it is: the first table naming a stage decides."""
    for table in sheet.get("tables") or ():
        for kind, key in ((STAGE, "stage"), (AFTER, "after_stage")):
            ref = table.get(key)
            if ref:
                return Scope(kind, ref["name"], ref["order"], "sheet", base)
    return Scope(base=base)


def chosen_scope(kind: str, stage: str, *, base: str) -> Scope:
    """The organiser's choice: `stage` as typed (`ES3`, `Stage 3`, `3`). Raises `BadScope`
    for a stage or interim classification whose stage has no number."""
    if kind not in KINDS:
        raise BadScope(f"unknown kind of classification {kind!r}")
    if kind == OVERALL:
        return Scope(OVERALL, by="organiser", base=base)
    text = " ".join(stage.split())[:60]
    found = read_stage_title(text)
    if found is not None:
        name, order = found[1].name, found[1].order
    elif re.fullmatch(r"\d{1,2}", text) and int(text) > 0:
        name, order = f"ES{int(text)}", int(text)
    else:
        numbers = re.findall(r"\d+", text)
        if len(numbers) != 1 or not 0 < int(numbers[0]) < 100:
            raise BadScope(f"{text!r} names no stage number")
        name, order = text, int(numbers[0])
    return Scope(kind, name, order, "organiser", base)


def name_for(scope: Scope) -> str:
    """The name of the classification a sheet of this scope goes to: `ES3` beside Général,
    `VHC ES3` beside VHC; the base classification's own for an overall or interim sheet."""
    if scope.kind != STAGE:
        return scope.base
    if scope.base == Classification.DEFAULT_NAME:
        return scope.stage
    return f"{scope.base} {scope.stage}"


def classification_for(*, event: Event, scope: Scope) -> Classification:
    """The classification of `event` the sheet goes to, created if needed: the stage's own
    for a stage sheet, the base classification otherwise."""
    if scope.kind != STAGE:
        return ensure_classification(event=event, name=scope.base)
    classification = ensure_classification(event=event, name=name_for(scope))
    if (classification.stage_name, classification.stage_order) != (scope.stage, scope.order):
        Classification.objects.filter(pk=classification.pk).update(
            stage_name=scope.stage, stage_order=scope.order
        )
        classification.stage_name, classification.stage_order = scope.stage, scope.order
        data_changed(events=[event])
    return classification


def apply_scope(classification: Classification, scope_json: dict[str, Any]) -> bool:
    """Write what an applied import says of its classification: an overall one stands after
    a stage (interim) or not (final). True when it changed (the caller bumps the version)."""
    scope = Scope.from_json(scope_json)
    if scope is None or scope.kind == STAGE:
        return False
    after = scope.stage if scope.kind == AFTER else ""
    if classification.after_stage == after:
        return False  # the usual final sheet over final results: no query
    Classification.objects.filter(pk=classification.pk).update(after_stage=after)
    classification.after_stage = after
    return True
