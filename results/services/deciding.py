"""Decisions over a read sheet: the published classification is the sheet with them applied.

Pure functions over parse-contract records (no Django). A decision names its crew by race number,
else by its crew as written (as `results.services.diffing` pairs crews), and remembers the value
it changed (`base`): reading a new sheet, a decision whose value the sheet already shows is
*included* (not applied twice; staff may retire it), one whose crew's value is neither the base
nor the decided one is *contradicted* (applied, and flagged), and the others are applied.

Once a decision changed a time or a status, classified crews are ranked again (by laps, then
time, when every classified crew has a time; otherwise in the sheet's order): crews behind an
excluded or penalised crew move up, gaps to the leader are recomputed, and `order` gives the new
ranking, in which class positions are counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from results.services.diffing import fold

CLASSIFIED = "classified"
EXCLUDED = "dsq"
UNPLACED = ("retired", "dns", EXCLUDED, "nc")

TIME_PENALTY = "time_penalty"
TIME_CORRECTION = "time_correction"
EXCLUSION = "exclusion"
REINSTATEMENT = "reinstatement"
POSITION_CHANGE = "position_change"
#: A value an organiser fixed in the preview: the rule names its field (`FIXABLE`).
CELL_FIX = "cell_fix"

#: The record field each kind of decision changes.
FIELD = {
    TIME_PENALTY: "time_ms",
    TIME_CORRECTION: "time_ms",
    EXCLUSION: "status",
    REINSTATEMENT: "status",
    POSITION_CHANGE: "position",
}
#: The record fields a value fixed in the preview may change; a crew member's names are
#: `surname:<seat>` and `first_name:<seat>` (seats from 1).
FIXABLE = ("time_ms", "status", "class", "group", "car", "number")
NAME_PARTS = ("surname", "first_name")
#: Fixed fields after which the classified crews are ranked again.
RANKING_FIELDS = ("time_ms", "status")


def fixable(field: str) -> bool:
    """Whether `field` names a value a fix may change."""
    if field in FIXABLE:
        return True
    part, _, seat = field.partition(":")
    return part in NAME_PARTS and seat.isascii() and seat.isdigit() and 0 < int(seat) < 10


def read_field(record: Mapping[str, Any], field: str) -> Any:
    """The record's value of `field` (see `FIXABLE`); None for a seat the crew lacks."""
    part, _, seat = field.partition(":")
    if part in NAME_PARTS and seat:
        crew = record.get("crew") or ()
        index = int(seat) - 1
        return crew[index].get(part) if 0 <= index < len(crew) else None
    return record.get(field)


def _write_field(record: dict[str, Any], field: str, value: Any) -> None:
    part, _, seat = field.partition(":")
    if part in NAME_PARTS and seat:
        crew = [dict(member) for member in record.get("crew") or ()]
        crew[int(seat) - 1][part] = value
        record["crew"] = crew
    else:
        record[field] = value


@dataclass(frozen=True, slots=True)
class DecisionRule:
    """One decision as the layer applies it."""

    id: int
    kind: str
    number: str | None
    crew: tuple[str, ...]
    #: Milliseconds added (a penalty) or the corrected time; the position for a position change.
    value: int | None
    #: The value of `FIELD[kind]` the decision was made on.
    base: Any
    #: For a value fixed in the preview: its field and the value it gives.
    field: str = ""
    fixed: Any = None

    @property
    def changes(self) -> str:
        """The record field the rule changes."""
        return self.field if self.kind == CELL_FIX else FIELD[self.kind]

    def target(self, current: Any) -> Any:
        """The value the decision gives, from the crew's current one."""
        if self.kind == TIME_PENALTY:
            return None if current is None or self.value is None else current + self.value
        if self.kind == EXCLUSION:
            return EXCLUDED
        if self.kind == REINSTATEMENT:
            return CLASSIFIED
        if self.kind == CELL_FIX:
            return self.fixed
        return self.value

    @property
    def decided(self) -> Any:
        """The value the decision gave when it was made."""
        return self.target(self.base)


@dataclass(frozen=True, slots=True)
class Flag:
    """What a decision met in the sheet, on the crew's line (None: the crew is not in it)."""

    decision: int
    line: int | None
    #: decision-applied, decision-included, decision-contradicted, decision-missing;
    #: fix-applied for a value fixed in the preview.
    code: str


@dataclass(frozen=True, slots=True)
class Corrected:
    entries: list[dict[str, Any]]
    flags: tuple[Flag, ...]
    #: The decisions applied (not those the sheet already includes or that found no crew).
    applied: tuple[int, ...]
    #: Indexes of the entries in their published ranking, when decisions re-ranked them.
    order: tuple[int, ...] | None = None


