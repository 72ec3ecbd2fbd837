"""A team named in a crew's cell before its people: `Racing Kart Albacete: Sergio Picazo -
Aitor Soler`, `PANDA RACING (Ferrari Paolo / Ruggeri Chiara)`, or on a line over them."""

from __future__ import annotations

import re

from results.parsing.fields.crews import looks_like_person
from results.parsing.fields.first_names import is_first_name

_DIGIT = re.compile(r"\d")


# `Racing Kart Albacete: Sergio Picazo - Aitor Soler`: a team's name, a colon, its drivers.
_TEAM_THEN_PEOPLE = re.compile(r"([^:/\n]{2,60}?)\s*:\s+(\S.*\s[-–/&,]\s.*)", re.DOTALL)


# `PANDA RACING (Ferrari Paolo / Ruggeri Chiara)`: a team's name, its people in brackets.
_PEOPLE_IN_BRACKETS = re.compile(r"([^()/\n]{2,60}?)\s*\(([^()]+\s[-–/&]\s[^()]+)\)\s*")


def team_before_people(cell: str) -> tuple[str | None, str]:
    """(the team, its people) of a crew cell naming its team before a colon and two people
    or more after it, before them in brackets, or on a line of its own over them (`ORANJE
    BOYS` over `Daniëlle Hoekstra / Mark Dijkstra / Iris Sluiter`: a name parted from nothing,
    with no first name, over people parted alike, or over people a line each, each with a first
    name); (None, the cell) otherwise."""
    found = _TEAM_THEN_PEOPLE.fullmatch(cell)
    if found is not None:
        return found[1].strip(), found[2]
    found = _PEOPLE_IN_BRACKETS.fullmatch(cell)
    if (
        found is not None
        and not _PARTED.search(found[1])
        and not any(is_first_name(word) for word in found[1].split())
        and all(len(part.split()) >= 2 for part in _PARTED.split(found[2]))
    ):
        # `FRIZIONE BRUCIATA (De Santis Andrea / Brambilla Chiara)`: the team, its people.
        return found[1].strip(), found[2]
    first, _, rest = cell.partition("\n")
    if not rest or any(is_first_name(word) for word in first.split()):
        return None, cell
    lines = rest.split("\n")
    if len(lines) == 1 and _PARTED.search(rest) and not _PARTED.search(first):
        return first.strip(), rest
    named = sum(1 for line in lines if any(map(is_first_name, line.split())))
    if len(lines) >= 2 and named * 2 >= len(lines) and all(map(_one_person, lines)):
        # A person a line under it (an endurance team's drivers), most with a first name we
        # know, under three words or more that name nobody (`Puch Power Pittem`) or single
        # words parted (`Ketting & Co`), not a person of the crew (`Kowalski Zbyszek`).
        parts = _PARTED.split(first)
        if all(len(part.split()) == 1 for part in parts[1:]) and len(parts) > 1:
            return first.strip(), rest
        if len(first.split()) >= 3 and looks_like_person(first) < 0.5:
            return first.strip(), rest
    return None, cell


def _one_person(line: str) -> bool:
    """A line of two to four words with no digit and no mark parting people."""
    return not _PARTED.search(line) and 2 <= len(line.split()) <= 4 and not _DIGIT.search(line)


#: A mark parting two people on a line.
_PARTED = re.compile(r"\s/\s|/|\s[-–&]\s|,\s|[\u00b7\u2022]")
