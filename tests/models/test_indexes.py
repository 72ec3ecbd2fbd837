"""Each index once: no table carries an index that another of its indexes already provides.

An index whose columns (with the same operator classes) begin another index of the table is
only one more to write on every insert: an import writes thousands of entries and seats. A
foreign key or slug covered that way is declared `db_index=False`. Checked on Postgres, whose
catalogue says each index's columns, operator classes and conditions; the same models make
the same indexes on SQLite, less the Postgres-only pattern indexes.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection

pytestmark = pytest.mark.django_db

#: Index pairs on one table: the first non-unique, full, on plain columns, whose key columns
#: and operator classes begin the second's (same access method, the second full too).
_REDUNDANT = """
SELECT a.indexrelid::regclass::text, b.indexrelid::regclass::text
FROM pg_index a
JOIN pg_index b ON b.indrelid = a.indrelid AND b.indexrelid <> a.indexrelid
JOIN pg_class ia ON ia.oid = a.indexrelid
JOIN pg_class ib ON ib.oid = b.indexrelid
WHERE a.indrelid = ANY(%s::regclass[])
  AND NOT a.indisunique AND a.indpred IS NULL AND a.indexprs IS NULL AND b.indpred IS NULL
  AND ia.relam = ib.relam
  AND a.indnkeyatts <= b.indnkeyatts
  AND (a.indkey::int2[])[0:a.indnkeyatts - 1] = (b.indkey::int2[])[0:a.indnkeyatts - 1]
  AND (a.indclass::oid[])[0:a.indnkeyatts - 1] = (b.indclass::oid[])[0:a.indnkeyatts - 1]
ORDER BY 1, 2
"""


def _tables() -> list[str]:
    # Tables Django makes for a many-to-many field (`Club.members`) are Django's own.
    return [
        model._meta.db_table
        for model in apps.get_app_config("results").get_models()
        if not model._meta.auto_created
    ]


def _redundant() -> list[tuple[str, str]]:
    with connection.cursor() as cursor:
        cursor.execute(_REDUNDANT, [_tables()])
        return cursor.fetchall()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="reads Postgres's catalogue")
def test_no_index_another_already_provides():
    assert _redundant() == []


@pytest.mark.skipif(connection.vendor != "postgresql", reason="reads Postgres's catalogue")
def test_the_check_finds_an_index_another_provides():
    from results.models import CrewMember

    table = connection.ops.quote_name(CrewMember._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE INDEX podium_test_seat_entry ON {table} (entry_id)")
    assert ("podium_test_seat_entry", "crew_member_entry_seat_unique") in _redundant()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="reads Postgres's catalogue")
def test_slugs_looked_up_by_prefix_keep_a_pattern_index():
    from results.models import Person

    Person.objects.bulk_create(
        Person(surname=f"P{n}", slug=f"p{n}-jean", search_key=f"p{n}") for n in range(2000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE results_person")
        cursor.execute("EXPLAIN SELECT slug FROM results_person WHERE slug LIKE %s", ["p1999-j%"])
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "person_slug_prefix" in plan
    assert Person._meta.get_field("slug").db_index is False
