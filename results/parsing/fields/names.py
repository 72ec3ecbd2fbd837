"""Token-level reading of person names: which words are surnames, first names or initials.

Casing is the main evidence on results sheets: surnames are written in upper case
(`DE SAINTE OPPORTUNE`), first names in mixed case (`Jean-Marc`) or as initials (`D.`, `J.L`).
"""

from __future__ import annotations

import re

from results.parsing.fields.first_names import is_first_name

SURNAME = "U"  # an upper-case surname word (or a particle that belongs to one)
FIRST = "F"  # a mixed-case first name or an initial
OTHER = "X"  # digits or no letters: not part of a name

# Particles that belong to the surname after them (`de`, `van der`, `D'`). Folded forms.
PARTICLES: frozenset[str] = frozenset(
    {
        "de",
        "du",
        "des",
        "d'",
        "le",
        "la",
        "les",
        "l'",
        "van",
        "von",
        "op",
        "der",
        "den",
        "ten",
        "ter",
        "di",
        "da",
        "del",
        "della",
        "dos",
        "das",
        "mac",
        "mc",
        # Irish and Welsh: `Seán Ó Briain`, `Aoife Ní Chonaill`, `Dafydd ap Rhys` (not `Nic`,
        # a first name too)
        "ó",
        "ní",
        "ap",
        # Dutch: `Ruben van 't Hul`
        "'t",
        "st",
        "ste",
        "saint",
        "sainte",
    }
)
# Abbreviations that keep their full stop (`Ch.` for Charles): never a stray separator.
_ABBREVIATIONS: frozenset[str] = frozenset({"st", "ste", "jr", "sr", "mme", "mlle", "mr", "dr"})
_INITIALS = re.compile(r"[^\W\d_](?:[.\-]{1,2}[^\W\d_])*\.?")
_DIGIT = re.compile(r"\d")
_LETTER = re.compile(r"[^\W\d_]")
_TRIM = "., ;:*()[]_"


def is_particle(token: str) -> bool:
    return token.lower().replace("’", "'") in PARTICLES


def is_initial(token: str) -> bool:
    """`D`, `D.`, `J.L`, `J-P`, `J.-P.`: single upper-case letters, dotted or hyphenated."""
    return token.isupper() and _INITIALS.fullmatch(token) is not None


def classify(token: str) -> str:
    """SURNAME, FIRST or OTHER for one whitespace-free token, from its casing."""
    if token.isalpha():
        # The common case: a plain word. One upper-case letter is an initial.
        return SURNAME if token.isupper() and len(token) > 1 else FIRST
    if _DIGIT.search(token) or not _LETTER.search(token):
        return OTHER
    if is_initial(token):
        return FIRST
    if token.isupper():
        return SURNAME
    # `d'ALMEIDA`, `l'HERMITE`: a lower-case particle glued to an upper-case surname.
    if len(token) > 2 and token[1] in "'’" and token[2:].isupper():
        return SURNAME
    return FIRST


def classify_all(tokens: list[str]) -> list[str]:
    """Classes of a token run; a lower-case particle before a surname joins the surname."""
    classes = [classify(t) for t in tokens]
    for i in range(len(tokens) - 2, -1, -1):
        token = tokens[i]
        if classes[i] == FIRST and classes[i + 1] == SURNAME and token.islower():
            classes[i] = SURNAME if is_particle(token) else FIRST
    return classes


def is_stray_stop(token: str) -> bool:
    """A full stop after a whole word (`Xavier.`) ends a person; after an initial it does not."""
    if len(token) < 4 or not token.endswith(".") or is_initial(token):
        return False
    word = token.rstrip(".")
    return "." not in word and word.lower() not in _ABBREVIATIONS


def trim(text: str) -> str:
    return text.strip(_TRIM)


def trim_first_name(text: str) -> str:
    """Stray dots and commas go; the dot of a final initial or abbreviation stays."""
    text = text.strip(" ,;:*()[]_")
    last = text.rsplit(" ", 1)[-1]
    if last.endswith(".") and (is_initial(last) or len(last.rstrip(".")) <= 2):
        return text.lstrip(".")
    return text.strip(".")


def merge_particles(tokens: list[str]) -> list[str]:
    """Join upper-case particles to the word after them (`LE GALL`, `DE SAINTE OPPORTUNE`), for
    text with no casing evidence where every word is otherwise read on its own."""
    merged: list[str] = []
    pending = ""
    for token in tokens:
        if is_particle(token):
            pending = f"{pending} {token}" if pending else token
            continue
        merged.append(f"{pending} {token}" if pending else token)
        pending = ""
    if pending:
        if merged:
            merged[-1] = f"{merged[-1]} {pending}"
        else:
            merged.append(pending)
    return merged


def table_classes(tokens: list[str]) -> list[str]:
    """Classes from the first-name table, for words whose casing says nothing."""
    return [FIRST if is_initial(t) or is_first_name(t) else SURNAME for t in tokens]
