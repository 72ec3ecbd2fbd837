"""Text from a DOS timing program: written in code page 850, framed with box drawing. Its
accents read as accents and its frames as rules; text in Windows-1252 with the punctuation
typed between letters there (an apostrophe, a dash, a no-break space, `œ`) stays so."""

from __future__ import annotations

import pytest

from results.parsing import parse
from results.parsing.readers.decode import read_text, write_text

RULE = "─" * 78
FRAME_TOP = "╔" + "═" * 76 + "╗"
FRAME_BOTTOM = "╚" + "═" * 76 + "╝"


def _printout() -> bytes:
    lines = [
        FRAME_TOP,
        "║" + "6 HEURES D'ENDURANCE MOBYLETTES DE BONNEVAL 2024".center(76) + "║",
        FRAME_BOTTOM,
        "",
        " Clt  Dos  Equipe                   Machine                 Trs   Temps total",
        " " + RULE,
        "   1   55  TEAM PISTON LIBRE        Peugeot 103 SP          275   6h01'49\"44",
        "   2   77  LES CHAÎNES CASSÉES      Motobécane AV89         272   6h00'59\"76",
        "   3   83  TEAM BIDON D'HUILE       Motobécane AV88         272   6h01'20\"76",
        "   4   13  MOB CLUB BEAUCE          Peugeot 102             271   6h01'34\"94",
        " " + RULE,
    ]
    return ("\r\n".join(lines) + "\r\n").encode("cp850")


def test_a_dos_printout_reads_in_code_page_850_and_its_frames_are_no_rows():
    data = _printout()
    assert read_text(data)[1] == "cp850"
    assert write_text(*read_text(data)) == data
    sheet = parse(data)
    assert "decoded-cp850" in [issue.code for issue in sheet.issues]
    entries = sheet.entries
    assert [(e.position, e.number, e.laps) for e in entries] == [
        (1, "55", 275),
        (2, "77", 272),
        (3, "83", 272),
        (4, "13", 271),
    ]
    assert [e.car for e in entries] == [
        "Peugeot 103 SP",
        "Motobécane AV89",
        "Motobécane AV88",
        "Peugeot 102",
    ]
    assert entries[1].team == "LES CHAÎNES CASSÉES"
    assert entries[0].time_ms == ((6 * 60 + 1) * 60 + 49) * 1000 + 440
    assert sheet.tables[0].title == "6 HEURES D'ENDURANCE MOBYLETTES DE BONNEVAL 2024"


@pytest.mark.parametrize(
    "line",
    [
        "1;D’ARC Jeanne;Peugeot – 205;O’NEIL Ryan\n2;LE BŒUF Luc;Citroën;ŒUVRE Paul\n",
        "1;MARTIN\xa0Jean;Peugeot;x\n2;DURAND\xa0Paul;Renault;y\n",
    ],
)
def test_windows_1252_punctuation_between_letters_is_no_dos_text(line):
    data = line.encode("cp1252")
    text, encoding = read_text(data)
    assert encoding == "cp1252"
    assert text == line


def test_a_table_pasted_with_single_spaces_and_decimal_commas_is_no_comma_csv():
    # Four decimal commas to a line (two runs, the best, the gap): marks, not a delimiter.
    # With no delimiter left, the words' kinds part the cells under the header: the runs and
    # the best time one word each, the driver and the car the words between.
    lines = [
        "Poř. St.č. Jezdec Stát Vůz 1. jízda 2. jízda Nejlepší čas Ztráta",
        "1 123 Ondřej Jelínek CZE Škoda Felicia 1:09,018 1:09,144 1:09,018",
        "2 139 Daniel Konečný SVK Škoda Fabia 1:09,502 1:10,688 1:09,502 +0,484",
        "3 145 Miroslav Bartoš SVK Volkswagen Golf 1:10,203 1:10,390 1:10,203 +1,185",
        "4 182 Václav Sýkora CZE Škoda Felicia 1:10,475 1:10,480 1:10,475 +1,457",
    ]
    sheet = parse(("\n".join(lines) + "\n").encode())
    assert [
        (e.position, e.number, e.crew[0].surname, e.car, e.time_ms, e.gap_ms) for e in sheet.entries
    ] == [
        (1, "123", "Jelínek", "Škoda Felicia", 69_018, 0),
        (2, "139", "Konečný", "Škoda Fabia", 69_502, 484),
        (3, "145", "Bartoš", "Volkswagen Golf", 70_203, 1_185),
        (4, "182", "Sýkora", "Škoda Felicia", 70_475, 1_457),
    ]
    assert "cells-by-kind" in [i.code for i in sheet.issues]


