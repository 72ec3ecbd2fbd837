"""From a classification's entries to the rows and tabs a standings page shows.

Pure Python over entries already loaded (`results.views.standings_data`): no query here, so
the page costs the same few queries for 10 rows or 1,000.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from results.catalogue import CLASSIFIED, COLUMN, COLUMNS, Kind
from results.tables import OPTIONAL, natural
from results.views import formatting
from results.views.standings_data import StandingEntry

Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Tab:
    """A class tab (`N-4`: the pair group N, class 4) or a group tab (`N`)."""

    key: str
    label: str
    group: str
    klass: str | None = None  # None: the whole group


@dataclass(slots=True)
class Tabs:
    classes: list[Tab] = field(default_factory=list)
    groups: list[Tab] = field(default_factory=list)

    def find(self, *, klass: str | None, group: str | None) -> Tab | None:
        """The tab a query string names; an unknown key names none (the overall table)."""
        if klass:
            return next((tab for tab in self.classes if tab.key == klass), None)
        if group:
            return next((tab for tab in self.groups if tab.key == group), None)
        return None


def class_key(group: str, klass: str) -> str:
    return f"{group}-{klass}" if group else klass


def tabs_of(entries: Iterable[StandingEntry]) -> Tabs:
    """Every class and group that has entries, in natural order (`N 4` before `N 10`)."""
    classes: dict[str, Tab] = {}
    groups: dict[str, Tab] = {}
    for entry in entries:
        if entry.group and entry.group not in groups:
            groups[entry.group] = Tab(key=entry.group, label=entry.group, group=entry.group)
        if entry.klass:
            key = class_key(entry.group, entry.klass)
            if key not in classes:
                label = f"{entry.group} {entry.klass}".strip()
                classes[key] = Tab(key=key, label=label, group=entry.group, klass=entry.klass)
    return Tabs(
        classes=sorted(classes.values(), key=lambda tab: natural(tab.label)),
        groups=sorted(groups.values(), key=lambda tab: natural(tab.label)),
    )


def standings_order(entries: Iterable[StandingEntry]) -> list[StandingEntry]:
    """Classified crews by position, then Rallye 2, retired, non-classified, disqualified and
    non-starters (the status catalogue's order), each in sheet order, as rally sheets list
    them."""
    last = len(formatting.STATUS_ORDER)
    return sorted(
        entries,
        key=lambda e: (
            formatting.STATUS_ORDER.get(e.status, last),
            e.position is None,
            e.position or 0,
            e.sheet_order,
        ),
    )


def hidden_columns(entries: Sequence[StandingEntry]) -> set[str]:
    """The optional columns nobody in the classification has a value for, and the columns
    that follow them (class positions go with the class)."""
    hidden = set()
    for column, attr in OPTIONAL.items():
        if not any(getattr(entry, attr) not in (None, "") for entry in entries):
            hidden.add(column)
    hidden.update(f.column for f in COLUMNS if f.follows in hidden and f.column)
    return hidden


#: Columns every table shows, whatever the rows: who placed where.
_ALWAYS = frozenset({"pos", "crew"})


#: (column, key of its text in a row) of the columns a table may leave out.
_MAY_BE_EMPTY = tuple(
    (f.column, f.text_key) for f in COLUMNS if f.column and f.column not in _ALWAYS
)


def empty_columns(rows: Sequence[Row], *, hidden: Collection[str] = ()) -> set[str]:
    """The columns no shown row has a value in (a sheet without times, a tab without gaps),
    and the columns that follow them: a table shows what its rows have, nothing more.
    Columns already `hidden` (left out of the rows by `build_rows`) are not looked at."""
    empty = {
        column
        for column, key in _MAY_BE_EMPTY
        if column not in hidden and not any(row[key] for row in rows)
    }
    empty.update(f.column for f in COLUMNS if f.follows in empty and f.column)
    return empty


def _formatters(decimals: int, sep: str) -> dict[Kind, Callable[[Any], str]]:
    """The cell formatter of each kind for one table: value → text (`None` → empty)."""
    clock = formatting.clock_formatter(decimals=decimals, sep=sep)
    gap = formatting.gap_formatter(decimals=decimals, sep=sep)
    return {
        Kind.INTEGER: _text,
        Kind.TIME: lambda value: "" if value is None else clock(value),
        Kind.GAP: lambda value: "" if value is None else gap(value),
        Kind.DECIMAL: lambda value: _speed_text(value, decimals, sep),
        Kind.TEXT: lambda value: value or "",
    }


#: Columns a row copies from its entry (the others depend on the tab or on several values).
_PLAIN = tuple(f for f in COLUMNS if not f.computed)
#: The sort keys stored beside some values (a door number's numeric part), copied to rows.
_SORT_ATTRS = tuple(f.sort_model for f in COLUMNS if f.sort_model)
_POS, _GAP, _GAP_PREV, _CLASS_POS = (
    COLUMN[name] for name in ("pos", "gap", "gap_prev", "class_pos")
)
#: Their keys in a row (value, text), read once rather than once a row.
_POS_KEYS, _GAP_KEYS, _GAP_PREV_KEYS, _CLASS_POS_KEYS = (
    (f.value_key, f.text_key) for f in (_POS, _GAP, _GAP_PREV, _CLASS_POS)
)


def _decimals(entries: Sequence[StandingEntry]) -> dict[str, int]:
    """Decimals per precision: the times of one precision show as many as the most precise."""
    attrs: dict[str, list[str]] = {}
    for f in COLUMNS:
        if f.precision and f.model:
            attrs.setdefault(f.precision, []).append(f.value_key)
    return {
        precision: formatting.decimals_for(
            getattr(entry, attr) for attr in names for entry in entries
        )
        for precision, names in attrs.items()
    }


def build_rows(
    entries: Sequence[StandingEntry], *, tab: Tab | None, hidden: Collection[str] = ()
) -> list[Row]:
    """The rows of one tab, in standings order, with gaps and positions relative to the tab.

    Overall: the sheet's gap to the leader. In a class or group tab: gaps to the tab's leader
    and to the previous crew of the tab, computed from times when both crews covered the same
    laps (a lapped crew has no time gap). Every other column is its entry's value, formatted
    by its kind in the field catalogue. The columns in `hidden` (`hidden_columns`: nobody has
    a value there) are left out of the rows.
    """
    decimals = _decimals(entries)
    sep = formatting.decimal_separator()
    # One reverse() for the whole table: a thousand of them would cost more than the loop.
    person_url = reverse("results:person_detail", kwargs={"slug": "slug-placeholder"})
    url_head, _slug, url_tail = person_url.partition("slug-placeholder")
    short = {status: str(label) for status, label in formatting.STATUS_SHORT.items()}
    # The formatters of each number of decimals, made once for the whole table.
    formats: dict[int, dict[Kind, Callable[[Any], str]]] = {}

    def formatter(kind: Kind, places: int) -> Callable[[Any], str]:
        if places not in formats:
            formats[places] = _formatters(places, sep)
        return formats[places][kind]

    # (attribute and row key of the value, row key of its text if apart, its formatter)
    plain = [
        (
            f.value_key,
            f.text_key if f.text_key != f.value_key else None,
            formatter(
                f.kind,
                _places(entries, f.value_key)
                if f.kind is Kind.DECIMAL
                else decimals.get(f.precision, 1),
            ),
        )
        for f in _PLAIN
        if f.column not in hidden
    ]
    race_gap = formatter(Kind.GAP, decimals.get(_GAP.precision, 1))

    shown = [
        e
        for e in entries
        if tab is None or (e.group == tab.group and (tab.klass is None or e.klass == tab.klass))
    ]
    rows: list[Row] = []
    leader: StandingEntry | None = None
    previous: StandingEntry | None = None
    ahead = False  # a classified crew came before: a zero gap after it is a tie
    group_rank = 0
    class_positions: list[int | None] = []
    for entry in shown:
        class_pos = entry.class_position
        if tab is not None and tab.klass is None:
            # A group tab ranks crews within the group: its own positions, not the classes'.
            class_pos = None
            if entry.status == CLASSIFIED and entry.position is not None:
                group_rank += 1
                class_pos = group_rank
        class_positions.append(class_pos)
    tied = _tied(e.position for e in shown if e.status == CLASSIFIED)
    # Class positions are ranks within each class: two class winners are no tie.
    tied_class = _tied(
        (e.group, e.klass, p)
        for e, p in zip(shown, class_positions, strict=True)
        if e.status == CLASSIFIED and p is not None
    )
    for order, entry in enumerate(shown):
        classified = entry.status == CLASSIFIED
        timed = classified and (entry.time_ms is not None or entry.gap_ms is not None)
        # Overall: the sheet's own gap to its leader, but none for a Rallye 2 crew: they
        # restarted after retiring, so they raced against no leader.
        gap_ms = entry.gap_ms if classified else None
        if tab is not None:
            gap_ms = _time_gap(entry, leader) if timed else None
        gap_prev_ms = _time_gap(entry, previous) if timed else None
        if timed:
            leader = leader or entry
            previous = entry
        # The leader's own gap is empty on sheets; a crew tied with the crew ahead shows
        # `+0:00,0`.
        leads = gap_ms == 0 and not ahead
        ahead = ahead or classified
        class_pos = class_positions[order]
        position = entry.position
        row: Row = {
            "order": order,
            "status": entry.status,
            "status_short": short.get(entry.status, ""),
            "crew": [(name, url_head + slug + url_tail) for name, slug in entry.crew],
            _POS_KEYS[0]: position,
            _POS_KEYS[1]: _rank(position, classified and position in tied),
            _GAP_KEYS[0]: gap_ms,
            _GAP_KEYS[1]: "" if leads else race_gap(gap_ms),
            _GAP_PREV_KEYS[0]: gap_prev_ms,
            _GAP_PREV_KEYS[1]: race_gap(gap_prev_ms),
            _CLASS_POS_KEYS[0]: class_pos,
            _CLASS_POS_KEYS[1]: _rank(
                class_pos, classified and (entry.group, entry.klass, class_pos) in tied_class
            ),
        }
        for attr, text_key, text in plain:
            value = getattr(entry, attr)
            row[attr] = value
            if text_key is not None:
                row[text_key] = text(value)
        for sort_attr in _SORT_ATTRS:
            row[sort_attr] = getattr(entry, sort_attr)
        row["status_note"] = "" if classified else status_note(entry.retired_at, entry.reason)
        rows.append(row)
    return rows


def status_note(retired_at: str, reason: str) -> str:
    """What follows an unplaced crew's mark: where and why it stopped (`ES4 — moteur`)."""
    return " — ".join(part for part in (retired_at, reason) if part)


def _text(number: int | None) -> str:
    # Strings, not ints: the template engine localises every int it prints, a real cost
    # over a thousand rows, and these are counts and ranks that need no grouping.
    return "" if number is None else str(number)


def _tied(positions: Iterable[Any]) -> set[Any]:
    """The positions two crews or more share (a tie on time: both `=1`)."""
    seen: set[Any] = set()
    tied: set[Any] = set()
    for position in positions:
        if position is not None:
            (tied if position in seen else seen).add(position)
    return tied


def _rank(position: int | None, tie: bool) -> str:
    # Sheets write a shared place `=1`, so the two crews read as tied, not as a typo.
    return f"={position}" if tie else _text(position)


def _time_gap(entry: StandingEntry, ahead: StandingEntry | None) -> int | None:
    """The gap between two crews: from their times, else (a sheet that gives gaps and no
    times, as VHC sheets do) from their gaps to the leader of the same table."""
    if ahead is None or ahead is entry:
        return None
    if entry.laps is not None and ahead.laps is not None and entry.laps != ahead.laps:
        return None
    if entry.time_ms is not None and ahead.time_ms is not None:
        return entry.time_ms - ahead.time_ms
    if entry.gap_ms is not None and ahead.gap_ms is not None and entry.category == ahead.category:
        return entry.gap_ms - ahead.gap_ms
    return None


def _places(entries: Sequence[StandingEntry], attr: str) -> int:
    """Decimals of a number column: as many as its most precise value (up to three), so a
    sheet's `25,890` beside `27,486` keeps its zero; stored floats lose trailing zeros."""
    places = 0
    for entry in entries:
        value = getattr(entry, attr)
        if value is not None:
            _whole, _dot, fraction = f"{value:.3f}".rstrip("0").partition(".")
            places = max(places, len(fraction))
    return places


def _speed_text(speed: float | None, places: int, sep: str) -> str:
    if speed is None:
        return ""
    return f"{speed:.{places}f}".replace(".", sep)


def sections(rows: list[Row], *, sorted_by_user: bool) -> list[tuple[str, list[Row]]]:
    """Rows grouped under the titles sheets use (Retirements, Non-starters...).

    A table the fan sorted is one block: its order is no longer the sheet's.
    """
    if sorted_by_user:
        return [("", rows)]
    blocks: list[tuple[str, list[Row]]] = []
    # Each status's title translated once, not once a row.
    titles = {status: str(title) for status, title in formatting.SECTION_TITLES.items()}
    for row in rows:
        title = titles.get(row["status"], "")
        if not blocks or blocks[-1][0] != title:
            blocks.append((title, []))
        blocks[-1][1].append(row)
    return blocks
