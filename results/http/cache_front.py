"""The page cache's front door: stored copies served before Django's handler runs.

Django's handler costs more than serving a copy (the request object, the signals, the
middleware chain, the response object): on a busy results weekend, most requests are for a few
pages already stored. `PageCacheFront` wraps the WSGI application (`config/wsgi.py`) and
answers such a request itself, with the copy's status line, headers and body, after the same
checks as the middleware (`results.http.copies`) and the data version it reads, or, within
`PODIUM_VERSION_TRUST_MS` of this process's last reading, no query at all
(`results.http.version_memo`, which says what that bound means for fans); a revalidation
(`If-None-Match`) that matches the copy gets the 304 the middleware would give. Anything
else, and any doubt (another precondition, a database or cache error), goes to Django, whose
middleware then answers and stores as usual.

Requests served here skip Django's request signals, which close a connection older than
`CONN_MAX_AGE` or broken: a request that must read the version on a connection found so goes
to Django, which does.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

from results.http import version_memo
from results.http.conditional import VERSION_READ
from results.http.copies import (
    MISSED,
    PRECONDITIONS,
    Frozen,
    find_copy,
    page_key,
    request_basis,
    rules,
    wsgi_path,
)
from results.http.revalidation import not_modified, not_modified_headers
from results.http.version import SiteVersion, read_site_version

log = logging.getLogger(__name__)


def _connection_expired(db: BaseDatabaseWrapper) -> bool:
    """The persistent connection has outlived `CONN_MAX_AGE`: Django's handler, whose request
    signals close it, takes this request (its middleware still serves the copy). With
    `CONN_MAX_AGE=0` the front keeps the one connection it reads the version on; in a
    transaction (a test's), Django closes nothing, so nothing is waited for."""
    close_at = db.close_at
    return (
        close_at is not None
        and bool(db.settings_dict.get("CONN_MAX_AGE"))
        and not db.in_atomic_block
        and time.monotonic() >= close_at
    )


WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class PageCacheFront:
    """WSGI middleware: serve a current stored copy, or hand the request to `app`."""

    def __init__(self, app: WSGIApp):
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]):
        frozen = self._copy_for(environ)
        if frozen is None:
            return self.app(environ, start_response)
        _status, content, headers = frozen  # only answers of 200 are stored
        if "HTTP_IF_NONE_MATCH" in environ and not_modified(environ["HTTP_IF_NONE_MATCH"], headers):
            start_response("304 Not Modified", not_modified_headers(headers))
            return []
        start_response("200 OK", list(headers))
        return [content]

    def _copy_for(self, environ: dict[str, Any]) -> Frozen | None:
        if PRECONDITIONS[0] in environ or PRECONDITIONS[1] in environ:
            return None
        try:
            basis = request_basis(environ, wsgi_path(environ))
            if basis is None:
                return None
            found = self._version()
            if found is None:
                return None
            page = page_key(basis, *found)
            frozen = find_copy(page)
            if frozen is None:
                # Django builds the page on the version read here, without looking again.
                environ[VERSION_READ] = found
                environ[MISSED] = basis
            return frozen
        except Exception:
            # Serving a copy only saves work: on any doubt, Django builds the page.
            log.warning("page cache front: handing the request to Django", exc_info=True)
            return None

    @staticmethod
    def _version() -> SiteVersion | None:
        """The version this process read less than `PODIUM_VERSION_TRUST_MS` ago, else the
        database's (then trusted for that long): most hits touch no database at all."""
        now = version_memo.clock()
        found = version_memo.recalled(now)
        if found is not None:
            return found
        since = version_memo.generation()
        db = connections[DEFAULT_DB_ALIAS]
        found = None if _connection_expired(db) else read_site_version(db)
        if found is not None:
            version_memo.remember(found, now, rules().version_trust_seconds, since)
        return found
