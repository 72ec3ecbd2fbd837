"""Provisional → official, and the revisions of a classification's published results.

Every apply writes a `Revision` (the first publication, or a re-import with what it changed);
`make_official` writes one too. Replacing official results needs a reason (`apply_import`
refuses without one): the revision keeps it, and the public page lists it for fans.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from results import access
from results.models import Classification, ResultImport, Revision
from results.services.diffing import EntrySnapshot, diff_versions
from results.services.errors import ImportRefused, ReasonRequired
from results.services.freshness import data_changed

Kind = Revision.Kind
State = Classification.State

OFFICIAL_NEEDS_REASON = "these results are official: replacing them needs a reason"


def check_reason(classification: Classification, reason: str, *, replaces: int) -> None:
    """Raises `ReasonRequired` when official results (`replaces` entries of them) would be
    replaced without a reason."""
    if classification.state == State.OFFICIAL and replaces and not reason.strip():
        raise ReasonRequired(OFFICIAL_NEEDS_REASON)


def record_import(
    *,
    classification: Classification,
    result_import: ResultImport,
    before: Sequence[EntrySnapshot],
    after: Sequence[EntrySnapshot],
    reason: str = "",
) -> Revision:
    """The revision an apply makes, inside its transaction: what changed from `before` (the
    entries it replaced) to `after` (what it writes). The first publication lists no
    changes."""
    if not before:
        return Revision.objects.create(
            classification=classification,
            kind=Kind.PUBLISHED,
            user=result_import.user,
            reason=reason.strip(),
            result_import=result_import,
        )
    diff = diff_versions(before, after)
    return Revision.objects.create(
        classification=classification,
        kind=Kind.REVISED,
        user=result_import.user,
        reason=reason.strip(),
        result_import=result_import,
        changes=diff.to_json(),
    )


def make_official(*, classification: Classification, user, reason: str = "") -> Classification:
    """Make the classification's results official (who, when), as a revision of its own.

    Raises `AccessDenied` unless the user may upload to the event, `ImportRefused` for a
    classification without results or already official; nothing is written then.
    """
    access.check_upload_to(user, classification.event)
    with transaction.atomic():
        locked = Classification.objects.select_for_update().get(pk=classification.pk)
        if locked.state == State.OFFICIAL:
            raise ImportRefused("these results are already official")
        if not locked.entries.exists():
            raise ImportRefused("there are no results to make official")
        now = timezone.now()
        Classification.objects.filter(pk=locked.pk).update(
            state=State.OFFICIAL, official_at=now, official_by=user
        )
        Revision.objects.create(
            classification=locked, kind=Kind.OFFICIAL, user=user, reason=reason.strip()
        )
        data_changed(events=[locked.event_id])
    classification.state, classification.official_at, classification.official_by = (
        State.OFFICIAL, now, user,
    )  # fmt: skip
    return classification
