"""The parse contract: what `parse()` returns, as frozen dataclasses.

`Sheet.to_dict()` is the JSON that `manage.py parse_results --json` prints and that the import
service, tests and outside tools rely on. Field names are an API: add, never rename.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from results.parsing.stage_titles import StageRef

#: Column roles, the names `Sheet.columns` and `Hints.roles` use.
ROLES: tuple[str, ...] = (
    "position",
    "number",
    "crew",
    "driver",
    "codriver",
    # A person's surname and first name in columns of their own, one pair per seat: the n-th
    # surname column and the n-th first-name column name the n-th person of the crew.
    "surname",
    "first_name",
    "car",
    "group",
    "class",
    "group_class",
    "club",
    "time",
    "gap",
    "gap_prev",
    "laps",
    "best_lap",
    "best_lap_no",
    "speed",
    "capacity",
    "status",
    "category",
    # Wave 2: fields of their own, each null where the sheet has none.
    "class_position",
    "team",
    "nationality",
    "reason",
    "retired_at",
    "penalty",
    "points",
    "distance",
    "ignore",
    # A stage, run or lap time (`ES1`, `Run 2`, `Heat 3`): one of the parts of the total, kept
    # per entry as its `splits`, never the time the table is ranked on.
    "split",
)

#: Entry statuses. Unclassified ones (all but classified and rally2) have no position.
STATUSES: tuple[str, ...] = ("classified", "retired", "rally2", "dns", "dsq", "nc")
UNCLASSIFIED: frozenset[str] = frozenset({"retired", "dns", "dsq", "nc"})
#: The statuses of a draft ranked in its table (None: no status word, a classified crew).
RANKED: tuple[str | None, ...] = (None, "classified", "rally2")

Level = Literal["info", "warning"]


class ParseError(ValueError):
    """Nothing usable could be read. `line` is the 1-based source line (None: the whole file).

    `code` says why, one of `codes.REFUSALS` (stable: pages word the refusal from it);
    `reason` is the developers' English sentence; `params` what the refusal names (an image's
    format, a page count), plain strings and numbers so the error can be stored as JSON."""

    def __init__(
        self,
        reason: str,
        *,
        code: str = "file-unreadable",
        line: int | None = None,
        page: int | None = None,
        params: Mapping[str, str | int] | None = None,
    ):
        self.reason = reason
        self.code = code
        self.line = line
        self.page = page
        self.params = dict(params or {})
        where = f"line {line}: " if line is not None else ""
        super().__init__(f"{where}{reason}")

    def to_dict(self) -> dict[str, Any]:
        """What an import or a job stores of it (`results.services.issue_words.refusal`)."""
        return {
            "code": self.code,
            "line": self.line,
            "page": self.page,
            "reason": self.reason,
            "params": self.params,
        }


@dataclass(frozen=True, slots=True)
class Person:
    surname: str
    first_name: str | None = None

    def to_dict(self) -> dict[str, str | None]:
        return {"surname": self.surname, "first_name": self.first_name}


@dataclass(frozen=True, slots=True)
class Issue:
    """Something the parser inferred, repaired or doubts, on a source line."""

    line: int | None
    code: str
    message: str
    level: Level = "info"
    column: str | None = None
    page: int | None = None
    #: Every line a doubt about a whole column covers (None: only `line`).
    lines: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "page": self.page,
            "column": self.column,
            "level": self.level,
            "code": self.code,
            "message": self.message,
            "lines": list(self.lines) if self.lines is not None else None,
        }


#: What a stage or run cell says: a time (`finished`), or that the run was not finished
#: (`retired`: DNF, Ab.), not started (`dns`: DNS, NP, `-`) or disqualified (`dsq`).
SPLIT_STATUSES: tuple[str, ...] = ("finished", "retired", "dns", "dsq")
#: How the runs make the total: all of them, the best one, all but the worst.
SPLIT_RULES: tuple[str, ...] = ("sum", "best", "sum_less_worst")


@dataclass(frozen=True, slots=True)
class Split:
    """One stage, run or lap time of an entry, in the sheet's order (`order` from 1).

    `status` is None for an empty cell. `counted` says whether the run counts in the total
    (the best run, or every run but the worst), None where the sheet does not let it be known.
    """

    name: str
    order: int
    time_ms: int | None = None
    penalty_ms: int | None = None
    status: str | None = None
    counted: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "order": self.order,
            "time_ms": self.time_ms,
            "penalty_ms": self.penalty_ms,
            "status": self.status,
            "counted": self.counted,
        }


@dataclass(frozen=True, slots=True)
class Entry:
    """One crew's record in one results table."""

    line: int
    page: int | None = None
    category: str | None = None
    position: int | None = None
    #: The door number as written (`007`, `12B`); its numeric part sorts it.
    number: str | None = None
    crew: tuple[Person, ...] = ()
    car: str | None = None
    group: str | None = None
    klass: str | None = None  # "class" in the contract
    club: str | None = None
    time_ms: int | None = None
    gap_ms: int | None = None
    status: str = "classified"
    laps: int | None = None
    best_lap_ms: int | None = None
    best_lap_no: int | None = None
    speed_kmh: float | None = None
    capacity: str | None = None
    #: The rank in its class as the sheet gives it.
    class_position: int | None = None
    team: str | None = None
    nationality: str | None = None
    #: Why the crew retired (or was excluded), and the stage, lap or hour, as written.
    reason: str | None = None
    retired_at: str | None = None
    penalty_ms: int | None = None
    points: float | None = None
    #: The distance covered, as written (`1 234,5 km`).
    distance: str | None = None
    #: The index of the table the entry stands in (`Sheet.tables`).
    table: int = 0
    #: Stage, run or lap times as given (None: the sheet gives none).
    splits: tuple[Split, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "page": self.page,
            "category": self.category,
            "position": self.position,
            "number": self.number,
            "crew": [p.to_dict() for p in self.crew],
            "car": self.car,
            "group": self.group,
            "class": self.klass,
            "club": self.club,
            "time_ms": self.time_ms,
            "gap_ms": self.gap_ms,
            "status": self.status,
            "laps": self.laps,
            "best_lap_ms": self.best_lap_ms,
            "best_lap_no": self.best_lap_no,
            "speed_kmh": self.speed_kmh,
            "capacity": self.capacity,
            "class_position": self.class_position,
            "team": self.team,
            "nationality": self.nationality,
            "reason": self.reason,
            "retired_at": self.retired_at,
            "penalty_ms": self.penalty_ms,
            "points": self.points,
            "distance": self.distance,
            "table": self.table,
            "splits": [x.to_dict() for x in self.splits] if self.splits is not None else None,
        }


