"""Cells become values: one `Draft` per record, with an issue for every cell it could not read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from results.parsing.codes import level_of
from results.parsing.fields import (
    clean_text,
    detect_name_order,
    has_gap_marker,
    parse_capacity,
    parse_gap,
    parse_int,
    parse_laps,
    parse_position,
    parse_speed,
    parse_status,
    parse_time,
    split_crew,
    split_group_class_sure,
)
from results.parsing.layout.records import Record
from results.parsing.model import Issue, Person

# Roles whose cells may hold a status word instead of a value ("Abandon" in the time column).
_STATUS_CARRIERS = frozenset(
    {
        "status",
        "position",
        "time",
        "gap",
        "gap_prev",
        "laps",
        "best_lap",
        "number",
        "ignore",
        "best_lap_no",
        "speed",
    }
)


@dataclass(slots=True)
class Draft:
    line: int
    page: int | None
    category: str | None
    position: int | None = None
    tied: bool = False
    number: int | None = None
    crew: list[Person] = field(default_factory=list)
    car: str | None = None
    group: str | None = None
    klass: str | None = None
    club: str | None = None
    time_ms: int | None = None
    time_gap_ms: int | None = None  # a gap written in the time column (leader's time + gap)
    gap_ms: int | None = None  # the gap to the leader as the sheet writes it
    lapped: int | None = None
    gap_prev_ms: int | None = None
    status: str | None = None
    laps: int | None = None
    best_lap_ms: int | None = None
    best_lap_no: int | None = None
    speed_kmh: float | None = None
    capacity: str | None = None


@dataclass(frozen=True, slots=True)
class ColumnReading:
    """Per-column choices taken once from the whole column."""

    role: str
    name_order: str = "surname_first"
    bare_seconds: bool = False


def plan_columns(roles: Sequence[str], records: Sequence[Record]) -> list[ColumnReading]:
    readings = []
    for j, role in enumerate(roles):
        values = [r.cells[j] for r in records if r.cells[j]]
        if role in ("crew", "driver", "codriver"):
            readings.append(ColumnReading(role, name_order=detect_name_order(values[:500])))
        elif role in ("time", "best_lap"):
            sample = values[:200]
            plain = sum(1 for v in sample if parse_time(v) is not None)
            bare = sum(1 for v in sample if parse_time(v, bare_seconds=True) is not None)
            readings.append(
                ColumnReading(role, bare_seconds=bare > plain and bare * 2 > len(sample))
            )
        else:
            readings.append(ColumnReading(role))
    return readings


def _unreadable(rec: Record, role: str, cell: str, what: str) -> Issue:
    return Issue(
        line=rec.line,
        page=rec.page,
        column=role,
        code="value-unreadable",
        level=level_of("value-unreadable"),
        message=f"column {role}: {cell!r} is not {what}",
    )


def read_record(
    rec: Record, readings: Sequence[ColumnReading], category: str | None
) -> tuple[Draft, list[Issue]]:
    d = Draft(rec.line, rec.page, category)
    issues: list[Issue] = []
    seats: dict[str, list[Person]] = {}
    for reading, cell in zip(readings, rec.cells, strict=True):
        role = reading.role
        if not cell or (role == "ignore" and parse_status(cell) is None):
            continue
        if role in _STATUS_CARRIERS:
            status = parse_status(cell)
            if status is not None:
                d.status = d.status or status
                continue
        if role == "position":
            pos = parse_position(cell)
            if pos is None:
                issues.append(_unreadable(rec, role, cell, "a position"))
            else:
                d.position, d.tied = pos.value, pos.tied
        elif role in ("crew", "driver", "codriver"):
            split = split_crew(cell, order=reading.name_order)
            seats.setdefault(role, []).extend(split.people)
            if split.uncertain:
                issues.append(
                    Issue(
                        line=rec.line,
                        page=rec.page,
                        column=role,
                        code="crew-uncertain",
                        level=level_of("crew-uncertain"),
                        message=f"{cell!r}: {split.uncertain}",
                    )
                )
        elif role == "time":
            if has_gap_marker(cell) and (gap := parse_gap(cell)) is not None:
                d.time_gap_ms = gap.ms
                d.lapped = gap.laps
            else:
                ms = parse_time(cell, bare_seconds=reading.bare_seconds)
                if ms is None:
                    issues.append(_unreadable(rec, role, cell, "a time"))
                d.time_ms = ms
        elif role in ("gap", "gap_prev"):
            gap = parse_gap(cell)
            if gap is None:
                issues.append(_unreadable(rec, role, cell, "a gap"))
            elif role == "gap":
                d.gap_ms, d.lapped = gap.ms, gap.laps
            else:
                d.gap_prev_ms = gap.ms
        elif role == "group_class":
            group, klass, sure = split_group_class_sure(cell)
            d.group, d.klass = group, klass
            if not sure:
                issues.append(
                    Issue(
                        line=rec.line,
                        page=rec.page,
                        column=role,
                        code="group-class-uncertain",
                        level=level_of("group-class-uncertain"),
                        message=f"{cell!r} read as group {group}, class {klass}",
                    )
                )
        else:
            _read_simple(d, role, cell, rec, issues, reading)
    # The driver comes first whatever the order of the columns.
    d.crew = [p for role in ("driver", "crew", "codriver") for p in seats.get(role, ())]
    return d, issues


def _read_simple(
    d: Draft, role: str, cell: str, rec: Record, issues: list[Issue], reading: ColumnReading
) -> None:
    if role == "number":
        d.number = parse_int(cell)
        if d.number is None:
            issues.append(_unreadable(rec, role, cell, "a race number"))
    elif role == "car":
        d.car = clean_text(cell)
    elif role == "group":
        d.group = clean_text(cell)
    elif role == "class":
        d.klass = clean_text(cell)
    elif role == "club":
        d.club = clean_text(cell)
    elif role == "category":
        d.category = clean_text(cell) or d.category
    elif role == "laps":
        d.laps = parse_laps(cell)
        if d.laps is None:
            issues.append(_unreadable(rec, role, cell, "a lap count"))
    elif role == "best_lap":
        d.best_lap_ms = parse_time(cell, bare_seconds=True)
        if d.best_lap_ms is None:
            issues.append(_unreadable(rec, role, cell, "a lap time"))
    elif role == "best_lap_no":
        d.best_lap_no = parse_int(cell)
        if d.best_lap_no is None:
            issues.append(_unreadable(rec, role, cell, "a lap number"))
    elif role == "speed":
        d.speed_kmh = parse_speed(cell)
        if d.speed_kmh is None:
            issues.append(_unreadable(rec, role, cell, "a speed"))
    elif role == "capacity":
        d.capacity = parse_capacity(cell)
    elif role == "status":
        issues.append(_unreadable(rec, role, cell, "a status"))
