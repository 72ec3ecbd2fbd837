"""Crews: one cell naming one or more people, split into `Person(surname, first_name)`.

The marks that join people first (`joins.py`: `/`, `|`, ` - `, `&`, `;`, ` et `, ` und `, a
line break, commas between people...); then, within a part, casing: upper-case words are
surnames, mixed-case words and initials are first names, so `PION Fabrice VIGNERON Marc` is two
people. Text with no casing evidence (`Jean Dupont`, `DUPONT JEAN`) is read in the column's name
order when the column settles it (`order.py`), else with the first-name lists, else in the
column's order and flagged as uncertain. A race number in front of a name or a car after it
(`12 Maverick VIÑALES`, `Landais Vincent Toyota GR Yaris Rally1`) is set aside, with a doubt.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from results.parsing.fields._limits import MAX_CELL
from results.parsing.fields.first_names import is_first_name
from results.parsing.fields.joins import (
    NATION_CODE,
    comma_pieces,
    leading_number,
    set_aside,
    split_parts,
)
from results.parsing.fields.makes import make_of
from results.parsing.fields.names import (
    FIRST,
    OTHER,
    SURNAME,
    classify_all,
    is_initial,
    merge_particles,
    table_classes,
    trim,
    trim_first_name,
)
from results.parsing.fields.order import (
    NameOrder,
    column_order,
    detect_name_order,
    in_order,
    name_order_support,
    segments,
)
from results.parsing.fields.statuses import parse_status
from results.parsing.model import Person

__all__ = [
    "LONG_NAME",
    "ORDER_FROM_COLUMN",
    "CrewSplit",
    "NameOrder",
    "detect_name_order",
    "looks_like_person",
    "name_order_support",
    "numbers_in_names",
    "parse_person",
    "split_crew",
]

# More people than this in one cell is a doubt, unless the cell parts them itself (an
# endurance team's five drivers, `A / B / C / D / E`), up to the longest such list.
_MAX_PEOPLE = 4
_MAX_LISTED = 8


@dataclass(frozen=True, slots=True)
class CrewSplit:
    people: tuple[Person, ...]
    uncertain: str | None = None
    #: The first nationality written after a name (`Enzo Cheng (AUS)`), if any.
    nationality: str | None = None
    #: The race number written in front of the names (`12 Maverick VIÑALES`), set aside; the
    #: column decides whether it is the entry's number (`numbers_in_names`).
    number: str | None = None


# `Enzo Cheng (AUS)`, `Ana Ruiz [ESP]`, `Jos Closset (L)`: a country code in brackets after a
# name.
_NATION_AFTER = re.compile(rf"(.*?\S)\s*[(\[]({NATION_CODE})[)\]]")


def nation_aside(part: str) -> tuple[str, str | None]:
    """The name and the country code in brackets after it (`Jim Pollicina (AUS)`); a status
    or flag in brackets (`(NC)`, `[SR]`) is no country and stays."""
    m = _NATION_AFTER.fullmatch(part.strip()) if len(part) <= MAX_CELL else None
    if m is None or parse_status(m[2]) is not None or m[2] in _NOT_NATIONS:
        return part, None
    return m[1], m[2]


# Bracketed flags that timing programs write after a name and that are no country codes.
_NOT_NATIONS = frozenset({"SR", "RC", "JR", "JNR", "SNR", "SR2", "TBA", "TBC"})


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


_GLUED_INITIAL = re.compile(r"((?:[^\W\d_]\.)+)([^\W\d_]{2}.*)")


def _unglue(token: str) -> tuple[str, ...]:
    glued = _GLUED_INITIAL.fullmatch(token)
    if glued is None or not glued[1].isupper() or not glued[2][0].isupper():
        return (token,)
    return glued[1], glued[2]


def _read_part(
    part: str, given: str | None, order: NameOrder, settled: bool
) -> tuple[list[Person], str | None]:
    if given is not None:
        person = _person(part.split(), given.split())
        return ([person] if person else []), None
    tokens = part.split()
    classes = classify_all(tokens)
    if OTHER in classes:
        kept = [(t, c) for t, c in zip(tokens, classes, strict=True) if trim(t)]
        if any(c == OTHER for _, c in kept):
            if not any(c.isalpha() for c in part):
                return [], f"{part!r} is no name"  # `60%`, `19:35'28`
            return [Person(trim(part))], "a name with digits or symbols"
        tokens, classes = [t for t, _ in kept], [c for _, c in kept]
        if not tokens:
            return [], None
    if SURNAME in classes and FIRST in classes:
        return _pair_runs(tokens, classes)
    # No casing evidence: every word in upper case, or every word in mixed case. An initial
    # glued to the next word (`Ella J.Anker-Rasch`) is a word of its own, but not in front.
    tokens = tokens[:1] + [t for token in tokens[1:] for t in _unglue(token)]
    words = merge_particles(tokens)
    if len(words) == 1:
        return [Person(trim(words[0]))], None
    if settled:
        # The column's order reads the name; the first-name lists only tell people apart.
        groups = segments(words, order)
        people = [p for g in groups if (p := _person(*in_order(g, order)))]
        if len(people) > 1:
            return people, RUN_TOGETHER
        # Four words or more and no first name to cut at: two people run together, perhaps.
        return people, (LONG_NAME if len(words) > 3 else None)
    by_table = table_classes(words)
    if SURNAME in by_table and FIRST in by_table:
        people, uncertain = _pair_runs(words, by_table)
        if len(people) > 1 and not uncertain:
            uncertain = RUN_TOGETHER
        return people, uncertain
    reason = ORDER_FROM_COLUMN
    if len(words) > 2:
        reason = "several words with no casing or first-name evidence"
    person = _person(*in_order(words, order))
    return ([person] if person else []), reason


RUN_TOGETHER = "people run together with no casing to split them"
#: An age category's badge after a name (`DONADELLO Michele U25`): no part of it.
_BADGE = re.compile(r"\s+[UJ]\d{2}\Z")


def without_badge(name: str) -> str:
    """`DONADELLO Michele U25` → `DONADELLO Michele`."""
    return _BADGE.sub("", name) or name


LONG_NAME = "a long name with no casing: perhaps two people run together"
#: The doubt of a name read only by its column's order: the column's evidence may settle it.
ORDER_FROM_COLUMN = "no casing or first-name evidence: read in the column's name order"


def split_crew(
    text: str, *, order: NameOrder = "surname_first", settled: bool = False
) -> CrewSplit:
    """Split a crew cell into people, driver first. Names with no evidence of their own are
    read in `order`, the column's; `settled`: the column's names agree on it, so reading them in
    it is no doubt, and the first-name lists no longer turn one name around."""
    if len(text) > MAX_CELL:
        return CrewSplit((), "the cell is too long to be a crew")
    return _split_crew(text, order, settled)


# The layout scores a sample of a column's cells, then the builder reads them all: the cache
# saves the second reading, and repeated names (a driver on every line of a class table).
@lru_cache(maxsize=4096)
def _split_crew(text: str, order: NameOrder, settled: bool) -> CrewSplit:
    people: list[Person] = []
    reasons: list[str] = []
    nations: list[str] = []
    numbers: list[str] = []
    parts = split_parts(text)
    written = 0  # the people the cell parts itself, with a mark or a comma between each
    if not settled and len(parts) > 1:
        # A column that settles nothing: the other names of the cell may (`Jean Dupont und
        # Marie Martin` is first name first throughout).
        local = column_order(parts)
        if local.agree and not local.disagree:
            order = local.order
    for part in parts:
        part, nation = nation_aside(part)
        if nation is not None:
            nations.append(nation)
        if part[0] in "[(" and part[-1] in ")]":
            reasons.append(f"{part} is a note in brackets, not a name")
            continue
        number = leading_number(part)
        part = without_badge(part)
        part, aside = set_aside(part)
        if number is not None:
            numbers.append(number)
        elif aside:
            reasons.append(aside)
        pieces, guessed = comma_pieces(part)
        written += 1 if guessed else len(pieces)
        if guessed:
            reasons.append("people run on after a comma, split where the casing or names say")
        for piece, given in pieces:
            found, reason = _read_part(piece, given, order, settled)
            people.extend(found)
            if reason:
                reasons.append(reason)
    listed = len(people) == max(len(parts), written) and len(people) <= _MAX_LISTED
    if len(people) > _MAX_PEOPLE and not listed:
        reasons.append(f"{len(people)} people in one crew")
    return CrewSplit(
        tuple(people),
        "; ".join(dict.fromkeys(reasons)) or None,
        nations[0] if nations else None,
        numbers[0] if numbers else None,
    )


#: Share of a column's names with a number in front before the numbers are the race numbers.
_NUMBERED_NAMES = 0.8


def numbers_in_names(values: Sequence[str]) -> bool:
    """True when nearly every name of a column has a race number in front (`12 Maverick
    VIÑALES`, as a printed classification sets the number beside the rider); what reads as
    no name at all (a note, a clock time) does not count."""
    names = [v for v in values if looks_like_person(v) >= 0.5]  # not the notes in the column
    numbered = sum(1 for v in names if (parts := split_parts(v)) and leading_number(parts[0]))
    return bool(names) and numbered >= _NUMBERED_NAMES * len(names)


def parse_person(text: str, *, order: NameOrder = "surname_first") -> Person | None:
    """One person (a separate driver or co-driver column); the first one if the cell has more."""
    people = split_crew(text, order=order).people
    return people[0] if people else None


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


def _lone_name(part: str) -> bool:
    words = part.split()
    return len(words) == 1 and words[0][0].isupper() and len(words[0]) > 1


@lru_cache(maxsize=4096)
def _looks_like_person(text: str) -> float:
    text = text.strip()
    if len(text) < 2 or parse_status(text):
        return 0.0
    parts = split_parts(text)
    asides = [nation_aside(p) for p in parts]
    if any(nation for _, nation in asides):
        parts = [name for name, _ in asides]
        text = " / ".join(parts)
    if _DIGIT.search(text):
        # A number or a car beside the names: they still look like names, a little less.
        names = [set_aside(p) for p in parts]
        if not any(aside for _, aside in names) or _DIGIT.search(" ".join(p for p, _ in names)):
            return 0.0
        return 0.8 * _looks_like_person(" / ".join(p for p, _ in names))
    tokens = [t for part in parts for t in part.replace(",", " ").split()]
    if not tokens or len(tokens) > 12:
        return 0.0 if not tokens else 0.1
    if len(parts) > 1 and all(_lone_name(p) for p in parts) and not make_of(text):
        # `Metge / LeMoyne`: surnames alone, joined by a mark between people.
        return 0.6 if not _ODD_CHARS.search(text) else 0.3
    classes = classify_all(tokens)
    has_surname, has_first = SURNAME in classes, FIRST in classes
    known_first = any(is_first_name(t) for t in tokens if not is_initial(t))
    if has_surname and has_first:
        score = 1.0 if known_first else 0.85
        # `CK Nittedal`, `Mysen IF`: a short upper-case word beside words that are no first
        # name nor initial is an abbreviation (a club, a team), not a surname.
        if (
            not known_first
            and all(len(t) <= 3 for t, c in zip(tokens, classes, strict=True) if c == SURNAME)
            and not any(is_initial(t) for t, c in zip(tokens, classes, strict=True) if c == FIRST)
        ):
            score = 0.35
    elif has_surname:
        score = 0.6 if known_first and len(tokens) > 1 else 0.15
    elif known_first and 1 < len(tokens) <= 6 and all(t[0].isupper() for t in tokens):
        # `Jakob Steira Bjerkli`: capitalised words, one of them a known first name at either
        # end (a word in the middle is rather a place or a team: `Ytre Dalsfjords Anna`).
        score = 0.8 if is_first_name(tokens[0]) or is_first_name(tokens[-1]) else 0.55
    else:
        score = 0.55 if known_first and len(tokens) > 1 else 0.25
    # A make first is a car (`Porsche Cayman`), unless it is an upper-case surname before a
    # known first name (`FERRARI Marco`).
    if make_of(text) and not (classes[0] == SURNAME and has_first and known_first):
        score = min(score, 0.1)
    if _ODD_CHARS.search(text):
        score /= 2
    return score
