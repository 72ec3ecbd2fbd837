"""The events list's index in its own order: published, newest date first, then name and id.

It replaces the index on (published, -date), its first two columns: a page of the events list
(and its deep pages, that skip thousands of events) walks this index alone, where the old one
sent every skipped row to the table for its name.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("results", "0020_people_search")]

    operations = [
        migrations.AddIndex(
            model_name="event",
            index=models.Index(fields=["published", "-date", "name", "id"], name="event_listing"),
        ),
        migrations.RemoveIndex(model_name="event", name="event_published_date"),
    ]
