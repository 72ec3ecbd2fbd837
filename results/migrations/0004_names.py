"""Name fixes: redirects, pairs of different people, shared spellings, the log of renames and
merges, car aliases, the `fix_names` permission and the Name editors group."""

import django.db.models.deletion
from django.conf import settings
from django.contrib.auth.management import create_permissions
from django.db import migrations, models

NAME_EDITORS = "Name editors"
# Fixing names happens in the admin: the people and cars pages, their aliases and makes.
NAME_EDITOR_PERMISSIONS = (
    "fix_names",
    "view_person",
    "change_person",
    "view_personalias",
    "add_personalias",
    "change_personalias",
    "delete_personalias",
    "view_car",
    "change_car",
    "view_carmake",
    "add_carmake",
    "change_carmake",
    "view_carmakespelling",
    "add_carmakespelling",
    "change_carmakespelling",
    "delete_carmakespelling",
)


def create_name_editors(apps, schema_editor):
    # On a fresh database permissions only exist once every migration has run: create them now.
    config = apps.get_app_config("results")
    # The migration state's app config is a stub; create_permissions skips one without models.
    config.models_module = True
    create_permissions(config, apps=apps, verbosity=0)
    config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=NAME_EDITORS)
    permissions = Permission.objects.filter(
        content_type__app_label="results", codename__in=NAME_EDITOR_PERMISSIONS
    )
    group.permissions.add(*permissions)


def remove_name_editors(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=NAME_EDITORS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("results", "0003_uploads"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="person",
            options={
                "ordering": ("surname", "first_name", "pk"),
                "permissions": (
                    ("fix_names", "Can rename, merge, split and anonymise people and cars"),
                ),
                "verbose_name_plural": "people",
            },
        ),
        migrations.CreateModel(
            name="CarAlias",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "model_key",
                    models.CharField(help_text="Folded model, as `Car.model_key`.", max_length=200),
                ),
                (
                    "car",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="aliases",
                        to="results.car",
                    ),
                ),
                (
                    "make",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        to="results.carmake",
                    ),
                ),
            ],
            options={
                "verbose_name_plural": "car aliases",
                "ordering": ("model_key",),
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("make__isnull", False)),
                        fields=("make", "model_key"),
                        name="car_alias_make_model_unique",
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("make__isnull", True)),
                        fields=("model_key",),
                        name="car_alias_model_without_make_unique",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="NameChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("rename", "Rename"),
                            ("merge", "Merge"),
                            ("split", "Split"),
                            ("anonymise", "Anonymise"),
                            ("car_rename", "Car rename"),
                            ("car_merge", "Car merge"),
                        ],
                        max_length=20,
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("summary", models.CharField(help_text="One line for the log.", max_length=300)),
                ("before", models.JSONField(blank=True, default=dict)),
                ("after", models.JSONField(blank=True, default=dict)),
                (
                    "undo",
                    models.JSONField(
                        blank=True,
                        default=dict,
                        help_text="What an undo needs: spellings and aliases that moved.",
                    ),
                ),
                ("undone_at", models.DateTimeField(blank=True, null=True)),
                (
                    "car",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="name_changes",
                        to="results.car",
                    ),
                ),
                (
                    "other",
                    models.ForeignKey(
                        blank=True,
                        help_text="The person a split created, or a dropped person an undo brought back.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="results.person",
                    ),
                ),
                (
                    "person",
                    models.ForeignKey(
                        blank=True,
                        help_text="The renamed, kept, split or anonymised person.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="name_changes",
                        to="results.person",
                    ),
                ),
                (
                    "undone_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ("-created_at", "-pk"),
                "indexes": [models.Index(fields=["kind", "-created_at"], name="name_change_kind")],
            },
        ),
        migrations.CreateModel(
            name="NotSamePerson",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "first",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="results.person",
                    ),
                ),
                (
                    "second",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="results.person",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "pair of different people",
                "verbose_name_plural": "pairs of different people",
                "ordering": ("-created_at", "-pk"),
                "constraints": [
                    models.UniqueConstraint(
                        fields=("first", "second"), name="not_same_person_unique"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("first__lt", models.F("second"))),
                        name="not_same_person_ordered",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="PersonRedirect",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "old_slug",
                    models.SlugField(help_text="The dropped person's slug.", max_length=140),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "person",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="redirects",
                        to="results.person",
                    ),
                ),
            ],
            options={
                "ordering": ("old_slug",),
                "constraints": [
                    models.UniqueConstraint(
                        fields=("old_slug",), name="person_redirect_slug_unique"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="SharedSpelling",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="Folded spelling (see `person_key`).", max_length=250
                    ),
                ),
                (
                    "person",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="shared_spellings",
                        to="results.person",
                    ),
                ),
            ],
            options={
                "ordering": ("key", "person"),
                "constraints": [
                    models.UniqueConstraint(fields=("key", "person"), name="shared_spelling_unique")
                ],
            },
        ),
        migrations.RunPython(create_name_editors, remove_name_editors),
    ]
