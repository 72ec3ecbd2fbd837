"""A club or team named where a person would be (`ASA Dauphinoise` under the driver's name)."""

from __future__ import annotations

import re

from results.parsing.text import fold

# Words that name a club or a team wherever they stand in its name (`Rally Team Klatovy`).
_CLUB_WORDS = frozenset(
    "asa ecurie scuderia escuderia club klub team teams msc adac autoklub automobilklub verein "
    "racing motorsport motorsports sport automobile auto-club moto-club".split()
)
# Abbreviations that name one only at the start (`AC Dijon`, `MC Bresse`).
_CLUB_FIRST = frozenset("ac mc as asac amc asl acl rt".split())
# Abbreviations that name one only at the end (`Hereford MC`, `Knighton & DMC`: a motor club,
# a car club, a district motor club; `Harstad CK`, a cycling club).
_CLUB_LAST = frozenset("mc mcc cc dmc amc ac ck sk ik".split())
_WORD = re.compile(r"[\w-]+")


def is_club(text: str) -> bool:
    """Whether `text` names a club or team rather than a person."""
    words = _WORD.findall(fold(text.replace(".", "")))
    if not words or len(words) > 8:
        return False
    return (
        words[0] in _CLUB_FIRST
        or (len(words) > 1 and words[-1] in _CLUB_LAST)
        or any(word in _CLUB_WORDS for word in words)
    )
