"""Conditional GET for the public pages: ETag and Last-Modified from the data version.

Every write service bumps the version of the events and people it touched
(`results.services.freshness.data_changed`), so a page's validators change the moment its
data does, on every web worker alike. The object and its version come in one query, which the
view then reuses: a 304 costs that one query.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from django.db.models import CharField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Cast, Concat
from django.utils.translation import get_language

from results.models import DataVersion


def with_version(queryset: QuerySet, scope: str) -> QuerySet:
    """Annotate `data_version` and `data_changed_at` of `<scope>:<pk>` (see DataVersion)."""
    versions = DataVersion.objects.filter(
        scope=Concat(Value(f"{scope}:"), Cast(OuterRef("pk"), CharField()))
    )
    return queryset.annotate(
        data_version=Subquery(versions.values("version")[:1]),
        data_changed_at=Subquery(versions.values("changed_at")[:1]),
    )


def etag(kind: str, obj, *extra: object) -> str:
    """A strong validator: the data version, the language, and what admins edit directly.

    Fields an admin edits in place (an event's name, a classification's state...) do not go
    through a write service, so they are hashed in rather than trusted to a version bump.
    """
    fingerprint = hashlib.blake2s(repr(extra).encode(), digest_size=6).hexdigest()
    return f'"{kind}{obj.pk}-v{obj.data_version or 0}-{get_language()}-{fingerprint}"'


def last_modified(obj) -> datetime | None:
    return obj.data_changed_at
