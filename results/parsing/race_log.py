"""The log printed under a race classification (`20:01'21  Danilo PETRUCCI  crashed out`):
it says why the riders who did not finish stopped. Its lines are no entries (see
`pipeline._no_name`); a line naming an unclassified rider with a retirement in it gives that
rider the status `retired` and the line's words as the reason, each with an info."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from results.parsing.codes import level_of
from results.parsing.fields import clean_text, parse_status
from results.parsing.fields._limits import quick_fold
from results.parsing.model import Entry, Issue

# Riders the log may say more of: not classified, or retired with no reason given.
_STOPPED = frozenset({"nc", "retired"})


# What a log writes of a rider who stopped, besides the status words (`retired`, `DNF`): a
# cause that ends a race. Kept out of the status words: in a reason column they are the reason.
_STOPS = ("crashed", "crash", "chute", "sortie de route", "accident", "gesturzt", "caduta")


def _stopped(cell: str) -> bool:
    folded = quick_fold(cell).strip()
    return parse_status(cell) == "retired" or folded.startswith(_STOPS)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{2,}", quick_fold(text)))


def reasons_from_log(
    entries: Sequence[Entry], notes: Sequence[tuple[int, int | None, Sequence[str]]]
) -> tuple[list[Entry], list[Issue]]:
    """`entries` of one table with what its log lines (`(line, page, cells)`) say of them."""
    said: list[tuple[set[str], str]] = []  # the words of the line, and its retirement
    for cells in {line: cells for line, _, cells in notes}.values():
        for cell in cells:
            if cell and _stopped(cell):
                said.append((_words(" ".join(c for c in cells if c is not cell)), cell))
                break
    if not said:
        return list(entries), []
    out: list[Entry] = []
    issues: list[Issue] = []
    for e in entries:
        surnames = [_words(p.surname) for p in e.crew]
        if e.status not in _STOPPED or e.reason or not surnames:
            out.append(e)
            continue
        found = [r for words, r in said if all(s and s <= words for s in surnames[:1])]
        if len(found) != 1:  # no line, or two: nothing for sure
            out.append(e)
            continue
        reason = clean_text(found[0])
        out.append(replace(e, status="retired", reason=reason))
        issues.append(
            Issue(
                line=e.line,
                page=e.page,
                column="status",
                code="status-from-log",
                level=level_of("status-from-log"),
                message=f"retired: the log under the table says {reason!r}",
            )
        )
    return out, issues
