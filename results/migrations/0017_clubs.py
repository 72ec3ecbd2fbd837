"""Clubs are their own model (name, short name, region, members), not permission groups.

Every group used as a club becomes a Club of the same name and members, and the events it
organised are repointed to it: the groups events named as their club, and those the upload
form offered as clubs (the groups granting no permission, Organisers apart). A converted
group granting no permission is then deleted; one that grants any (a role) is kept.
The reverse makes the groups again from the clubs.
"""

from decimal import Decimal

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import Q

import results.models.championships

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
        ("results", "0016_corrections"),
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
        # Verbose names and help texts, for the admin in the admin's language.
        migrations.AlterModelOptions(
            name='car',
            options={'ordering': ('make__name', 'model_key'), 'verbose_name': 'car', 'verbose_name_plural': 'cars'},
        ),
        migrations.AlterModelOptions(
            name='caralias',
            options={'ordering': ('model_key',), 'verbose_name': 'car alias', 'verbose_name_plural': 'car aliases'},
        ),
        migrations.AlterModelOptions(
            name='carmake',
            options={'ordering': ('name',), 'verbose_name': 'car make', 'verbose_name_plural': 'car makes'},
        ),
        migrations.AlterModelOptions(
            name='carmakespelling',
            options={'ordering': ('spelling',), 'verbose_name': 'car make spelling', 'verbose_name_plural': 'car make spellings'},
        ),
        migrations.AlterModelOptions(
            name='championship',
            options={'ordering': ('-season', 'name'), 'verbose_name': 'championship', 'verbose_name_plural': 'championships'},
        ),
        migrations.AlterModelOptions(
            name='classequivalence',
            options={'ordering': ('championship', 'group', 'klass'), 'verbose_name': 'class equivalence', 'verbose_name_plural': 'class equivalences'},
        ),
        migrations.AlterModelOptions(
            name='classification',
            options={'ordering': ('event', 'pk'), 'verbose_name': 'classification', 'verbose_name_plural': 'classifications'},
        ),
        migrations.AlterModelOptions(
            name='crewmember',
            options={'ordering': ('entry', 'seat'), 'verbose_name': 'crew member', 'verbose_name_plural': 'crew members'},
        ),
        migrations.AlterModelOptions(
            name='dataversion',
            options={'verbose_name': 'data version', 'verbose_name_plural': 'data versions'},
        ),
        migrations.AlterModelOptions(
            name='decision',
            options={'ordering': ('classification', 'created_at', 'pk'), 'verbose_name': 'decision', 'verbose_name_plural': 'decisions'},
        ),
        migrations.AlterModelOptions(
            name='entry',
            options={'ordering': ('classification', 'sheet_order'), 'verbose_name': 'entry', 'verbose_name_plural': 'entries'},
        ),
        migrations.AlterModelOptions(
            name='event',
            options={'ordering': ('-date', 'name'), 'permissions': (('upload_results', 'Can upload results sheets'),), 'verbose_name': 'event', 'verbose_name_plural': 'events'},
        ),
        migrations.AlterModelOptions(
            name='namechange',
            options={'ordering': ('-created_at', '-pk'), 'verbose_name': 'name change', 'verbose_name_plural': 'name changes'},
        ),
        migrations.AlterModelOptions(
            name='person',
            options={'ordering': ('surname', 'first_name', 'pk'), 'permissions': (('fix_names', 'Can rename, merge, split and anonymise people and cars'),), 'verbose_name': 'person', 'verbose_name_plural': 'people'},
        ),
        migrations.AlterModelOptions(
            name='personalias',
            options={'ordering': ('key',), 'verbose_name': 'person alias', 'verbose_name_plural': 'person aliases'},
        ),
        migrations.AlterModelOptions(
            name='personredirect',
            options={'ordering': ('old_slug',), 'verbose_name': 'person redirect', 'verbose_name_plural': 'person redirects'},
        ),
        migrations.AlterModelOptions(
            name='resultimport',
            options={'ordering': ('-created_at', '-pk'), 'verbose_name': 'import', 'verbose_name_plural': 'imports'},
        ),
        migrations.AlterModelOptions(
            name='revision',
            options={'ordering': ('classification', '-created_at', '-pk'), 'verbose_name': 'revision', 'verbose_name_plural': 'revisions'},
        ),
        migrations.AlterModelOptions(
            name='round',
            options={'ordering': ('championship', 'order'), 'verbose_name': 'round', 'verbose_name_plural': 'rounds'},
        ),
        migrations.AlterModelOptions(
            name='scoringscope',
            options={'ordering': ('championship', 'order', 'pk'), 'verbose_name': 'scoring table', 'verbose_name_plural': 'scoring tables'},
        ),
        migrations.AlterModelOptions(
            name='sharedspelling',
            options={'ordering': ('key', 'person'), 'verbose_name': 'shared spelling', 'verbose_name_plural': 'shared spellings'},
        ),
        migrations.AlterModelOptions(
            name='split',
            options={'ordering': ('entry', 'order'), 'verbose_name': 'stage time', 'verbose_name_plural': 'stage times'},
        ),
        migrations.AlterModelOptions(
            name='standing',
            options={'ordering': ('championship', 'scope', 'role', 'section', 'position'), 'verbose_name': 'standing row', 'verbose_name_plural': 'standing rows'},
        ),
        migrations.AlterField(
            model_name='car',
            name='make',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='cars', to='results.carmake', verbose_name='make'),
        ),
        migrations.AlterField(
            model_name='car',
            name='model',
            field=models.CharField(blank=True, help_text='As first seen, until an admin edits it.', max_length=200, verbose_name='model'),
        ),
        migrations.AlterField(
            model_name='car',
            name='model_key',
            field=models.CharField(blank=True, help_text='Folded model: what identifies the car.', max_length=200, verbose_name='model key'),
        ),
        migrations.AlterField(
            model_name='caralias',
            name='car',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='aliases', to='results.car', verbose_name='car'),
        ),
        migrations.AlterField(
            model_name='caralias',
            name='make',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, to='results.carmake', verbose_name='make'),
        ),
        migrations.AlterField(
            model_name='caralias',
            name='model_key',
            field=models.CharField(help_text='Folded model, as `Car.model_key`.', max_length=200, verbose_name='model key'),
        ),
        migrations.AlterField(
            model_name='carmake',
            name='name',
            field=models.CharField(help_text='Display name: `Citroën`, `BMW`.', max_length=60, verbose_name='name'),
        ),
        migrations.AlterField(
            model_name='carmakespelling',
            name='make',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='spellings', to='results.carmake', verbose_name='make'),
        ),
        migrations.AlterField(
            model_name='carmakespelling',
            name='spelling',
            field=models.CharField(help_text='Folded words a car text may start with: `b.m.w.`, `vw`, `alfa romeo`.', max_length=60, verbose_name='spelling'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='best_results',
            field=models.PositiveSmallIntegerField(blank=True, help_text="Only a competitor's N best results count over the season; empty: all count.", null=True, validators=[django.core.validators.MinValueValidator(1)], verbose_name='best results'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='countback',
            field=models.CharField(choices=[('all', 'Over all results'), ('kept', 'Over the results kept')], default='all', help_text='Which results the `countback` tie-break compares: all, or only those that count (the best N).', max_length=10, verbose_name='countback'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='dead_heat',
            field=models.CharField(choices=[('place', "Each scores the place's points"), ('share', 'The points of the places covered are shared')], default='place', help_text="Crews tied on a place: each scores the place's points, or they share the points of the places they cover (tied 2nd on 25-18-15: 16.5 each).", max_length=10, verbose_name='dead heat'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='events',
            field=models.ManyToManyField(related_name='championships', through='results.Round', to='results.event', verbose_name='events'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='min_starters',
            field=models.PositiveSmallIntegerField(default=0, help_text='A class with fewer starters than this earns class points × the factor below.', verbose_name='minimum starters'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='name',
            field=models.CharField(max_length=200, verbose_name='name'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='ranking',
            field=models.CharField(choices=[('crew', 'Crews'), ('person', 'Drivers and co-drivers apart')], default='crew', help_text='Rank crews, or each driver and co-driver on their own (separate tables).', max_length=10, verbose_name='ranking'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='season',
            field=models.PositiveSmallIntegerField(help_text='The year the championship is run.', verbose_name='season'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='short_field_factor',
            field=models.DecimalField(decimal_places=2, default=Decimal('0.5'), help_text='Multiplies the class points of a class below the starters threshold.', max_digits=4, verbose_name='short field factor'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='slug',
            field=models.SlugField(max_length=120, verbose_name='address'),
        ),
        migrations.AlterField(
            model_name='championship',
            name='tie_breaks',
            field=models.CharField(default='countback,last_event', help_text='In order, comma-separated: `countback` (most better places), `last_event` (better place in the last event, then the one before), `first_stage` (better rank on the first stage in the last event, then the one before).', max_length=100, validators=[results.models.championships.validate_tie_breaks], verbose_name='tie-breaks'),
        ),
        migrations.AlterField(
            model_name='classequivalence',
            name='as_group',
            field=models.CharField(help_text='Counts as this group: `F2`.', max_length=40, verbose_name='as group'),
        ),
        migrations.AlterField(
            model_name='classequivalence',
            name='championship',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='equivalences', to='results.championship', verbose_name='championship'),
        ),
        migrations.AlterField(
            model_name='classequivalence',
            name='group',
            field=models.CharField(help_text='As written: `F2000`.', max_length=40, verbose_name='group'),
        ),
        migrations.AlterField(
            model_name='classification',
            name='event',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='classifications', to='results.event', verbose_name='event'),
        ),
        migrations.AlterField(
            model_name='classification',
            name='name',
            field=models.CharField(default='Général', max_length=100, verbose_name='name'),
        ),
        migrations.AlterField(
            model_name='classification',
            name='official_at',
            field=models.DateTimeField(blank=True, help_text='When staff made the results official.', null=True, verbose_name='made official at'),
        ),
        migrations.AlterField(
            model_name='classification',
            name='official_by',
            field=models.ForeignKey(blank=True, help_text='Who made the results official.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='made official by'),
        ),
        migrations.AlterField(
            model_name='classification',
            name='slug',
            field=models.SlugField(help_text='Unique within the event.', max_length=100, verbose_name='address'),
        ),
        migrations.AlterField(
            model_name='classification',
            name='state',
            field=models.CharField(choices=[('provisional', 'Provisional'), ('official', 'Official')], default='provisional', max_length=20, verbose_name='state'),
        ),
        migrations.AlterField(
            model_name='crewmember',
            name='entry',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='crew', to='results.entry', verbose_name='entry'),
        ),
        migrations.AlterField(
            model_name='crewmember',
            name='first_name',
            field=models.CharField(blank=True, max_length=120, null=True, verbose_name='first name'),
        ),
        migrations.AlterField(
            model_name='crewmember',
            name='person',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='crew_seats', to='results.person', verbose_name='person'),
        ),
        migrations.AlterField(
            model_name='crewmember',
            name='seat',
            field=models.PositiveSmallIntegerField(help_text='1 = driver, 2 = co-driver, and so on.', verbose_name='seat'),
        ),
        migrations.AlterField(
            model_name='crewmember',
            name='surname',
            field=models.CharField(help_text='As written in the sheet.', max_length=120, verbose_name='surname'),
        ),
        migrations.AlterField(
            model_name='dataversion',
            name='changed_at',
            field=models.DateTimeField(auto_now=True, verbose_name='changed at'),
        ),
        migrations.AlterField(
            model_name='dataversion',
            name='scope',
            field=models.CharField(help_text='`all`, `event:<pk>` or `person:<pk>`.', max_length=60, verbose_name='scope'),
        ),
        migrations.AlterField(
            model_name='dataversion',
            name='version',
            field=models.PositiveBigIntegerField(default=0, verbose_name='version'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='best_lap_ms',
            field=models.BigIntegerField(blank=True, help_text='A best lap given beside a total time.', null=True, verbose_name='best lap'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='best_lap_no',
            field=models.IntegerField(blank=True, help_text='The lap the best lap was set on.', null=True, verbose_name='best lap number'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='capacity',
            field=models.CharField(blank=True, help_text='Engine capacity as written (`49,9`, `1600`).', max_length=40, verbose_name='capacity'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='car',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='results.car', verbose_name='car'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='car_text',
            field=models.CharField(blank=True, help_text='The car as written.', max_length=200, verbose_name='car as written'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='category',
            field=models.CharField(blank=True, help_text='Title of the table the entry stood in, if any.', max_length=200, verbose_name='category'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='class_position',
            field=models.IntegerField(blank=True, help_text='Rank among classified crews of the same (group, class).', null=True, verbose_name='class position'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='classification',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='entries', to='results.classification', verbose_name='classification'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='club',
            field=models.CharField(blank=True, help_text='Club or ASA, as written.', max_length=120, verbose_name='club'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='distance',
            field=models.CharField(blank=True, help_text='Distance covered, as written (`1 234,5 km`).', max_length=40, verbose_name='distance'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='gap_ms',
            field=models.BigIntegerField(blank=True, help_text="Gap to the table's leader.", null=True, verbose_name='gap'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='group',
            field=models.CharField(blank=True, max_length=40, verbose_name='group'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='issues',
            field=models.JSONField(default=list, help_text="The parser's issues on this record's line.", verbose_name='issues'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='klass',
            field=models.CharField(blank=True, db_column='class', help_text='A class is the pair (group, class): N 2 and FN 2 are different classes.', max_length=40, verbose_name='class'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='laps',
            field=models.IntegerField(blank=True, help_text='Laps completed.', null=True, verbose_name='laps'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='line',
            field=models.PositiveIntegerField(help_text="1-based source line of the record's first row.", verbose_name='line'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='nationality',
            field=models.CharField(blank=True, help_text='As written (`FRA`).', max_length=40, verbose_name='nationality'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='number',
            field=models.CharField(blank=True, help_text='Race number as written (`007`, `12B`).', max_length=20, verbose_name='number'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='number_sort',
            field=models.PositiveIntegerField(blank=True, help_text="The race number's numeric part, which it sorts on.", null=True, verbose_name='number for sorting'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='page',
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name='page'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='penalty_ms',
            field=models.BigIntegerField(blank=True, help_text='Penalties, in ms.', null=True, verbose_name='penalties'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='points',
            field=models.FloatField(blank=True, help_text='Points the sheet gives.', null=True, verbose_name='points'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='position',
            field=models.IntegerField(blank=True, help_text='As the sheet gives it; empty for unclassified crews.', null=True, verbose_name='position'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='raw',
            field=models.JSONField(default=dict, help_text='The parsed record, as the parser gave it.', verbose_name='parsed record'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='reason',
            field=models.CharField(blank=True, help_text='Why the crew retired or was excluded, as written.', max_length=200, verbose_name='reason'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='result_import',
            field=models.ForeignKey(on_delete=django.db.models.deletion.RESTRICT, related_name='entries', to='results.resultimport', verbose_name='import'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='retired_at',
            field=models.CharField(blank=True, help_text='The stage, lap or hour of a retirement (`ES4`).', max_length=40, verbose_name='retired at'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='sheet_order',
            field=models.PositiveIntegerField(help_text='0-based rank of the record in the sheet.', verbose_name='order in the sheet'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='speed_kmh',
            field=models.FloatField(blank=True, null=True, verbose_name='speed (km/h)'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='status',
            field=models.CharField(choices=[('classified', 'Classified'), ('retired', 'Retired'), ('rally2', 'Rally 2'), ('dns', 'Non-starter'), ('dsq', 'Disqualified'), ('nc', 'Not classified')], default='classified', max_length=20, verbose_name='status'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='team',
            field=models.CharField(blank=True, help_text='Team, as written.', max_length=120, verbose_name='team'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='time_ms',
            field=models.BigIntegerField(blank=True, help_text='The time the table is ranked on, in milliseconds.', null=True, verbose_name='time'),
        ),
        migrations.AlterField(
            model_name='event',
            name='date',
            field=models.DateField(help_text='First day of the event.', verbose_name='date'),
        ),
        migrations.AlterField(
            model_name='event',
            name='discipline',
            field=models.CharField(choices=[('rally', 'Rally'), ('historic_rally', 'Historic rally'), ('hill_climb', 'Hill climb'), ('endurance', 'Endurance'), ('slalom', 'Slalom'), ('circuit', 'Circuit')], default='rally', max_length=20, verbose_name='discipline'),
        ),
        migrations.AlterField(
            model_name='event',
            name='name',
            field=models.CharField(max_length=200, verbose_name='name'),
        ),
        migrations.AlterField(
            model_name='event',
            name='place',
            field=models.CharField(blank=True, max_length=200, verbose_name='place'),
        ),
        migrations.AlterField(
            model_name='event',
            name='published',
            field=models.BooleanField(default=False, help_text='Unpublished events are hidden from the public pages.', verbose_name='published'),
        ),
        migrations.AlterField(
            model_name='event',
            name='slug',
            field=models.SlugField(help_text="Stable part of the event's address.", max_length=120, verbose_name='address'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='after',
            field=models.JSONField(blank=True, default=dict, verbose_name='after'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='before',
            field=models.JSONField(blank=True, default=dict, verbose_name='before'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='car',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='name_changes', to='results.car', verbose_name='car'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='created_at',
            field=models.DateTimeField(auto_now_add=True, verbose_name='created at'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='kind',
            field=models.CharField(choices=[('rename', 'Rename'), ('merge', 'Merge'), ('split', 'Split'), ('anonymise', 'Anonymise'), ('car_rename', 'Car rename'), ('car_merge', 'Car merge')], max_length=20, verbose_name='kind'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='other',
            field=models.ForeignKey(blank=True, help_text='The person a split created, or a dropped person an undo brought back.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='results.person', verbose_name='other person'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='person',
            field=models.ForeignKey(blank=True, help_text='The renamed, kept, split or anonymised person.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='name_changes', to='results.person', verbose_name='person'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='summary',
            field=models.CharField(help_text='One line for the log.', max_length=300, verbose_name='summary'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='undo',
            field=models.JSONField(blank=True, default=dict, help_text='What an undo needs: spellings and aliases that moved.', verbose_name='undo data'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='undone_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='undone at'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='undone_by',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='undone by'),
        ),
        migrations.AlterField(
            model_name='namechange',
            name='user',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='user'),
        ),
        migrations.AlterField(
            model_name='notsameperson',
            name='created_at',
            field=models.DateTimeField(auto_now_add=True, verbose_name='created at'),
        ),
        migrations.AlterField(
            model_name='notsameperson',
            name='first',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='results.person', verbose_name='first person'),
        ),
        migrations.AlterField(
            model_name='notsameperson',
            name='second',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='results.person', verbose_name='second person'),
        ),
        migrations.AlterField(
            model_name='notsameperson',
            name='user',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='user'),
        ),
        migrations.AlterField(
            model_name='person',
            name='first_name',
            field=models.CharField(blank=True, help_text='As written; initials stay (`J.L`).', max_length=120, null=True, verbose_name='first name'),
        ),
        migrations.AlterField(
            model_name='person',
            name='search_key',
            field=models.CharField(db_index=True, help_text='Folded `surname first name` (lower case, no accents): matching and search.', max_length=250, verbose_name='search key'),
        ),
        migrations.AlterField(
            model_name='person',
            name='slug',
            field=models.SlugField(help_text="Stable address of the person's page; a rename keeps it.", max_length=140, verbose_name='address'),
        ),
        migrations.AlterField(
            model_name='person',
            name='surname',
            field=models.CharField(help_text='As first written, usually upper case.', max_length=120, verbose_name='surname'),
        ),
        migrations.AlterField(
            model_name='personalias',
            name='first_name',
            field=models.CharField(blank=True, max_length=120, null=True, verbose_name='first name'),
        ),
        migrations.AlterField(
            model_name='personalias',
            name='key',
            field=models.CharField(help_text='Folded spelling (see `person_key`); one person per key.', max_length=250, verbose_name='key'),
        ),
        migrations.AlterField(
            model_name='personalias',
            name='person',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='aliases', to='results.person', verbose_name='person'),
        ),
        migrations.AlterField(
            model_name='personalias',
            name='surname',
            field=models.CharField(max_length=120, verbose_name='surname'),
        ),
        migrations.AlterField(
            model_name='personredirect',
            name='created_at',
            field=models.DateTimeField(auto_now_add=True, verbose_name='created at'),
        ),
        migrations.AlterField(
            model_name='personredirect',
            name='old_slug',
            field=models.SlugField(help_text="The dropped person's slug.", max_length=140, verbose_name='former address'),
        ),
        migrations.AlterField(
            model_name='personredirect',
            name='person',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='redirects', to='results.person', verbose_name='person'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='applied_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='applied at'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='choices',
            field=models.JSONField(blank=True, default=list, help_text='Who the organiser chose for seats whose spelling several people share: [{entry, line, seat, person}] (see results.services.choices).', verbose_name='choices of people'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='classification',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='imports', to='results.classification', verbose_name='classification'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='counts',
            field=models.JSONField(blank=True, default=dict, verbose_name='counts'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='created_at',
            field=models.DateTimeField(auto_now_add=True, verbose_name='created at'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='error',
            field=models.JSONField(blank=True, help_text='For a failed parse: {line, reason}.', null=True, verbose_name='error'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='hints',
            field=models.JSONField(blank=True, default=dict, help_text='Column roles a person set.', verbose_name='reading settings'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='issues',
            field=models.JSONField(blank=True, default=list, help_text="The parser's issues.", verbose_name='issues'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='parser_version',
            field=models.CharField(max_length=40, verbose_name='parser version'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='plan',
            field=models.JSONField(blank=True, help_text='Exactly what apply writes: people, cars, entries.', null=True, verbose_name='plan'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='sha256',
            field=models.CharField(help_text='Hex digest of the source bytes.', max_length=64, verbose_name='SHA-256 digest'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='sheet',
            field=models.JSONField(blank=True, help_text='`Sheet.to_dict()` of the parse.', null=True, verbose_name='reading'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='source',
            field=models.BinaryField(help_text='The uploaded bytes, as received.', verbose_name='file'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='source_name',
            field=models.CharField(help_text="The uploaded file's name.", max_length=255, verbose_name='file name'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='source_removed',
            field=models.BooleanField(default=False, help_text='The source bytes were dropped for privacy: anonymising a person could not scrub the name from them reliably (a workbook, a PDF). Such an import cannot be re-read.', verbose_name='file removed'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='state',
            field=models.CharField(choices=[('previewed', 'Previewed'), ('applied', 'Applied'), ('superseded', 'Superseded'), ('failed', 'Failed')], default='previewed', max_length=20, verbose_name='state'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='user',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='result_imports', to=settings.AUTH_USER_MODEL, verbose_name='user'),
        ),
        migrations.AlterField(
            model_name='round',
            name='championship',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rounds', to='results.championship', verbose_name='championship'),
        ),
        migrations.AlterField(
            model_name='round',
            name='classification',
            field=models.ForeignKey(blank=True, help_text="The table that scores; empty: the event's « Général », else its first one.", null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='rounds', to='results.classification', verbose_name='classification'),
        ),
        migrations.AlterField(
            model_name='round',
            name='coefficient',
            field=models.DecimalField(decimal_places=2, default=Decimal('1'), help_text='Multiplies the points this round awards (some rounds count double).', max_digits=4, verbose_name='coefficient'),
        ),
        migrations.AlterField(
            model_name='round',
            name='event',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rounds', to='results.event', verbose_name='event'),
        ),
        migrations.AlterField(
            model_name='round',
            name='order',
            field=models.PositiveSmallIntegerField(blank=True, help_text='1 for the first round of the season; empty: after the numbered ones, by date.', null=True, verbose_name='order'),
        ),
        migrations.AlterField(
            model_name='scoringscope',
            name='championship',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='scopes', to='results.championship', verbose_name='championship'),
        ),
        migrations.AlterField(
            model_name='scoringscope',
            name='class_points',
            field=models.CharField(blank=True, help_text='Points by place in the (equivalent) class: `15-12-9-7-5`. Empty: none.', max_length=200, validators=[results.models.championships.validate_scale], verbose_name='class points'),
        ),
        migrations.AlterField(
            model_name='scoringscope',
            name='group_points',
            field=models.CharField(blank=True, help_text='Points by place in the (equivalent) group: `5-4-3-2-1`. Empty: none.', max_length=200, validators=[results.models.championships.validate_scale], verbose_name='group points'),
        ),
        migrations.AlterField(
            model_name='scoringscope',
            name='name',
            field=models.CharField(help_text="The tab's title: `Général`, `Classes`.", max_length=100, verbose_name='name'),
        ),
        migrations.AlterField(
            model_name='scoringscope',
            name='order',
            field=models.PositiveSmallIntegerField(default=1, verbose_name='order'),
        ),
        migrations.AlterField(
            model_name='scoringscope',
            name='overall_points',
            field=models.CharField(blank=True, help_text='Points by overall place: `25-18-15-12-10-8-6-4-2-1`. Empty: none.', max_length=200, validators=[results.models.championships.validate_scale], verbose_name='overall points'),
        ),
        migrations.AlterField(
            model_name='scoringscope',
            name='split_by',
            field=models.CharField(blank=True, choices=[('', 'One table'), ('group', 'One table per group'), ('class', 'One table per class')], default='', max_length=10, verbose_name='split by'),
        ),
        migrations.AlterField(
            model_name='sharedspelling',
            name='key',
            field=models.CharField(help_text='Folded spelling (see `person_key`).', max_length=250, verbose_name='key'),
        ),
        migrations.AlterField(
            model_name='sharedspelling',
            name='person',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='shared_spellings', to='results.person', verbose_name='person'),
        ),
        migrations.AlterField(
            model_name='split',
            name='counted',
            field=models.BooleanField(blank=True, help_text='Whether the run counts in the total (None: not known).', null=True, verbose_name='counted'),
        ),
        migrations.AlterField(
            model_name='split',
            name='entry',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='splits', to='results.entry', verbose_name='entry'),
        ),
        migrations.AlterField(
            model_name='split',
            name='name',
            field=models.CharField(help_text='The stage or run as the sheet names it.', max_length=60, verbose_name='stage'),
        ),
        migrations.AlterField(
            model_name='split',
            name='order',
            field=models.PositiveSmallIntegerField(help_text="Its place among the entry's splits, from 1.", verbose_name='order'),
        ),
        migrations.AlterField(
            model_name='split',
            name='penalty_ms',
            field=models.IntegerField(blank=True, null=True, verbose_name='penalties'),
        ),
        migrations.AlterField(
            model_name='split',
            name='status',
            field=models.CharField(blank=True, choices=[('finished', 'Finished'), ('retired', 'Not finished'), ('dns', 'Not started'), ('dsq', 'Disqualified')], help_text="Blank where the sheet's cell is empty.", max_length=10, verbose_name='status'),
        ),
        migrations.AlterField(
            model_name='split',
            name='time_ms',
            field=models.IntegerField(blank=True, null=True, verbose_name='time'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='championship',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standings', to='results.championship', verbose_name='championship'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='competitor',
            field=models.CharField(help_text='`c:<person ids>` or `p:<id>`.', max_length=200, verbose_name='competitor'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='name',
            field=models.CharField(max_length=500, verbose_name='name'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='people',
            field=models.JSONField(default=list, help_text='[{id, slug, name, seat}] in seat order.', verbose_name='people'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='position',
            field=models.PositiveIntegerField(verbose_name='position'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='results',
            field=models.JSONField(default=list, help_text='[{round, points, place, status, counted}] by round order.', verbose_name='results'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='role',
            field=models.CharField(blank=True, help_text='``, `driver` or `codriver`.', max_length=10, verbose_name='role'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='scope',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standings', to='results.scoringscope', verbose_name='scope'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='section',
            field=models.CharField(blank=True, help_text='The group or class.', max_length=100, verbose_name='section'),
        ),
        migrations.AlterField(
            model_name='standing',
            name='total',
            field=models.DecimalField(decimal_places=2, max_digits=10, verbose_name='total'),
        ),

        migrations.AlterField(
            model_name='resultimport',
            name='lead',
            field=models.ForeignKey(blank=True, help_text="For the tables of an upload sent into another classification: the upload's preview, whose confirm publishes this one with it.", null=True, on_delete=django.db.models.deletion.CASCADE, related_name='parts', to='results.resultimport', verbose_name='upload it belongs to'),
        ),
        migrations.AlterField(
            model_name='resultimport',
            name='targets',
            field=models.JSONField(blank=True, default=dict, help_text='Where each table of the file goes: {table: classification name, or "" when it is left out}; empty: every table into this classification.', verbose_name="tables' classifications"),
        ),
        migrations.AlterField(
            model_name='standing',
            name='tie_breaks',
            field=models.CharField(blank=True, help_text='The tie-breaks that decided this position against a line level on points, comma-separated; empty when the points alone decided.', max_length=100, verbose_name='tie-breaks that decided'),
        ),
    ]
