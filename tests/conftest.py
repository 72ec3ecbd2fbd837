from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


@pytest.fixture
def samples_dir() -> Path:
    return SAMPLES


# Personas: who is using Podium, rather than setup noise in each test.
@pytest.fixture
def anonymous():
    from django.contrib.auth.models import AnonymousUser

    return AnonymousUser()


@pytest.fixture
def organiser(django_user_model):
    """A staff member who uploads the results of the events they run."""
    return django_user_model.objects.create_user(
        username="organiser", email="organiser@example.org", password="pw", is_staff=True
    )


@pytest.fixture
def superuser(django_user_model):
    return django_user_model.objects.create_superuser(
        username="admin", email="admin@example.org", password="pw"
    )


@pytest.fixture
def car_makes(db) -> None:
    """The makes the data migration seeds, put back if a transactional test flushed them."""
    import importlib

    from django.apps import apps

    from results.models import CarMake

    if not CarMake.objects.exists():
        importlib.import_module("results.migrations.0002_seed_car_makes").seed(apps, None)


@pytest.fixture
def event(db, car_makes):
    import datetime

    from results.models import Event

    return Event.objects.create(
        name="Rallye des Tests",
        slug="rallye-des-tests-2024",
        date=datetime.date(2024, 5, 4),
        place="Vesoul (70)",
        published=True,
    )


@pytest.fixture
def classification(event):
    from results.models import Classification

    return Classification.objects.create(event=event, slug="general")


@pytest.fixture
def table_snapshot():
    """Every row of every table, to prove a failed write changed nothing at all."""
    from django.db import connection

    def snapshot() -> dict[str, list[tuple]]:
        with connection.cursor() as cursor:
            tables = sorted(connection.introspection.table_names(cursor))
            state = {}
            for table in tables:
                name = connection.ops.quote_name(table)
                cursor.execute(f"SELECT * FROM {name}")
                state[table] = sorted(cursor.fetchall(), key=repr)
        return state

    return snapshot


# Uploads: an organiser belongs to the "Organisers" group (the upload permission) and is a
# member of the clubs whose events they run.
@pytest.fixture
def club(db):
    from results.models import Club

    return Club.objects.create(
        name="ASA Vesoul", short_name="Vesoul", region="Bourgogne-Franche-Comté"
    )


@pytest.fixture
def club_organiser(django_user_model, club):
    """A staff organiser of `club`, with the upload permission through the Organisers group."""
    from django.contrib.auth.models import Group, Permission

    # The data migration creates the group; transactional tests empty the tables.
    organisers, _ = Group.objects.get_or_create(name="Organisers")
    organisers.permissions.add(
        *Permission.objects.filter(
            content_type__app_label="results",
            codename__in=["upload_results", "view_event", "view_classification"],
        )
    )
    user = django_user_model.objects.create_user(
        username="club-organiser", email="club@example.org", password="pw", is_staff=True
    )
    user.groups.add(organisers)
    club.members.add(user)
    return user


@pytest.fixture
def club_event(event, club):
    """The `event` fixture, organised by `club`."""
    event.club = club
    event.save(update_fields=["club"])
    return event


@pytest.fixture(autouse=True)
def _empty_page_cache():
    """Each test starts with an empty cache: rows (and their pks) do not outlive a test, so
    neither may the pages cached from them."""
    from django.core.cache import cache

    from results.http.copies import forget_everything

    cache.clear()
    forget_everything()


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a request to an `/en/` page leaves
    English active in the thread, and a later test's `reverse()` would give `/en/` addresses."""
    from django.utils import translation

    translation.deactivate()
