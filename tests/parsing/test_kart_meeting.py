"""A kart meeting ranked on points, with the places of each race (`Manche 1`, `Préfinale`,
`Finale`) in columns Podium does not keep: the races are no class, and a driver marked not
started in every race (`NP`, `Forfait`) did not start, whatever place the foot of the table
prints."""

from __future__ import annotations

from results.parsing import parse

SHEET = """\
Clt;N°;Pilote;Club;Manche 1;Manche 2;Préfinale;Finale;Total pts
1;23;LAMBERT Hugo;ASK Angerville;1;2;1;1;97
2;8;MOREL Enzo;Kart Club Lyon;2;1;3;2;90
3;41;PERRIN Louis;ASK Angerville;4;3;2;3;82
4;15;GIRAUD Tom;KC Ostricourt;3;5;4;4;74
5;30;ROBIN Jules;Kart Club Lyon;5;4;5;Ab;51
6;12;MASSON Noa;KC Ostricourt;NP;NP;NP;NP;0
7;19;DENIS Léo;ASK Angerville;Forfait;Forfait;Forfait;Forfait;0
"""


def test_races_are_no_class_and_a_driver_absent_from_every_race_did_not_start():
    entries = parse(SHEET.encode()).entries
    assert [(e.position, e.number, e.status) for e in entries] == [
        (1, "23", "classified"),
        (2, "8", "classified"),
        (3, "41", "classified"),
        (4, "15", "classified"),
        (5, "30", "classified"),  # retired in the final, classified on his points
        (None, "12", "dns"),
        (None, "19", "dns"),
    ]
    assert [(e.group, e.klass) for e in entries] == [(None, None)] * 7
    assert [e.points for e in entries] == [97, 90, 82, 74, 51, 0, 0]
    assert [e.club for e in entries][:2] == ["ASK Angerville", "Kart Club Lyon"]
