"""Tables stacked under one header: positions that start again at 1 start a new table.

Timing programs export every stage, class or heat of an event one under another, under a
single header, with a column saying which stage or class each row belongs to (`Race` = FE1,
`ss` = 3, `Category` = M17+). Read as one table, its gaps run across stages and its positions
go 1..9, 1..12. A restart of the positions at 1 ends a table; the columns whose value holds
within each table and changes between them name it (its `category`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from results.parsing.build import Draft
from results.parsing.model import RANKED


@dataclass(frozen=True, slots=True)
class Part:
    """One of the tables stacked in a block: its drafts, and its name where columns give one."""

    drafts: list[Draft]
    name: str | None


def _restarts(drafts: Sequence[Draft]) -> list[int]:
    """Indexes where a table starts: a ranked row at position 1 after a higher position. No
    place given twice is one table printed in another order (by start number), not several."""
    placed = [d.position for d in drafts if d.status in RANKED and d.position is not None]
    if len(set(placed)) == len(placed):
        return [0]
    starts = [0]
    highest = 0
    for i, d in enumerate(drafts):
        if d.status not in RANKED or d.position is None:
            continue
        if d.position == 1 and highest >= 2 and not d.tied:
            starts.append(i)
            highest = 0
        highest = max(highest, d.position)
    return starts


def _key_columns(parts: Sequence[Sequence[tuple[str, ...]]], width: int) -> dict[int, list[str]]:
    """Columns with one value in each part (blanks aside) that differs between some parts, each
    with its value per part."""
    keys: dict[int, list[str]] = {}
    for j in range(width):
        values = []
        for cells in parts:
            seen = {row[j] for row in cells if j < len(row) and row[j]}
            if len(seen) != 1:
                break
            values.append(seen.pop())
        else:
            if len(set(values)) > 1:
                keys[j] = values
    return keys


def split_stacked(
    drafts: Sequence[Draft],
    cells: Sequence[tuple[str, ...]],
    headings: Sequence[str | None],
) -> list[Part]:
    """The tables of a block, in order; the block whole when its positions never restart.

    `cells[i]` are the cells the record of `drafts[i]` was read from; `headings` the columns'.
    """
    starts = _restarts(drafts)
    if len(starts) == 1:
        return [Part(list(drafts), None)]
    bounds = [*starts, len(drafts)]
    groups = [range(a, b) for a, b in pairwise(bounds)]
    width = max((len(c) for c in cells), default=0)
    keys = _key_columns([[cells[i] for i in g] for g in groups], width)
    parts = []
    for n, group in enumerate(groups):
        labels = [_label(values[n], headings[j] if j < len(headings) else None)
                  for j, values in keys.items()]  # fmt: skip
        parts.append(Part([drafts[i] for i in group], " / ".join(labels) or None))
    return parts


def _label(value: str, heading: str | None) -> str:
    # `3` under `ss` says nothing alone: `ss 3`.
    return f"{heading} {value}" if heading and value.isdigit() else value
