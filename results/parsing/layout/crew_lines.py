"""Lines of a crew cell: whole names, name-shaped lines, and the line under the people that
says why the crew stopped. `two_lines` and `records` tell a crew's lines apart with these."""

from __future__ import annotations

import re
from collections.abc import Sequence

from results.parsing.fields import is_car_line
from results.parsing.fields.crews import looks_like_person
from results.parsing.fields.first_names import is_first_name
from results.parsing.fields.joins import split_parts
from results.parsing.fields.makes import make_of
from results.parsing.fields.names import PARTICLES
from results.parsing.fields.statuses import parse_status
from results.parsing.grid import Row

# A line of a crew cell is a seat of its own when it reads as a whole name this surely: two
# words or more that look like a person, not a car, a club or a nationality.
_WHOLE_NAME = 0.5


def is_reason_line(line: str, above: Sequence[str]) -> bool:
    """A line under a crew's people that says why it stopped (`Getriebe`, `weniger als 50 %
    der Siegerrunden`), no person: one word in mixed case that is no first name, or words
    with one in lower case or a digit; the lines above name people with their first names."""
    if not people_lines(above) or is_car_line(line) or make_of(line) is not None:
        return False  # a car under its crew (`Porsche 911 SC`) is no reason
    words = line.split()
    if len(words) == 1:
        word = words[0]
        return word[:1].isupper() and not word.isupper() and not is_first_name(word)
    return any(
        (w[:1].islower() and w not in PARTICLES) or any(c.isdigit() for c in w) for w in words
    )


def people_lines(lines: Sequence[str]) -> bool:
    """Lines of whole names, one or several a line parted by a mark (`Tim Vogt / Patrick
    Hartmann`)."""
    parts = [part for line in lines for part in split_parts(line)]
    return bool(parts) and all(map(whole_name, parts))


def whole_name(line: str) -> bool:
    """Two words or more that surely name a person (`Tim Vogt`, `Jansen P.`)."""
    words = line.split()
    return len(words) >= 2 and (
        looks_like_person(line) >= _WHOLE_NAME or _INITIALLED.fullmatch(line) is not None
    )


# A surname and an initial, either way round (`Jansen P.`, `De Vries K.`, `P. Jansen`): a
# person as karting and club sheets abbreviate the first name.
_INITIAL = r"[^\W\d_]\.(?:-?[^\W\d_]\.)?"
_SURNAME_WORDS = r"[^\W\d_][^\W\d_'-]*(?:['-][^\W\d_]+)*(?: [^\W\d_][^\W\d_'-]*){0,2}"
_INITIALLED = re.compile(rf"{_SURNAME_WORDS} {_INITIAL}|{_INITIAL} {_SURNAME_WORDS}")


def name_shaped(line: str) -> bool:
    """Two to five words, each capitalised but the particles of a surname (`van der`); an
    initial (`Jansen P.`) is a word."""
    words = line.split()
    return 2 <= len(words) <= 5 and all(
        (w[0].isupper() or w in PARTICLES)
        and w.replace("-", "").replace("'", "").replace(".", "").isalpha()
        for w in words
    )


# A reason set after the people on their own line, past a dash with a space on either side
# (`GOOSSENS Stijn — motorschade`, `MERTENS Luc – ongeval KP4`).
_DASHED = re.compile(r"\s+[—–-]\s+")


def reason_after_dash(line: str) -> tuple[str, str] | None:
    """The people and what follows them past their line's last spaced dash, where that is why
    the crew stopped, no person: words in lower case, a word with a digit or a status word.
    None where the dash parts people (`DUPONT Jean - MARTIN Paul`) or is no such dash."""
    parts = _DASHED.split(line)
    if len(parts) < 2:
        return None
    after = parts[-1].strip()
    people = line[: len(line) - len(parts[-1])].rstrip().rstrip("—–-").rstrip()
    if not after or not people_lines([people]):
        return None
    words = after.split()
    if parse_status(after) is None and any(map(_names_someone, words)):
        return None  # `d'AMICO Luca`, `af KLERCKER Jan`: a person after a particle
    lower = words[0][:1].islower() and words[0] not in PARTICLES
    if lower or is_reason_line(after, [people]) or parse_status(after) is not None:
        return people, after
    return None


def _names_someone(word: str) -> bool:
    """A surname in capitals (`AMICO` of `d'AMICO`) or a known first name (`Luca`)."""
    parts = re.split(r"['’-]", word)
    return is_first_name(word) or any(p.isalpha() and p.isupper() and len(p) > 1 for p in parts)


def status_under(above: Row, cells: Sequence[str]) -> bool:
    """A status alone on a line, set in from the margin under the names of a record with no
    place (`ausgefallen` under `BAUER Florian`): that crew's status, no section's title."""
    filled = [j for j, c in enumerate(cells) if c]
    if len(filled) != 1 or parse_status(cells[filled[0]]) is None:
        return False
    at = filled[0]
    return at >= 2 and not above.cells[0] and at < len(above.cells) and bool(above.cells[at])
