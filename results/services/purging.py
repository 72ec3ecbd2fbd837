"""Deleting previews nobody confirmed: they hold the source bytes, which add up."""

from __future__ import annotations

import datetime

from django.utils import timezone

from results.models import ImportJob, ResultImport


def purge_previews(*, older_than: datetime.timedelta, now: datetime.datetime | None = None) -> int:
    """Delete the `previewed` imports created before `now - older_than`, and the previews
    read again since (superseded, never applied); returns how many.

    Applied, superseded and failed imports are the history and stay. No data version bump:
    previews are not part of the results anyone reads.
    """
    cutoff = (now or timezone.now()) - older_than
    previews = ResultImport.objects.filter(state=ResultImport.State.PREVIEWED)
    stale = (previews | ResultImport.objects.read_again()).filter(created_at__lt=cutoff)
    _, per_model = stale.delete()
    return per_model.get(ResultImport._meta.label, 0)


def purge_jobs(*, older_than: datetime.timedelta, now: datetime.datetime | None = None) -> int:
    """Delete the background import jobs that ended before `now - older_than` (a failed
    reading keeps the uploaded bytes, to show its line); unfinished jobs stay. Returns how many."""
    cutoff = (now or timezone.now()) - older_than
    ended = ImportJob.objects.exclude(state__in=ImportJob.UNFINISHED).filter(created_at__lt=cutoff)
    _, per_model = ended.delete()
    return per_model.get(ImportJob._meta.label, 0)
