"""The parser's issues and the column roles in an organiser's words, French or English.

The parser (`results.parsing`) speaks English to developers and keys every issue on a stable
code; this module turns a code into a sentence through gettext, so the preview never shows a
code or the parser's own message as the sentence. The parser's message stays available as its
detail (the cell, the heading it names), shown quoted after the sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, ngettext

from results.parsing.codes import CODES

_ = gettext_lazy

#: What an organiser reads for each role a column may have (the menus of the preview).
ROLE_LABELS: dict[str, Promise] = {
    "position": _("Position"),
    "number": _("Door number"),
    "crew": _("Crew (several names)"),
    "driver": _("Driver's name"),
    "codriver": _("Co-driver's name"),
    "surname": _("Surname"),
    "first_name": _("First name"),
    "car": _("Car"),
    "group": _("Group"),
    "class": _("Class"),
    "group_class": _("Group and class together"),
    "club": _("Club"),
    "time": _("Time"),
    "gap": _("Gap to the leader"),
    "gap_prev": _("Gap to the previous"),
    "laps": _("Laps completed"),
    "best_lap": _("Best lap"),
    "best_lap_no": _("Lap of the best lap"),
    "speed": _("Speed"),
    "capacity": _("Engine capacity"),
    "status": _("Status"),
    "category": _("Category"),
    "ignore": _("Ignore this column"),
    "class_position": _("Position in class"),
    "team": _("Team"),
    "nationality": _("Nationality"),
    "reason": _("Reason for retiring"),
    "retired_at": _("Where the crew retired"),
    "penalty": _("Penalty"),
    "points": _("Points"),
    "distance": _("Distance"),
    "split": _("Stage or run time"),
}

#: A sentence per issue code: what Podium read or doubts, and what to do.
SENTENCES: dict[str, Promise] = {
    "decoded-cp1252": _(
        "The file is not in UTF-8: Podium read it as Windows-1252. Check the accents."
    ),
    "decoded-cp1250": _(
        "The file is not in UTF-8: its words read as Central European Windows-1250 (Czech, "
        "Polish, Hungarian…). Check the accents."
    ),
    "decoded-cp850": _(
        "The file is not in UTF-8: it was read as DOS code page 850, as old timing programs "
        "write. Check the accents."
    ),
    "decoded-cp852": _(
        "The file is not in UTF-8: its words read as DOS code page 852, as old Central "
        "European timing programs write (Czech, Polish, Hungarian…). Check the accents."
    ),
    "mojibake": _(
        "Some accents look garbled (such as “Ã©” for “é”): save the file again in UTF-8."
    ),
    "header-recognised": _("Podium found the headings row and gave each column its role."),
    "header-missing": _("No headings row: Podium chose each column's role from its content."),
    "header-repeated": _("A repeated headings row was left out."),
    "header-continued": _("A heading on two lines was read as one."),
    "role-from-content": _(
        "Podium chose this column's role from its content rather than its heading: check its menu."
    ),
    "role-hinted": _("This column's role is the one you chose."),
    "role-doubt": _("This column could be read two ways: check the role in its menu."),
    "column-unknown": _(
        "Podium could not tell what this column holds and left it out: "
        "choose its role if it matters."
    ),
    "tables-stacked": _("Positions start again at 1: read as several tables one under another."),
    "title-line": _("A title line was read as the name of the table below it."),
    "line-skipped": _("A line that is not a result (a note, a footer, a blank) was left out."),
    "row-shifted": _("This row started with empty cells: its values were moved back. Check it."),
    "record-merged": _("A result written over several lines was joined into one."),
    "line-repeated": _("A stray line repeating the next result was dropped. Check that row."),
    "cell-slid": _("This row had a missing cell: its values were put back in place. Check it."),
    "table-skipped": _("A table of the file holding no results was left out."),
    "rows-hidden": _(
        "Rows the web page hides (a filtered class, a template) were left out: check that no "
        "crew is missing."
    ),
    "table-skipped-people": _(
        "Lines naming people but giving no place, number, time or status were left out: check "
        "that no crew is missing."
    ),
    "row-unreadable": _("This line could not be read as a result and was left out."),
    "cell-spilled": _("A value ran into the next column and was cut there: check it."),
    "column-right-aligned": _("A column of numbers aligned on the right was read as such."),
    "tabs-aligned": _(
        "The columns were lined up with several tabs (as in an e-mail or a text document): "
        "each run of tabs was read as one step to the next cell."
    ),
    "cells-by-kind": _(
        "Nothing parted the cells (one space between them, as text copied out of a PDF): "
        "each row was cut into the header's columns by what its words are. Check the names "
        "and the cars."
    ),
    "columns-realigned": _("A table with columns placed differently starts here."),
    "tables-side-by-side": _(
        "Two tables were printed side by side: the left one was read first, then the right one."
    ),
    "rally2-restart": _(
        "This crew is placed with a time after the stage it retired at: read as restarted "
        "under the Rallye 2 rules."
    ),
    "ranked-on-points": _(
        "The crews stand in the order of their points, not of their times: no gaps were worked "
        "out from the times."
    ),
    "gaps-in-points": _(
        "The table is ranked on penalty points: its gaps are points, not times, and are not kept."
    ),
    "legend-mark": _("A mark of the sheet was read as its legend (under the table) explains it."),
    "value-unreadable": _(
        "A value could not be read for its column: check the cell or the column's role."
    ),
    "time-zero": _("A time of zero is no time: the crew was read as not started."),
    "crew-missing": _("This result names no crew."),
    "crew-uncertain": _("Podium is not sure how to split these names into people: check the crew."),
    "group-class-uncertain": _("Podium is not sure where the group ends and the class starts."),
    "positions-absent": _("The sheet gives no positions and its rows are not in order."),
    "position-from-class": _(
        "This table holds one class: its positions in class are read as its positions."
    ),
    "table-unranked": _(
        "This table gives no positions while the others do: its crews are read as not classified."
    ),
    "position-inferred": _("The sheet gives no positions: they follow the order of the rows."),
    "unplaced-foot": _(
        "This row has a result but no place, below the placed rows: read as not classified, or "
        "as retired where it ran less than the last placed crew."
    ),
    "status-from-log": _("The log under the table says why this rider stopped: retired."),
    "result-absent": _("This row has no position and no time: read as not started."),
    "position-sequence": _("Positions skip or repeat here: check them."),
    "time-derived": _("Times were worked out from the leader's time and the gaps."),
    "gap-derived": _("Gaps were worked out from the times."),
    "time-decreasing": _("This time is lower than the one above it: check the order."),
    "gap-mismatch": _("This gap disagrees with the time minus the leader's time: check it."),
    "gap-sum-mismatch": _(
        "The gap to the leader disagrees with the sum of gaps to the previous: check it."
    ),
    "splits-rule": _("Stage or run times: Podium found which of them make the total."),
    "splits-rule-unknown": _(
        "Stage or run times: Podium could not tell which of them make the total."
    ),
    "stage-title": _(
        "The title says which stage this sheet is: check it under “What this sheet is”."
    ),
    "shared-spelling": _("Several people are spelled like this: choose who it is on the row."),
    "decision-applied": _("A decision applies to this crew: it stays applied."),
    "decision-included": _(
        "This sheet already includes a decision on this crew: it is not applied twice. "
        "Retire it once the sheet is published."
    ),
    "decision-contradicted": _(
        "This sheet changes the value a decision on this crew was made on: the decision "
        "still applies, check it."
    ),
    "decision-missing": _("A decision names a crew this sheet does not have."),
    "fix-applied": _("You fixed a value on this row: it is published as fixed."),
}


def role_label(role: str) -> str:
    """The organiser's word for a role; the identifier itself for a role not listed yet."""
    label = ROLE_LABELS.get(role)
    return str(label) if label is not None else role


