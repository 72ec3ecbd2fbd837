"""Traits of sheets pasted by club organisers and forum posters: country letters after names,
a table titled again after a page break with the event's name in front, words where a gap
would be, a pit-stop count, a forum's bold titles, a column of Rallye 2 marks, an endurance
team of five drivers."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import pasted, tabs, warnings


def _class(entry) -> str:
    """Group and class as one code: a lone column may hold either."""
    return (entry.group or "") + (entry.klass or "")


def test_one_letter_country_codes_after_names_are_nationalities():
    sheet = parse(
        tabs(
            "Pos. | N° | Équipage | Voiture | Cl. | Temps",
            "1. | 8 | WILMES Joé (L) / HEINEN Carla (L) | Skoda Fabia R5 | R5 | 1:02:11.4",
            "2. | 14 | DEWEZ Luc (B) / MARTIN Aline (F) | Ford Fiesta R5 | R5 | 1:02:30.9",
            "3. | 3 | ROOS Piet (NL) / JANSEN Eva (NL) | BMW M3 | A8 | 1:04:02.0",
        )
    )
    crews = [[(p.surname, p.first_name) for p in e.crew] for e in sheet.entries]
    assert crews == [
        [("WILMES", "Joé"), ("HEINEN", "Carla")],
        [("DEWEZ", "Luc"), ("MARTIN", "Aline")],
        [("ROOS", "Piet"), ("JANSEN", "Eva")],
    ]
    assert [e.nationality for e in sheet.entries] == ["L", "B", "NL"]
    assert warnings(sheet) == []


def test_a_country_code_between_two_names_parts_them():
    # The crew cell of a web table copied with its line break: each line one person.
    sheet = parse(
        tabs(
            "Pos. | N° | Équipage | Voiture | Temps",
            "1 | 21 | KELLER Hans (CH)",
            "BRUNNER Urs (CH) | Lancia Fulvia | 41:02,5",
            "2 | 4 | ROSSI Ugo (I)",
            "BIANCHI Pia (I) | Fiat 124 Abarth | 41:40,0",
        )
    )
    crews = [[(p.surname, p.first_name) for p in e.crew] for e in sheet.entries]
    assert crews == [
        [("KELLER", "Hans"), ("BRUNNER", "Urs")],
        [("ROSSI", "Ugo"), ("BIANCHI", "Pia")],
    ]
    assert [e.time_ms for e in sheet.entries] == [2_462_500, 2_500_000]


def _printed(page_two_title: str, first: int = 3) -> bytes:
    head = " Clt  N°  Pilote                  Voiture           Temps      Ecart"
    rows = [
        "RALLYE DES VIGNES - 4 mai 2025",
        "Classement général final",
        "",
        head,
        "   1  12  LEBRUN Marc             Clio Rally4     42:10.5",
        "   2   7  ROCHE Paul              208 Rally4      42:31.0    +0:20.5",
        "",
        "                                                       page 1/2",
        page_two_title,
        "",
        head,
        f"{first:>4}  30  DUVAL Yann              Saxo VTS        43:02.7    +0:52.2",
        f"{first + 1:>4}   9  FABRE Noé               106 S16         44:00.0    +1:49.5",
    ]
    return "\n".join(rows).encode()


def test_a_table_titled_again_after_the_events_name_goes_on():
    sheet = parse(_printed("RALLYE DES VIGNES - Classement général final (suite)"))
    assert [(e.position, e.gap_ms) for e in sheet.entries] == [
        (1, 0),
        (2, 20_500),
        (3, 52_200),
        (4, 109_500),
    ]
    assert len({e.table for e in sheet.entries}) == 1
    assert warnings(sheet) == []


def test_a_table_said_to_go_on_under_another_title_is_not_joined():
    # `(suite)` of a table that is not the one above, its places from 1 again: a table of its
    # own, whose gaps do not fit its own leader, and say so.
    sheet = parse(_printed("Classement des dames (suite)", first=1))
    assert {e.category for e in sheet.entries[2:]} == {"Classement des dames (suite)"}
    assert "gap-mismatch" in {code for _, code in warnings(sheet)}


def test_words_in_the_gap_of_a_timed_unclassified_crew_are_its_reason():
    sheet = parse(
        tabs(
            "Clt | N° | Pilote | Temps | Ecart",
            "1 | 5 | BOYER Paul | 55:51.2 | ",
            "2 | 9 | ARNAUD Marc | 56:25.8 | +0:34.6",
            "NC | 64 | GUILLOT Romain | 1:10:45.4 | hors délai",
        )
    )
    last = sheet.entries[-1]
    assert (last.position, last.status, last.time_ms, last.gap_ms, last.reason) == (
        None,
        "nc",
        4_245_400,
        None,
        "hors délai",
    )
    assert warnings(sheet) == []


def test_pit_stops_are_no_class_and_five_listed_drivers_no_doubt():
    sheet = parse(
        tabs(
            "Pos | N° | Équipe | Pilotes | Cat. | Tours | Temps total | Arrêts",
            "1 | 26 | Team Rillettes | LUCAS Ben / ROY Léo / LEROUX Eva / MARIE Lou / PAGE Max "
            "| PRO | 301 | 6:00:33.709 | 15",
            "2 | 16 | Karting Lohéac | MEYER Ana / LECLERC Rose / BENOIT Tom | JUNIOR | 300 "
            "| 6:00:40.100 | 12",
            "3 | 3 | Les Pistons | COLIN Luc / DUMAS Paul | PRO | 298 | 6:01:02.000 | 14",
        )
    )
    assert [(_class(e), e.team, len(e.crew), e.laps) for e in sheet.entries] == [
        ("PRO", "Team Rillettes", 5, 301),
        ("JUNIOR", "Karting Lohéac", 3, 300),
        ("PRO", "Les Pistons", 2, 298),
    ]
    assert warnings(sheet) == []


def test_more_people_than_a_crew_holds_with_nothing_parting_them_is_doubted():
    sheet = parse(
        tabs(
            "Pos | N° | Pilotes | Temps",
            "1 | 2 | LUCAS Ben ROY Léo LEROUX Eva MARIE Lou PAGE Max | 6:00:33.709",
            "2 | 4 | MEYER Ana / LECLERC Rose | 6:00:40.100",
        )
    )
    assert (2, "crew-uncertain") in warnings(sheet)
    assert (3, "crew-uncertain") not in warnings(sheet)


def test_a_forums_bold_title_names_its_table():
    text = "\n".join(
        [
            "Les résultats du rallye, pour ceux qui n'y étaient pas :",
            "",
            "| Clt | N° | Équipage | Temps |",
            "|---|---|---|---|",
            "| 1 | 4 | Yann Morel / Léa Petit | 58'47\"4 |",
            "| 2 | 11 | Hugo Roux / Marc Blanc | 59'02\"0 |",
            "",
            "**Abandons :**",
            "",
            "| N° | Équipage | Où / pourquoi |",
            "|---|---|---|",
            "| 10 | Paul Caron / Eva Noël | ES2 - cardan |",
            "| 24 | Luc Adam / Zoé Rey | ES4 - hors délai |",
        ]
    )
    sheet = parse(text.encode())
    assert [(e.number, e.status) for e in sheet.entries] == [
        ("4", "classified"),
        ("11", "classified"),
        ("10", "retired"),
        ("24", "retired"),
    ]
    assert [e.category for e in sheet.entries[2:]] == ["Abandons", "Abandons"]
    assert [e.reason for e in sheet.entries[2:]] == ["cardan", "hors délai"]


def test_a_column_of_rallye_2_marks_gives_their_status():
    sheet = parse(
        tabs(
            "Clt | N° | Pilote | Cl. | R2 | Temps",
            "1 | 1 | ROCHE Olivier | Rally2 |  | 62:00.7",
            "2 | 30 | JACQUET Paul | R2 |  | 68:09.6",
            "3 | 3 | LEROUX Pascal | Rally2 | R2 | 68:16.1",
            "",
            "Abandons",
            " | 27 | LECOMTE Yves | R2 | R2 | ES7 - moteur",
        )
    )
    assert [(e.position, _class(e), e.status) for e in sheet.entries] == [
        (1, "Rally2", "classified"),
        (2, "R2", "classified"),
        (3, "Rally2", "rally2"),
        (None, "R2", "retired"),  # restarted, then retired again
    ]
    assert warnings(sheet) == []


def test_runs_headed_r1_r2_are_no_marks():
    sheet = parse(
        tabs(
            "Pos | Nr | Name | R1 | R2 | Total",
            "1 | 272 | AMMON Tim | 12 | 6 | 18",
            "2 | 270 | AMMON Jan | 15 | 15 | 30",
            "3 | 260 | DELATRON Max | 18 | 12 | 30",
        )
    )
    assert {e.status for e in sheet.entries} == {"classified"}


# An organiser's e-mail: the table typed in a word processor, its cells lined up with one tab
# or several as their text is short or long; saved in Windows-1252 with Windows line ends;
# curly quotes in the times; prose and a signature below.
_EMAIL = (
    "Bonjour à tous,\r\n\r\nVoici les résultats du slalom, classement à la meilleure manche.\r\n"
    "\r\nCLASSEMENT SCRATCH\r\n\r\n"
    "Clt\tN°\tPilote\t\t\tVoiture\t\t\tCl.\tManche 1\tManche 2\tMeilleure\r\n"
    "1\t1\tLE GALL Erwan\t\tSilver Car S2\t\tCM\t59”27\t\t57”79\t\t57”79\r\n"
    "2\t3\tKERBRAT Yannick\t\tTatuus Formule Renault\tDE3\t1’00”13\t\t57”24\t\t57”24\r\n"
    "3\t14\tL’HOSTIS Yann\t\tPeugeot 205 GTI\t\tF2-13\t1’05”19\t\t1’02”41\t1’02”41\r\n"
    "4\t17\tJAOUEN Christophe\tCitroën Saxo VTS\tA6\t1’05”61\t\t1’04”88\t1’04”88\r\n"
    "\t7\tFLOCH Dominique\t\tPeugeot 309 GTI 16\tF2-14\t1’08”91\t\tAb\t\tAbandon\r\n"
    "\r\nCLASSEMENT LOISIRS\r\n\r\n"
    "Clt\tN°\tPilote\t\t\tVoiture\t\t\tManche 1\tManche 2\tMeilleure\r\n"
    "1\t201\tBERNARD Philippe\tMazda MX-5\t\t1’08”93\t\t1’06”83\t1’06”83\r\n"
    "2\t204\tGUÉGUEN Laurent\t\tRenault Mégane RS\t1’08”84\t\t1’11”62\t1’08”84\r\n"
    "\r\nLes pilotes loisirs ne marquent pas de points.\r\n"
    "Réclamations : aucune.\r\n\r\nSportivement,\r\n\r\nMarie-Annick Le Bihan\r\n"
    "06 12 34 56 78\r\n"
).encode("cp1252")


def test_cells_lined_up_with_runs_of_tabs_read_as_one_step_each():
    sheet = parse(_EMAIL)
    assert [
        (e.position, e.number, e.crew[0].surname, e.car, _class(e), e.time_ms, e.gap_ms, e.status)
        for e in sheet.entries
    ] == [
        (1, "1", "LE GALL", "Silver Car S2", "CM", 57_790, 0, "classified"),
        (2, "3", "KERBRAT", "Tatuus Formule Renault", "DE3", 57_240, -550, "classified"),
        (3, "14", "L’HOSTIS", "Peugeot 205 GTI", "F213", 62_410, 4_620, "classified"),
        (4, "17", "JAOUEN", "Citroën Saxo VTS", "A6", 64_880, 7_090, "classified"),
        (None, "7", "FLOCH", "Peugeot 309 GTI 16", "F214", None, None, "retired"),
        (1, "201", "BERNARD", "Mazda MX-5", "", 66_830, 0, "classified"),
        (2, "204", "GUÉGUEN", "Renault Mégane RS", "", 68_840, 2_010, "classified"),
    ]
    assert "tabs-aligned" in {i.code for i in sheet.issues}
    # The prose and the signature below the tables are notes, not a crew.
    assert {i.line for i in sheet.issues if i.code == "line-skipped"} >= {20}


def test_a_line_break_in_the_driver_cell_of_a_web_copy_sets_the_club_apart():
    # Copied from a web page whose driver cell holds `NAME<br>ASA …`: the rest of the row
    # goes on on the next line; a crew that never finished a run marks each of its runs.
    sheet = parse(
        tabs(
            "Clt | N° | Pilote | Voiture | Gr. | Cl. | 1ère montée | 2ème montée | Meilleur temps",
            "1 | 1 | BLANCHARD Julien",
            "ASA Dauphinoise | Norma M20 FC | CN | 2 | 1'43.029 | 1'44.255 | 1'43.029",
            "2 | 7 | VERNIER Damien | BRC CM05 | CM | 1 | 1'49.927 | 1'52.881 | 1'49.927",
            "3 | 3 | SCHATZ Sébastien",
            "Racing Team Alsace | Nova NP 01 | D/E | 5 | 1'56.368 | 1'55.111 | 1'55.111",
            "NP | 57 | PARIS Jonathan",
            "ASA Jura | Peugeot 106 S16 | F2000 | 1 | NP | NP | Non partant",
            "NC | 19 | GAY Philippe",
            "ASA du Mont-Blanc | Norma M20 FC | CN | 2 | Abandon | NP | Abandon",
        )
    )
    got = [
        (e.position, e.number, [p.surname for p in e.crew], e.club, e.car, e.time_ms, e.status)
        for e in sheet.entries
    ]
    assert got == [
        (1, "1", ["BLANCHARD"], "ASA Dauphinoise", "Norma M20 FC", 103_029, "classified"),
        (2, "7", ["VERNIER"], None, "BRC CM05", 109_927, "classified"),
        (3, "3", ["SCHATZ"], "Racing Team Alsace", "Nova NP 01", 115_111, "classified"),
        (None, "57", ["PARIS"], "ASA Jura", "Peugeot 106 S16", None, "dns"),
        # `NC` in the place column, `Abandon` where its best time would be: the word that
        # says why it has no place (the total a DNF: retired).
        (None, "19", ["GAY"], "ASA du Mont-Blanc", "Norma M20 FC", None, "retired"),
    ]


def test_a_web_copy_that_dropped_its_empty_cells_is_as_wide_as_its_header():
    # The leader has no penalty and no gap, most crews no penalty: their rows are shorter by
    # the cells the copy dropped; a crew with a penalty holds every cell.
    sheet = parse(
        tabs(
            "Clt | N° | Pilote | Copilote | Voiture | Gr | Cl | Pén. | Temps | Ecart",
            "1 | 1 | CAMPANA Nicolas | SARRAT Julie | Skoda Fabia Rally2 | R | RALLY2 | 1:05:17.4",
            "2 | 2 | DARRIGADE Jérôme | LABORDE Céline | Hyundai i20 N Rally2 | R | RALLY2"
            " | 1:05:45.9 | +28.5",
            '3 | 3 | LARRIEU Mathieu | PUJOL Thomas | Citroën C3 Rally2 | R | RALLY2 | 10"'
            " | 1:05:54.6 | +37.2",
            "4 | 7 | ETCHEVERRY Xabi | IRIGOYEN Peio | Skoda Fabia R5 | R | RALLY2 | 1:06:26.3"
            " | +1:08.9",
            "5 | 10 | LAFFITTE Grégory | CAZENAVE Anaïs | Renault Clio Rally4 | R | RALLY4"
            " | 1:07:25.6 | +2:08.2",
        )
    )
    assert [(e.number, e.time_ms, e.penalty_ms, e.gap_ms) for e in sheet.entries] == [
        ("1", 3_917_400, None, 0),
        ("2", 3_945_900, None, 28_500),
        ("3", 3_954_600, 10_000, 37_200),
        ("7", 3_986_300, None, 68_900),
        ("10", 4_045_600, None, 128_200),
    ]


def test_commas_that_are_decimal_marks_are_no_delimiter():
    # Pasted from a PDF viewer with single spaces between words: the commas of the times
    # (`52:18,40`) do not make it a CSV; the words' kinds part the cells under the header,
    # `Pér.` (the historic period) a column of its own though no vocabulary knows it.
    paste = pasted(
        "Clt N° Equipage Voiture Pér. Gr. Cl. Temps Ecart",
        "1 109 GIRAUD Mickaël / LAPORTE Damien Ford Escort RS 1800 MkII H2 2 12 52:18,40",
        "2 104 CHÂTEAU Pierre / MULLER Émilie BMW M3 E30 J2 A 12 52:41,40 00:23,00",
        "3 105 SOULIER Alain / CARLIER Jordan BMW M3 E30 J2 A 12 52:47,10 00:28,70",
    )
    sheet = parse(paste)
    assert [
        (e.position, e.number, [p.surname for p in e.crew], e.car, e.group, e.klass, e.time_ms,
         e.gap_ms)
        for e in sheet.entries
    ] == [
        (1, "109", ["GIRAUD", "LAPORTE"], "Ford Escort RS 1800 MkII", "2", "12", 3_138_400, 0),
        (2, "104", ["CHÂTEAU", "MULLER"], "BMW M3 E30", "A", "12", 3_161_400, 23_000),
        (3, "105", ["SOULIER", "CARLIER"], "BMW M3 E30", "A", "12", 3_167_100, 28_700),
    ]  # fmt: skip
    assert "cells-by-kind" in [i.code for i in sheet.issues]


def test_a_csv_of_numbers_keeps_its_commas_as_delimiters():
    sheet = parse(pasted("Pos,No,Name,R1,R2,R3,Total", "1,12,DUPONT Jean,25,18,25,68",
                         "2,7,MARTIN Paul,18,25,18,61", "3,3,PETIT Luc,15,15,15,45"))  # fmt: skip
    assert [(e.position, e.number, e.crew[0].surname) for e in sheet.entries] == [
        (1, "12", "DUPONT"),
        (2, "7", "MARTIN"),
        (3, "3", "PETIT"),
    ]
