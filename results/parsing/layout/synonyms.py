"""Header words and the roles they propose. The column's content decides between proposals.

A heading is looked up whole in `heading_table.py` first, then read by its words
(`heading_words.py`), then by its leading words.
"""

from __future__ import annotations

import re

from results.parsing.fields.makes import make_of
from results.parsing.layout.heading_table import SYNONYMS
from results.parsing.layout.heading_words import LONGEST_HEADING, concepts, roles_from_words
from results.parsing.text import fold

# Letters of any script are kept (Greek headings), punctuation and symbols become spaces.
_PUNCT = re.compile(r"[^\w#]+|_")


def normalise_heading(text: str) -> str:
    if "." in text:
        # `A.S.A.`: an acronym with its dots is the one word (`asa`).
        text = _ACRONYM.sub(lambda m: m[0].replace(".", ""), text)
    return _PUNCT.sub(" ", fold(text).replace("°", "o").replace("º", "o")).strip()


_ACRONYM = re.compile(r"(?<!\w)(?:[^\W\d_]\.){2,}(?!\w)")


# Numbered part times: stages (ES1, SS 4, WP 2, FE3), runs and heats (Run 2, Manche 1,
# Montée 3), laps of
# a split table (T1). Podium keeps the total the table is ranked on, not the parts.
_PART_TIME = re.compile(
    r"(es|ss|sp|wp|ps|fe|special|speciale|run|manche|montee|essai|heat|leg|etape|stage|m|t|tour|lap|"
    r"course|race|boucle|section|secteur|sector|inter|split|int|pen)\s?\d{1,2}"
    # … and what is given for each part: "FE 1 Time", "SS3 Pos".
    r"(\s(time|temps|tid|zeit|pos|rank|rang|plass|platz|penalty|pen|gap|diff))?"
)


#: A seat's number past the first in a person heading (`Driver 3`, `DRIVER_2`).
_FURTHER_SEAT = re.compile(r"(?<![\d])(?:[2-9]|1\d)$")
#: Abbreviations read as another language's: `Kl.` (Dutch and German) as `Cl.`, the place or
#: the class, which content then tells apart; contractions as the word they stand for
#: (`M-ce`, Polish `miejsce`: the place); `Dist. 1°` (Italian `distacco dal primo`) as the
#: gap to the first, not a distance.
_SPELLED_AS = {
    "kl": "cl",
    "m ce": "miejsce",
    "dist 1o": "distacco",
    "dist 1": "distacco",
    "dist dal 1o": "distacco",
}
#: A crew's restart under the Rallye 2 rules, as a column's heading or as a mark in a status
#: column (where `R2` cannot be the class).
RALLY2_MARKS = frozenset({"r2", "sr", "rallye 2", "rally 2", "rallye2", "rally2", "super rallye"})


def is_rally2_mark(text: str) -> bool:
    """`R2`, `SR`, `Rallye 2` as a mark on its own (a heading, a cell, after the names)."""
    return normalise_heading(text) in RALLY2_MARKS


def is_known_heading(text: str) -> bool:
    """Whether the heading is known whole (`Pilote / Copilote`), not read from its words."""
    key = normalise_heading(text)
    return bool(key) and _SPELLED_AS.get(key, key) in SYNONYMS


def roles_for_heading(text: str, *, strict: bool = False) -> tuple[str, ...]:
    """The roles a heading proposes, best first; () when it is no known heading.

    `strict` reads a heading by its words only when all of them are known (header rows are
    told from data rows with it)."""
    if len(text) > LONGEST_HEADING:
        return ()  # a heading is a few words; a longer cell is data
    key = normalise_heading(text)
    if not key:
        return ()
    if key in _SPELLED_AS:
        text = key = _SPELLED_AS[key]
    if _PART_TIME.fullmatch(key):
        return ("ignore",)
    roles = SYNONYMS.get(key)
    if roles is not None:
        return roles
    # Headings as timing programs write them: `FirstName`, `Diff_Winner`, `Startnummer`.
    roles = roles_from_words(text, strict=strict)
    if roles[:1] == ("driver",) and _FURTHER_SEAT.search(key):
        # `DRIVER_2`, `Pilote 3`: a seat after the first, as many as the sheet has.
        return ("codriver",)
    if roles:
        return roles
    # "Ecart 1er (s)", "Temps total ES1-ES8": try the leading words; strict, not where the
    # others name a car's make or model (`Speed Car GTR`: the car, on a record's second line).
    words = key.split()
    if strict and make_of(text) is not None:
        return ()
    for n in range(len(words) - 1, 0, -1):
        roles = SYNONYMS.get(" ".join(words[:n]))
        if roles is not None:
            return roles
    return ()


def heading_certainty(text: str) -> float:
    """How sure the heading's proposal is: 1 when the heading is known whole or every word of it
    is, less when words Podium does not know stand beside the one it read (`EWS Number` is a
    number of some kind, `Plate Number` the door number)."""
    if not roles_for_heading(text):
        return 0.0
    if SYNONYMS.get(normalise_heading(text)) or roles_for_heading(text, strict=True):
        return 1.0
    return 0.5


def names_the_total(text: str | None) -> bool:
    """Whether a heading of times says it is the total (`Totale`, `Totaal`, `Total time`,
    `Gesamtzeit`): beside a plain `Tempo` or `Tijd` (the time before penalties, or a part of
    the total), it is the time the table is ranked on."""
    if not text or roles_for_heading(text)[:1] != ("time",):
        return False
    return "total" in concepts(text)[0]
