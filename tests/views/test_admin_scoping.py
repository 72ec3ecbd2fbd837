"""An organiser of one club never sees another club's unpublished events in the admin, nor
their classifications, entries or imports (issue 20, finding 7)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import NoReverseMatch, reverse

from results.models import Championship, Classification, Club, Event, Round
from tests.views.conftest import RALLY_ROWS, import_rows

pytestmark = pytest.mark.django_db

SECRETS = ("Rallye Secret du Club B", "Manche Confidentielle", "secret-b.txt", "ASA Club B")


@pytest.fixture
def club_b_secret(car_makes):
    club_b = Club.objects.create(name=SECRETS[3])
    event = Event.objects.create(
        name=SECRETS[0],
        slug="rallye-secret-b",
        date=datetime.date(2024, 6, 1),
        place="Ailleurs",
        published=False,
        club=club_b,
    )
    classification = Classification.objects.create(
        event=event, slug="confidentielle", name=SECRETS[1]
    )
    imported = import_rows(classification, *RALLY_ROWS)
    imported.__class__.objects.filter(pk=imported.pk).update(source_name=SECRETS[2])
    championship = Championship.objects.create(name="Coupe", slug="coupe-2024", season=2024)
    Round.objects.create(championship=championship, event=event, order=1)
    return event


@pytest.fixture
def organiser_a(club_organiser, club_event, classification):
    """An organiser of club A who may view everything the admin holds."""
    club_organiser.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="results", codename__startswith="view_")
    )
    client = Client()
    client.force_login(club_organiser)
    return client


def admin_pages():
    for model, model_admin in admin.site._registry.items():
        meta = model._meta
        try:
            changelist = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
        except NoReverseMatch:
            continue
        yield model, model_admin, changelist


def assert_no_secret(response, where: str) -> None:
    if response.status_code == 200:
        page = response.content.decode()
        for secret in SECRETS:
            assert secret not in page, f"{where} shows {secret!r}"


def test_every_changelist_hides_the_other_clubs_unpublished_event(organiser_a, club_b_secret):
    walked = 0
    for _model, _admin, changelist in admin_pages():
        response = organiser_a.get(changelist)
        assert_no_secret(response, changelist)
        walked += response.status_code == 200
        for term in ("Secret", "Confidentielle", "secret"):
            assert_no_secret(organiser_a.get(changelist, {"q": term}), f"{changelist}?q={term}")
    assert walked >= 6  # events, classifications, entries, imports, championships, people…


def test_every_change_page_of_the_other_club_is_not_found(organiser_a, club_b_secret):
    walked = 0
    for model, _admin, _changelist in admin_pages():
        meta = model._meta
        for pk in model._default_manager.values_list("pk", flat=True)[:50]:
            url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[pk])
            response = organiser_a.get(url, follow=True)
            assert_no_secret(response, url)
            walked += 1
    assert walked > 20


def test_the_classification_form_offers_only_the_clubs_events(
    organiser_a, club_organiser, classification, club_b_secret
):
    club_organiser.user_permissions.add(Permission.objects.get(codename="change_classification"))
    url = reverse("admin:results_classification_change", args=[classification.pk])
    response = organiser_a.get(url)
    assert response.status_code == 200
    assert '<select name="event"' in response.content.decode()
    assert_no_secret(response, url)


def test_a_superuser_still_sees_everything(superuser, club_b_secret):
    client = Client()
    client.force_login(superuser)
    page = client.get(reverse("admin:results_classification_changelist")).content.decode()
    assert SECRETS[1] in page
