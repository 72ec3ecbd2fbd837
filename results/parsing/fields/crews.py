"""Crews: one cell naming one or more people, split into `Person(surname, first_name)`.

Explicit separators first (`/`, ` - `, `&`, `;`, ` et `, newline, `+`, a stray full stop after
a name, commas between people); then, within a part, casing: upper-case words are surnames,
mixed-case words and initials are first names, so `PION Fabrice VIGNERON Marc` is two people.
Text with no casing evidence (`Jean Dupont`, `DUPONT JEAN`) is read with the first-name table,
else in the column's name order, and flagged as uncertain.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from results.parsing.fields._limits import MAX_CELL
from results.parsing.fields.first_names import is_first_name
from results.parsing.fields.makes import make_of
from results.parsing.fields.names import (
    FIRST,
    OTHER,
    SURNAME,
    classify_all,
    is_initial,
    is_stray_stop,
    merge_particles,
    table_classes,
    trim,
    trim_first_name,
)
from results.parsing.fields.statuses import parse_status
from results.parsing.model import Person

NameOrder = Literal["surname_first", "first_name_first"]

_MAX_PEOPLE = 4
_NEWLINES = re.compile(r"[\r\n]+")
# Spaces are collapsed first, so every alternative sees at most one space on each side.
_SEPARATORS = re.compile(r" ?[/;+&] ?| [-\u2013\u2014]+ | (?:et|and) ", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class CrewSplit:
    people: tuple[Person, ...]
    uncertain: str | None = None


def _parts(text: str) -> list[str]:
    """Split on explicit separators (newline, `/`, ` - `, `&`, ...), then on stray full stops."""
    if "\n" in text or "\r" in text:
        text = _NEWLINES.sub("/", text)
    text = " ".join(text.split())
    parts: list[str] = []
    for chunk in _SEPARATORS.split(text):
        if "." not in chunk:
            parts.append(chunk)
            continue
        tokens = chunk.split()
        start = 0
        for i, token in enumerate(tokens[:-1]):
            if is_stray_stop(token):
                parts.append(" ".join(tokens[start : i + 1]))
                start = i + 1
        parts.append(" ".join(tokens[start:]))
    return [p for p in parts if trim(p)]


def _comma_pieces(part: str) -> list[tuple[str, str | None]]:
    """Commas separate people, except in `DUPONT, Jean` (one name, surname first): pieces as
    (text, first name already told apart or None)."""
    if "," not in part:
        return [(part, None)]
    pieces = [p.strip() for p in part.split(",") if trim(p)]
    if len(pieces) == 2:
        left, right = pieces[0].split(), pieces[1].split()
        surname_like = len(left) == 1 or FIRST not in classify_all(left)
        first_like = SURNAME not in classify_all(right) or all(is_first_name(t) for t in right)
        if surname_like and first_like and len(right) <= 3:
            return [(pieces[0], pieces[1])]
    return [(p, None) for p in pieces]


def _person(surname: list[str], first: list[str]) -> Person | None:
    name = trim(" ".join(surname))
    given = trim_first_name(" ".join(first)) if first else ""
    if not name:
        return Person(given) if given else None
    return Person(name, given or None)


def _pair_runs(tokens: list[str], classes: list[str]) -> tuple[list[Person], str | None]:
    """Pair runs of surname words with runs of first-name words, in the order the first run
    gives (`UPPER Mixed` or `Mixed UPPER`)."""
    runs: list[tuple[str, list[str]]] = []
    for token, cls in zip(tokens, classes, strict=True):
        if runs and runs[-1][0] == cls:
            runs[-1][1].append(token)
        else:
            runs.append((cls, [token]))
    people: list[Person] = []
    uncertain = None
    surname_first = runs[0][0] == SURNAME
    i = 0
    while i < len(runs):
        head = runs[i][1]
        tail = runs[i + 1][1] if i + 1 < len(runs) else []
        i += 2
        if surname_first:
            person = _person(head, tail)
        elif tail:
            person = _person(tail, head)
        else:
            person = _person(head, [])
            uncertain = "a first name with no surname"
        if person:
            people.append(person)
    return people, uncertain


def _read_part(part: str, given: str | None, order: NameOrder) -> tuple[list[Person], str | None]:
    if given is not None:
        person = _person(part.split(), given.split())
        return ([person] if person else []), None
    tokens = part.split()
    classes = classify_all(tokens)
    if OTHER in classes:
        kept = [(t, c) for t, c in zip(tokens, classes, strict=True) if trim(t)]
        if any(c == OTHER for _, c in kept):
            return [Person(trim(part))], "a name with digits or symbols"
        tokens, classes = [t for t, _ in kept], [c for _, c in kept]
        if not tokens:
            return [], None
    if SURNAME in classes and FIRST in classes:
        return _pair_runs(tokens, classes)
    # No casing evidence: every word in upper case, or every word in mixed case.
    words = merge_particles(tokens)
    if len(words) == 1:
        return [Person(trim(words[0]))], None
    by_table = table_classes(words)
    if SURNAME in by_table and FIRST in by_table:
        people, uncertain = _pair_runs(words, by_table)
        if len(people) > 1 and not uncertain:
            uncertain = "people run together with no casing to split them"
        return people, uncertain
    reason = ORDER_FROM_COLUMN
    if len(words) > 2:
        reason = "several words with no casing or first-name evidence"
    if order == "surname_first":
        person = _person(words[:1], words[1:])
    else:
        person = _person(words[-1:], words[:-1])
    return ([person] if person else []), reason


#: The doubt of a name read only by its column's order: the column's evidence may settle it.
ORDER_FROM_COLUMN = "no casing or first-name evidence: read in the column's name order"


def split_crew(text: str, *, order: NameOrder = "surname_first") -> CrewSplit:
    """Split a crew cell into people, driver first."""
    if len(text) > MAX_CELL:
        return CrewSplit((), "the cell is too long to be a crew")
    return _split_crew(text, order)


# The layout scores a sample of a column's cells, then the builder reads them all: the cache
# saves the second reading, and repeated names (a driver on every line of a class table).
@lru_cache(maxsize=4096)
def _split_crew(text: str, order: NameOrder) -> CrewSplit:
    people: list[Person] = []
    reasons: list[str] = []
    for part in _parts(text):
        for piece, given in _comma_pieces(part):
            found, reason = _read_part(piece, given, order)
            people.extend(found)
            if reason:
                reasons.append(reason)
    if len(people) > _MAX_PEOPLE:
        reasons.append(f"{len(people)} people in one crew")
    return CrewSplit(tuple(people), "; ".join(dict.fromkeys(reasons)) or None)


def parse_person(text: str, *, order: NameOrder = "surname_first") -> Person | None:
    """One person (a separate driver or co-driver column); the first one if the cell has more."""
    people = split_crew(text, order=order).people
    return people[0] if people else None


def detect_name_order(values: Iterable[str]) -> NameOrder:
    """The name order of a column, from the casing of all its values, then the first names."""
    return name_order_support(values)[0]


def name_order_support(values: Iterable[str]) -> tuple[NameOrder, int, int]:
    """The name order of a column, with how many names agree with it and how many do not."""
    casing = {"surname_first": 0, "first_name_first": 0}
    table = {"surname_first": 0, "first_name_first": 0}
    for value in values:
        if not value or len(value) > MAX_CELL:
            continue
        for part in _parts(value):
            tokens = part.replace(",", " ").split()
            classes = classify_all(tokens)
            if OTHER in classes:
                continue
            if SURNAME in classes and FIRST in classes:
                key = "surname_first" if classes[0] == SURNAME else "first_name_first"
                casing[key] += 1
            elif len(tokens) >= 2:
                first, last = is_first_name(tokens[0]), is_first_name(tokens[-1])
                if first != last:
                    table["first_name_first" if first else "surname_first"] += 1
    agree = {key: casing[key] + table[key] for key in casing}
    for counts in (casing, table):
        if counts["surname_first"] != counts["first_name_first"]:
            order: NameOrder = (
                "first_name_first"
                if counts["first_name_first"] > counts["surname_first"]
                else "surname_first"
            )
            other = "surname_first" if order == "first_name_first" else "first_name_first"
            return order, agree[order], agree[other]
    return "surname_first", 0, 0


_DIGIT = re.compile(r"\d")
# Characters names do not hold (anything but letters, spaces and `'-.,/&;+`).
_ODD_CHARS = re.compile(r"[^\w\s'’\-.,/&;+]|_")


def looks_like_person(text: str) -> float:
    """0..1: how much a cell looks like one or more person names (columns without a header).

    Names are letters, usually an upper-case surname and a mixed-case first name; car models
    (digits, a make first) and clubs (upper case, no first name) score low.
    """
    if not text or len(text) > MAX_CELL:
        return 0.0
    return _looks_like_person(text)


@lru_cache(maxsize=4096)
def _looks_like_person(text: str) -> float:
    text = text.strip()
    if len(text) < 2 or _DIGIT.search(text) or parse_status(text):
        return 0.0
    tokens = [t for part in _parts(text) for t in part.replace(",", " ").split()]
    if not tokens or len(tokens) > 12:
        return 0.0 if not tokens else 0.1
    classes = classify_all(tokens)
    has_surname, has_first = SURNAME in classes, FIRST in classes
    known_first = any(is_first_name(t) for t in tokens if not is_initial(t))
    if has_surname and has_first:
        score = 1.0 if known_first else 0.85
    elif has_surname:
        score = 0.6 if known_first and len(tokens) > 1 else 0.15
    else:
        score = 0.55 if known_first and len(tokens) > 1 else 0.25
    # A make first is a car (`Porsche Cayman`), unless it is an upper-case surname before a
    # known first name (`FERRARI Marco`).
    if make_of(text) and not (classes[0] == SURNAME and has_first and known_first):
        score = min(score, 0.1)
    if _ODD_CHARS.search(text):
        score /= 2
    return score
