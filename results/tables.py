"""The standings table: columns, header labels and ordering (django-tables2).

django-tables2 gives the columns, the sort state of each header and its links; the body is a
lean template of Podium's own (`results/_standings_body.html`), because the stock renderer costs
several times a plain template loop on a 1,000-row table.

Rows are plain dicts (see `results.views.standings_rows`): templates read dict keys faster than
attributes, and ordering here needs nothing from the database.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableListData
from django_tables2.utils import OrderBy

from results.text import fold

Row = dict[str, Any]
_DIGITS = re.compile(r"(\d+)")


def natural(text: str) -> tuple:
    """`N 4` before `N 10`, whatever the case and accents."""
    return tuple(int(part) if part.isdigit() else part for part in _DIGITS.split(fold(text)))


def _text(key: str) -> Callable[[Row], Any]:
    return lambda row: natural(row[key]) if row[key] else None


def _value(key: str) -> Callable[[Row], Any]:
    return lambda row: row[key]


#: What each column sorts on; None means "no value": such rows go last in both directions.
SORT_KEYS: dict[str, Callable[[Row], Any]] = {
    "pos": _value("position"),
    "number": _value("number"),
    "crew": lambda row: fold(" / ".join(name for name, _url in row["crew"])) or None,
    "car": _text("car"),
    "group": _text("group"),
    "klass": lambda row: natural(f"{row['group']} {row['klass']}") if row["klass"] else None,
    "time": _value("time_ms"),
    "gap": _value("gap_ms"),
    "gap_prev": _value("gap_prev_ms"),
    "class_pos": _value("class_pos"),
    "club": _text("club"),
    "best_lap": _value("best_lap_ms"),
    "best_lap_no": _value("best_lap_no"),
    "speed": _value("speed_kmh"),
    "capacity": _text("capacity"),
    "laps": _value("laps"),
}

#: Columns shown only when some entry of the classification has a value for them.
OPTIONAL = {
    "club": "club",
    "best_lap": "best_lap_ms",
    "best_lap_no": "best_lap_no",
    "speed": "speed_kmh",
    "capacity": "capacity",
    "laps": "laps",
}


class StandingsData(TableListData):
    """Sorts rows on one column; rows without a value stay last whichever the direction."""

    def order_by(self, aliases) -> None:
        if not aliases:
            return
        alias = OrderBy(aliases[0])
        key = SORT_KEYS[alias.bare]
        present, missing = [], []
        for row in self.data:
            value = key(row)
            (missing if value is None else present).append((value, row["order"], row))
        # Ties keep the standings order in both directions.
        present.sort(key=lambda item: item[1])
        present.sort(key=lambda item: item[0], reverse=alias.is_descending)
        self.data[:] = [row for _v, _o, row in present] + [row for _v, _o, row in missing]


def _col(label, css: str = "") -> tables.Column:
    return tables.Column(verbose_name=label, attrs={"th": {"class": css}} if css else {})


class StandingsTable(tables.Table):
    pos = _col(_("Pos."), "pos num")
    number = _col(_("No."), "no num")
    crew = _col(_("Crew"), "crew")
    car = _col(_("Car"))
    group = _col(_("Group"))
    klass = _col(_("Class"))
    time = _col(_("Time"), "num")
    gap = _col(_("Gap"), "num")
    gap_prev = _col(_("Gap prev."), "num")
    class_pos = _col(_("Class pos."), "num")
    club = _col(_("Club"))
    best_lap = _col(_("Best lap"), "num")
    best_lap_no = _col(_("Lap"), "num")
    speed = _col(_("Speed (km/h)"), "num")
    capacity = _col(_("Capacity"))
    laps = _col(_("Laps"), "num")

    class Meta:
        order_by_field = "sort"
        orderable = True


def standings_table(
    rows: list[Row], *, hidden: set[str], class_pos_label: str | None = None
) -> StandingsTable:
    """A table over `rows`, without the columns in `hidden`, its class-position header named
    after the tab (class or group position)."""
    extra = [("class_pos", _col(class_pos_label, "num"))] if class_pos_label else None
    return StandingsTable(StandingsData(rows), exclude=tuple(hidden), extra_columns=extra)