def crew_names(record: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(
        " ".join(part for part in (m.get("first_name"), m.get("surname")) if part)
        for m in record.get("crew") or ()
    )


def find_crew(
    entries: Sequence[Mapping[str, Any]], number: str | None, crew: Sequence[str]
) -> int | None:
    """The index of the crew a decision names: by number, else by crew as written (folded)."""
    if number:
        for index, entry in enumerate(entries):
            if entry.get("number") is not None and str(entry["number"]) == number:
                return index
    key = tuple(fold(name) for name in crew)
    if key:
        for index, entry in enumerate(entries):
            if tuple(fold(name) for name in crew_names(entry)) == key:
                return index
    return None


def apply_decisions(
    entries: Sequence[Mapping[str, Any]], decisions: Sequence[DecisionRule]
) -> Corrected:
    """The records with the decisions applied, in their order, and what each met."""
    out = [dict(entry) for entry in entries]
    flags, applied = [], []
    moved: dict[int, int] = {}  # entry index -> decided position
    reranks = False
    for decision in decisions:
        index = find_crew(out, decision.number, decision.crew)
        if index is None:
            flags.append(Flag(decision.id, None, "decision-missing"))
            continue
        record, field = out[index], decision.changes
        current = read_field(record, field)
        if current == decision.decided and current != decision.base:
            flags.append(Flag(decision.id, record["line"], "decision-included"))
            continue
        target = decision.target(current)
        if decision.kind == CELL_FIX:
            if current != decision.base and current is None:
                # The seat or value the fix was made on is not in this reading.
                flags.append(Flag(decision.id, record["line"], "decision-contradicted"))
                continue
            code = "fix-applied" if current == decision.base else "decision-contradicted"
            flags.append(Flag(decision.id, record["line"], code))
            applied.append(decision.id)
            _write_field(record, field, target)
            reranks = reranks or field in RANKING_FIELDS
            continue
        if target is None:
            flags.append(Flag(decision.id, record["line"], "decision-contradicted"))
            continue
        code = "decision-applied" if current == decision.base else "decision-contradicted"
        flags.append(Flag(decision.id, record["line"], code))
        applied.append(decision.id)
        if decision.kind == POSITION_CHANGE:
            moved[index] = int(target)
        else:
            record[field] = target
        reranks = True
    order = _rerank(out, moved) if reranks else None
    return Corrected(out, tuple(flags), tuple(applied), order)


def _rerank(records: list[dict[str, Any]], moved: Mapping[int, int]) -> tuple[int, ...]:
    """Rank the classified crews of each table again (tables stacked in one sheet keep their
    own positions); the others keep their place after them."""
    tables: dict[Any, list[int]] = {}
    for index, record in enumerate(records):
        tables.setdefault((record.get("table"), record.get("category")), []).append(index)
    order: list[int] = []
    for indexes in tables.values():
        order += _rerank_table(records, indexes, moved)
    return tuple(order)


def _rerank_table(
    records: list[dict[str, Any]], indexes: list[int], moved: Mapping[int, int]
) -> list[int]:
    classified = [i for i in indexes if records[i].get("status") == CLASSIFIED]
    others = [i for i in indexes if records[i].get("status") != CLASSIFIED]
    timed = all(records[i].get("time_ms") is not None for i in classified)

    def sheet_rank(i: int) -> tuple[int, int]:
        position = records[i].get("position")
        return (position if position is not None else 1 << 30, i)

    if timed:
        ranked = sorted(
            classified,
            key=lambda i: (-(records[i].get("laps") or 0), records[i]["time_ms"], sheet_rank(i)),
        )
    else:
        ranked = sorted(classified, key=sheet_rank)
    for index, position in sorted(moved.items(), key=lambda item: item[1]):
        if index in ranked:
            ranked.remove(index)
            ranked.insert(max(0, min(position - 1, len(ranked))), index)
    leader = records[ranked[0]] if ranked else None
    for rank, index in enumerate(ranked, 1):
        record = records[index]
        record["position"] = rank
        same_laps = leader is not None and record.get("laps") == leader.get("laps")
        if timed and leader is not None and same_laps:
            record["gap_ms"] = record["time_ms"] - leader["time_ms"]
    for index in others:
        # Unplaced as the parse contract has them (a fixed status too); Rallye 2 keeps its own.
        if records[index].get("status") in UNPLACED:
            records[index]["position"], records[index]["gap_ms"] = None, None
    return ranked + others
