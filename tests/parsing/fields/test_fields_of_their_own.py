"""Door numbers as written, points, and what a status cell says beside its word."""

from __future__ import annotations

import pytest

from results.parsing.fields import parse_number, parse_points, status_details
from results.parsing.fields.numbers import number_sort


@pytest.mark.parametrize(
    ("cell", "number"),
    [("12", "12"), ("007", "007"), ("12B", "12B"), ("A12", "A12"), ("#12", "12"),
     ("N°7", "7"), ("# 07", "07"), (" 3 ", "3")],
)  # fmt: skip
def test_a_door_number_is_kept_as_written(cell, number):
    assert parse_number(cell) == number


@pytest.mark.parametrize("cell", ["12.5", "1:02", "", "Pilote", "1234567", "12 B 4"])
def test_what_is_no_door_number_is_none(cell):
    assert parse_number(cell) is None


@pytest.mark.parametrize(
    ("number", "key"), [("007", 7), ("12B", 12), ("A12", 12), ("100", 100), ("X", None), ("", None)]
)
def test_a_door_number_sorts_on_its_numeric_part(number, key):
    assert number_sort(number) == key


@pytest.mark.parametrize(
    ("cell", "points"),
    [
        ("25", 25.0),
        ("12,5", 12.5),
        ("18 pts", 18.0),
        ("1\u202f135", 1135.0),  # thousands parted by a narrow no-break space
        ("1 135,5", 1135.5),
        ("12\u00a0507", 12507.0),
    ],
)
def test_points_are_numbers(cell, points):
    assert parse_points(cell) == points


def test_what_is_no_number_of_points_is_none():
    assert parse_points("beaucoup") is None
    # Two numbers side by side are no thousands: the second has not three digits.
    assert parse_points("1 13") is None
    assert parse_points("1 1350") is None


@pytest.mark.parametrize(
    ("cell", "retired_at", "reason"),
    [
        ("Ab. ES4 moteur", "ES4", "moteur"),
        ("Abandon ES 4 (moteur)", "ES4", "moteur"),
        ("DNF lap 12 - engine", "lap 12", "engine"),
        ("DNF Lap 12 - engine", "Lap 12", "engine"),
        ("Retired SS4 (engine)", "SS4", "engine"),
        ("Abandon moteur ES 12", "ES12", "moteur"),
        ("Abandon après 6h - transmission", "6h", "transmission"),
        ("Abandon à l'ES4 : sortie de route", "ES4", "sortie de route"),
        ("Abandonné (boîte de vitesses)", None, "boîte de vitesses"),
        ("Exclu (pesage)", None, "pesage"),
        ("Ausfall WP3 Motor", "WP3", "Motor"),
        ("Abandon", None, None),
        ("Ab.", None, None),
        ("Rallye 2", None, None),
    ],
)
def test_a_status_cell_gives_where_and_why(cell, retired_at, reason):
    details = status_details(cell)
    assert (details.retired_at, details.reason) == (retired_at, reason)


def test_a_cell_that_starts_with_no_status_word_gives_nothing():
    assert status_details("moteur ES4") == status_details("")
    assert status_details("ES4").retired_at is None
