"""Stage, run and lap columns: which time columns are parts of the total, and their penalties.

A heading names a part by a stage word and its number (`ES1`, `SS 2`, `FE 1 Time`, `Run 3`,
`Manche 2`, `Montée 1`, `1. Lauf`, `Heat 3`); time columns without such a heading that the
"longest time column is the total" rule sets apart are parts too. A part's penalty stands in
a column of its own: headed with the part's number (`Pen 2`, `ES2 Pen`), or in a pattern that
repeats beside every part (penalty, time, penalty, time…), headed as a penalty or not at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from results.parsing.fields import parse_status, parse_time, penalty_after
from results.parsing.layout.synonyms import normalise_heading, roles_for_heading

_STAGE_WORDS = (
    "es|ss|sp|wp|ps|fe|special|speciale|run|manche|montee|essai|heat|leg|etape|stage|tour|lap|"
    "course|race|boucle|lauf|durchgang|prova|tramo|manga|runde|futam|jizda|jazda|przejazd|proba|"
    "voznja|kierros|omgang|salita|gara|bi|rz|os|tc|t|m"
)
_TIME_WORDS = {"time", "temps", "tid", "zeit", "tiempo", "tempo"}
_PENALTY_WORDS = {"pen", "penalty", "penalite", "penalites", "penalties", "strafe", "straf",
                  "penalita",
                  # cones knocked over (`Bir.`, `Plots`), each worth its seconds
                  "bir", "birilli", "plots", "quilles", "cones", "pylonen"}  # fmt: skip
# `ES1`, `FE 1 Time`, `1 Lauf` (from `1. Lauf`), `Manche 2`, `SS3 Pen`, `Temps M1`.
_PART = re.compile(
    # `Temps M1`, `Zeit Lauf 2`: the time word may come first too.
    rf"(?:(?:{'|'.join(sorted(_TIME_WORDS))})\s)?"
    rf"(?:(?P<before>\d{{1,2}})\s?)?(?:{_STAGE_WORDS})\s?(?P<after>\d{{1,2}})?(?:\s(?P<what>\w+))?"
)
_NAMED = re.compile(rf"(?:{_STAGE_WORDS})\s?(?P<n>\d{{1,2}})\s(?P<name>[^\d\s]\D*\d?)")
_PENALTY = re.compile(r"(?P<word>[a-z]+)\s?(?P<n>\d{1,2})?")
_PLACEHOLDERS = frozenset({"-", "--", "–", "—", "/", "*"})
# A run that counts for nothing, penalised (a cone down, a gate missed): `pén.`, `Pen`.
VOID_RUNS = frozenset({"pen", "penalite", "penalty", "penalised", "penalized", "strafe"})
# Content that tells a part column from any other: most filled cells are times or run marks.
_TIMES_SHARE = 0.6


@dataclass(frozen=True, slots=True)
class PartHeading:
    what: str  # "time", "penalty" or "other" (a stage's rank or gap)
    number: int | None


def part_heading(text: str | None) -> PartHeading | None:
    """What a heading says of a stage or run, None when it names none."""
    if not text:
        return None
    key = normalise_heading(text)
    m = _PART.fullmatch(key)
    if m and (m["before"] or m["after"]) and not (m["before"] and m["after"]):
        number = int(m["before"] or m["after"])
        what = m["what"]
        # `SS3 Hafren`: a word no heading knows, as long as a name, is the stage's name.
        named = what is not None and len(what) >= 4 and not roles_for_heading(what)
        if what is None or what in _TIME_WORDS or named:
            return PartHeading("time", number)
        return PartHeading("penalty" if what in _PENALTY_WORDS else "other", number)
    m = _NAMED.fullmatch(key)
    if m and not roles_for_heading(m["name"]):
        return PartHeading("time", int(m["n"]))  # `TC1 Lobeira 1`: the stage under its name
    m = _PENALTY.fullmatch(key)
    if m and m["word"] in _PENALTY_WORDS:
        return PartHeading("penalty", int(m["n"]) if m["n"] else None)
    return None


#: A heading by a word and a number (`ET1`, `PEC 2`, `SS.3`): one of a series, maybe.
_NUMBERED = re.compile(r"([^\W\d]{1,8})[.\s]?\s*(\d{1,2})")
#: Runs of a series long enough to say so: `ET1 ET2 ET3`, whatever the word.
_SERIES = 3


def in_series(headings: Sequence[str]) -> set[int]:
    """Indexes of headings that number the parts of a series side by side (`ET1  ET2  ET3`,
    `PEC 1  PEC 2  PEC 3`: one word, numbers from 1 up by one, three at least), whether or
    not the word is known: the stages or runs of a timing program that names them its way."""
    found: set[int] = set()
    run: list[int] = []
    word, last = "", 0
    for index, heading in enumerate([*headings, ""]):
        m = _NUMBERED.fullmatch(heading.strip())
        if m and run and m[1].casefold() == word and int(m[2]) == last + 1:
            run.append(index)
            last += 1
            continue
        if len(run) >= _SERIES:
            found.update(run)
        run, word, last = ([index], m[1].casefold(), 1) if m and m[2] == "1" else ([], "", 0)
    return found


def is_run_mark(cell: str) -> bool:
    """A cell saying a run was not run, not finished or not counted (`DNF`, `Ab.`, `-`, `DNS`,
    `pén.`: a run penalised out of the ranking)."""
    if cell in _PLACEHOLDERS:
        return True
    return not cell[0].isdigit() and (
        parse_status(cell) is not None or normalise_heading(cell) in VOID_RUNS
    )


#: `(1:47.680)`: a run the total leaves out.
_LEFT_OUT = re.compile(r"\(\s*([^()]+?)\s*\)")


def bracketed_time(cell: str) -> tuple[str, int | None, bool]:
    """(the time, the penalty in brackets after it in ms or None (`7:55 (0:20)`; not a rank,
    `5:12.3 (1)`), whether the time stood alone in brackets: a run the sheet says does not
    count)."""
    found = _LEFT_OUT.fullmatch(cell)
    if found is not None and parse_time(found[1]) is not None:
        return found[1], None, True
    held = penalty_after(cell, measured=True)
    if held is not None and parse_time(held[0]) is not None:
        return held[0], held[1], False
    return cell, None, False


def _times_or_marks(cells: Sequence[str]) -> bool:
    """Times or run marks, or nothing at all (a stage no crew of this table rode)."""
    filled = [bracketed_time(c)[0] for c in cells if c]
    if not filled:
        return True
    fits = sum(
        1
        for c in filled
        if is_run_mark(c) or parse_time(c) is not None or parse_time(c, bare_seconds=True)
    )
    return fits >= _TIMES_SHARE * len(filled) and any(parse_time(c) is not None for c in filled)


def _penalty_cells(cells: Sequence[str]) -> bool:
    filled = [c for c in cells if c]
    return bool(filled) and all(
        is_run_mark(c) or parse_time(c.lstrip("+"), bare_seconds=True) is not None for c in filled
    )


_PEOPLE_AND_KEYS = frozenset(
    {"position", "crew", "driver", "codriver", "surname", "first_name", "car", "time", "split"}
)


def mark_splits(
    columns: Sequence[Sequence[str]],
    roles: list[str],
    headings: Sequence[str | None],
    hinted: set[int],
) -> dict[int, int]:
    """Give the `split` role to the part columns (in `roles`, in place); returns each part
    column's penalty column, whose role becomes `ignore`."""
    parts = {}
    series = in_series([h or "" for h in headings])
    for j, heading in enumerate(headings):
        found = part_heading(heading)
        if found is None and j in series and heading:
            # `ET1  ET2  ET3`: a series by a word no list knows, the parts all the same.
            found = PartHeading("time", int(_NUMBERED.fullmatch(heading.strip())[2]))
        if j in hinted or found is None:
            continue
        if found.what == "time" and roles[j] == "ignore" and _times_or_marks(columns[j]):
            roles[j] = "split"
        parts[j] = found
    splits = [j for j, role in enumerate(roles) if role == "split"]
    penalties: dict[int, int] = {}
    numbered = {p.number: j for j, p in parts.items() if p.what == "penalty" and p.number}
    for j in splits:
        number = parts[j].number if j in parts else None
        k = numbered.get(number) if number is not None else None
        if k is not None and k not in hinted and _penalty_cells(columns[k]):
            penalties[j] = k
    if penalties or len(splits) < 2:
        return _set_penalties(roles, penalties)
    for side in (1, -1):
        beside = [j + side for j in splits]

        def fits(k: int) -> bool:
            if not 0 <= k < len(roles) or k in hinted or roles[k] in _PEOPLE_AND_KEYS:
                return False
            part = parts.get(k)
            headed_as_penalty = part is not None and part.what == "penalty"
            return (headings[k] is None or headed_as_penalty) and _penalty_cells(columns[k])

        if all(fits(k) for k in beside):
            return _set_penalties(roles, dict(zip(splits, beside, strict=True)))
    return {}


def _set_penalties(roles: list[str], penalties: dict[int, int]) -> dict[int, int]:
    for k in penalties.values():
        roles[k] = "ignore"
    return penalties
