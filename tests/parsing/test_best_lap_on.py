"""A karting final: the best lap, then `Au`, the lap it was set on (small numbers that would
read as a class by their look alone), beside a `Cat.` column of the drivers' categories."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

SHEET = """FINALE MICRO MAX - 10 tours
  Pos     N°  Pilote               Cat.       Tours  Temps total    Écart  Meill. tour  Au
     1   120  MARCHETTI Olivier    MICRO MAX     10     9:24.487               55.878   8
     2   168  ROUSSEL Hervé        MICRO MAX     10     9:25.931   +1.444      55.938   9
     3   198  DESBOIS Hervé        MICRO MAX     10     9:26.070   +1.583      55.963   5
     4   101  KOK Sem              MICRO MAX     10     9:27.010   +2.523      56.122   3
"""


def test_the_lap_the_best_lap_was_set_on() -> None:
    sheet = parse(SHEET.encode(), filename="finale.txt")
    got = [(e.position, e.number, e.best_lap_ms, e.best_lap_no) for e in sheet.entries]
    assert got == [(1, "120", 55_878, 8), (2, "168", 55_938, 9), (3, "198", 55_963, 5),
                   (4, "101", 56_122, 3)]  # fmt: skip
    # The category is the drivers' class (read in two parts: no lap number in it).
    assert {f"{e.group or ''} {e.klass or ''}".strip() for e in sheet.entries} == {"MICRO MAX"}
    assert warnings(sheet) == []
