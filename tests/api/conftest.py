"""Fixtures for the API: the public pages' rally, imported through the real import service."""

from __future__ import annotations

import datetime

import pytest

from results.models import Championship, Classification, Event, Round, ScoringScope
from results.services.championships import recompute
from tests.views.conftest import RALLY_ROWS, import_rows


@pytest.fixture
def rally(classification, club):
    """`Rallye des Tests` (organised by `club`): four classified crews, one Rallye 2, then
    every kind of unplaced crew; round 3 of a championship with one table."""
    event = classification.event
    event.club = club
    event.save(update_fields=["club"])
    import_rows(classification, *RALLY_ROWS)
    championship = Championship.objects.create(
        name="Coupe de Franche-Comté", slug="coupe-fc-2024", season=2024
    )
    ScoringScope.objects.create(
        championship=championship, name="Général", overall_points="10-8-6-5-4-3-2-1"
    )
    Round.objects.create(championship=championship, event=event, order=3)
    recompute(championship)
    return event


@pytest.fixture
def hidden(car_makes):
    """An unpublished event with one crew of its own (nobody else's) and a round of the
    rally's championship."""
    event = Event.objects.create(
        name="Rallye Secret", slug="rallye-secret-2024", date=datetime.date(2024, 6, 1)
    )
    table = Classification.objects.create(event=event, slug="general")
    import_rows(table, "| 1 | 5 | CACHE Henri/DISCRET Marc | Ford Escort | A7 | 9:00,0 | |")
    return event


def get_json(client, url: str, **headers):
    response = client.get(url, headers=headers)
    assert response["Content-Type"] == "application/json", response.content[:200]
    return response, response.json()
