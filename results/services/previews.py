"""What the preview page shows, read from a ResultImport: nothing here writes.

The rows are built from the same sheet and plan that `apply_import` writes, so the preview
shows exactly the rows that will be stored.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from results.catalogue import CONTRACT_NAMES
from results.models import CarMake, ResultImport
from results.models.cars import car_as_written
from results.parsing import Hints
from results.services.candidates import Candidate, candidate_people
from results.services.choices import by_seat, flagged_seats
from results.services.deciding import FIXABLE, NAME_PARTS, read_field
from results.services.decisions import correct
from results.services.issue_words import Doubt, grouped, worded
from results.services.plans import PlannedCar, plan_of

# `header-recognised` / `header-missing` messages pair each heading with its role.
_LEVELS = {"warning": 0, "info": 1}
#: Fields of a stored Entry that the preview shows, as the parse contract names them.
ENTRY_FIELDS = CONTRACT_NAMES


@dataclass(frozen=True, slots=True)
class CrewSeat:
    surname: str
    first_name: str | None
    match: str  # "name", "alias" or "new"
    #: The person this seat will be, when it is someone already known.
    person: int | None = None
    #: The people a spelling several share may be; empty when there is nothing to choose.
    candidates: tuple[Candidate, ...] = ()
    #: The confirm form's field for that choice: `choice-<sheet order>-<seat>`.
    field: str = ""


@dataclass(frozen=True, slots=True)
class PreviewRow:
    line: int
    page: int | None
    values: dict[str, Any]
    class_position: int | None
    crew: list[CrewSeat]
    car_new: bool
    issues: list[dict] = field(default_factory=list)
    #: The car as the public page will name it: the make's display name (`Škoda`) where the
    #: sheet's spelling (`Skoda`) differs by more than case.
    car: str | None = None
    #: The record's index in the sheet (what a fix of one of its values names).
    order: int = 0
    #: The fields a correction changed from the sheet as read (`deciding.FIXABLE` names).
    fixed: frozenset[str] = frozenset()

    @property
    def has_warning(self) -> bool:
        return any(issue["level"] == "warning" for issue in self.issues)


@dataclass(frozen=True, slots=True)
class Column:
    index: int
    heading: str
    role: str
    hinted: bool
    #: The index of the column's table (`Sheet.tables`) and that table's title.
    table: int = 0
    title: str | None = None


def sort_issues(issues: Sequence[Mapping[str, Any]]) -> list[dict]:
    """Warnings above infos; otherwise as the parser listed them; each in plain words
    (`sentence`, `detail`, `column_label`: see `issue_words.worded`)."""
    return sorted((worded(i) for i in issues), key=lambda i: _LEVELS.get(i["level"], 2))


def doubts(result_import: ResultImport) -> list[Doubt]:
    """Every issue of the import, the parser's and the people matching's, the same doubt in
    the same column said once with the lines it touches; warnings first."""
    return grouped([*result_import.issues, *_plan_issues(result_import)])


def all_issues(result_import: ResultImport) -> list[dict]:
    """Every issue the preview shows on its rows, the parser's and the people matching's
    (a spelling several people share), in the parser's form: what the command line prints."""
    return [*result_import.issues, *_plan_issues(result_import)]


def _plan_issues(result_import: ResultImport) -> list[dict]:
    plan = plan_of(result_import)
    if not plan:
        return []
    return [
        {"line": warning.line, "page": None,
         "column": None if warning.code.startswith("decision-") else "crew",
         "level": warning.level, "code": warning.code, "message": warning.reason}
        for warning in plan.warnings
    ]  # fmt: skip


@dataclass(frozen=True, slots=True)
class RowsPage:
    """One page of the preview's rows, the rows with a doubt (a warning) first."""

    rows: list[PreviewRow]
    number: int
    pages: int
    count: int
    #: Rows with a warning, on every page: they fill the first pages.
    with_warning: int

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.pages else None


