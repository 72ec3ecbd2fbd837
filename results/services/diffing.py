"""What changes between two versions of a classification: a pure function over entry snapshots.

A version is a list of `EntrySnapshot`s (one per crew line, however it was obtained: the stored
entries, a preview's sheet and plan, an earlier import of the history). Crews are paired by race
number first, then, among the crews left, by their crew as written (folded): a crew whose number
changed is one crew with a changed number, not one removed and one added. No Django here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: The field holding the crew's names, as written, in seat order.
CREW = "crew"


@dataclass(frozen=True, slots=True)
class EntrySnapshot:
    """One crew's line in one version: its values keyed by the parse contract's names
    (`position`, `time_ms`, `class`, `car`…), `crew` a tuple of names as written."""

    values: Mapping[str, Any]

    @property
    def number(self) -> str | None:
        number = self.values.get("number")
        return None if number in (None, "") else str(number)

    @property
    def crew(self) -> tuple[str, ...]:
        return tuple(self.values.get(CREW) or ())

    @property
    def crew_key(self) -> tuple[str, ...]:
        return tuple(fold(name) for name in self.crew)

    @property
    def label(self) -> str:
        """How the crew is named in a list of changes: `#12 Martin / Durand`."""
        names = " / ".join(self.crew) or "?"
        return f"#{self.number} {names}" if self.number else names

    def to_json(self) -> dict[str, Any]:
        return {key: list(value) if key == CREW else value for key, value in self.values.items()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EntrySnapshot:
        return cls({key: tuple(v) if key == CREW else v for key, v in data.items()})


@dataclass(frozen=True, slots=True)
class FieldChange:
    field: str
    old: Any
    new: Any


@dataclass(frozen=True, slots=True)
class CrewChange:
    """A crew present in both versions, and each of its fields whose value differs."""

    label: str
    changes: tuple[FieldChange, ...]

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(change.field for change in self.changes)


@dataclass(frozen=True, slots=True)
class VersionDiff:
    added: tuple[EntrySnapshot, ...] = ()
    removed: tuple[EntrySnapshot, ...] = ()
    changed: tuple[CrewChange, ...] = ()
    unchanged: int = 0
    counts_by_field: Mapping[str, int] = field(default_factory=dict)

    @property
    def counts(self) -> dict[str, int]:
        return {
            "added": len(self.added),
            "removed": len(self.removed),
            "changed": len(self.changed),
            "unchanged": self.unchanged,
        }

    @property
    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.changed)

    def to_json(self) -> dict[str, Any]:
        return {
            "added": [item.to_json() for item in self.added],
            "removed": [item.to_json() for item in self.removed],
            "changed": [
                {"label": item.label,
                 "changes": [[c.field, _json(c.old), _json(c.new)] for c in item.changes]}
                for item in self.changed
            ],
            "unchanged": self.unchanged,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> VersionDiff:
        if not data:
            return cls()
        changed = tuple(
            CrewChange(item["label"], tuple(FieldChange(*c) for c in item["changes"]))
            for item in data.get("changed", ())
        )
        return cls(
            added=tuple(EntrySnapshot.from_json(i) for i in data.get("added", ())),
            removed=tuple(EntrySnapshot.from_json(i) for i in data.get("removed", ())),
            changed=changed,
            unchanged=int(data.get("unchanged", 0)),
            counts_by_field=_count_fields(changed),
        )


def diff_versions(old: Sequence[EntrySnapshot], new: Sequence[EntrySnapshot]) -> VersionDiff:
    """The crews added and removed from `old` to `new`, and per crew in both the fields whose
    value changed (a field one side does not give counts as empty there: "" and None alike)."""
    pairs, removed, added = _pair(old, new)
    changed, unchanged = [], 0
    for before, after in pairs:
        changes = tuple(
            FieldChange(name, _empty(before.values.get(name)), _empty(after.values.get(name)))
            for name in _names(before, after)
            if _empty(before.values.get(name)) != _empty(after.values.get(name))
        )
        if changes:
            changed.append(CrewChange(after.label, changes))
        else:
            unchanged += 1
    return VersionDiff(
        added=tuple(added),
        removed=tuple(removed),
        changed=tuple(changed),
        unchanged=unchanged,
        counts_by_field=_count_fields(changed),
    )


def _pair(
    old: Sequence[EntrySnapshot], new: Sequence[EntrySnapshot]
) -> tuple[list[tuple[EntrySnapshot, EntrySnapshot]], list[EntrySnapshot], list[EntrySnapshot]]:
    """Crews of both versions paired by number, then by crew; what is left was removed or
    added. Pairs in the new version's order."""
    left = dict(enumerate(old))
    by_number: dict[str, int] = {}
    for index, item in left.items():
        if item.number is not None:
            by_number.setdefault(item.number, index)
    matched: dict[int, int] = {}  # new index -> old index
    for index, item in enumerate(new):
        found = by_number.get(item.number) if item.number is not None else None
        if found is not None and found in left:
            matched[index] = found
            del left[found]
    by_crew: dict[tuple[str, ...], list[int]] = {}
    for index, item in left.items():
        if item.crew_key:
            by_crew.setdefault(item.crew_key, []).append(index)
    for index, item in enumerate(new):
        if index in matched:
            continue
        candidates = by_crew.get(item.crew_key) if item.crew_key else None
        while candidates:
            found = candidates.pop(0)
            if found in left:
                matched[index] = found
                del left[found]
                break
    pairs = [(old[matched[i]], item) for i, item in enumerate(new) if i in matched]
    added = [item for i, item in enumerate(new) if i not in matched]
    return pairs, list(left.values()), added


def _names(before: EntrySnapshot, after: EntrySnapshot) -> list[str]:
    """Field names of both sides, in the order the new side (then the old) gives them."""
    return list(dict.fromkeys([*after.values, *before.values]))


def _empty(value: Any) -> Any:
    if value == "" or value == () or value == []:
        return None
    if isinstance(value, list):
        return tuple(value)
    return value


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _count_fields(changed: Iterable[CrewChange]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in changed:
        for name in item.fields:
            counts[name] = counts.get(name, 0) + 1
    return counts


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())
