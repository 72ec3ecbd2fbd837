"""A trigram index on people's folded search key, on Postgres only.

Search matches every typed word against the start of a name word (`search_key LIKE 'w%'` or
`LIKE '% w%'`). The btree index on `search_key` serves the first; on Postgres a trigram index
serves the others. SQLite has no trigram index: it scans, which is fine at its scale. No model
state changes, so `makemigrations --check` stays clean.
"""

from django.db import migrations

INDEX = "person_search_key_trgm"


def create_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDEX} ON results_person USING gin (search_key gin_trgm_ops)"
    )


def drop_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("results", "0004_names")]

    operations = [migrations.RunPython(create_trigram_index, drop_trigram_index, elidable=False)]
