"""A rallycross heat: the joker lap column (`T3`, the lap it was taken on) is no group and
class, and `EXC` (excluded) is a disqualification, not a place."""

from __future__ import annotations

from results.parsing import parse

HEAT = """Pos;No;Driver;Car;Laps;Joker;Time;Best lap
1;12;HANSEN Timmy;Peugeot 208;4;T3;3:41.220;54.101
2;5;LARSSON Anton;Skoda Fabia;4;T4;3:43.908;54.882
3;33;MEYER Kevin;Ford Fiesta;4;T2;3:45.117;55.003
4;71;DUPRÉ Loïc;Citroën C4;3;T3;DNF;55.870
5;9;ROSSI Marco;Audi S1;4;T4;EXC;54.990
"""


def test_joker_laps_are_no_class_and_exc_is_excluded():
    entries = parse(HEAT.encode()).entries
    assert [(e.position, e.number, e.status) for e in entries] == [
        (1, "12", "classified"),
        (2, "5", "classified"),
        (3, "33", "classified"),
        (None, "71", "retired"),
        (None, "9", "dsq"),
    ]
    assert [(e.group, e.klass) for e in entries] == [(None, None)] * 5
    assert [e.laps for e in entries] == [4, 4, 4, 3, 4]
    assert [e.time_ms for e in entries] == [221_220, 223_908, 225_117, None, None]
    assert [e.best_lap_ms for e in entries] == [54_101, 54_882, 55_003, 55_870, 54_990]
