"""A retirements block of two rows under a header of its own, in text laid out by spaces:
too few rows for a gutter some of them cross, so the words of two names are no columns; the
stage headed `Après` is where the crew retired."""

from __future__ import annotations

from results.parsing import parse

SHEET = """\
RALLYE REGIONAL DES CEVENNES 2025 - CLASSEMENT GENERAL FINAL

Pos   N°  Equipage                                   Voiture              Gr/Cl     Temps        Ecart
1     3   ROCHE Julien / BLANC Marie                 Skoda Fabia R5       R/R5      1:02:11.4
2     7   VIDAL Thomas / GRAS Nicolas                Citroën C3 Rally2    R/R5      1:02:40.9    +29.5
3     12  MAURIN Alexis / COSTE Léa                  Peugeot 208 Rally4   R/R2      1:05:02.3    +2:50.9
4     15  PAGES Rémi / BRUN Hugo                     Renault Clio R3T     R/R3      1:05:44.0    +3:32.6
5     21  ARNAUD Yves / SOLER Paul                   Peugeot 106 S16      F2/F2-13  1:07:12.8    +5:01.4

ABANDONS
N°   Equipage                                   Voiture              Gr/Cl     Après       Raison
9    CARRIERE Marc / FABRE Lucie                Ford Fiesta Rally3   R/R3      ES 3        Sortie de route
18   NOGUIER Paul / VERDIER Anne                Peugeot 205 GTI      F2/F2-12  ES 5        Moteur
"""  # noqa: E501


def test_the_two_retirements_keep_their_crews_stage_and_reason():
    sheet = parse(SHEET.encode())
    entries = sheet.entries
    assert [(e.position, e.number, e.status) for e in entries] == [
        (1, "3", "classified"),
        (2, "7", "classified"),
        (3, "12", "classified"),
        (4, "15", "classified"),
        (5, "21", "classified"),
        (None, "9", "retired"),
        (None, "18", "retired"),
    ]
    retired = entries[5:]
    assert [[(p.surname, p.first_name) for p in e.crew] for e in retired] == [
        [("CARRIERE", "Marc"), ("FABRE", "Lucie")],
        [("NOGUIER", "Paul"), ("VERDIER", "Anne")],
    ]
    assert [(e.car, e.group, e.klass) for e in retired] == [
        ("Ford Fiesta Rally3", "R", "R3"),
        ("Peugeot 205 GTI", "F2", "F2-12"),
    ]
    assert [(e.retired_at, e.reason) for e in retired] == [
        ("ES 3", "Sortie de route"),
        ("ES 5", "Moteur"),
    ]
    assert "cell-spilled" not in [issue.code for issue in sheet.issues]
