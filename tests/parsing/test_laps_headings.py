"""Laps columns under short or other languages' headings (`Rnd`, `Kola`), beside a class
column: the count of laps is no class."""

from __future__ import annotations

import pytest

from results.parsing import parse

ROWS = (
    ("1", "7", "MÜLLER Jan", "Kart Team Nord", "Pro", "142", "3:00:12.481", ""),
    ("2", "12", "SCHMIDT Lena", "RSC Bremen", "Pro", "141", "3:00:40.102", "1 {lap}"),
    ("3", "3", "WAGNER Tim", "Speedline", "Am", "141", "3:01:02.774", "1 {lap}"),
    ("4", "21", "BECKER Nils", "KC Hamburg", "Am", "139", "3:00:55.010", "3 {lap}"),
)


@pytest.mark.parametrize(
    ("heading", "lap"),
    [
        ("Pl.;Nr.;Fahrer;Team;Kl.;Rnd;Zeit;Rückstand", "Rnd"),
        ("Poř.;St.č.;Jezdec;Tým;Tř.;Kola;Čas;Ztráta", "kola"),
    ],
)
def test_laps_beside_the_class(heading, lap):
    lines = [heading, *(";".join(row).format(lap=lap) for row in ROWS)]
    entries = parse(("\n".join(lines) + "\n").encode()).entries
    assert [(e.position, e.number, e.klass, e.laps) for e in entries] == [
        (1, "7", "Pro", 142),
        (2, "12", "Pro", 141),
        (3, "3", "Am", 141),
        (4, "21", "Am", 139),
    ]
    assert [e.group for e in entries] == [None] * 4
    assert [e.time_ms for e in entries] == [10_812_481, 10_840_102, 10_862_774, 10_855_010]
    assert [e.team for e in entries] == ["Kart Team Nord", "RSC Bremen", "Speedline", "KC Hamburg"]
