"""The name-fixing staff pages: permission matrix, merge flow, suggestions, split, undo."""

import datetime
import importlib
import re

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from results.models import (
    Classification,
    CrewMember,
    Event,
    NameChange,
    NotSamePerson,
    Person,
    PersonAlias,
)
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db


def load(classification, *rows):
    data = pipe_sheet(*rows)
    return apply_import(preview_import(classification=classification, data=data, source_name="r"))


@pytest.fixture
def two_people(classification, car_makes):
    event = Event.objects.create(name="Deux", slug="deux", date=datetime.date(2024, 6, 1))
    other = Classification.objects.create(event=event, slug="general")
    load(classification, "| 1 | 5 | MARTIN J./PETIT Anne | BMW M3 | A8 | 10:00,0 | |")
    load(other, "| 1 | 7 | MARTIN Jean/ROUX Luc | BMW M3 | A8 | 10:00,0 | |")
    return Person.objects.get(search_key="martin jean"), Person.objects.get(search_key="martin j.")


@pytest.fixture
def name_editor(django_user_model):
    """Staff in the Name editors group, with the permissions the migration gives it.

    Built here too: transactional and live-server tests empty every table, data included.
    """
    migration = importlib.import_module("results.migrations.0004_names")
    user = django_user_model.objects.create_user(username="editor", password="pw", is_staff=True)
    group, _ = Group.objects.get_or_create(name=migration.NAME_EDITORS)
    group.permissions.add(
        *Permission.objects.filter(
            content_type__app_label="results", codename__in=migration.NAME_EDITOR_PERMISSIONS
        )
    )
    user.groups.add(group)
    return user


def test_the_migration_creates_the_name_editors_group_with_its_permissions(db):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    migration = importlib.import_module("results.migrations.0004_names")
    Group.objects.filter(name=migration.NAME_EDITORS).delete()
    state = MigrationExecutor(connection).loader.project_state(("results", "0004_names"))
    migration.create_name_editors(state.apps, None)
    codenames = set(
        Group.objects.get(name=migration.NAME_EDITORS).permissions.values_list(
            "codename", flat=True
        )
    )
    assert {"fix_names", "change_person", "change_car"} <= codenames


def urls(keep, drop):
    change = NameChange.objects.create(kind="rename", person=keep, summary="x", undo={"a": None})
    ids = f"?ids={keep.pk},{drop.pk}"
    return [
        ("get", reverse("names:merge") + ids, {}),
        ("post", reverse("names:merge") + ids, {"keep": keep.pk}),
        ("get", reverse("names:suggestions"), {}),
        ("post", reverse("names:merge_pair"), {"keep": keep.pk, "drop": drop.pk}),
        ("post", reverse("names:not_same"), {"first": keep.pk, "second": drop.pk}),
        ("get", reverse("names:split", args=[keep.pk]), {}),
        ("post", reverse("names:split", args=[keep.pk]), {}),
        ("get", reverse("names:anonymise", args=[keep.pk]), {}),
        ("post", reverse("names:anonymise", args=[keep.pk]), {}),
        ("get", reverse("names:undo", args=[change.pk]), {}),
        ("post", reverse("names:undo", args=[change.pk]), {}),
        ("get", reverse("names:merge_cars") + "?ids=1,2", {}),
    ]


@pytest.mark.parametrize("who", ["anonymous", "staff", "organiser"])
def test_people_without_the_permission_are_kept_out(client, two_people, who, django_user_model):
    keep, drop = two_people
    if who == "staff":
        client.force_login(
            django_user_model.objects.create_user(username="s", password="pw", is_staff=True)
        )
    elif who == "organiser":
        user = django_user_model.objects.create_user(username="o", password="pw", is_staff=True)
        user.user_permissions.add(Permission.objects.get(codename="change_person"))
        client.force_login(user)
    before = (Person.objects.count(), NotSamePerson.objects.count(), NameChange.objects.count())
    for method, url, data in urls(keep, drop):
        response = getattr(client, method)(url, data)
        if who == "anonymous":
            assert response.status_code == 302 and "/admin/login/" in response["Location"], url
        else:
            assert response.status_code == 403, url
    # Nothing written but the log row the test itself made.
    assert (Person.objects.count(), NotSamePerson.objects.count()) == before[:2]


@pytest.mark.parametrize("who", ["name_editor", "superuser"])
def test_people_with_the_permission_see_every_page(client, two_people, who, request):
    keep, drop = two_people
    client.force_login(request.getfixturevalue(who))
    for url in [
        reverse("names:merge") + f"?ids={keep.pk},{drop.pk}",
        reverse("names:suggestions"),
        reverse("names:split", args=[keep.pk]),
        reverse("names:anonymise", args=[keep.pk]),
    ]:
        assert client.get(url).status_code == 200, url


