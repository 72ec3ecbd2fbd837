"""Entry: the race number as written (text, with its numeric part to sort on), and the fields
sheets give beside it: team, nationality, a retirement's reason and stage, penalties, points,
distance."""

import re

from django.db import migrations, models

_DIGITS = re.compile(r"\d{1,9}")


def fill_number_sort(apps, schema_editor):
    """Existing numbers were integers: their text is their digits, their numeric part them."""
    Entry = apps.get_model("results", "Entry")
    batch = []
    for pk, number in Entry.objects.exclude(number="").values_list("pk", "number").iterator():
        digits = _DIGITS.search(number)
        batch.append(Entry(pk=pk, number_sort=int(digits[0]) if digits else None))
        if len(batch) >= 1000:
            Entry.objects.bulk_update(batch, ["number_sort"])
            batch = []
    Entry.objects.bulk_update(batch, ["number_sort"])


def _text(max_length, help_text):
    return models.CharField(blank=True, max_length=max_length, help_text=help_text)


class Migration(migrations.Migration):
    dependencies = [("results", "0011_stage_times")]

    operations = [
        migrations.RemoveConstraint(model_name="entry", name="entry_classification_number_unique"),
        # Integers become their text (Postgres casts them), then no number is "", not null.
        migrations.AlterField(
            model_name="entry",
            name="number",
            field=models.CharField(max_length=20, null=True, blank=True),
        ),
        migrations.AlterField(
            model_name="entry",
            name="number",
            field=models.CharField(
                blank=True,
                default="",
                max_length=20,
                help_text="Race number as written (`007`, `12B`).",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="entry",
            name="number_sort",
            field=models.PositiveIntegerField(
                blank=True,
                null=True,
                help_text="The race number's numeric part, which it sorts on.",
            ),
        ),
        migrations.AddField(
            model_name="entry", name="team", field=_text(120, "Team, as written.")
        ),
        migrations.AddField(
            model_name="entry", name="nationality", field=_text(40, "As written (`FRA`).")
        ),
        migrations.AddField(
            model_name="entry",
            name="reason",
            field=_text(200, "Why the crew retired or was excluded, as written."),
        ),
        migrations.AddField(
            model_name="entry",
            name="retired_at",
            field=_text(40, "The stage, lap or hour of a retirement (`ES4`)."),
        ),
        migrations.AddField(
            model_name="entry",
            name="penalty_ms",
            field=models.BigIntegerField(blank=True, null=True, help_text="Penalties, in ms."),
        ),
        migrations.AddField(
            model_name="entry",
            name="points",
            field=models.FloatField(blank=True, null=True, help_text="Points the sheet gives."),
        ),
        migrations.AddField(
            model_name="entry",
            name="distance",
            field=_text(40, "Distance covered, as written (`1 234,5 km`)."),
        ),
        migrations.AddIndex(
            model_name="entry",
            index=models.Index(
                fields=["classification", "number_sort", "number"], name="entry_number"
            ),
        ),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.UniqueConstraint(
                condition=models.Q(("number", ""), _negated=True),
                fields=("classification", "number"),
                name="entry_classification_number_unique",
            ),
        ),
        migrations.RunPython(fill_number_sort, migrations.RunPython.noop),
    ]
