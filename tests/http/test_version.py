"""The site's data version as every page, copy and validator reads it: through the driver, with
the answer Django's cursor gives."""

from __future__ import annotations

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.test.utils import CaptureQueriesContext

from results.http.version import _django_read, _driver_read, read_site_version, version_sql
from results.models import DataVersion
from results.services.freshness import ALL, data_changed, site_changed, version_of

pytestmark = pytest.mark.django_db


def _open_connection():
    connection.ensure_connection()
    return connections[DEFAULT_DB_ALIAS]


def test_before_any_write_the_version_is_zero():
    DataVersion.objects.all().delete()
    assert read_site_version() == (0, "")


def test_the_driver_reads_what_djangos_cursor_reads():
    db = _open_connection()
    for _ in range(2):
        site_changed()
        sql = version_sql()
        assert _driver_read(db, sql) == tuple(_django_read(db, sql))
        version, stamp = read_site_version()
        assert version == version_of(ALL)
        assert stamp


def test_every_bump_gives_a_new_reading():
    readings = {read_site_version()}
    for _ in range(3):
        data_changed()
        readings.add(read_site_version())
    assert len(readings) == 4


def test_the_read_counts_as_one_query_where_django_counts_them():
    _open_connection()
    with CaptureQueriesContext(connection) as queries:
        read_site_version()
    assert [q["sql"] for q in queries] == [version_sql()]


def test_a_failed_transaction_is_left_to_django(transactional_db):
    """The driver never runs a statement in a transaction that failed: Django's cursor reads,
    and says so (no version: no validator, no copy)."""
    from django.db import DatabaseError, transaction

    site_changed()
    with transaction.atomic():
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SELECT * FROM no_such_table")
        except DatabaseError:
            pass
        connection.needs_rollback = True
        assert read_site_version() is None


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements: Postgres")
def test_a_statement_the_server_forgot_is_prepared_again(transactional_db):
    site_changed()
    expected = read_site_version()
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    assert read_site_version() == expected  # through Django's cursor, this once
    db = connections[DEFAULT_DB_ALIAS]
    assert _driver_read(db, version_sql()) == (expected[0], expected[1])


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements: Postgres")
def test_a_statement_still_prepared_is_used_again(transactional_db):
    """The statement outlived what the wrapper remembers of it (a read that failed after it
    was prepared): preparing it again fails, and the driver still reads."""
    site_changed()
    expected = read_site_version()
    db = connections[DEFAULT_DB_ALIAS]
    db._podium_version_prepared_on = None
    assert _driver_read(db, version_sql()) == expected
    assert read_site_version() == expected
