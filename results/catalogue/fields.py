"""The field catalogue: every result field of an entry, declared once.

A declaration says what the parse contract calls the field, which Entry model field stores it,
its kind, and, when the public standings table shows it, the column: its header label, the
classes of its header and cells, whether it shows only when some entry has a value, how it
sorts and what the CSV export writes for it; or, when it has no column, how the import
preview writes it among the row's details. The writer of entries, the import preview (its
field list and details), the length checks of the plan, the standings data, rows, HTML body,
table, sort keys, optional columns and CSV, and the API's entries (`results.api.entries`), all
read this tuple, so a new field costs its reader in the parser, its model field and migration,
and one declaration here.

`FIELDS` is in the order of the standings table's columns; fields the table does not show come
last. Two columns are not stored on the entry (`crew`, from its crew members, and `gap_prev`,
computed per tab): they are declared here too, so the table's order is written in one place.

Adding a field, say a licence: the parser's reader fills the contract's `licence`; the Entry
model gets `licence` and its migration; and one declaration goes here, such as
`EntryField("licence", "licence", Kind.TEXT, column="licence", label=gettext_noop("Licence"),
optional=True, sort=Sort.NATURAL)`, as `team` is declared below. A new label wants its
translation in `locale/` (the catalogue's tests name any missing), and a right-aligned cell its
class in `podium.css`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from results.catalogue.text import Text, gettext_noop


class Kind(Enum):
    """How a value is stored and shown."""

    TIME = "time"  # integer milliseconds, shown `m:ss.t`
    GAP = "gap"  # milliseconds, shown `+m:ss.t`; the leader's own gap is empty
    INTEGER = "integer"  # a count or a rank, shown as is
    DECIMAL = "decimal"  # shown with the language's decimal separator, no trailing zeros
    TEXT = "text"  # as written; the model stores "" where the sheet gives nothing
    STATUS = "status"  # a code of the status catalogue (`results.catalogue.statuses`)
    CREW = "crew"  # the crew's people, in seat order (stored as crew members)
    SPLITS = "splits"  # stage, run or lap times in order (stored as splits, with their stage pages)


class Sort(Enum):
    """What a column sorts on. Rows without a value go last in both directions."""

    VALUE = "value"  # the stored value: milliseconds, counts, ranks
    NUMBER = "number"  # a door number: its numeric part (`sort_model`), then its text
    NATURAL = "natural"  # the text in natural order (`N 4` before `N 10`), folded
    CLASS = "class"  # the pair (group, class) in natural order
    CREW = "crew"  # the crew's names, folded


class Csv(Enum):
    """What the CSV export writes in a column's cells."""

    VALUE = "value"  # the stored value (a number, or text neutralised against formulas)
    TEXT = "text"  # the cell's text as the page shows it (`1:05:21,1`, `112,5`)
    UNSIGNED = "unsigned"  # the cell's text without its sign: a gap a spreadsheet can add
    POSITION = "position"  # the position, or the status mark of an unplaced crew
    CREW = "crew"  # the crew's names joined by ` / `


@dataclass(frozen=True, slots=True)
class Detail:
    """How the import preview writes a field it has no column for, in its `Other` cell:
    `12 laps`, `best lap 1:02.3 (9)`. Details come in `order`, each where the field has a
    value."""

    order: int
    before: Text | None = None
    after: Text | None = None
    #: The contract name of a field written in brackets after this one (a best lap's lap).
    then: str = ""


