"""Choice labels in English, translated by the catalogues (French for French users, as before)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("results", "0009_resultimport_source_removed"),
    ]

    operations = [
        migrations.AlterField(
            model_name="championship",
            name="ranking",
            field=models.CharField(
                choices=[("crew", "Crews"), ("person", "Drivers and co-drivers apart")],
                default="crew",
                help_text="Rank crews, or each driver and co-driver on their own (separate tables).",
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="classification",
            name="state",
            field=models.CharField(
                choices=[("provisional", "Provisional"), ("official", "Official")],
                default="provisional",
                max_length=20,
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="status",
            field=models.CharField(
                choices=[
                    ("classified", "Classified"),
                    ("retired", "Retired"),
                    ("rally2", "Rally 2"),
                    ("dns", "Non-starter"),
                    ("dsq", "Disqualified"),
                    ("nc", "Not classified"),
                ],
                default="classified",
                max_length=20,
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="discipline",
            field=models.CharField(
                choices=[
                    ("rally", "Rally"),
                    ("historic_rally", "Historic rally"),
                    ("hill_climb", "Hill climb"),
                    ("endurance", "Endurance"),
                    ("slalom", "Slalom"),
                    ("circuit", "Circuit"),
                ],
                default="rally",
                max_length=20,
            ),
        ),
        migrations.AlterField(
            model_name="resultimport",
            name="state",
            field=models.CharField(
                choices=[
                    ("previewed", "Previewed"),
                    ("applied", "Applied"),
                    ("superseded", "Superseded"),
                    ("failed", "Failed"),
                ],
                default="previewed",
                max_length=20,
            ),
        ),
        migrations.AlterField(
            model_name="scoringscope",
            name="split_by",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "One table"),
                    ("group", "One table per group"),
                    ("class", "One table per class"),
                ],
                default="",
                max_length=10,
            ),
        ),
    ]
