"""A section's title naming its crews' status with the reason in brackets (`NON CLASSES (moins
de 50 % des tours du vainqueur)`), even cut into cells (by a PDF's gutters, in a workbook): a
title over the crews below, not a header of their columns."""

from __future__ import annotations

from results.parsing import parse

SHEET = """\
4 HEURES D'ENDURANCE MOBYLETTES DE CRAON

 Clt   N° Equipe                   Pilote 1             Pilote 2             Machine               Tours   Temps
   1  107 Team Cyclo Moteur        MÉNARD Thierry       PARIS Gaëtan         Peugeot 103 SPX        149   4h00'47"7
   2   99 Les Grillons             BOUCHER Gaëtan       MATHIEU Alexandre    Peugeot 103 SPX        149   4h00'53"8
   3    1 Les Zinzins              GÉRARD Bastien       LEJEUNE Émilie       Peugeot 103 SPX        148   4h01'01"7

NON CLASSES (moins de 50 % des tours du vainqueur)
  NC   44 Les Trois Mousquetaires  PELLETIER Gaëtan     CHEVALLIER Laurent   MBK 51                  53   4h01'19"4
  NC   63 Les Bouseux Racing       GILLET Justine       DESCHAMPS Jean       MBK 51 Club             57   4h00'28"9
"""  # noqa: E501

# what a person reads in either sheet: three classified, two not classified below the title
PLACES = [
    (1, "107", "classified"),
    (2, "99", "classified"),
    (3, "1", "classified"),
    (None, "44", "nc"),
    (None, "63", "nc"),
]
LAPS = [149, 149, 148, 53, 57]


def test_the_status_title_heads_no_columns():
    sheet = parse(SHEET.encode())
    entries = sheet.entries
    assert [(e.position, e.number, e.status) for e in entries] == PLACES
    assert [e.team for e in entries][3:] == ["Les Trois Mousquetaires", "Les Bouseux Racing"]
    assert [e.laps for e in entries] == LAPS
    assert len(sheet.tables) == 1


CELLS = """\
Clt;N°;Equipe;Pilote 1;Pilote 2;Machine;Tours;Temps
1;107;Team Cyclo Moteur;MÉNARD Thierry;PARIS Gaëtan;Peugeot 103 SPX;149;4h00'47"7
2;99;Les Grillons;BOUCHER Gaëtan;MATHIEU Alexandre;Peugeot 103 SPX;149;4h00'53"8
3;1;Les Zinzins;GÉRARD Bastien;LEJEUNE Émilie;Peugeot 103 SPX;148;4h01'01"7
NON;CLASSES;(moins de 50 % des;tours du vainqueur);;;;
NC;44;Les Trois Mousquetaires;PELLETIER Gaëtan;CHEVALLIER Laurent;MBK 51;53;4h01'19"4
NC;63;Les Bouseux Racing;GILLET Justine;DESCHAMPS Jean;MBK 51 Club;57;4h00'28"9
"""


def test_the_status_title_cut_into_cells_heads_no_columns():
    sheet = parse(CELLS.encode())
    entries = sheet.entries
    assert [(e.position, e.number, e.status) for e in entries] == PLACES
    assert [e.laps for e in entries] == LAPS
    assert [[p.surname for p in e.crew] for e in entries][3] == ["PELLETIER", "CHEVALLIER"]