@dataclass(frozen=True, slots=True)
class EntryField:
    """One result field of an entry, and its column on the standings table if it has one."""

    #: The name in the parse contract (`class`); None where the import computes the value.
    contract: str | None
    #: The Entry model field (`klass`); None for a column the entry does not store.
    model: str | None
    kind: Kind
    #: The column of the standings table (`best_lap`: `?sort=best_lap`, cell `col-best_lap`).
    column: str | None = None
    label: Text | None = None
    #: Classes of the column's header cell, and of its body cells.
    header_css: str = ""
    cell_css: str = ""
    #: Shown only when some entry of the classification has a value for it.
    optional: bool = False
    sort: Sort = Sort.VALUE
    csv: Csv = Csv.VALUE
    #: Hidden with that column (class positions go with the class).
    follows: str = ""
    #: The standings rows compute the cell (per tab, or from several values), not a reader.
    computed: bool = False
    #: Times of one precision share their number of decimals in a table.
    precision: str = ""
    #: The attribute the standings page reads when it is not the model field (`car`: the
    #: fixed car's name, else the text as written); for a computed column, its row key.
    attr: str | None = None
    #: How the import preview shows the field, when it gives it no column of its own.
    detail: Detail | None = None
    #: The Entry field the writer fills with the value's sort key (`Sort.NUMBER`: its numeric
    #: part, indexed), read by the pages beside the value.
    sort_model: str = ""

    @property
    def value_key(self) -> str:
        """Key of the stored value in a standings row (and the page's attribute)."""
        key = self.attr or self.model or self.contract
        assert key is not None, "a field has a model field, an attribute or a contract name"
        return key

    @property
    def text_key(self) -> str:
        """Key of the cell's text in a standings row."""
        assert self.column is not None, f"{self.value_key} has no column"
        if self.column != self.value_key or self.kind in (Kind.TEXT, Kind.CREW):
            return self.column
        return f"{self.column}_text"

    @property
    def stored(self) -> bool:
        """Written from the parse contract into the Entry field of the same value."""
        return self.contract is not None and self.model is not None