def rows_page(result_import: ResultImport, number: int, *, per_page: int) -> RowsPage:
    """The rows of page `number` (1-based, brought within the pages): every row with a
    warning comes before every row without, each group in the sheet's order."""
    entries = (result_import.sheet or {}).get("entries") or []
    warned = {i["line"] for i in all_issues(result_import) if i["level"] == "warning"}
    doubtful = [order for order, entry in enumerate(entries) if entry["line"] in warned]
    if doubtful:
        chosen = set(doubtful)
        orders = doubtful + [order for order in range(len(entries)) if order not in chosen]
    else:
        orders = list(range(len(entries)))
    pages = max(1, -(-len(orders) // per_page))
    number = min(max(1, number), pages)
    shown = orders[(number - 1) * per_page : number * per_page]
    rows = preview_rows(result_import, orders=shown)
    return RowsPage(rows, number, pages, len(orders), len(doubtful))


def preview_rows(
    result_import: ResultImport, *, orders: Sequence[int] | None = None, prefix: str = ""
) -> list[PreviewRow]:
    """The rows as they will be published: all of them, or those at `orders` (sheet order);
    `prefix` goes before the confirm form's field of each choice of person (a part's rows:
    `part_prefix`)."""
    sheet, plan = result_import.sheet, plan_of(result_import)
    if not sheet or not plan:
        return []
    by_line: dict[int | None, list[dict]] = defaultdict(list)
    for issue in result_import.issues:
        by_line[issue["line"]].append(issue)
    # What matching the people found doubtful (a spelling several people share) goes on the
    # row too, beside the parser's own doubts.
    for issue in _plan_issues(result_import):
        by_line[issue["line"]].append(issue)
    people, cars = plan.people, plan.cars
    makes = _make_names({item.make for item in cars if item.make is not None})
    flagged = flagged_seats(plan)
    chosen = by_seat(plan.choices)
    known = candidate_people({pk for pks in flagged.values() for pk in pks}) if flagged else {}
    # The values as they will be published: the corrections (decisions, values fixed) applied.
    raw = sheet["entries"]
    records = correct(result_import.classification, raw, result_import=result_import.pk).entries
    rows = []
    entries, planned_entries = records, plan.entries
    if len(entries) != len(planned_entries):
        raise ValueError("the plan does not match the sheet")
    for order in range(len(entries)) if orders is None else orders:
        entry, planned = entries[order], planned_entries[order]
        crew = []
        for seat, (member, ref) in enumerate(zip(entry["crew"], planned.people, strict=True), 1):
            item = people[ref]
            pks = flagged.get((order, seat), ())
            crew.append(
                CrewSeat(
                    member["surname"],
                    member["first_name"],
                    item.match,
                    person=chosen.get((order, seat), item.person),
                    candidates=tuple(known[pk] for pk in pks if pk in known),
                    field=f"{prefix}choice-{order}-{seat}" if pks else "",
                )
            )
        car_ref = planned.car
        rows.append(
            PreviewRow(
                line=entry["line"],
                page=entry["page"],
                values={name: entry.get(name) for name in ENTRY_FIELDS},
                class_position=planned.class_position,
                crew=crew,
                car_new=car_ref is not None and cars[car_ref].car is None,
                car=_car_shown(entry.get("car"), None if car_ref is None else cars[car_ref], makes),
                issues=sort_issues(by_line.get(entry["line"], [])),
                order=order,
                fixed=_fixed_fields(raw[order], entry),
            )
        )
    return rows


def _fixed_fields(raw: Mapping[str, Any], record: Mapping[str, Any]) -> frozenset[str]:
    seats = range(1, len(record.get("crew") or ()) + 1)
    names = [f"{part}:{seat}" for seat in seats for part in NAME_PARTS]
    return frozenset(
        name for name in (*FIXABLE, *names) if read_field(raw, name) != read_field(record, name)
    )


def part_prefix(part: ResultImport) -> str:
    """What goes before the confirm form's fields of a part's choices of person."""
    return f"part{part.pk}-"


def _make_names(pks: set[int]) -> dict[int, str]:
    return {pk: make.name for pk, make in CarMake.objects.in_bulk(pks).items()} if pks else {}


def _car_shown(text: str | None, planned: PlannedCar | None, makes: Mapping[int, str]) -> str:
    """The car as `standings_data` will show the stored entry: `car_as_written`."""
    if planned is None:
        return text or ""
    make = makes.get(planned.make) if planned.make is not None else None
    return car_as_written(text or "", make, planned.model)


def columns(result_import: ResultImport) -> list[Column]:
    """The columns of every table as read, with their headings where the table had a header
    row; a sheet stored before tables were listed has one table, 0."""
    sheet = result_import.sheet or {}
    tables = sheet.get("tables") or [
        {"table": 0, "title": None, "columns": sheet.get("columns", []),
         "headings": sheet.get("headings")}
    ]  # fmt: skip
    hints = Hints.from_dict(result_import.hints)
    out = []
    for table in tables:
        roles = table["columns"]
        headings = [h or "" for h in table.get("headings") or [None] * len(roles)]
        hinted = hints.for_table(table["table"])
        out.extend(
            Column(i, headings[i], role, i in hinted, table["table"], table.get("title"))
            for i, role in enumerate(roles)
        )
    return out


def line_text(data: bytes, line: int | None, *, limit: int = 300) -> str | None:
    """The text of a 1-based source line, for an error message; None for binary files."""
    if line is None or line < 1 or b"\x00" in data[:4096] or data[:2] == b"PK":
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    lines = text.splitlines()
    if line > len(lines):
        return None
    found = lines[line - 1].strip()
    return found if len(found) <= limit else found[:limit] + "…"
