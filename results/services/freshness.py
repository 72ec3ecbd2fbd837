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


def data_changed(*, events: Iterable[Model | int] = (), people: Iterable[Model | int] = ()) -> int:
    """Bump the global version and those of the events and people a write touched.

    Every write service ends by calling this, inside its transaction, so a reader never sees
    new rows under an old version. Returns the new global version.
    """
    scopes = [ALL]
    scopes += sorted({f"event:{_pk(e)}" for e in events})
    scopes += sorted({f"person:{_pk(p)}" for p in people})
    now = timezone.now()
    for start in range(0, len(scopes), _CHUNK):
        chunk = scopes[start : start + _CHUNK]
        DataVersion.objects.bulk_create(
            [DataVersion(scope=scope, changed_at=now) for scope in chunk], ignore_conflicts=True
        )
        DataVersion.objects.filter(scope__in=chunk).update(version=F("version") + 1, changed_at=now)
    return version_of(ALL)


def version_of(scope: str = ALL) -> int:
    """The current version of a scope (`all`, `event:<pk>`, `person:<pk>`); 0 if never bumped."""
    found = DataVersion.objects.filter(scope=scope).values_list("version", flat=True).first()
    return found or 0
