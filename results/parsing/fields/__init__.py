"""Field parsers: one cell's text in, one value out (or None). Pure functions, table-driven.

The layout stage calls them on every cell, so each one rejects oversized or foreign text
cheaply before any pattern runs.
"""

from results.parsing.fields.classes import (
    KNOWN_GROUPS,
    names_a_category,
    split_group_class,
    split_group_class_sure,
)
from results.parsing.fields.crews import (
    LONG_NAME,
    ORDER_FROM_COLUMN,
    CrewSplit,
    NameOrder,
    detect_name_order,
    looks_like_person,
    name_order_support,
    numbers_in_names,
    parse_person,
    split_crew,
)
from results.parsing.fields.first_names import first_names, is_first_name
from results.parsing.fields.makes import MAKES, cars_on_last_lines, is_car_line, make_of
from results.parsing.fields.numbers import (
    clean_text,
    number_before_name,
    parse_capacity,
    parse_int,
    parse_laps,
    parse_number,
    parse_points,
    parse_speed,
)
from results.parsing.fields.order import ColumnOrder, column_order
from results.parsing.fields.positions import Position, is_tie_mark, parse_position
from results.parsing.fields.retirements import StatusDetails, stage_reference, status_details
from results.parsing.fields.statuses import (
    STATUS_TITLES,
    parse_status,
    status_under_title,
    title_status,
)
from results.parsing.fields.times import (
    Gap,
    format_ms,
    has_gap_marker,
    parse_gap,
    parse_gap_pair,
    parse_lap_and_time,
    parse_penalty,
    parse_time,
    parse_time_and_penalty,
    penalty_after,
    reads_dotted_hours,
)

__all__ = [
    "FIRST_NAMES",
    "KNOWN_GROUPS",
    "LONG_NAME",
    "MAKES",
    "ORDER_FROM_COLUMN",
    "STATUS_TITLES",
    "ColumnOrder",
    "CrewSplit",
    "Gap",
    "NameOrder",
    "Position",
    "StatusDetails",
    "cars_on_last_lines",
    "clean_text",
    "column_order",
    "detect_name_order",
    "first_names",
    "format_ms",
    "has_gap_marker",
    "is_car_line",
    "is_first_name",
    "is_tie_mark",
    "looks_like_person",
    "make_of",
    "name_order_support",
    "names_a_category",
    "number_before_name",
    "numbers_in_names",
    "parse_capacity",
    "parse_gap",
    "parse_gap_pair",
    "parse_int",
    "parse_lap_and_time",
    "parse_laps",
    "parse_number",
    "parse_penalty",
    "parse_person",
    "parse_points",
    "parse_position",
    "parse_speed",
    "parse_status",
    "parse_time",
    "parse_time_and_penalty",
    "penalty_after",
    "reads_dotted_hours",
    "split_crew",
    "split_group_class",
    "split_group_class_sure",
    "stage_reference",
    "status_details",
    "status_under_title",
    "title_status",
]


def __getattr__(name: str) -> frozenset[str]:
    # `FIRST_NAMES` (every language's first names) is read from its data files on first use.
    if name == "FIRST_NAMES":
        return first_names()
    raise AttributeError(name)
