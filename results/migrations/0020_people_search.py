"""Search by the words of a name, and the flag of who has a published result.

`Person.has_published_result` and `PersonWord` (a row per word of each spelling of each
person with a published result) are filled here, set-based on Postgres (half a million
people in seconds). The index search reads is made here too, per database, outside the
model state (as 0005 does): on Postgres a pattern index on the word covering the order key,
person and spelling (a prefix range read from the index alone), elsewhere a plain one. The
migration is not atomic on Postgres so that it can VACUUM the tables it filled: index-only
reads need the visibility map.
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Exists, OuterRef

INDEX = "person_word_prefix"


def fill(apps, schema_editor):
    from results.models.person_words import name_words
    from results.services.listing import fill_words_in_sql

    Person = apps.get_model("results", "Person")
    CrewMember = apps.get_model("results", "CrewMember")
    PersonAlias = apps.get_model("results", "PersonAlias")
    PersonWord = apps.get_model("results", "PersonWord")
    published = CrewMember.objects.filter(
        person=OuterRef("pk"), entry__classification__event__published=True
    )
    Person.objects.filter(Exists(published)).update(has_published_result=True)
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        fill_words_in_sql(connection)
        return
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