def sentence(issue: Mapping[str, Any]) -> str:
    """The sentence for an issue; its parser message for a code this module does not know."""
    words = SENTENCES.get(issue.get("code", ""))
    return str(words) if words is not None else str(issue.get("message", ""))


#: What a parser message quotes: a cell or a heading as the sheet wrote it.
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def detail(issue: Mapping[str, Any]) -> str:
    """The parser's own message where it names something (a cell, a heading), shown quoted
    after the sentence; empty where it only restates the code, or for a code without its
    sentence (the message is then the sentence).

    Parser messages are English. On a page in another language the sentence says what the
    message explains, so only what the message names is kept: the cells and headings it
    quotes, or a heading and the role it was given (`Cl. → position`); prose alone is left
    out (its code stays in the issue's `title`)."""
    code = issue.get("code", "")
    message = str(issue.get("message") or "")
    if code not in SENTENCES or message == CODES.get(code, (None, None))[1]:
        return ""
    if (get_language() or "en").startswith("en"):
        return message
    quoted = _QUOTED.findall(message)
    if quoted:
        return ", ".join(dict.fromkeys(quoted))
    return message if "→" in message and ":" not in message else ""


def worded(issue: Mapping[str, Any]) -> dict[str, Any]:
    """The issue with `sentence`, `detail` and `column_label` for the page to show."""
    column = issue.get("column")
    return {
        **issue,
        "sentence": sentence(issue),
        "detail": detail(issue),
        "column_label": role_label(column) if column else "",
    }


