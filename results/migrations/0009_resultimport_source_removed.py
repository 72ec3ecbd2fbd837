from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("results", "0008_resultimport_choices"),
    ]

    operations = [
        migrations.AddField(
            model_name="resultimport",
            name="source_removed",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "The source bytes were dropped for privacy: anonymising a person could not "
                    "scrub the name from them reliably (a workbook, a PDF). Such an import "
                    "cannot be re-read."
                ),
            ),
        ),
    ]
