"""What every column reader shares: the reader's shape, how much of a column it looks at,
and a memo of the texts it has read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from results.parsing.draft import Draft
from results.parsing.fields.retirements import StatusDetails, status_details

# A reader looks at no more than this many of a column's first non-empty values.
LOOKED_AT = 500

# A reader stores a cell's value in the draft and returns (code, message) when it doubts.
Reader = Callable[[Draft, str], tuple[str, str] | None]


class Remembered(dict[str, Any]):
    """`read(cell)` by cell, each text read once: `seen[cell]`. A hit costs a dict lookup, not
    a call, which matters for the columns whose few values repeat on every line."""

    def __init__(self, read: Callable[[str], Any]) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, cell: str) -> Any:
        value = self[cell] = self.read(cell)
        return value


def stopped(d: Draft, where: StatusDetails) -> None:
    """Where and why the crew stopped, unless another cell said it first."""
    d.retired_at = d.retired_at or where.retired_at
    d.reason = d.reason or where.reason


def said_status(d: Draft, status: str, cell: str) -> None:
    """A status word's cell (`Ab. ES4 moteur`): the status, where and why. Not classified
    gives way to a word that says why (`NC` in the place column, `Desistiu` in the remarks)."""
    d.status = status if d.status in (None, "nc") else d.status
    stopped(d, status_details(cell))
