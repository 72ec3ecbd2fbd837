"""What a status cell says beside its word: where the crew retired, and why.

`Ab. ES4 moteur`, `Abandon ES 4 (moteur)`, `DNF lap 12 - engine`, `Abandon (boîte)`: the
status word first (`statuses.py` reads it), then, in any order, a stage, lap or hour and a
reason. The stage is kept as sheets abbreviate it (`ES 4` → `ES4`), a lap or an hour as
written (`lap 12`, `6h`); the reason is what is left, without its brackets or dashes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from results.parsing.fields._limits import MAX_CELL
from results.parsing.fields.statuses import STATUS_TITLES, status_key

# `après 6h`, `in lap 12`, `à l'ES4`: a word that only says where, kept out of the reason.
_AT = (
    r"(?:(?:à|a|en|après|apres|after|at|on|in|au|dans|nach|in der|durante|alla|al|op)\s+"
    r"(?:l'|la\s+|le\s+)?)?"
)
# A stage by its abbreviation (`ES4`, `SS 12`, `PS.3`, `WP2`): written in capitals, no space.
# `RZ` (Czech, Slovak), `OS` (Polish), `EK` (Finnish), `GY` (Hungarian): the same in other
# languages.
_STAGE_CODE = re.compile(
    _AT + r"\b(ES|SS|PS|SP|EP|WP|PEC|FE|TC|CH|RZ|OS|EK|GY|KP|L|T)\s?\.?\s?(\d{1,3})\b", re.I
)
# A stage, lap, run or hour in words (`stage 4`, `lap 12`, `tour 3`, `6h`, `12 h 30`).
_STAGE_WORDS = re.compile(
    _AT
    + r"\b((?:sp[eé]ciale|special|stage|[eé]tape|prova|tramo|wertungsprüfung|lap|tour|runde|giro|"
    r"vuelta|ronde|run|manche|heat|lauf|hour|heure|stunde)\s?n?[°º]?\s?\d{1,4}\b"
    r"|\b\d{1,2}\s?h(?:\s?\d{2})?\b)",
    re.I,
)
_WORD_END = re.compile(r"[^\s(\[:,;/\-]+")
# What joins the parts of a status cell and is no part of a reason.
_JOINERS = " \t-–—:,;/.()[]"
_SPACES = re.compile(r"\s+")
_MAX_HEAD_WORDS = 3


@dataclass(frozen=True, slots=True)
class StatusDetails:
    """A status cell's stage, lap or hour (`retired_at`) and reason, each None if absent."""

    retired_at: str | None = None
    reason: str | None = None


_NONE = StatusDetails()


def _after_status_word(text: str) -> str | None:
    """The text after the longest status word at its start (`Abandon`, `Rallye 2`), or None
    when it starts with none."""
    end = None
    position = 0
    for _ in range(_MAX_HEAD_WORDS):
        word = _WORD_END.search(text, position)
        if word is None:
            break
        if status_key(text[: word.end()]) in STATUS_TITLES:
            end = word.end()
        position = word.end()
    return None if end is None else text[end:]


def status_details(text: str) -> StatusDetails:
    """The stage, lap or hour and the reason a status cell gives after its word.

    `Ab. ES4 moteur` → (`ES4`, `moteur`); `DNF lap 12 - engine` → (`lap 12`, `engine`);
    `Abandon` → (None, None)."""
    if len(text) > MAX_CELL:
        return _NONE
    rest = _after_status_word(text.strip())
    if not rest or not rest.strip(_JOINERS):
        return _NONE
    retired_at = None
    found = _STAGE_CODE.search(rest)
    if found is not None:
        retired_at = f"{found[1].upper()}{found[2]}"
    else:
        found = _STAGE_WORDS.search(rest)
        if found is not None:
            retired_at = _SPACES.sub(" ", found[1])
    if found is not None:
        rest = f"{rest[: found.start()]} {rest[found.end() :]}"
    reason = _SPACES.sub(" ", rest).strip(_JOINERS)
    # `(moteur)` inside what is left: its brackets go, the text stays.
    if reason.count("(") != reason.count(")"):
        reason = reason.replace("(", "").replace(")", "").strip(_JOINERS)
    return StatusDetails(retired_at, reason or None)


def stage_reference(text: str) -> StatusDetails | None:
    """A cell that says where, and perhaps why, and nothing else (`ES 5`, `SS12`, `lap 14`,
    `PS 4 - uscita di strada`): the stage as `status_details` keeps it and the reason; None
    for anything else. Where a crew that did not finish has its time or its gap, it is where
    it stopped."""
    text = text.strip()
    if len(text) > MAX_CELL:
        return None
    found = _STAGE_CODE.match(text)
    if found is not None:
        stage = f"{found[1].upper()}{found[2]}"
    elif (found := _STAGE_WORDS.match(text)) is not None:
        stage = _SPACES.sub(" ", found[1])
    else:
        return None
    rest = text[found.end() :]
    if rest[:1] not in ("", *_JOINERS):
        return None  # `ES 5x`: no stage alone
    reason = _SPACES.sub(" ", rest).strip(_JOINERS)
    if any(c.isdigit() for c in reason):
        return None  # a time or a number after it: no reason in words
    return StatusDetails(stage, reason or None)
