"""Championship standings as a pure function: rules and results in, standings rows out.

Pure Python like `results.parsing`: no Django here, so the arithmetic is tested on worked
examples without a database, and the service only loads, calls `compute_standings` and stores.
"""

from results.standings.compute import compute_standings
from results.standings.rules import (
    CREW,
    FIRST_STAGE,
    KNOWN_TIE_BREAKS,
    PERSON,
    TIE_BREAKS,
    EntryData,
    Member,
    RoundData,
    RoundResult,
    Rules,
    ScopeRules,
    StandingRow,
    class_label,
    parse_scale,
)

__all__ = [
    "CREW",
    "FIRST_STAGE",
    "KNOWN_TIE_BREAKS",
    "PERSON",
    "TIE_BREAKS",
    "EntryData",
    "Member",
    "RoundData",
    "RoundResult",
    "Rules",
    "ScopeRules",
    "StandingRow",
    "class_label",
    "compute_standings",
    "parse_scale",
]
