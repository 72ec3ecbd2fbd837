"""The data version every write bumps; caches, ETags and recomputes key on it."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, Model
from django.utils import timezone

from results.models import DataVersion

ALL = "all"
_CHUNK = 1000


def _pk(item: Model | int) -> int:
    return item if isinstance(item, int) else item.pk


def data_changed(
    *,
    events: Iterable[Model | int] = (),
    people: Iterable[Model | int] = (),
    championships: Iterable[Model | int] = (),
) -> int:
    """Bump the global version and those of the events and people a write touched, and
    recompute the championships concerned (those given, and those counting these events or
    where these people scored).

    Every write service ends by calling this, inside its transaction, so a reader never sees
    new rows under an old version. Returns the new global version.
    """
    # Imported here: the championship service imports the models this module is loaded with.
    from results.services.championships import championships_touched, recompute_many

    event_ids = {_pk(e) for e in events}
    person_ids = {_pk(p) for p in people}
    championship_ids = {_pk(c) for c in championships}
    championship_ids |= championships_touched(events=event_ids, people=person_ids)
    scopes = [ALL]
    scopes += sorted(f"event:{pk}" for pk in event_ids)
    scopes += sorted(f"person:{pk}" for pk in person_ids)
    scopes += sorted(f"championship:{pk}" for pk in championship_ids)
    now = timezone.now()
    for start in range(0, len(scopes), _CHUNK):
        chunk = scopes[start : start + _CHUNK]
        DataVersion.objects.bulk_create(
            [DataVersion(scope=scope, changed_at=now) for scope in chunk], ignore_conflicts=True
        )
        DataVersion.objects.filter(scope__in=chunk).update(version=F("version") + 1, changed_at=now)
    recompute_many(championship_ids)
    return version_of(ALL)


def admin_changed(**_signal) -> None:
    """Something was added, changed or deleted through the admin (Django logs each as a
    `LogEntry`, in the admin's transaction): renew every page, whatever the model was."""
    DataVersion.objects.bulk_create([DataVersion(scope=ALL)], ignore_conflicts=True)
    now = timezone.now()
    DataVersion.objects.filter(scope=ALL).update(version=F("version") + 1, changed_at=now)


def version_of(scope: str = ALL) -> int:
    """The current version of a scope (`all`, `event:<pk>`, `person:<pk>`, `championship:<pk>`);
    0 if never bumped."""
    found = DataVersion.objects.filter(scope=scope).values_list("version", flat=True).first()
    return found or 0
