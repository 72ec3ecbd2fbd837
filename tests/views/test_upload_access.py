"""Who reaches the upload pages: every URL and method, for every persona."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse

from results.models import Club, Entry, ResultImport
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db

ROWS = [
    "| 1 | 12 | MARTIN Jean/DUBOIS Marie | Peugeot 106 S16 | N2 | 05:00,0 | |",
    "| 2 | 7 | PETIT Luc/ROBERT Anne | Citroën Saxo VTS | A6 | 05:08,3 | +8,3 |",
]
# (url name, method, which import it targets: "preview", "applied", or the event).
ENDPOINTS = [
    ("upload", "get", None),
    ("upload", "post", None),
    ("preview", "get", "preview"),
    ("reparse", "post", "preview"),
    ("confirm", "post", "preview"),
    ("cancel", "post", "preview"),
    ("source", "get", "applied"),
    ("reapply", "post", "applied"),
    ("history", "get", "event"),
]
ALLOWED = {"club_organiser", "superuser"}


@pytest.fixture
def imports(club_event, classification):
    applied = apply_import(
        preview_import(classification=classification, data=pipe_sheet(*ROWS), source_name="old.txt")
    )
    preview = preview_import(
        classification=classification, data=pipe_sheet(*ROWS[:1]), source_name="new.txt"
    )
    return {"applied": applied, "preview": preview}


@pytest.fixture
def other_club_organiser(django_user_model, club_organiser):
    user = django_user_model.objects.create_user(
        username="other-club", password="pw", is_staff=True
    )
    user.groups.add(Group.objects.get(name="Organisers"))
    Club.objects.create(name="ASA Autre").members.add(user)
    return user


@pytest.fixture
def personas(organiser, club_organiser, other_club_organiser, superuser):
    # `organiser` is staff without the upload permission.
    return {
        "anonymous": None,
        "staff_without_permission": organiser,
        "other_club_organiser": other_club_organiser,
        "club_organiser": club_organiser,
        "superuser": superuser,
    }


def call(client, name, method, target, imports, event):
    if target is None:
        url = reverse(f"uploads:{name}")
    elif target == "event":
        url = reverse(f"uploads:{name}", args=[event.pk])
    else:
        url = reverse(f"uploads:{name}", args=[imports[target].pk])
    if method == "get":
        return client.get(url)
    data = {"event": event.pk, "classification": "Général", "discipline": "rally"}
    data["paste"] = pipe_sheet(*ROWS).decode()
    if name == "reparse":
        columns = imports["preview"].sheet["columns"]
        data = {f"role_{i}": role for i, role in enumerate(columns)} | {"header": "0"}
    return client.post(url, data)


def state(imports) -> list[tuple]:
    rows = ResultImport.objects.order_by("pk").values_list("pk", "state")
    return [*rows, Entry.objects.count()]


@pytest.mark.parametrize(("name", "method", "target"), ENDPOINTS)
@pytest.mark.parametrize(
    "persona",
    [
        "anonymous",
        "staff_without_permission",
        "other_club_organiser",
        "club_organiser",
        "superuser",
    ],
)
def test_the_permission_and_club_matrix(
    persona, name, method, target, personas, imports, club_event
):
    client = Client()
    if personas[persona] is not None:
        client.force_login(personas[persona])
    before = state(imports)
    response = call(client, name, method, target, imports, club_event)

    if persona == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))
    elif persona in ALLOWED:
        assert response.status_code in (200, 302), response.content[:300]
    elif name == "upload" and method == "get" and persona == "other_club_organiser":
        # Their own clubs' upload page; the event of another club is not on offer.
        assert response.status_code == 200
        assert club_event.name not in response.content.decode()
    else:
        assert response.status_code == 403
    if persona not in ALLOWED:
        assert state(imports) == before


def test_an_event_of_another_club_is_forbidden_in_the_upload_form(
    client, other_club_organiser, club_event
):
    client.force_login(other_club_organiser)
    assert client.get(reverse("uploads:upload") + f"?event={club_event.pk}").status_code == 403


def test_the_permission_alone_without_a_club_reaches_no_event(
    client, django_user_model, club_event, imports
):
    user = django_user_model.objects.create_user(username="loner", password="pw", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="upload_results"))
    client.force_login(user)
    assert client.get(reverse("uploads:upload")).status_code == 200
    preview = reverse("uploads:preview", args=[imports["preview"].pk])
    assert client.get(preview).status_code == 403


@pytest.mark.parametrize("name", ["reparse", "confirm", "cancel", "reapply"])
def test_get_never_writes(client, club_organiser, imports, name):
    client.force_login(club_organiser)
    before = state(imports)
    target = imports["applied" if name == "reapply" else "preview"]
    response = client.get(reverse(f"uploads:{name}", args=[target.pk]))
    assert response.status_code == 405
    assert state(imports) == before


@pytest.mark.parametrize("name", ["confirm", "cancel", "reapply", "reparse"])
def test_every_change_needs_the_csrf_token(club_organiser, imports, name):
    client = Client(enforce_csrf_checks=True)
    client.force_login(club_organiser)
    before = state(imports)
    target = imports["applied" if name == "reapply" else "preview"]
    response = client.post(reverse(f"uploads:{name}", args=[target.pk]))
    assert response.status_code == 403
    assert state(imports) == before


def test_the_upload_form_needs_the_csrf_token(club_organiser, club_event):
    client = Client(enforce_csrf_checks=True)
    client.force_login(club_organiser)
    data = {"event": club_event.pk, "classification": "Général", "paste": pipe_sheet(*ROWS)}
    assert client.post(reverse("uploads:upload"), data).status_code == 403
    assert not ResultImport.objects.exists()


def test_organisers_see_their_clubs_events_only_in_the_admin(
    client, other_club_organiser, club_organiser, club_event
):
    client.force_login(other_club_organiser)
    change = reverse("admin:results_event_change", args=[club_event.pk])
    assert client.get(reverse("admin:results_event_changelist")).status_code == 200
    assert client.get(change).status_code == 302  # the admin's "does not exist" redirect
    client.force_login(club_organiser)
    assert client.get(change).status_code == 200
