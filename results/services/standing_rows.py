"""A championship's computed lines as rows of the stored table, written only when they changed.

The rows are tuples, their JSON columns written as text in the form Postgres gives `jsonb`
back (keys by length, then alphabetically; `", "` and `": "` between items), so the stored
table is read back as text and compared with the new rows as they are: one query, and no
write at all when a recompute changes nothing (most do not: a rename elsewhere, the same
sheet imported twice, an event edited). When something changed, only the lines that differ
are written: the stored lines no longer computed are deleted by id and the new ones inserted
(a rename rewrites that person's few lines, not the season's thousands). A difference of
form alone (rows written another way) reads as a change and is written over, never the
reverse.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from json.encoder import encode_basestring as _string  # JSON string, UTF-8 kept

from django.db import connection
from django.db.models import BigIntegerField, F, TextField
from django.db.models.functions import Cast, Round

from results.models import Standing
from results.standings import Member, RoundResult, StandingRow

#: The stored columns a recompute writes, in the order of the rows `stored_rows` gives.
COLUMNS = (
    "scope_id",
    "role",
    "section",
    "position",
    "competitor",
    "name",
    "people",
    "total",
    "results",
    "tie_breaks",
)
_JSON = {"people", "results"}


def stored_rows(rows: Sequence[StandingRow]) -> list[tuple]:
    """The computed lines as rows of `COLUMNS`."""
    people: dict[tuple[Member, ...], str] = {}
    # Results repeat from line to line (the same place in the same round, in another class):
    # each is written once, keyed by what it writes.
    written: dict[tuple, str] = {}
    words: dict[object, str] = {}
    stored = []
    for row in rows:
        crew = people.get(row.people)
        if crew is None:
            crew = people[row.people] = people_json(row.people)
        parts = []
        for result in row.results:
            key = result[:5]  # round, points, place, status, counted
            part = written.get(key)
            if part is None:
                part = written[key] = _result_json(result, words)
            parts.append(part)
        results = "[" + ", ".join(parts) + "]"
        stored.append(
            (
                row.scope,
                row.role,
                row.section,
                row.position,
                row.competitor,
                row.name[:500],
                crew,
                row.total,
                results,
                ",".join(row.tie_breaks),
            )
        )
    return stored


def people_json(people: Sequence[Member]) -> str:
    """`[{id, name, seat, slug}]` in seat order, as JSON text."""
    return (
        "["
        + ", ".join(
            f'{{"id": {int(m.person)}, "name": {_string(m.name)}, "seat": {int(m.seat)}, '
            f'"slug": {_string(m.slug)}}}'
            for m in people
        )
        + "]"
    )


def _result_json(result: RoundResult, words: dict[object, str]) -> str:
    """`{place, round, points, status, counted}` as JSON text; `words` caches the points and
    statuses already written (a season has a few dozen of each)."""
    points = words.get(result.points)
    if points is None:
        points = words[result.points] = _string(format_points(result.points))
    status = words.get(result.status)
    if status is None:
        status = words[result.status] = _string(result.status)
    place = "null" if result.place is None else int(result.place)
    counted = "true" if result.counted else "false"
    return (
        f'{{"place": {place}, "round": {int(result.round)}, "points": {points}, '
        f'"status": {status}, "counted": {counted}}}'
    )


def format_points(points: Decimal) -> str:
    """`25`, `12.5`, `8.33`: no trailing zeros, never an exponent."""
    text = f"{points:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def stored_difference(championship_id: int, rows: Sequence[tuple]) -> tuple[list[int], list[tuple]]:
    """What the stored table must lose and gain to hold exactly `rows` (as `stored_rows` gives
    them): the ids of the stored lines no longer computed, and the rows to insert. Both empty
    when it holds them already. One query.

    JSON columns are compared as text and totals in cents (read as integers, so no decimal
    is built for every stored row). A line stored twice loses its second copy."""
    fields = ["pk", *(_read(name) for name in COLUMNS)]
    stored = Standing.objects.filter(championship_id=championship_id).order_by()
    total = COLUMNS.index("total")
    wanted: dict[tuple, list[tuple]] = {}
    for row in rows:
        wanted.setdefault((*row[:total], int(row[total] * 100), *row[total + 1 :]), []).append(row)
    gone = []
    for pk, *found in stored.values_list(*fields):
        same = wanted.get(tuple(found))
        if same:
            same.pop()
        else:
            gone.append(pk)
    return gone, [row for same in wanted.values() for row in same]


def _read(name: str) -> str | Cast:
    if name in _JSON:
        return Cast(name, TextField())
    if name == "total":
        return Cast(Round(F(name) * 100), BigIntegerField())
    return name


#: Past this many lines gone, the table is replaced whole rather than its lines deleted by
#: id: a change that moves most lines (a round's coefficient) costs no longer statement than
#: the table itself, and the ids stay under every backend's bound on query parameters.
_DELETE_BY_ID = 900


def write_difference(
    championship_id: int, rows: Sequence[tuple], gone: Sequence[int], new: Sequence[tuple]
) -> None:
    """Make the stored table hold `rows`, given `stored_difference`'s `gone` and `new`: at most
    two queries (the lines gone deleted, the new ones inserted), inside the caller's
    transaction."""
    if len(gone) > _DELETE_BY_ID:
        replace_rows(championship_id, rows)
        return
    if gone:
        Standing.objects.filter(championship_id=championship_id, pk__in=gone).delete()
    _insert(championship_id, new)


def replace_rows(championship_id: int, rows: Sequence[tuple]) -> None:
    """Replace the championship's stored table by `rows`: two queries (a delete, then one
    COPY on Postgres or one multi-row insert elsewhere), inside the caller's transaction."""
    Standing.objects.filter(championship_id=championship_id).delete()
    _insert(championship_id, rows)


def _insert(championship_id: int, rows: Sequence[tuple]) -> None:
    if not rows:
        return
    quote = connection.ops.quote_name
    table = quote(Standing._meta.db_table)
    columns = ", ".join(quote(Standing._meta.get_field(name).column) for name in COLUMNS)
    columns = f"{quote('championship_id')}, {columns}"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row((championship_id, *row))
        else:
            marks = ", ".join(["%s"] * (len(COLUMNS) + 1))
            cursor.executemany(
                f"INSERT INTO {table} ({columns}) VALUES ({marks})",
                [(championship_id, *row) for row in rows],
            )