FIELDS: tuple[EntryField, ...] = (
    EntryField(
        "position",
        "position",
        Kind.INTEGER,
        column="pos",
        label=gettext_noop("Pos."),
        header_css="pos num",
        cell_css="col-pos",
        csv=Csv.POSITION,
        computed=True,
    ),
    EntryField(
        "number",
        "number",
        Kind.TEXT,
        column="number",
        label=gettext_noop("No."),
        header_css="no num",
        cell_css="col-number",
        optional=True,
        sort=Sort.NUMBER,
        sort_model="number_sort",
    ),
    EntryField(
        "crew",
        None,
        Kind.CREW,
        column="crew",
        label=gettext_noop("Crew"),
        header_css="crew",
        cell_css="col-crew",
        sort=Sort.CREW,
        csv=Csv.CREW,
        computed=True,
    ),
    EntryField(
        "car",
        "car_text",
        Kind.TEXT,
        column="car",
        label=gettext_noop("Car"),
        cell_css="col-car",
        optional=True,
        sort=Sort.NATURAL,
        attr="car",
    ),
    EntryField(
        "group",
        "group",
        Kind.TEXT,
        column="group",
        label=gettext_noop("Group"),
        optional=True,
        sort=Sort.NATURAL,
    ),
    EntryField(
        "class",
        "klass",
        Kind.TEXT,
        column="klass",
        label=gettext_noop("Class"),
        optional=True,
        sort=Sort.CLASS,
    ),
    EntryField(
        "time_ms",
        "time_ms",
        Kind.TIME,
        column="time",
        label=gettext_noop("Time"),
        header_css="num",
        cell_css="col-time",
        csv=Csv.TEXT,
        precision="race",
    ),
    EntryField(
        "gap_ms",
        "gap_ms",
        Kind.GAP,
        column="gap",
        label=gettext_noop("Gap"),
        header_css="num",
        cell_css="col-gap",
        csv=Csv.UNSIGNED,
        computed=True,
        precision="race",
    ),
    EntryField(
        None,
        None,
        Kind.GAP,
        column="gap_prev",
        label=gettext_noop("Gap prev."),
        header_css="num",
        cell_css="col-gap_prev",
        csv=Csv.UNSIGNED,
        computed=True,
        precision="race",
        attr="gap_prev_ms",
    ),
    # The sheet's class position where it gives one, else the import's rank in the class
    # (`services.resolving.class_positions`); group tabs rank their own.
    EntryField(
        "class_position",
        "class_position",
        Kind.INTEGER,
        column="class_pos",
        label=gettext_noop("Class pos."),
        header_css="num",
        cell_css="col-class_pos",
        follows="klass",
        computed=True,
    ),
    EntryField(
        "club",
        "club",
        Kind.TEXT,
        column="club",
        label=gettext_noop("Club"),
        optional=True,
        sort=Sort.NATURAL,
        detail=Detail(1),
    ),
    EntryField(
        "team",
        "team",
        Kind.TEXT,
        column="team",
        label=gettext_noop("Team"),
        optional=True,
        sort=Sort.NATURAL,
        detail=Detail(6),
    ),
    EntryField(
        "nationality",
        "nationality",
        Kind.TEXT,
        column="nationality",
        label=gettext_noop("Nat."),
        optional=True,
        sort=Sort.NATURAL,
        detail=Detail(7),
    ),
    EntryField(
        "best_lap_ms",
        "best_lap_ms",
        Kind.TIME,
        column="best_lap",
        label=gettext_noop("Best lap"),
        header_css="num",
        cell_css="col-best_lap",
        optional=True,
        csv=Csv.TEXT,
        precision="lap",
        detail=Detail(3, before=gettext_noop("best lap"), then="best_lap_no"),
    ),
    EntryField(
        "best_lap_no",
        "best_lap_no",
        Kind.INTEGER,
        column="best_lap_no",
        label=gettext_noop("Lap"),
        header_css="num",
        cell_css="col-best_lap_no",
        optional=True,
    ),
    EntryField(
        "speed_kmh",
        "speed_kmh",
        Kind.DECIMAL,
        column="speed",
        label=gettext_noop("Speed (km/h)"),
        header_css="num",
        cell_css="col-speed",
        optional=True,
        csv=Csv.TEXT,
        detail=Detail(4, after=gettext_noop("km/h")),
    ),
    EntryField(
        "capacity",
        "capacity",
        Kind.TEXT,
        column="capacity",
        label=gettext_noop("Capacity"),
        optional=True,
        sort=Sort.NATURAL,
        detail=Detail(5),
    ),
    EntryField(
        "laps",
        "laps",
        Kind.INTEGER,
        column="laps",
        label=gettext_noop("Laps"),
        header_css="num",
        cell_css="col-laps",
        optional=True,
        detail=Detail(2, after=gettext_noop("laps")),
    ),
    EntryField(
        "distance",
        "distance",
        Kind.TEXT,
        column="distance",
        label=gettext_noop("Distance"),
        optional=True,
        sort=Sort.NATURAL,
        detail=Detail(8),
    ),
    EntryField(
        "penalty_ms",
        "penalty_ms",
        Kind.TIME,
        column="penalty",
        label=gettext_noop("Penalty"),
        header_css="num",
        cell_css="col-penalty",
        optional=True,
        csv=Csv.TEXT,
        precision="penalty",
        detail=Detail(9, before=gettext_noop("penalty")),
    ),
    EntryField(
        "points",
        "points",
        Kind.DECIMAL,
        column="points",
        label=gettext_noop("Points"),
        header_css="num",
        cell_css="col-points",
        optional=True,
        csv=Csv.TEXT,
        detail=Detail(10, after=gettext_noop("pts")),
    ),
    # Not shown as columns: the status marks the position cell and sorts the sections, where a
    # retirement's stage and reason follow it (`Ab. ES4 — moteur`); the category is the title
    # of the table the entry stood in.
    EntryField("status", "status", Kind.STATUS),
    EntryField("retired_at", "retired_at", Kind.TEXT, detail=Detail(11)),
    EntryField("reason", "reason", Kind.TEXT, detail=Detail(12)),
    EntryField("category", "category", Kind.TEXT, detail=Detail(0)),
    # Stage, run and lap times: rows of their own (`Split`), shown on the stage pages.
    EntryField("splits", None, Kind.SPLITS),
)

#: The standings table's columns, in order.
COLUMNS: tuple[EntryField, ...] = tuple(f for f in FIELDS if f.column is not None)
#: Column name → its field.
COLUMN: MappingProxyType[str, EntryField] = MappingProxyType({f.column: f for f in COLUMNS})
#: Fields written from the parse contract into the Entry field, as the preview shows them.
STORED: tuple[EntryField, ...] = tuple(f for f in FIELDS if f.stored)
#: Contract names of the stored fields.
CONTRACT_NAMES: tuple[str, ...] = tuple(f.contract for f in STORED if f.contract)
#: Fields the import preview writes in its `Other` cell, in their order there.
DETAILS: tuple[EntryField, ...] = tuple(
    sorted((f for f in STORED if f.detail), key=lambda f: f.detail.order if f.detail else 0)
)
#: Entry model fields of every field the entry stores, computed ones included, and of the
#: sort keys the writer fills beside them.
MODEL_FIELDS: tuple[str, ...] = tuple(f.model for f in FIELDS if f.model) + tuple(
    f.sort_model for f in FIELDS if f.sort_model
)