@dataclass(frozen=True, slots=True)
class Doubt:
    """One doubt, or the same doubt repeated in one column: said once with its lines."""

    code: str
    level: str
    column: str | None
    sentence: str
    column_label: str
    lines: tuple[int, ...]
    details: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.lines)

    @property
    def where(self) -> str:
        """ "12 lines: 3, 4, 5…" or "line 3"; empty for a doubt about the whole file."""
        if not self.lines:
            return ""
        shown = ", ".join(str(n) for n in self.lines[:12])
        if len(self.lines) > 12:
            shown += "…"
        return ngettext("line %(lines)s", "%(n)d lines: %(lines)s", len(self.lines)) % {
            "n": len(self.lines),
            "lines": shown,
        }


_LEVELS = {"warning": 0, "info": 1}


def grouped(issues: Iterable[Mapping[str, Any]]) -> list[Doubt]:
    """One Doubt per code per column, warnings above infos, each in the parser's order."""
    groups: dict[tuple[str, str | None], list[Mapping[str, Any]]] = {}
    for issue in issues:
        groups.setdefault((issue["code"], issue.get("column")), []).append(issue)
    out = []
    for (code, column), members in groups.items():
        lines: set[int] = set()
        for issue in members:
            lines.update(issue.get("lines") or ())
            if issue.get("line") is not None:
                lines.add(issue["line"])
        details = _unique(detail(issue) for issue in members)
        out.append(
            Doubt(
                code=code,
                level=members[0]["level"],
                column=column,
                sentence=sentence(members[0]),
                column_label=role_label(column) if column else "",
                lines=tuple(sorted(lines)),
                details=tuple(details[:3]),
            )
        )
    return sorted(out, key=lambda d: _LEVELS.get(d.level, 2))


def _unique(texts: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for text in texts:
        if text:
            seen.setdefault(text, None)
    return list(seen)


def summary(doubts: Sequence[Doubt], rows: int) -> str:
    """ "2 points to check over 54 lines", or that nothing needs checking."""
    warnings = sum(1 for d in doubts if d.level == "warning")
    if not warnings:
        return ngettext(
            "Nothing to check over %(rows)d line.", "Nothing to check over %(rows)d lines.", rows
        ) % {"rows": rows}
    return ngettext(
        "%(n)d point to check over %(rows)d lines.",
        "%(n)d points to check over %(rows)d lines.",
        warnings,
    ) % {"n": warnings, "rows": rows}
