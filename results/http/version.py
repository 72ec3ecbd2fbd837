"""The site's data version, read once per request, the cheapest way the database allows.

Every public page, copy and validator is keyed on it (`results.http.conditional`,
`results.http.copies`), so every request Django handles pays this read, and so does the WSGI
front's first hit after each window of `results.http.version_memo`: a stored copy costs little
else. Through Django's cursor it costs more than the rest of serving a copy (its wrappers, and
on Postgres psycopg's Python wait loop around one round trip), so it goes to the driver:
SQLite's own `execute`, and on Postgres libpq's `PQexecPrepared` on a statement prepared once
per connection. Any doubt (no connection yet, a connection in a failed transaction, a
statement the server forgot, another database) and the read goes through Django's cursor, as
it always may; so it does while anything watches that cursor (`connection.execute_wrapper`).
The query is the same either way, and so is its answer, a stamp as text, so that keys and
ETags agree whichever way one was read. Where Django logs queries (DEBUG, or a test's
`CaptureQueriesContext`), the driver's read is logged as Django would log it.
"""

from __future__ import annotations

import logging
import time

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from psycopg import pq

from results.models import DataVersion
from results.services.freshness import ALL

#: The site's version and the moment of its last bump (text, as the database prints it).
SiteVersion = tuple[int, str]

_TABLE = DataVersion._meta.db_table
# The scope is a constant, written into the statement: no parameter to convert per request.
# The stamp is text in the statement itself, so both ways of reading give the same string;
# on Postgres as seconds since the epoch, whatever the session's TimeZone and DateStyle.
_SQL = {
    "postgresql": (
        f"SELECT version, extract(epoch FROM changed_at)::text FROM {_TABLE} WHERE scope = '{ALL}'"
    ),
    "sqlite": f"SELECT version, CAST(changed_at AS TEXT) FROM {_TABLE} WHERE scope = '{ALL}'",
}
#: The name of the prepared statement on each Postgres connection.
_STATEMENT = b"podium_site_version"
_DUPLICATE_STATEMENT = b"42P05"
#: Set on Django's connection wrapper: the libpq connection the statement was prepared on.
_PREPARED_ON = "_podium_version_prepared_on"

#: libpq's transaction states a statement may run in: idle (autocommit, as requests run) or
#: in a transaction (a test's); never in a failed one.
_READY = (pq.TransactionStatus.IDLE, pq.TransactionStatus.INTRANS)

log = logging.getLogger(__name__)


def version_sql(vendor: str | None = None) -> str:
    """The statement that reads the version, on this database (or `vendor`'s)."""
    return _SQL.get(vendor or connections[DEFAULT_DB_ALIAS].vendor, _SQL["sqlite"])


class _NoFastRead(Exception):
    """The driver's read is not possible here: Django's cursor reads instead."""


def read_site_version(db: BaseDatabaseWrapper | None = None) -> SiteVersion | None:
    """The site's data version and the stamp of its last bump; `(0, "")` before the first
    bump; None when the database cannot answer (the page then goes without validators and
    without the cache). `db`: this thread's default connection, when the caller has it."""
    db = db or connections[DEFAULT_DB_ALIAS]
    sql = version_sql(db.vendor)
    try:
        row = _driver_read(db, sql)
    except _NoFastRead:
        row = _django_read(db, sql)
    except Exception:
        # The connection may be broken: Django checks it before its next use.
        db.errors_occurred = True
        row = _django_read(db, sql)
    if row is False:
        return None
    return (int(row[0]), str(row[1] or "")) if row else (0, "")


def _django_read(db: BaseDatabaseWrapper, sql: str) -> tuple | bool | None:
    try:
        with db.cursor() as cursor:
            cursor.execute(sql)
            return cursor.fetchone()
    except DatabaseError:
        log.warning("data version unreadable: no validator, no cache", exc_info=True)
        return False


def _driver_read(db: BaseDatabaseWrapper, sql: str) -> tuple | None:
    raw = db.connection
    # Instrumentation hooked on Django's cursor (`execute_wrapper`) sees the read there.
    if raw is None or db.needs_rollback or db.execute_wrappers:
        raise _NoFastRead
    logged = db.queries_logged
    started = time.monotonic() if logged else 0.0
    vendor = db.vendor
    if vendor == "postgresql":
        row = _postgres_read(db, raw.pgconn, sql)
    elif vendor == "sqlite":
        row = raw.execute(sql).fetchone()
    else:
        raise _NoFastRead
    if logged:
        # As Django's debug cursor logs it, so query counts see the read.
        duration = time.monotonic() - started
        db.queries_log.append({"sql": sql, "time": f"{duration:.3f}"})
    return row


def _postgres_read(db: BaseDatabaseWrapper, pgconn, sql: str) -> tuple | None:
    if pgconn.transaction_status not in _READY:
        raise _NoFastRead
    if getattr(db, _PREPARED_ON, None) is not pgconn:
        prepared = pgconn.prepare(_STATEMENT, sql.encode())
        # Already there (a read that failed after preparing it, a timeout say): as good.
        already = prepared.error_field(pq.DiagnosticField.SQLSTATE) == _DUPLICATE_STATEMENT
        if prepared.status != pq.ExecStatus.COMMAND_OK and not already:
            raise _NoFastRead
        setattr(db, _PREPARED_ON, pgconn)
    result = pgconn.exec_prepared(_STATEMENT, [])
    if result.status != pq.ExecStatus.TUPLES_OK:
        # Forgotten by the server (`DEALLOCATE ALL`, a pooler): prepared again next time.
        setattr(db, _PREPARED_ON, None)
        raise _NoFastRead
    if not result.ntuples:
        return None
    return int(result.get_value(0, 0)), result.get_value(0, 1).decode()
