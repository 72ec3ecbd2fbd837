"""A rally's page lists the crews that restarted after retiring (Rallye 2) in a table of their
own, each placed with its time and the stage it retired at under `Abandon`; no title says
Rallye 2. A crew placed with a time after the stage it retired at restarted: `rally2`, with an
info line. The retirements' own table (no place, no time) stays retired."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

PAGE = """<html><head><meta charset="utf-8"></head><body>
<h3>Classement scratch</h3>
<table><tr><th>Clt</th><th>N°</th><th>Equipage</th><th>Voiture</th><th>Temps</th></tr>
<tr><td>1</td><td>7</td><td>ROUX Marc / BLANC Luc</td><td>Skoda Fabia</td><td>55:02.1</td></tr>
<tr><td>2</td><td>9</td><td>MARTIN Jean / PETIT Léa</td><td>Citroën C3</td><td>55:40.9</td></tr>
</table>
<h3>Abandons</h3>
<table><tr><th>N°</th><th>Equipage</th><th>Voiture</th><th>Abandon</th></tr>
<tr><td>12</td><td>DURAND Paul / MOREL Anne</td><td>Renault Clio</td><td>ES 6</td></tr>
</table>
<p>Equipages ayant repris le départ après abandon.</p>
<table><tr><th>Clt</th><th>N°</th><th>Equipage</th><th>Voiture</th><th>Temps</th><th>Abandon</th></tr>
<tr><td>1</td><td>2</td><td>ISSARTEL Régis / LEFÈVRE Céline</td><td>Citroën C3 R5</td>
<td>1:03:16.3</td><td>ES 4</td></tr>
<tr><td>2</td><td>29</td><td>BOUSQUIÉ Franck / MAILLOCHON Pierre</td><td>Citroën Saxo</td>
<td>1:05:59.7</td><td>ES 2</td></tr>
</table></body></html>
"""


def test_a_crew_placed_after_the_stage_it_retired_at_restarted() -> None:
    sheet = parse(PAGE.encode(), filename="classement.html")
    got = [(e.number, e.position, e.status, e.retired_at) for e in sheet.entries]
    assert got == [
        ("7", 1, "classified", None),
        ("9", 2, "classified", None),
        ("12", None, "retired", "ES 6"),
        ("2", 1, "rally2", "ES 4"),
        ("29", 2, "rally2", "ES 2"),
    ]
    said = [i.line for i in sheet.issues if i.code == "rally2-restart"]
    assert said == [e.line for e in sheet.entries[3:]]
    assert warnings(sheet) == []


def test_a_stage_named_in_a_note_is_no_restart() -> None:
    # `ES5 pointage en retard` under `Observations`: a note on a penalty, not a retirement.
    sheet = """Pos;N°;Pilote;Voiture;Temps;Observations
1;12;DUPONT Jean;Renault Clio;1:10:02.2;
2;15;BLANC Luc;Citroen C2;1:13:00.0;ES5 pointage en retard
"""
    parsed = parse(sheet.encode(), filename="classement.csv")
    assert [(e.number, e.status) for e in parsed.entries] == [
        ("12", "classified"),
        ("15", "classified"),
    ]
    assert "rally2-restart" not in {i.code for i in parsed.issues}
