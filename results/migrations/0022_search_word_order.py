"""The search words' index in the order search lists people: word, then folded name and id.

0020's index had the order key and person only as included columns: a word typed whole that
many people share (`andre`, fourteen thousand rows on a federation's archive) was read in
full and sorted for its first page. With the order key and person as key columns, the rows of
one word come from the index already in order: search reads the first of that word, then the
longer words the typed one starts (`andrea`, `andreas`), and merges the two. A prefix range
(`word LIKE 'w%'`) is still served, on Postgres from the index alone.
"""

from django.db import migrations

INDEX = "person_word_prefix"


def _index(schema_editor, postgres: str, sqlite: str) -> None:
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    columns = postgres if schema_editor.connection.vendor == "postgresql" else sqlite
    schema_editor.execute(f"CREATE INDEX {INDEX} ON results_personword {columns}")


def replace_index(apps, schema_editor):
    _index(
        schema_editor,
        "(word varchar_pattern_ops, order_key, person_id) INCLUDE (spelling)",
        "(word, order_key, person_id)",
    )


def restore_index(apps, schema_editor):
    _index(
        schema_editor,
        "(word varchar_pattern_ops) INCLUDE (order_key, person_id, spelling)",
        "(word)",
    )


class Migration(migrations.Migration):
    dependencies = [("results", "0021_scale_indexes")]

    operations = [migrations.RunPython(replace_index, restore_index)]
