"""An unpublished event shows only to whoever may work on it; a round without a number shows
no number."""

import pytest

from results.models import Championship, Club, Round
from tests.views.conftest import RALLY_ROWS, import_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft_event(club_event, classification):
    import_rows(classification, *RALLY_ROWS)
    club_event.published = False
    club_event.save(update_fields=["published"])
    return club_event


def _url(event) -> str:
    return f"/fr/events/{event.slug}/"


def test_the_organising_club_sees_its_unpublished_event(client, club_organiser, draft_event):
    client.force_login(club_organiser)
    assert client.get(_url(draft_event)).status_code == 200


def test_an_organiser_of_another_club_does_not(client, club_organiser, club, draft_event):
    club.members.remove(club_organiser)
    Club.objects.create(name="ASA Voisine").members.add(club_organiser)
    client.force_login(club_organiser)
    assert client.get(_url(draft_event)).status_code == 404


def test_fans_do_not(client, draft_event):
    assert client.get(_url(draft_event)).status_code == 404


def test_a_round_without_a_number_shows_none(client, rally):
    championship = Championship.objects.create(name="Trophée", slug="trophee-2024", season=2024)
    Round.objects.create(championship=championship, event=rally, order=None)
    html = client.get(_url(rally)).content.decode()
    assert "Trophée 2024" in html
    assert "None" not in html
