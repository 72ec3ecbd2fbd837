"""Apply asks the same statements for 10 entries or 300: one query per kind of row, never
one per row (on SQLite, bulk_create's batches aside: 999 parameters make a batch of 29
entries, where Postgres takes every row in one COPY)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from results.services.importing import apply_import, preview_import
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db

#: A first apply creating every person and car. Nothing moved since the preview: apply reads
#: the marks of what the plan read and what it replaces (three queries) instead of planning
#: again. On Postgres each bulk write (people, cars, entries, seats) is one COPY after one
#: query for its ids; the people's published flags are checked last, in one query per 2,000
#: people, and the search words of those whose flag changed (`services.listing`).
FIRST_APPLY = {"postgresql": 38, "sqlite": 27}
#: A re-import naming new people with known cars: it also reads what it replaces (for the
#: revision's diff and the people touched), and deletes it in one statement per table.
REPLACING_APPLY = {"postgresql": 38, "sqlite": 29}

SIZES = pytest.mark.parametrize("size", [10, 300], ids=["10-entries", "300-entries"])


def _apply_statements(classification, rows: list[str]) -> list[str]:
    preview = preview_import(classification=classification, data=pipe_sheet(*rows), source_name="r")
    with CaptureQueriesContext(connection) as queries:
        apply_import(preview)
    statements = [q["sql"] for q in queries.captured_queries]
    if connection.vendor == "sqlite":
        # bulk_create's batches, the one thing SQLite's bound on parameters makes grow.
        statements = [s for s in statements if not s.startswith("INSERT INTO")]
    return statements


@SIZES
def test_a_first_apply_asks_the_same_queries_whatever_its_size(classification, size):
    statements = _apply_statements(classification, generated_rows(size))
    assert len(statements) == FIRST_APPLY[connection.vendor], "\n".join(statements)


@SIZES
def test_a_replacing_apply_asks_the_same_queries_whatever_its_size(classification, size):
    _apply_statements(classification, generated_rows(size))
    statements = _apply_statements(classification, generated_rows(size, offset=5000))
    assert len(statements) == REPLACING_APPLY[connection.vendor], "\n".join(statements)
