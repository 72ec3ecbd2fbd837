"""Clubs are their own model (name, short name, region, members), not permission groups.

Every group used as a club becomes a Club of the same name and members, and the events it
organised are repointed to it: the groups events named as their club, and those the upload
form offered as clubs (the groups granting no permission, Organisers apart). A converted
group granting no permission is then deleted; one that grants any (a role) is kept.
The reverse makes the groups again from the clubs.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import Q

ORGANISERS = "Organisers"


def _fire_deferred_checks(schema_editor) -> None:
    # Postgres checks foreign keys at commit; the columns altered after the update below
    # would meet "pending trigger events". Check them now.
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        schema_editor.execute("SET CONSTRAINTS ALL DEFERRED")


def groups_to_clubs(apps, schema_editor) -> None:
    """Each group used as a club becomes a Club with its name and members; events follow."""
    Group = apps.get_model("auth", "Group")
    Club = apps.get_model("results", "Club")
    Event = apps.get_model("results", "Event")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    named = Event.objects.exclude(club_group=None).values("club_group")
    offered = Q(permissions__isnull=True) & ~Q(name=ORGANISERS)
    for group in Group.objects.filter(Q(pk__in=named) | offered).distinct().order_by("pk"):
        club = Club.objects.create(name=group.name)
        club.members.set(User.objects.filter(groups=group))
        Event.objects.filter(club_group=group).update(club=club)
        if not group.permissions.exists():
            group.delete()
    _fire_deferred_checks(schema_editor)


def clubs_to_groups(apps, schema_editor) -> None:
    """The reverse: each club becomes a group of its name holding its members."""
    Group = apps.get_model("auth", "Group")
    Club = apps.get_model("results", "Club")
    Event = apps.get_model("results", "Event")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    for club in Club.objects.order_by("pk"):
        group, _ = Group.objects.get_or_create(name=club.name)
        for user in User.objects.filter(clubs=club):
            user.groups.add(group)
        Event.objects.filter(club=club).update(club_group=group)
    _fire_deferred_checks(schema_editor)


class Migration(migrations.Migration):

    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("results", "0013_revisions"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Club",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "name",
                    models.CharField(
                        help_text="The club's full name.", max_length=150, verbose_name="name"
                    ),
                ),
                (
                    "short_name",
                    models.CharField(
                        blank=True,
                        help_text="How lists write it when space is short, e.g. “ASA Vesoul”.",
                        max_length=40,
                        verbose_name="short name",
                    ),
                ),
                (
                    "region",
                    models.CharField(
                        blank=True,
                        help_text="Its region or league.",
                        max_length=100,
                        verbose_name="region",
                    ),
                ),
                (
                    "members",
                    models.ManyToManyField(
                        blank=True,
                        help_text="The organisers who upload the results of the club's events.",
                        related_name="clubs",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="members",
                    ),
                ),
            ],
            options={
                "verbose_name": "club",
                "verbose_name_plural": "clubs",
                "ordering": ("name",),
                "constraints": [
                    models.UniqueConstraint(fields=("name",), name="club_name_unique"),
                ],
            },
        ),
        # The group column stays beside the new one while the data moves, then goes.
        migrations.RenameField(model_name="event", old_name="club", new_name="club_group"),
        migrations.AddField(
            model_name="event",
            name="club",
            field=models.ForeignKey(
                blank=True,
                help_text="The organising club: its members may upload this event's results.",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="events",
                to="results.club",
                verbose_name="club",
            ),
        ),
        migrations.RunPython(groups_to_clubs, clubs_to_groups),
        migrations.RemoveField(model_name="event", name="club_group"),
    ]
