"""Where one cell joins several people: the marks between them, and commas.

People are joined by `/`, `|`, `;`, `&`, `+`, a middle dot or a bullet (` · `, ` • `), a spaced
dash (` - `), a word (` et `, ` and `, ` und `, ` y `), a line break, a country code in brackets
after a name and before the next (`MÜLLER Hans (CH) BRUNNER Urs (CH)`), or a stray full stop
after a whole name (`CHRIST Xavier. DUBREUIL`). A hyphen inside a name (`Anker-Rasch`,
`Jean-Pierre`, `SAINT-JEAN`) joins nothing, and neither does a line break after one (a name
wrapped at its hyphen).

Commas are read apart: `DUPONT, Jean` is one name, surname first; `Auer, Florian Öttl, Lena`
is two (a second `Surname, First` run on after the first, as when a co-driver's line is joined
to the driver's).
"""

from __future__ import annotations

import re

from results.parsing.fields.first_names import is_first_name
from results.parsing.fields.makes import make_of
from results.parsing.fields.names import FIRST, SURNAME, classify_all, is_stray_stop, trim
from results.parsing.fields.numbers import number_before_name

_WRAPPED = re.compile(r"-[ \t]*[\r\n]+\s*")
_NEWLINES = re.compile(r"[\r\n]+")
# Spaces are collapsed first, so every alternative sees at most one space on each side. The
# joining words are whole words; ` y ` only in lower case (`Y` alone may be an initial).
_SEPARATORS = re.compile(
    r" ?[/|;+&] ?| [-\u2013\u2014]+ | ?[\u00b7\u2022] ?|(?i: (?:et|and|und) )| y "
)
# A country code as sheets bracket it after a name: two or three capitals, or one of the
# one-letter codes cars carry (international vehicle registration codes).
NATION_CODE = r"[A-Z]{2,3}|[ABDEFHILMNPS]"
# A country code in brackets with a name after it: the end of one person.
_NATION_BETWEEN = re.compile(rf"(\S ?[(\[](?:{NATION_CODE})[)\]]) (?=[^\W\d_])")

#: A piece of a part: its text, and its first name where a comma already told it apart.
Piece = tuple[str, str | None]


def split_parts(text: str) -> list[str]:
    """The cell cut at every mark that joins two people; empty parts dropped."""
    if "\n" in text or "\r" in text:
        text = _NEWLINES.sub("/", _WRAPPED.sub("-", text))
    text = " ".join(text.split())
    if "(" in text or "[" in text:
        text = _NATION_BETWEEN.sub(r"\1 / ", text)
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


def _surname_like(words: list[str]) -> bool:
    return len(words) == 1 or FIRST not in classify_all(words)


def _first_like(words: list[str]) -> bool:
    return SURNAME not in classify_all(words) or all(is_first_name(t) for t in words)


def _cut(words: list[str]) -> int:
    """Where the first names of one person end and the next surname starts, in `Florian Öttl`:
    at the first upper-case word after a mixed-case one, else before the last word (a particle
    before it goes with it)."""
    classes = classify_all(words)
    for i in range(1, len(words)):
        if classes[i] == SURNAME and classes[i - 1] == FIRST:
            return i
    cut = len(words) - 1
    while cut > 1 and words[cut - 1].islower() and not is_first_name(words[cut - 1]):
        cut -= 1
    return cut


def comma_pieces(part: str) -> tuple[list[Piece], bool]:
    """The people of a part with commas, and whether the reading is a guess.

    `DUPONT, Jean` is one person; `Auer, Florian Öttl, Lena` two: surname, then the first
    names and the next surname, then a first name. Any other list of commas is a list of
    people (`METGE, LEMOYNE`).
    """
    if "," not in part:
        return [(part, None)], False
    pieces = [p.strip() for p in part.split(",") if trim(p)]
    if len(pieces) < 2:
        return [(p, None) for p in pieces], False
    words = [p.split() for p in pieces]
    middles = words[1:-1]
    if (
        _surname_like(words[0])
        and len(words[-1]) <= 3
        and _first_like(words[-1])
        and all(len(m) >= 2 for m in middles)
    ):
        people: list[Piece] = []
        surname = pieces[0]
        for middle in middles:
            cut = _cut(middle)
            people.append((surname, " ".join(middle[:cut])))
            surname = " ".join(middle[cut:])
        people.append((surname, pieces[-1]))
        return people, any(len(m) > 2 for m in middles)
    return [(p, None) for p in pieces], False


_HAS_DIGIT = re.compile(r"\d")


def leading_number(part: str) -> str | None:
    """The race number written in front of a name (`12 Maverick VIÑALES`, `1. 569 Becker,
    Michael` after a position), if any: a name of two words or more, without digits, after it."""
    number, rest = number_before_name(part)
    tokens = rest.split()
    if number is not None and len(tokens) >= 2 and not _HAS_DIGIT.search(rest):
        return number
    return None


def set_aside(part: str) -> tuple[str, str | None]:
    """The name in a part that also holds another field, and what was set aside: a race
    number in front (`12 Maverick VIÑALES`), a car after the name (`Landais Vincent Toyota GR
    Yaris Rally1`: a make, then a model with digits)."""
    number = leading_number(part)
    if number is not None:
        return number_before_name(part)[1], f"the number {number} beside the name"
    tokens = part.split()
    if len(tokens) >= 3 and _HAS_DIGIT.search(part):
        for i in range(1, len(tokens) - 1):
            if _HAS_DIGIT.search(tokens[i]):
                break  # the name before the car has no digits
            rest = tokens[i:]
            if any(_HAS_DIGIT.search(t) for t in rest[1:]) and make_of(" ".join(rest)):
                return " ".join(tokens[:i]), f"the car {' '.join(rest)!r} after the name"
    return part, None
