"""Uploads: the organising club of an event, the upload permission and the Organisers group."""

import django.db.models.deletion
from django.contrib.auth.management import create_permissions
from django.db import migrations, models

ORGANISERS = "Organisers"
# What an organiser needs besides uploading: to open their events' pages in the admin.
ORGANISER_PERMISSIONS = ("upload_results", "view_event", "view_classification")


def create_organisers(apps, schema_editor):
    # On a fresh database the permissions are only created after every migration has run:
    # create them now so the group can be given them.
    config = apps.get_app_config("results")
    # The migration state's app config is a stub; create_permissions skips one without models.
    config.models_module = True
    create_permissions(config, apps=apps, verbosity=0)
    config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=ORGANISERS)
    permissions = Permission.objects.filter(
        content_type__app_label="results", codename__in=ORGANISER_PERMISSIONS
    )
    group.permissions.add(*permissions)


def remove_organisers(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=ORGANISERS).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("results", "0002_seed_car_makes"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="event",
            options={
                "ordering": ("-date", "name"),
                "permissions": (("upload_results", "Can upload results sheets"),),
            },
        ),
        migrations.AddField(
            model_name="event",
            name="club",
            field=models.ForeignKey(
                blank=True,
                help_text="The organising club: its organisers may upload this event's results.",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="events",
                to="auth.group",
            ),
        ),
        migrations.RunPython(create_organisers, remove_organisers),
    ]
