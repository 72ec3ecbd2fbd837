"""Traits of a fourteenth batch of sheets written by someone who had not read the parser:
cars classed by their engine size in litres (`Cl.` over `1.6`, `2.0`), a section of the
unclassified under its own title (`NON CLASSIFICATI`), and Nordic status words."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import tabs

SLALOM = b"""\
SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA

Pos  N.   Conduttore              Scuderia           Vettura              Gr.  Cl.     Tempo
1    14   ROSSI Marco             Scuderia Etna      Peugeot 106          N    1.6     3:12.45
2    8    BIANCHI Luca            Racing Team Sud    Renault Clio         A    2.0     3:14.02
3    21   COLOMBO Andrea          Scuderia Etna      Fiat Uno Turbo       N    1.6     3:15.88
4    3    RICCI Paolo             Motor Club Lecce   Citroen Saxo         A    1.6     3:17.10
5    30   MARINO Giuseppe         Racing Team Sud    Honda Civic          N    2.0     3:18.55
NON CLASSIFICATI
     11   GRECO Stefano           Scuderia Etna      Opel Corsa           N    1.6     Rit.
     17   BRUNO Davide            Motor Club Lecce   Fiat Punto           A    1.6     Escl.
"""


def test_classes_in_litres_and_a_section_of_the_unclassified():
    sheet = parse(SLALOM)
    assert [
        (e.position, e.number, e.crew[0].surname, e.club, e.car, e.group, e.klass, e.time_ms,
         e.status, e.category)
        for e in sheet.entries
    ] == [
        (1, "14", "ROSSI", "Scuderia Etna", "Peugeot 106", "N", "1.6", 192_450, "classified",
         "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (2, "8", "BIANCHI", "Racing Team Sud", "Renault Clio", "A", "2.0", 194_020,
         "classified", "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (3, "21", "COLOMBO", "Scuderia Etna", "Fiat Uno Turbo", "N", "1.6", 195_880,
         "classified", "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (4, "3", "RICCI", "Motor Club Lecce", "Citroen Saxo", "A", "1.6", 197_100,
         "classified", "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (5, "30", "MARINO", "Racing Team Sud", "Honda Civic", "N", "2.0", 198_550,
         "classified", "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (None, "11", "GRECO", "Scuderia Etna", "Opel Corsa", "N", "1.6", None, "retired",
         "NON CLASSIFICATI"),
        (None, "17", "BRUNO", "Motor Club Lecce", "Fiat Punto", "A", "1.6", None, "dsq",
         "NON CLASSIFICATI"),
    ]  # fmt: skip
    assert not [i for i in sheet.issues if i.level == "warning"]


RALLYSPRINT = tabs(
    "Sija\tNro\tKuljettaja\tAuto\tLuokka\tAika\tEro",
    "1\t12\tVIRTANEN Mikko\tFord Escort\tSM2\t12:34,5\t",
    "2\t7\tLAINE Jussi\tToyota Corolla\tSM2\t12:40,1\t+5,6",
    "3\t3\tKORHONEN Pekka\tOpel Kadett\tSM3\t12:55,0\t+20,5",
    "\t22\tNIEMINEN Ari\tBMW 325\tSM3\tDiskv.\t",
    "UTESLUTNA",
    "\t31\tMÄKINEN Timo\tVolvo 240\tSM2\t13:01,0\t",
)


def test_nordic_words_for_the_disqualified():
    sheet = parse(RALLYSPRINT)
    assert [(e.position, e.number, e.status, e.time_ms) for e in sheet.entries] == [
        (1, "12", "classified", 754_500),
        (2, "7", "classified", 760_100),
        (3, "3", "classified", 775_000),
        (None, "22", "dsq", None),
        (None, "31", "dsq", 781_000),
    ]


REGULARITY = (
    "Pl.\tNr\tEquipage\tVoiture\tClasse\tPénalités\n"
    "1\t12\tDUPONT Jean / MARTIN Luc\tPorsche 911\tH1\t472\n"
    "2\t7\tLEROY Paul / SIMON Eric\tVolvo 122S\tH2\t898\n"
    "3\t3\tPETIT Marc / ROBERT Anne\tMGB\tH1\t1\u202f135\n"
    "4\t9\tLEFEBVRE Jo / DURAND Guy\tAlfa Giulia\tH2\t2\u2009410\n"
    "5\t15\tMOREL Yves / GIRARD Lea\tBMW 2002\tH1\t12 507\n"
).encode()


def test_thousands_parted_by_a_space_in_penalties():
    # A regularity's penalty points past a thousand, parted by a narrow no-break space, a
    # thin space or a plain one, as French and Belgian sheets print them.
    sheet = parse(REGULARITY)
    assert [(e.position, e.number, e.penalty_ms) for e in sheet.entries] == [
        (1, "12", 472_000),
        (2, "7", 898_000),
        (3, "3", 1_135_000),
        (4, "9", 2_410_000),
        (5, "15", 12_507_000),
    ]
    assert not [i for i in sheet.issues if i.code == "value-unreadable"]
