"""The clubs migration: groups used as clubs become clubs with their members, events follow;
permission groups stay roles; the reverse makes the groups again."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)


def _clubs_migration(executor: MigrationExecutor) -> tuple[tuple[str, str], tuple[str, str]]:
    """(The clubs migration, the one before it), by their names in the graph."""
    [node] = [
        key for key in executor.loader.graph.nodes if key[0] == "results" and key[1][5:] == "clubs"
    ]
    [parent] = [key for key in executor.loader.graph.node_map[node].parents if key[0] == "results"]
    return node, parent


def _migrate(target: tuple[str, str]):
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    return MigrationExecutor(connection).loader.project_state(target).apps


@pytest.fixture
def before_clubs():
    """The database as it was before clubs (events pointing at groups); back to the latest
    schema afterwards, whatever the test did."""
    executor = MigrationExecutor(connection)
    node, parent = _clubs_migration(executor)
    latest = executor.loader.graph.leaf_nodes()
    yield node, parent, _migrate(parent)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(latest)


def test_groups_used_as_clubs_become_clubs_with_their_members_and_events(before_clubs):
    node, parent, old = before_clubs
    Group, Permission = old.get_model("auth", "Group"), old.get_model("auth", "Permission")
    User, Event = old.get_model("auth", "User"), old.get_model("results", "Event")
    organisers, _ = Group.objects.get_or_create(name="Organisers")
    organisers.permissions.add(Permission.objects.get(codename="upload_results"))
    editors, _ = Group.objects.get_or_create(name="Name editors")
    editors.permissions.add(Permission.objects.get(codename="change_person"))
    vesoul = Group.objects.create(name="ASA Vesoul")
    idle = Group.objects.create(name="ASA Sans Épreuve")  # offered as a club, no event yet
    anna = User.objects.create(username="anna", is_staff=True)
    bob = User.objects.create(username="bob", is_staff=True)
    anna.groups.add(organisers, vesoul, editors)
    bob.groups.add(organisers, vesoul, idle)
    day = datetime.date(2024, 5, 4)
    rally = Event.objects.create(name="Rallye", slug="rallye", date=day, club=vesoul)
    # A permission group once named as an event's club: a club now, and still a role.
    odd = Event.objects.create(name="Course", slug="course", date=day, club=editors)
    orphan = Event.objects.create(name="Slalom", slug="slalom", date=day)

    new = _migrate(node)
    Club, Event = new.get_model("results", "Club"), new.get_model("results", "Event")
    Group = new.get_model("auth", "Group")
    clubs = {c.name: c for c in Club.objects.all()}
    assert set(clubs) == {"ASA Vesoul", "ASA Sans Épreuve", "Name editors"}
    members = {
        name: set(club.members.values_list("username", flat=True)) for name, club in clubs.items()
    }
    assert members == {
        "ASA Vesoul": {"anna", "bob"},
        "ASA Sans Épreuve": {"bob"},
        "Name editors": {"anna"},
    }
    assert Event.objects.get(pk=rally.pk).club == clubs["ASA Vesoul"]
    assert Event.objects.get(pk=odd.pk).club == clubs["Name editors"]
    assert Event.objects.get(pk=orphan.pk).club is None
    # The groups that were only clubs are gone; the roles keep their members.
    assert set(Group.objects.values_list("name", flat=True)) == {"Organisers", "Name editors"}
    assert Group.objects.get(name="Organisers").user_set.count() == 2
    assert Group.objects.get(name="Name editors").user_set.count() == 1

    back = _migrate(parent)
    Group, Event = back.get_model("auth", "Group"), back.get_model("results", "Event")
    vesoul = Group.objects.get(name="ASA Vesoul")
    assert set(vesoul.user_set.values_list("username", flat=True)) == {"anna", "bob"}
    assert Event.objects.get(pk=rally.pk).club.name == "ASA Vesoul"
    assert Event.objects.get(pk=orphan.pk).club is None


def test_a_database_without_groups_migrates_to_no_club(before_clubs):
    node, _parent, old = before_clubs
    Event = old.get_model("results", "Event")
    # Only the roles: no group is a club.
    Group, Permission = old.get_model("auth", "Group"), old.get_model("auth", "Permission")
    organisers, _ = Group.objects.get_or_create(name="Organisers")
    organisers.permissions.add(Permission.objects.get(codename="upload_results"))
    Event.objects.create(name="Rallye", slug="rallye", date=datetime.date(2024, 5, 4))
    new = _migrate(node)
    assert not new.get_model("results", "Club").objects.exists()
    assert new.get_model("results", "Event").objects.get().club is None
    assert new.get_model("auth", "Group").objects.filter(name="Organisers").exists()
