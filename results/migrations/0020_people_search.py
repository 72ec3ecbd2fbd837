"""Search by the words of a name, and the flag of who has a published result.

`Person.has_published_result`, `published_results`, `latest_entry` and `PersonWord` (a row per word of each spelling of each
person with a published result) are filled here, set-based on Postgres (half a million
people in seconds). The index search reads is made here too, per database, outside the
model state (as 0005 does): on Postgres a pattern index on the word covering the order key,
person and spelling (a prefix range read from the index alone), elsewhere a plain one. The
migration is not atomic on Postgres so that it can VACUUM the tables it filled: index-only
reads need the visibility map.
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Count, Exists, OuterRef, Subquery
from django.db.models.functions import Coalesce

INDEX = "person_word_prefix"


def fill(apps, schema_editor):
    from results.models.people import name_words
    from results.services.listing import fill_in_sql

    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        fill_in_sql(connection)
        return
    # Elsewhere (SQLite: a small archive), correlated subqueries, then the words in Python.
    Person = apps.get_model("results", "Person")
    CrewMember = apps.get_model("results", "CrewMember")
    PersonAlias = apps.get_model("results", "PersonAlias")
    PersonWord = apps.get_model("results", "PersonWord")
    seats = CrewMember.objects.filter(
        person=OuterRef("pk"), entry__classification__event__published=True
    )
    count = seats.order_by().values("person").annotate(n=Count("pk")).values("n")
    latest = seats.order_by("-entry__classification__event__date", "-entry_id")
    Person.objects.update(
        has_published_result=Exists(seats),
        published_results=Coalesce(Subquery(count), 0),
        latest_entry=Subquery(latest.values("entry_id")[:1]),
    )
    names = dict(Person.objects.filter(has_published_result=True).values_list("pk", "search_key"))
    spellings = list(names.items())
    aliases = PersonAlias.objects.filter(person_id__in=list(names)).exclude(
        key__startswith="erased:"
    )
    spellings += list(aliases.values_list("person_id", "key"))
    rows = {
        (pk, spelling, word, names[pk]) for pk, spelling in spellings for word in name_words(spelling)
    }
    PersonWord.objects.bulk_create(
        (
            PersonWord(person_id=pk, spelling=spelling, word=word, order_key=key)
            for pk, spelling, word, key in sorted(rows)
        ),
        batch_size=1000,
    )


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {INDEX} ON results_personword "
            "(word varchar_pattern_ops) INCLUDE (order_key, person_id, spelling)"
        )
        # Outside a transaction (the migration is not atomic): statistics and visibility.
        schema_editor.execute("VACUUM (ANALYZE) results_person")
        schema_editor.execute("VACUUM (ANALYZE) results_personword")
    else:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {INDEX} ON results_personword (word)")


def drop_index(apps, schema_editor):
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    atomic = False

    dependencies = [("results", "0019_import_jobs")]

    operations = [
        migrations.AddField(
            model_name="person",
            name="has_published_result",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "Has a result in a published event: kept by the writes "
                    "(services/listing.py), read by search."
                ),
                verbose_name="has a published result",
            ),
        ),
        migrations.AddField(
            model_name="person",
            name="published_results",
            field=models.PositiveIntegerField(
                default=0,
                help_text="Results in published events (kept with the flag): search summaries.",
                verbose_name="published results",
            ),
        ),
        migrations.AddField(
            model_name="person",
            name="latest_entry",
            field=models.BigIntegerField(
                blank=True,
                help_text="The entry of the latest published result (kept with the flag).",
                null=True,
                verbose_name="latest entry",
            ),
        ),
        migrations.CreateModel(
            name="PersonWord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("word", models.CharField(max_length=250, verbose_name="word")),
                ("spelling", models.CharField(max_length=250, verbose_name="spelling")),
                ("order_key", models.CharField(max_length=250, verbose_name="order key")),
                (
                    "person",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="words",
                        to="results.person",
                        verbose_name="person",
                    ),
                ),
            ],
            options={
                "verbose_name": "search word",
                "verbose_name_plural": "search words",
                "ordering": ("order_key", "person", "word"),
            },
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, atomic=True, elidable=False),
        migrations.RunPython(create_index, drop_index, atomic=False, elidable=False),
    ]
