"""Fixtures for the public pages: an event with every status a rally sheet has."""

from __future__ import annotations

import pytest

from results.models import Championship, Classification, Round
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

RALLY_ROWS = (
    "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | F2-14 | 10:00,0 | |",
    "| 2 | 7 | DURAND Luc/PETIT Anne | Citroën Saxo VTS | N2 | 10:05,5 | +00:05,5 |",
    "| 3 | 8 | ANDRÉ Gérard/SŒUR Christian | Peugeot 106 | FN2 | 10:09,5 | +00:09,5 |",
    "| 4 | 9 | DE SAINTE OPPORTUNE Eric/THOMAS Luc | Peugeot 106 | N2 | 10:15,5 | +00:15,5 |",
    "| Rallye 2 | 21 | ROBERT Anne/LEROY Paul | BMW M3 | N2 | 12:00,0 | |",
    "| Abandon | 31 | MOREAU Jean/SIMON Paul | BMW M3 | N2 | | |",
    "| NC | 32 | MICHEL Jean/GARCIA Paul | BMW M3 | A7 | | |",
    "| Exclu | 33 | DAVID Jean/ROUX Paul | BMW M3 | A7 | | |",
    "| NP | 34 | VINCENT Jean/MOREL Paul | BMW M3 | A7 | | |",
)


def import_rows(classification: Classification, *rows: str, data: bytes | None = None):
    """Import a sheet through the real two-step service, as an organiser would."""
    sheet = data if data is not None else pipe_sheet(*rows)
    return apply_import(
        preview_import(classification=classification, data=sheet, source_name="sheet.txt")
    )


@pytest.fixture
def rally(classification):
    """`Rallye des Tests`: four classified crews, one Rallye 2, then every kind of unplaced."""
    import_rows(classification, *RALLY_ROWS)
    championship = Championship.objects.create(
        name="Coupe de Franche-Comté", slug="coupe-fc-2024", season=2024
    )
    Round.objects.create(championship=championship, event=classification.event, order=3)
    return classification.event


@pytest.fixture
def event_url(rally) -> str:
    return f"/fr/events/{rally.slug}/"
