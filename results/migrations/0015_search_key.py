"""Events get a stored search key: the folded words of their name and place.

Search and the events filter compared every event's name and place folded in Python: the
whole table read per query (seconds on a federation's 40,000 events). The key is filled here
for existing events, and kept by `Event.save` and `EventQuerySet.bulk_create`. On Postgres a
trigram index serves `LIKE '% word%'`, if the pg_trgm extension is there or can be created
(0005 creates it; a server where it cannot be has no index, and the query still works).
"""

from django.db import migrations, models

from results.text import search_text

INDEX = "event_search_key_trgm"
BATCH = 2000


def fill_keys(apps, schema_editor):
    Event = apps.get_model("results", "Event")
    batch = []
    for event in Event.objects.order_by("pk").only("pk", "name", "place").iterator(BATCH):
        event.search_key = search_text(event.name or "", event.place or "")
        batch.append(event)
        if len(batch) == BATCH:
            Event.objects.bulk_update(batch, ["search_key"])
            batch = []
    Event.objects.bulk_update(batch, ["search_key"])


def create_trigram_index(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")
        if cursor.fetchone() is None:
            return
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDEX} ON results_event USING gin (search_key gin_trgm_ops)"
    )


def drop_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("results", "0014_championship_rules")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="search_key",
            field=models.TextField(
                blank=True,
                default="",
                editable=False,
                help_text="Folded words of the name and place (`search_text`): search and the "
                "filter.",
            ),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop, elidable=False),
        migrations.RunPython(create_trigram_index, drop_trigram_index, elidable=False),
    ]