def _czech_printout() -> bytes:
    lines = [
        "┌" + "─" * 76 + "┐",
        "│" + "RALLYE ŠUMAVA KLATOVY 2024 - VÝSLEDKY CELKOVĚ".center(76) + "│",
        "└" + "─" * 76 + "┘",
        "",
        " Poř. Č.  Jezdec / Spolujezdec              Vůz                  Třída   Čas",
        " " + RULE,
        "   1  12  Dvořák Jiří / Šťastný Tomáš        Škoda Fabia R5       RC2   1:02:11,4",
        "   2   7  Kůrka Miroslav / Žďárský Petr      Citroën C3 Rally2    RC2   1:02:48,9",
        "   3  21  Řezníček Ondřej / Čermák Luděk     Ford Fiesta Rally4   RC4   1:05:02,0",
        "   4  15  Hruška Vojtěch / Bělohlávek Jan    Peugeot 208 Rally4   RC4   1:05:30,7",
        " " + RULE,
    ]
    return ("\r\n".join(lines) + "\r\n").encode("cp852")


def test_a_central_european_dos_printout_reads_in_code_page_852():
    # The same frames as code page 850, other letters: read as 850, `Dvořák` is `Dvo²ák` and
    # `Čermák` `¼ermák`. The page whose words read as words is the one.
    data = _czech_printout()
    assert read_text(data)[1] == "cp852"
    assert write_text(*read_text(data)) == data
    sheet = parse(data)
    assert "decoded-cp852" in [issue.code for issue in sheet.issues]
    assert [
        (e.position, e.number, [p.surname for p in e.crew], e.car, f"{e.group or ''}{e.klass}")
        for e in sheet.entries
    ] == [
        (1, "12", ["Dvořák", "Šťastný"], "Škoda Fabia R5", "RC2"),
        (2, "7", ["Kůrka", "Žďárský"], "Citroën C3 Rally2", "RC2"),
        (3, "21", ["Řezníček", "Čermák"], "Ford Fiesta Rally4", "RC4"),
        (4, "15", ["Hruška", "Bělohlávek"], "Peugeot 208 Rally4", "RC4"),
    ]
    assert sheet.entries[2].time_ms == ((1 * 60 + 5) * 60 + 2) * 1000


def test_western_dos_text_stays_in_code_page_850():
    # Read as 852, `Hélène` would be `HélŐne`, `Muñoz` `MuĄoz` and `PEÑA` `PEąA`: 850 reads
    # better. `Nº` and `1º` are words of Iberian sheets, no sign of another page.
    text = "1 HÉLÈNE Hélène ┌────┐ Muñoz Kjør Påske Loïc Noël\r\n" * 2
    assert read_text(text.encode("cp850"))[1] == "cp850"
    iberian = " Pos Nº  Piloto\r\n  1º  12  PEÑA Juan / MUÑOZ Luis\r\n  2º  7  ROMÃO José\r\n"
    iberian = "┌" + "─" * 20 + "┐\r\n" + iberian + "└" + "─" * 20 + "┘\r\n"
    assert read_text(iberian.encode("cp850"))[1] == "cp850"
