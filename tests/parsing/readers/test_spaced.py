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
