"""A Spanish rally's classification as exported from its workbook: the crews that retired, were
excluded or did not start listed under a title and no header of their own, the status where
the total would be and the reason beside it. A record whose words happen to read as headings
(`N`, the group; `Abandono`; `TC3 - Transmisión`) names a crew: it is no header."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

SHEET = """XIX RALLYE COMARCA DO TAMBRE;;;;;;;;;
CLASIFICACIÓN FINAL OFICIAL;;;;;;;;;
;;;;;;;;;
Pos.;Dorsal;Piloto;Copiloto;Vehículo;Gr.;Clase;Tiempo Total;Dif. 1º;Motivo
1;1;VÁZQUEZ VÁZQUEZ, Roberto;DOVAL GÓMEZ, Andrea;Citroën C3 R5;RC2;1;48:07.9;;
2;3;CASTRO GARCÍA, José Luis;CASTRO IGLESIAS, Andrea;Hyundai i20 R5;RC2;1;48:41.9;0:34.0;
3;43;SOUTO SOUTO, Diego;NOVOA NOVOA, Pablo;Peugeot 106 Rallye;N;6;1:00:02.0;11:54.1;
;;;;;;;;;
RETIRADOS / EXCLUIDOS / NO SALIDOS;;;;;;;;;
;14;BARREIRO NOVOA, Pablo;CARBALLO RIVAS, Paula;Mitsubishi Lancer Evo X;RC2;2;Abandono;;TC6 - Motor
;40;GESTOSO GÓMEZ, Daniel;GESTOSO FERREIRO, Pablo;Citroën Saxo VTS;N;6;Abandono;;TC3 - Transmisión
;49;CARBALLO SOUTO, Hugo;VÁZQUEZ CARBALLO, Manuel;Renault Clio Rally5;RC5;5;Abandono;;TC2 - Motor
;54;BARREIRO CAAMAÑO, José Luis;IGLESIAS OTERO, Lucía;Honda Civic VTi;N;6;Excluido;;Adelanto en CH9
"""
EXPECTED = [
    # position, number, driver's surname, group, class, time in ms, status
    (1, "1", "VÁZQUEZ VÁZQUEZ", "RC2", "1", 2_887_900, "classified"),
    (2, "3", "CASTRO GARCÍA", "RC2", "1", 2_921_900, "classified"),
    (3, "43", "SOUTO SOUTO", "N", "6", 3_602_000, "classified"),
    (None, "14", "BARREIRO NOVOA", "RC2", "2", None, "retired"),
    (None, "40", "GESTOSO GÓMEZ", "N", "6", None, "retired"),
    (None, "49", "CARBALLO SOUTO", "RC5", "5", None, "retired"),
    (None, "54", "BARREIRO CAAMAÑO", "N", "6", None, "dsq"),
]


def test_a_retirement_whose_words_read_as_headings_is_a_record() -> None:
    sheet = parse(SHEET.encode(), filename="clasificacion.csv")
    got = [
        (e.position, e.number, e.crew[0].surname, e.group, e.klass, e.time_ms, e.status)
        for e in sheet.entries
    ]
    assert got == EXPECTED
    assert all(len(e.crew) == 2 for e in sheet.entries)
    assert warnings(sheet) == []
