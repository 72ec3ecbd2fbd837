"""Two short marks: `Pkt.` heads points (a German slalom's, beside the runs), and `SR` before a
penalty (`SR 05:00.0`) is a restart under the Super Rally rules."""

from __future__ import annotations

from results.parsing import parse

SLALOM = """\
Pl.;Nr.;Name, Vorname;Fahrzeug;Lauf 1;Lauf 2;Gesamt;Diff.;Pkt.
1;14;Huber, Max;VW Golf GTI;61,22;60,98;122,20;;20
2;8;Maier, Lisa;Opel Corsa;61,90;61,40;123,30;1,10;17
3;21;Bauer, Tim;BMW 318is;62,05;62,00;124,05;1,85;15
4;3;Wolf, Anna;Ford Fiesta ST;63,00;62,51;125,51;3,31;13
"""

RALLY = """\
Pos;N.;Piloto;Navegador;Viatura;Tempo;Pen.;Dif.
1;3;Rui Silva;Ana Costa;Skoda Fabia;49:12.3;;
2;7;João Pereira;Luis Santos;Citroen C3;49:40.1;;27.8
3;5;Pedro Nunes;Rita Alves;Peugeot 208;55:10.6;SR 05:00.0;5:58.3
4;9;Nuno Dias;Carla Lopes;Renault Clio;56:01.0;00:10.0;6:48.7
"""


def test_pkt_heads_points_not_a_class():
    entries = parse(SLALOM.encode()).entries
    assert [e.points for e in entries] == [20, 17, 15, 13]
    assert [(e.group, e.klass) for e in entries] == [(None, None)] * 4
    assert [e.time_ms for e in entries] == [122_200, 123_300, 124_050, 125_510]


def test_sr_before_a_penalty_is_a_super_rally_restart():
    entries = parse(RALLY.encode()).entries
    assert [(e.position, e.status) for e in entries] == [
        (1, "classified"),
        (2, "classified"),
        (3, "rally2"),
        (4, "classified"),
    ]
    assert [e.penalty_ms for e in entries] == [None, None, 300_000, 10_000]
    assert [e.time_ms for e in entries] == [2_952_300, 2_980_100, 3_310_600, 3_361_000]
