"""Columns told by how they agree with each other: a total of points and its parts."""

from __future__ import annotations

from results.parsing.layout.agreement import points_of_parts


def _columns(rows: list[list[str]]) -> list[list[str]]:
    return [list(c) for c in zip(*rows, strict=True)]


_RUNS = [
    ["1", "Kern Max", "3", "5", "2", "10"],
    ["2", "Hahn Tom", "6", "4", "5", "15"],
    ["3", "Wolf Udo", "8", "7", "6", "21"],
    ["4", "Lenz Eva", "9", "9", "7", "25"],
]


def test_the_column_that_sums_the_others_in_the_order_of_the_rows_is_the_points():
    roles: list[str | None] = ["position", "driver", None, None, None, None]
    assert points_of_parts(_columns(_RUNS), roles) == (5, (2, 3, 4), "points")
    assert roles == ["position", "driver", "ignore", "ignore", "ignore", "points"]


def test_a_status_word_in_the_total_leaves_the_rule_standing():
    rows = [*_RUNS, ["", "Roth Ida", "", "", "", "DNF"]]
    roles: list[str | None] = ["position", "driver", None, None, None, None]
    assert points_of_parts(_columns(rows), roles) == (5, (2, 3, 4), "points")


def test_a_sum_the_rows_do_not_stand_in_the_order_of_is_no_ranking():
    rows = [_RUNS[2], _RUNS[0], _RUNS[3], _RUNS[1]]
    roles: list[str | None] = [None, "driver", None, None, None, None]
    assert points_of_parts(_columns(rows), roles) is None
    assert roles == [None, "driver", None, None, None, None]


def test_columns_of_numbers_that_add_up_to_nothing_are_left_alone():
    rows = [[r[0], r[1], r[2], r[3], r[4], str(int(r[5]) + k)] for k, r in enumerate(_RUNS)]
    roles: list[str | None] = ["position", "driver", None, None, None, None]
    assert points_of_parts(_columns(rows), roles) is None


def test_a_column_a_hint_set_is_no_part_of_a_sum():
    roles: list[str | None] = ["position", "driver", "ignore", None, None, None]
    assert points_of_parts(_columns(_RUNS), roles, fixed={2}) is None
