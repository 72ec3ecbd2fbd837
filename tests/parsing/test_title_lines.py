"""Title lines that say more than a name: the count of the crews below (`8 Fahrer /
pilotes`, `12 partants`) is no heading, and no part of the table's name."""

from __future__ import annotations

import pytest

from results.parsing import parse
from results.parsing.layout.title_words import is_crew_count, without_crew_count
from tests.parsing.made import pasted, warnings


def test_a_bilingual_class_title_with_its_count_of_drivers_titles_the_class_below():
    sheet = parse(
        pasted(
            "Bergrennen Hemberg / Course de côte de Hemberg 2026",
            "Rangliste / Classement",
            "",
            "Rang  Nr.  Fahrer / Pilote         Ort / Lieu      Fahrzeug / Véhicule       "
            "Lauf 1    Lauf 2    Total",
            "           Conducteur              Domicile        Voiture                   "
            "Manche 1  Manche 2  Total",
            "",
            "Klasse / Classe IS -1600                                                    "
            "4 Fahrer / pilotes",
            "1     101  Muster Hans             Bern            Honda Civic Type R        "
            "1:12.34   1:11.98   2:24.32",
            "2     104  Favre Jean-Luc          Bulle           Peugeot 106 S16           "
            "1:13.10   1:12.40   2:25.50",
            "      103  Rochat Marc             Vevey           Citroën Saxo VTS          "
            "1:15.20   Ausfall / abandon",
            "",
            "Klasse / Classe IS -2000                                                    "
            "2 Fahrer / pilotes",
            "1     201  Meier Peter             Zürich          Renault Clio Williams     "
            "1:10.11   1:09.87   2:19.98",
            "2     203  Dubois Alain            Sion            Opel Astra GSI            "
            "1:10.90   1:10.12   2:21.02",
        )
    )
    got = [
        (
            e.category,
            e.position,
            e.number,
            [p.surname for p in e.crew],
            e.car,
            e.time_ms,
            e.gap_ms,
            e.status,
        )
        for e in sheet.entries
    ]
    first, second = "Klasse / Classe IS -1600", "Klasse / Classe IS -2000"
    assert got == [
        (first, 1, "101", ["Muster"], "Honda Civic Type R", 144_320, 0, "classified"),
        (first, 2, "104", ["Favre"], "Peugeot 106 S16", 145_500, 1_180, "classified"),
        (first, None, "103", ["Rochat"], "Citroën Saxo VTS", None, None, "retired"),
        (second, 1, "201", ["Meier"], "Renault Clio Williams", 139_980, 0, "classified"),
        (second, 2, "203", ["Dubois"], "Opel Astra GSI", 141_020, 1_040, "classified"),
    ]
    assert warnings(sheet) == []


def test_a_title_cell_and_a_count_cell_in_a_csv_are_no_header():
    sheet = parse(
        pasted(
            "Clt;N°;Pilote;Voiture;Temps",
            "Classe A7;;;;3 partants",
            "1;12;DURAND Paul;Clio RS;5:01.2",
            "2;14;LEROY Anne;206 RC;5:03.9",
            "3;11;PETIT Marc;Saxo VTS;5:07.0",
            "Classe N2;;;;2 partants",
            "1;31;MOREL Jean;106 XSI;5:20.4",
            "2;33;ROUX Éric;Saxo VTS;5:22.8",
        )
    )
    got = [(e.category, e.position, e.number, e.time_ms) for e in sheet.entries]
    assert got == [
        ("Classe A7", 1, "12", 301_200),
        ("Classe A7", 2, "14", 303_900),
        ("Classe A7", 3, "11", 307_000),
        ("Classe N2", 1, "31", 320_400),
        ("Classe N2", 2, "33", 322_800),
    ]
    assert warnings(sheet) == []


@pytest.mark.parametrize(
    ("cell", "count"),
    [
        ("8 Fahrer / pilotes", True),
        ("(12 partants)", True),
        ("5 équipages", True),
        ("14 drivers", True),
        ("2 Runs", False),
        ("3 tours", False),
        ("Total", False),
        ("12", False),
        ("(3 équipages", False),  # a bracket opened and never closed
    ],
)
def test_a_count_of_crews_is_a_number_and_a_word_for_people(cell, count):
    assert is_crew_count(cell) is count


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Classe 2 8 partants", "Classe 2"),
        ("Abandons (3 équipages)", "Abandons"),
        ("Classe 12", "Classe 12"),
        ("Groupe N 2 Runs", "Groupe N 2 Runs"),
        ("Formula 1 Drivers", "Formula 1 Drivers"),  # no title word before the count
        ("Top 10 drivers", "Top 10 drivers"),
    ],
)
def test_a_title_loses_the_count_it_ends_with_and_nothing_else(title, name):
    assert without_crew_count(title) == name


def test_sentences_between_a_title_and_its_header_leave_the_title_naming_the_table():
    sheet = parse(
        pasted(
            "Clt N°   Equipage                          Voiture               Temps",
            "  1 231  HÉBRARD Sylvain / BERNARD Franck  Simca 1000 Rallye 2   1:09:34.2",
            "  2 236  MEUNIER Thierry / CHASTAGNER Xavier  Porsche 911 SC     1:12:30.0",
            "",
            "CLASSEMENT RALLYE 2",
            "Equipages ayant repris la course en Rallye 2 après un abandon (non classés).",
            "Temps = temps des ES + pénalité Rallye 2 (5:00 par ES non terminée) + pénalités.",
            "",
            "Clt N°   Equipage                          Voiture               Temps",
            "  1 241  CHABERT Kévin / DURAND Cédric     Lancia Delta HF       1:05:21.1",
            "  2 202  MARTINEZ Baptiste / TOSELLO Margaux  Porsche 911 SC     1:07:15.7",
        )
    )
    got = [(e.category, e.number, e.status) for e in sheet.entries]
    assert got == [
        (None, "231", "classified"),
        (None, "236", "classified"),
        ("CLASSEMENT RALLYE 2", "241", "rally2"),
        ("CLASSEMENT RALLYE 2", "202", "rally2"),
    ]
    assert [i.line for i in sheet.issues if i.code == "line-skipped"] == [6, 7]
    assert "stage-title" not in {i.code for i in sheet.issues}
