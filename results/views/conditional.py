"""Conditional GET for the public pages: ETag and Last-Modified from the site's data version.

A public page is a function of the data and of its request: path and query string, language,
and who asks (staff see unpublished events). Every write bumps the site's version in its own
transaction (`results.services.freshness`), so `(version, request)` names one answer: that is
the ETag. A revalidation costs one small query and no lookup of the page's objects; a 404
keeps its validator too, which is right, since the page is still missing at that version.

The version is read once per request and shared with the page cache
(`results.views.caching`), whose copies carry the validators they were built with.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import datetime

from django.db import DatabaseError, connection
from django.http import HttpRequest
from django.utils.translation import get_language

from results.models import DataVersion
from results.services.freshness import ALL

# The scope is a constant, written into the statement: no parameter to convert per request.
_SQL = f"SELECT version, changed_at FROM {DataVersion._meta.db_table} WHERE scope = '{ALL}'"
_ATTR = "_podium_site_version"

log = logging.getLogger(__name__)


def read_site_version() -> tuple[int, datetime | None] | None:
    """The site's data version and when it last changed; None when the database cannot
    answer (the page then goes without validators and without the cache)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute(_SQL)
            row = cursor.fetchone()
    except DatabaseError:
        log.warning("data version unreadable: no validator, no cache", exc_info=True)
        return None
    return (row[0], _aware(row[1])) if row else (0, None)


def site_version(request: HttpRequest) -> tuple[int, datetime | None] | None:
    """`read_site_version`, once per request."""
    if not hasattr(request, _ATTR):
        setattr(request, _ATTR, read_site_version())
    return getattr(request, _ATTR)


def _aware(value) -> datetime | None:
    # SQLite gives the stored text back through a raw cursor; Postgres a datetime.
    if value is None or isinstance(value, datetime):
        return value
    return connection.ops.convert_datetimefield_value(value, None, connection)


def page_etag(request: HttpRequest, *args, **kwargs) -> str | None:
    """A strong validator: the version, the full path, the language and the visitor's account
    (a staff member's page is theirs alone)."""
    found = site_version(request)
    if found is None:
        return None
    user = request.user.pk if request.user.is_authenticated else ""
    version, changed_at = found
    stamp = changed_at.isoformat() if changed_at else ""
    basis = f"{version}\n{stamp}\n{request.get_full_path()}\n{get_language()}\n{user}"
    return f'"{hashlib.blake2s(basis.encode(), digest_size=12).hexdigest()}"'


def page_last_modified(request: HttpRequest, *args, **kwargs) -> datetime | None:
    found = site_version(request)
    return None if found is None else found[1]
