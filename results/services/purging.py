"""Deleting previews nobody confirmed: they hold the source bytes, which add up."""

from __future__ import annotations

import datetime

from django.db.models import Exists, OuterRef
from django.utils import timezone

from results.models import ImportJob, ResultImport


def purge_previews(*, older_than: datetime.timedelta, now: datetime.datetime | None = None) -> int:
    """Delete the `previewed` imports created before `now - older_than`, and the previews
    read again since (superseded, never applied) whose newest reading is not a preview kept;
    returns how many.

    Applied, superseded and failed imports are the history and stay. No data version bump:
    previews are not part of the results anyone reads.
    """
    cutoff = (now or timezone.now()) - older_than
    previews = ResultImport.objects.filter(state=ResultImport.State.PREVIEWED)
    # A preview read again keeps its address (it leads to its newest reading) as long as that
    # reading is a preview kept: it goes with it, not before.
    newer_kept = previews.filter(
        classification__event_id=OuterRef("classification__event_id"),
        sha256=OuterRef("sha256"),
        pk__gt=OuterRef("pk"),
        created_at__gte=cutoff,
    )
    read_again = ResultImport.objects.read_again().exclude(Exists(newer_kept))
    stale = (previews | read_again).filter(created_at__lt=cutoff)
    _, per_model = stale.delete()
    return per_model.get(ResultImport._meta.label, 0)


def purge_jobs(*, older_than: datetime.timedelta, now: datetime.datetime | None = None) -> int:
    """Delete the background import jobs that ended before `now - older_than` (a failed
    reading keeps the uploaded bytes, to show its line); unfinished jobs stay. Returns how many."""
    cutoff = (now or timezone.now()) - older_than
    ended = ImportJob.objects.exclude(state__in=ImportJob.UNFINISHED).filter(created_at__lt=cutoff)
    _, per_model = ended.delete()
    return per_model.get(ImportJob._meta.label, 0)