def test_get_never_writes_and_posts_need_csrf(two_people, superuser, table_snapshot):
    from django.test import Client

    keep, drop = two_people
    client = Client(enforce_csrf_checks=True)
    client.force_login(superuser)
    before = table_snapshot()
    client.get(reverse("names:merge") + f"?ids={keep.pk},{drop.pk}")
    client.get(reverse("names:anonymise", args=[keep.pk]))
    response = client.post(reverse("names:merge") + f"?ids={keep.pk},{drop.pk}", {"keep": keep.pk})
    assert response.status_code == 403
    after = table_snapshot()
    after.pop("django_session"), before.pop("django_session")
    assert after == before


def test_the_admin_action_leads_to_a_confirmation_that_merges(client, two_people, name_editor):
    keep, drop = two_people
    client.force_login(name_editor)
    response = client.post(
        reverse("admin:results_person_changelist"),
        {"action": "merge_selected", "_selected_action": [keep.pk, drop.pk]},
    )
    assert response.status_code == 302
    page = client.get(response["Location"])
    body = page.content.decode()
    # Every entry that will move, and a radio per person.
    assert "Deux" in body and "Rallye des Tests" in body
    assert body.count('name="keep"') == 2
    response = client.post(response["Location"], {"keep": keep.pk})
    assert response.status_code == 302
    assert not Person.objects.filter(pk=drop.pk).exists()
    assert CrewMember.objects.filter(person=keep).count() == 2
    assert NameChange.objects.get(kind="merge").user == name_editor


def test_a_refused_merge_says_why_on_the_page(client, classification, superuser):
    load(classification, "| 1 | 5 | GAGNIERE Patrick/GAGNIERE P. | BMW M3 | A8 | 10:00,0 | |")
    a, b = Person.objects.order_by("pk")
    client.force_login(superuser)
    url = reverse("names:merge") + f"?ids={a.pk},{b.pk}"
    response = client.post(url, {"keep": a.pk})
    assert response.status_code == 409
    body = response.content.decode()
    # French by default: the page again, with the refusal, which names the crew they share.
    assert "Quelle personne garder ?" in body
    note = re.search(r'<p class="errornote" role="alert">(.*?)</p>', body, re.S)
    assert note and "GAGNIERE Patrick" in note[1] and "Rallye des Tests" in note[1]
    response = client.post(url, {"keep": a.pk}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert "same crew" in response.content.decode()
    assert Person.objects.count() == 2


def test_suggestions_merge_in_one_click_and_remember_not_the_same(client, two_people, superuser):
    keep, drop = two_people
    client.force_login(superuser)
    body = client.get(reverse("names:suggestions")).content.decode()
    assert "MARTIN J." in body and "initiales" in body and "Deux" in body
    client.post(reverse("names:not_same"), {"first": drop.pk, "second": keep.pk})
    pair = NotSamePerson.objects.get()
    assert pair.first.pk < pair.second.pk  # one row per pair, lower pk first
    assert "Aucun doublon probable" in client.get(reverse("names:suggestions")).content.decode()
    NotSamePerson.objects.all().delete()
    client.post(reverse("names:merge_pair"), {"keep": keep.pk, "drop": drop.pk})
    assert not Person.objects.filter(pk=drop.pk).exists()


def test_renaming_in_the_admin_records_the_old_spelling(client, two_people, superuser):
    keep, _ = two_people
    client.force_login(superuser)
    url = reverse("admin:results_person_change", args=[keep.pk])
    response = client.post(
        url,
        {
            "surname": "MARTIN",
            "first_name": "Jean-Pierre",
            "aliases-TOTAL_FORMS": "0",
            "aliases-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    keep.refresh_from_db()
    assert keep.first_name == "Jean-Pierre"
    assert PersonAlias.objects.get(key="martin jean").person == keep
    body = client.get(url).content.decode()
    assert "MARTIN Jean → MARTIN Jean-Pierre" in body and "Annuler…" in body


def test_the_person_list_searches_folded_names_and_counts_entries(client, two_people, superuser):
    client.force_login(superuser)
    body = client.get(reverse("admin:results_person_changelist") + "?q=MARTÍN").content.decode()
    assert "MARTIN J." in body and "MARTIN Jean" in body and "PETIT" not in body


def test_split_and_undo_through_the_pages(client, two_people, superuser):
    keep, drop = two_people
    client.force_login(superuser)
    client.post(reverse("names:merge") + f"?ids={keep.pk},{drop.pk}", {"keep": keep.pk})
    change = NameChange.objects.get(kind="merge")
    response = client.post(reverse("names:undo", args=[change.pk]))
    assert response.status_code == 302
    assert Person.objects.filter(pk=drop.pk).exists()
    entry = CrewMember.objects.get(person=keep).entry_id
    response = client.post(reverse("names:split", args=[keep.pk]), {"entries": [entry]})
    assert response.status_code == 409  # every entry would leave: rename instead
