"""Fused group/class codes: `A8`, `FN 4`, `F2-14`, `F2000/14`, `AJ E7`, `4/5 C8`, `CLA`..."""

from __future__ import annotations

import re

from results.parsing.fields._limits import MAX_CELL
from results.parsing.text import fold

# Group codes of French rallies, hill climbs and historic events. They resolve fused codes
# whose group itself ends in digits (`F214` is F2 + 14, not F + 214) and say when a split is
# sure. Upper case; matched against the upper-cased cell.
KNOWN_GROUPS: frozenset[str] = frozenset(
    {
        "A",
        "N",
        "R",
        "FA",
        "FN",
        "FR",
        "FC",
        "F2",
        "F2000",
        "FS",
        "GT",
        "GTS",
        "GT+",
        "GTH",
        "RGT",
        "Z",
        "E",
        "E1",
        "E2",
        "CM",
        "CN",
        "DE",
        "D/E",
        "P",
        "VHC",
        "VHRS",
        "VH",
        "VHR",
        "VC",
        "VMRS",
        "CLA",
        "CLASSIC",
        "CLASSIQUE",
        "AJ",
        "BJ",
        "NJ",
        "GTJ",
        "TSJ",
        "CTJ",
    }
)
# Longest first, so that `F2000` wins over `F2` and `GTS` over `GT`.
_GROUPS_BY_LENGTH: tuple[str, ...] = tuple(sorted(KNOWN_GROUPS, key=len, reverse=True))
_MAX_GROUP = max(map(len, KNOWN_GROUPS))

_CODE = re.compile(r"[A-Za-z0-9+]{1,8}")
# `8`, `N4`, `A6K`, `GT+`, and the names written whole: `Rally2`, `F2/14`.
_CLASS = re.compile(
    r"[A-Za-z]{0,2}\d{1,4}[A-Za-z+]{0,3}|[A-Za-z]{1,3}\+?|(?i:rally)\d|[A-Za-z]{1,2}\d/\d{1,2}"
)
_SEPARATOR = re.compile(r"\s*[-/\s]\s*")
# Historic events group periods as digits/digits (`4/5`): a group shape of its own, its class
# after a space or a dash (`4/5 C8`, `4/5-C8`).
_SLASH_GROUP = re.compile(r"(\d{1,2}/\d{1,2})(?:(?:\s+|\s*-\s*)(.+))?")
_LETTERS_DIGITS = re.compile(r"([A-Za-z]{1,5})(\d[A-Za-z0-9]{0,5})")
_SPACES = re.compile(r"\s+")


def _after_known_group(text: str) -> tuple[str, str, bool] | None:
    upper = text[: _MAX_GROUP + 1].upper()
    for group in _GROUPS_BY_LENGTH:
        if not upper.startswith(group):
            continue
        rest = text[len(group) :]
        if not rest:
            return text, "", True
        head = rest[0]
        if head in " -/":
            rest = rest.lstrip(" -/")
            if rest and _CLASS.fullmatch(rest):
                return text[: len(group)], rest, True
            continue
        if head.isdigit() and _CLASS.fullmatch(rest):
            # Sure when the table agrees with the letters->digits boundary (`A8`, `GT10`);
            # `F214` read as F2 + 14 is the table's guess.
            return text[: len(group)], rest, not group[-1].isdigit()
    return None


def split_group_class_sure(text: str) -> tuple[str | None, str | None, bool]:
    """`(group, class, sure)`: sure is False when the split was a guess."""
    if len(text) > MAX_CELL:
        return None, None, False
    text = _SPACES.sub(" ", text.strip())
    if not text:
        return None, None, True
    m = _SLASH_GROUP.fullmatch(text)
    if m:
        return m[1], m[2], True
    known = _after_known_group(text)
    if known:
        group, klass, sure = known
        return group, klass or None, sure
    if " " in text and names_a_category(text):
        return None, text, True  # `Micro Max`, `Junior Max`: a class of its own words
    parts = _SEPARATOR.split(text, maxsplit=1)
    if len(parts) == 2 and parts[0] and parts[1]:
        left, right = parts
        if _CODE.fullmatch(left) and _CLASS.fullmatch(right):
            return left, right, True
        return left, right, False
    m = _LETTERS_DIGITS.fullmatch(text)
    if m:
        return m[1], m[2], True
    if text.isdigit():
        return None, text, False
    return text, None, False


def split_group_class(text: str) -> tuple[str | None, str | None]:
    """Split a fused group/class code: `A8` -> (A, 8), `F2-14` -> (F2, 14), `CLA` -> (CLA, None)."""
    group, klass, _ = split_group_class_sure(text)
    return group, klass


# Words that name a category of competitors by age, level or sex, in the languages Podium
# reads (`Senior`, `Junior`, `Vétéran`, `Dames`, `Pro-Am`, `Gentleman`), folded.
_CATEGORY_WORDS = frozenset(
    """
    senior seniors junior juniors cadet cadets minime minimes benjamin benjamins poussin
    poussins veteran veterans vet master masters elite elites open espoir espoirs dame dames
    femme femmes feminine feminines ladies women men hommes herren damen jugend junioren
    senioren amateur amateurs pro proam am gentleman gentlemen rookie rookies expert experts
    challenger challengers mini micro kid kids youth debutant debutants novice novices
    loisir loisirs national nationale regional regionale esordienti giovani ragazzi
    veterani seniores juveniles damas
    """.split()
)


def names_a_category(text: str) -> bool:
    """Whether a cell names a category of competitors (`Senior`, `Junior Max`, `Dames 2`):
    a category's word, and nothing but such words, numbers and short codes (`Elite Racing`
    is a team)."""
    words = text.split() if text and len(text) <= MAX_CELL else []
    if not words or fold(words[0]).replace("-", "") not in _CATEGORY_WORDS:
        return False
    return all(
        fold(w).replace("-", "") in _CATEGORY_WORDS or len(w) <= 3 or any(c.isdigit() for c in w)
        for w in words[1:]
    )