@dataclass(frozen=True, slots=True)
class Table:
    """One results table of the file: its own header, columns and headings. `table` is its
    index among the tables of the file (the one `Entry.table` and `Hints.tables` use); `title`
    is what the file calls it (a class title, a sheet's name, a caption), None if nothing."""

    table: int
    title: str | None
    columns: tuple[str, ...]
    headings: tuple[str | None, ...]
    line: int | None = None
    #: Which stage or run times make the total (`SPLIT_RULES`), None where the table has none
    #: or they do not say.
    splits_rule: str | None = None
    #: The one stage the table classifies, as its title says (`Classement ES3`).
    stage: StageRef | None = None
    #: The stage an interim overall classification stands after (`après ES5`).
    after_stage: StageRef | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "title": self.title,
            "columns": list(self.columns),
            "headings": list(self.headings) or [None] * len(self.columns),
            "splits_rule": self.splits_rule,
            "stage": self.stage.to_dict() if self.stage else None,
            "after_stage": self.after_stage.to_dict() if self.after_stage else None,
        }


@dataclass(frozen=True, slots=True)
class Sheet:
    format: str
    #: The columns of the first table (the one a person reads the sheet by); every table's
    #: own are in `tables`.
    columns: tuple[str, ...]
    entries: tuple[Entry, ...]
    issues: tuple[Issue, ...] = ()
    #: The heading above each column as the sheet writes it (None: no heading).
    headings: tuple[str | None, ...] = ()
    tables: tuple[Table, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "columns": list(self.columns),
            "headings": list(self.headings) or [None] * len(self.columns),
            "entries": [e.to_dict() for e in self.entries],
            "issues": [i.to_dict() for i in self.issues],
            "tables": [t.to_dict() for t in self.tables],
        }

    @property
    def warnings(self) -> list[Issue]:
        return [i for i in self.issues if i.level == "warning"]


@dataclass(frozen=True, slots=True)
class Hints:
    """A person's corrections to the inference, without editing the file.

    A hint addresses a column within its table: `tables` maps a table's index
    (`Table.table`) to its column hints, each a 0-based column index (of that table as read)
    to a role name from ROLES. `roles` is the first table's (table 0), as hints were written
    before a file could hold several tables. `header` says whether the first row is a header
    (None: let the parser decide).
    """

    roles: Mapping[int, str] = field(default_factory=dict)
    header: bool | None = None
    tables: Mapping[int, Mapping[int, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        named = set(self.roles.values()).union(*(t.values() for t in self.tables.values()))
        unknown = sorted(named - set(ROLES))
        if unknown:
            raise ValueError(f"unknown column role(s): {', '.join(unknown)}")

    def for_table(self, table: int) -> dict[int, str]:
        """The column hints of one table."""
        if table in self.tables:
            return dict(self.tables[table])
        return dict(self.roles) if table == 0 else {}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "roles": {str(k): v for k, v in self.roles.items()},
            "header": self.header,
        }
        if self.tables:
            out["tables"] = {
                str(t): {str(k): v for k, v in roles.items()} for t, roles in self.tables.items()
            }
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Hints:
        if not data:
            return cls()
        roles = {int(k): str(v) for k, v in (data.get("roles") or {}).items()}
        tables = {
            int(t): {int(k): str(v) for k, v in (columns or {}).items()}
            for t, columns in (data.get("tables") or {}).items()
        }
        header = data.get("header")
        return cls(roles=roles, header=None if header is None else bool(header), tables=tables)
