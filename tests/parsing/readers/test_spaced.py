"""Text whose cells are parted by runs of two spaces or more, each line spaced its own way (typed
in an e-mail, or a table's cells joined by whatever the program put between them): no column
lines up, no pipe, tab, semicolon or comma parts the cells; the runs of spaces do."""

from __future__ import annotations

import pytest

from results.parsing import ParseError, parse
from tests.parsing.made import warnings

# A rally sprint with no header: place, number, crew, car, class, time; the retirements with
# their reason where the time would be; a crew disqualified after the finish, its time kept.
SHEET = "\n".join(
    (
        "1  1    URIARTE Oihane / MARTÍNEZ Marc  Skoda Fabia Rally2 Evo   RC2   24:35,2",
        "2    5  VÁZQUEZ Ángel / DOMÍNGUEZ Alberto  Skoda Fabia Rally2 Evo  RC2    24:36,3",
        "3  12  AGIRRE Jordi / CORTÉS Manuel  Hyundai i20 N Rally2  RC2   24:47,2",
        "4  6  VIDAL Íñigo / SANZ Óscar  Citroën C3 Rally2   RC2  24:49,2",
        "5    19    BLANCO Raúl / GOIKOETXEA Iker  Mitsubishi Lancer Evo X  N5  25:54,8",
        "6  17   ROMERO Adrián / LÓPEZ Begoña  Peugeot 208 Rally4    RC4  26:10,7",
        "Ab.    25  ZUBIZARRETA Sergio / PUJOL Laia  Renault Clio Rally5   RC5    Abandono",
        "Desc.  21  GUERRERO Laia / CASALS Alberto    Ford Fiesta Rally4   RC4    26:19,6",
    )
).encode()
EXPECTED = (
    # position, number, crew, car, group, class, time in ms, status
    (1, "1", [("URIARTE", "Oihane"), ("MARTÍNEZ", "Marc")], "Skoda Fabia Rally2 Evo",
     "RC", "2", 1_475_200, "classified"),
    (2, "5", [("VÁZQUEZ", "Ángel"), ("DOMÍNGUEZ", "Alberto")], "Skoda Fabia Rally2 Evo",
     "RC", "2", 1_476_300, "classified"),
    (3, "12", [("AGIRRE", "Jordi"), ("CORTÉS", "Manuel")], "Hyundai i20 N Rally2",
     "RC", "2", 1_487_200, "classified"),
    (4, "6", [("VIDAL", "Íñigo"), ("SANZ", "Óscar")], "Citroën C3 Rally2",
     "RC", "2", 1_489_200, "classified"),
    (5, "19", [("BLANCO", "Raúl"), ("GOIKOETXEA", "Iker")], "Mitsubishi Lancer Evo X",
     "N", "5", 1_554_800, "classified"),
    (6, "17", [("ROMERO", "Adrián"), ("LÓPEZ", "Begoña")], "Peugeot 208 Rally4",
     "RC", "4", 1_570_700, "classified"),
    (None, "25", [("ZUBIZARRETA", "Sergio"), ("PUJOL", "Laia")], "Renault Clio Rally5",
     "RC", "5", None, "retired"),
    (None, "21", [("GUERRERO", "Laia"), ("CASALS", "Alberto")], "Ford Fiesta Rally4",
     "RC", "4", 1_579_600, "dsq"),
)  # fmt: skip


def test_cells_parted_by_runs_of_spaces() -> None:
    sheet = parse(SHEET, filename="rallysprint.txt")
    assert sheet.format == "spaced"
    assert len(sheet.entries) == len(EXPECTED)
    for expected, entry in zip(EXPECTED, sheet.entries, strict=True):
        position, number, crew, car, group, klass, time_ms, status = expected
        assert (entry.position, entry.number) == (position, number)
        assert [(m.surname, m.first_name) for m in entry.crew] == crew
        assert (entry.car, entry.group, entry.klass) == (car, group, klass)
        assert (entry.time_ms, entry.status) == (time_ms, status)
        classified = status == "classified"
        assert entry.gap_ms == (time_ms - 1_475_200 if classified else None)
    assert warnings(sheet) == []


def test_prose_spaced_after_its_sentences_is_no_table() -> None:
    prose = (
        "Bonjour à tous.  Voici les résultats du rallye.  Merci aux bénévoles.\n"
        "La remise des prix aura lieu samedi.  Rendez-vous à 18 h.  Venez nombreux.\n"
        "Cordialement,  le comité.  À bientôt.\n"
    )
    with pytest.raises(ParseError) as caught:
        parse(prose.encode(), filename="mail.txt")
    assert caught.value.line == 1


def test_a_header_over_cells_that_do_not_line_up() -> None:
    # Typed with two spaces between cells, header and all: nothing lines up, so no column
    # positions can be read off it; the runs of spaces part the cells.
    typed = (
        "Clt  N°  Pilote / Copilote  Voiture  Classe  Temps  Ecart\n"
        "1  12  DUPONT Jean / MARTIN Léa  Renault Clio RS  N3  24:35,2\n"
        "2  7  ROUX Marc / BLANC Luc  Peugeot 206 RC  N3  24:40,9  +5,7\n"
        "3  15  PETIT Anne / NOEL Inès  Peugeot 106  A7  25:01,0  +25,8\n"
    )
    sheet = parse(typed.encode(), filename="mail.txt")
    assert sheet.format == "spaced"
    got = [
        (e.position, e.number, e.car, e.group, e.klass, e.time_ms, e.gap_ms) for e in sheet.entries
    ]
    assert got == [
        (1, "12", "Renault Clio RS", "N", "3", 1_475_200, 0),
        (2, "7", "Peugeot 206 RC", "N", "3", 1_480_900, 5_700),
        (3, "15", "Peugeot 106", "A", "7", 1_501_000, 25_800),
    ]
    assert [len(e.crew) for e in sheet.entries] == [2, 2, 2]
    assert warnings(sheet) == []
