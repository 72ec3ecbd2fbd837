"""The import preview's `Other` cell, written from the catalogue's details."""

from __future__ import annotations

from django.utils import translation

from results.catalogue import DETAILS
from results.templatetags.podium import preview_details

VALUES = {
    "category": "Scratch",
    "club": "ASA Vesoul",
    "laps": 118,
    "best_lap_ms": 168_108,
    "best_lap_no": 37,
    "speed_kmh": 101.5,
    "capacity": "1600",
}
PRECISIONS = {"race": 1, "lap": 3}


def test_details_come_in_their_declared_order():
    orders = [f.detail.order for f in DETAILS if f.detail]
    assert orders == sorted(orders) and len(orders) == len(DETAILS)
    assert "best_lap_no" not in [f.contract for f in DETAILS]  # written inside the best lap


def test_every_detail_in_french_and_english():
    with translation.override("en"):
        assert preview_details(VALUES, PRECISIONS) == (
            "Scratch ASA Vesoul 118 laps best lap 2:48.108 (37) 101.5 km/h 1600"
        )
    with translation.override("fr"):
        text = preview_details(VALUES, PRECISIONS)
    assert text.startswith("Scratch ASA Vesoul 118 ") and "2:48,108 (37) 101,5 km/h 1600" in text


def test_a_field_the_sheet_does_not_give_is_left_out():
    values = {**VALUES, "club": None, "best_lap_no": None, "capacity": ""}
    with translation.override("en"):
        assert (
            preview_details(values, PRECISIONS) == "Scratch 118 laps best lap 2:48.108 101.5 km/h"
        )
    assert preview_details({}, PRECISIONS) == ""


def test_the_fields_of_their_own_and_a_retirement_are_details_too():
    values = {
        "team": "Team Vosges",
        "nationality": "FRA",
        "distance": "123,4 km",
        "penalty_ms": 10_000,
        "points": 12.5,
        "retired_at": "ES4",
        "reason": "moteur",
    }
    with translation.override("en"):
        assert preview_details(values, PRECISIONS) == (
            "Team Vosges FRA 123,4 km penalty 0:10.0 12.5 pts ES4 moteur"
        )
    with translation.override("fr"):
        assert preview_details(values, PRECISIONS) == (
            "Team Vosges FRA 123,4 km pénalité 0:10,0 12,5 pts ES4 moteur"
        )
