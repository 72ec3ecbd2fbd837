"""Traits of a fifteenth batch of sheets: gaps right-aligned under their heading with their
first signs under the times' column, in a printout whose retirements, listed under the same
header, write their stage and reason across the times."""

from __future__ import annotations

import io

import openpyxl
import pytest

from results.parsing import parse
from results.parsing.fields.statuses import parse_status
from tests.parsing.made import warnings

RIGHT_ALIGNED_GAPS = """\
RALLYE REGIONAL DES VINS DU MACONNAIS 2024 - Classement general final

Clt  N°  Pilote / Copilote                 Voiture              Gr/Cl        Temps      Ecart
  1   3  GIRAUD Sylvain / MOREAU Julie     Skoda Fabia Rally2   RC2/Rally2   38:12.4
  2   1  PERRIN Marc / LACROIX Anne        Citroën C3 Rally2    RC2/Rally2   38:40.9    +28.5
  3   7  FAURE Kevin / BLANC Élodie        Peugeot 208 Rally4   RC4/Rally4   40:02.1  +1:49.7
  4  12  ROUX Thomas / GARNIER Lucie       Renault Clio Rally5  RC5/Rally5   41:15.0  +3:02.6
  5   9  MARCHAND Paul / DUMAS Léa         Peugeot 106 S16      F2/F2-13     41:55.8  +3:43.4

ABANDONS
      4  BERTIN Alain / COLIN Marie        BMW M3 E30           A/A8         ES3 Moteur
     15  LEGRAND Yves / HUET Claire        Peugeot 205 GTI      F2/F2-13     ES2 Sortie de route
     11  FONTAINE Luc / ROY Sophie         Renault Clio RS      N/N3         ES5 Boîte

EXCLUS
     21  PICARD Jean / VIDAL Anne          Citroën Saxo VTS     A/A6         Non conformité
"""


def test_gaps_right_aligned_past_the_times_column_are_gaps():
    # The retirements' words fill the gutter between times and gaps; a gap starting two
    # signs left of `Ecart`, mostly under it, is a gap, not the end of the time.
    sheet = parse(RIGHT_ALIGNED_GAPS.encode())
    classified = [e for e in sheet.entries if e.status == "classified"]
    assert [(e.position, e.number, e.time_ms, e.gap_ms) for e in classified] == [
        (1, "3", 2_292_400, 0),
        (2, "1", 2_320_900, 28_500),
        (3, "7", 2_402_100, 109_700),
        (4, "12", 2_475_000, 182_600),
        (5, "9", 2_515_800, 223_400),
    ]
    assert [(e.number, e.status) for e in sheet.entries[5:]] == [
        ("4", "retired"),
        ("15", "retired"),
        ("11", "retired"),
        ("21", "dsq"),
    ]
    assert not [(line, code) for line, code in warnings(sheet) if line is not None and line < 10]


WESTERWALD = """\
ADAC Rallye Westerwald 2024 - Gesamtwertung

Pl.  Nr.  Fahrer / Beifahrer                  Fahrzeug            Kl.   Zeit       Dist. 1°
1    5    SCHMIDT Jan / WEBER Tim             Skoda Fabia R5      RC2   48:12,4
2    2    MÜLLER Kai / FISCHER Lars           VW Polo GTI R5      RC2   48:40,9      0:28,5
3    11   BECKER Uwe / WAGNER Jens            Opel Corsa Rally4   RC4   50:02,1      1:49,7   SR
4    8    HOFFMANN Tom / KOCH Max             BMW M3 E30          H     51:15,0      3:02,6

nicht gestartet
     14   RICHTER Paul / KLEIN Udo            Audi Quattro        H

SR = Super Rally (Wiederstart nach Ausfall)
"""


def test_a_class_heading_over_codes_and_the_gap_to_the_first_under_dist():
    # `Kl.` over `RC2`, `RC4`, `H`: codes that read as well fused (`RC` + `2`) or as groups,
    # under the one heading that says class. `Dist. 1°`: the gap to the first, no distance.
    sheet = parse(WESTERWALD.encode())
    assert [
        (e.position, e.number, e.group, e.klass, e.time_ms, e.gap_ms, e.status)
        for e in sheet.entries
    ] == [
        (1, "5", None, "RC2", 2_892_400, 0, "classified"),
        (2, "2", None, "RC2", 2_920_900, 28_500, "classified"),
        (3, "11", None, "RC4", 3_002_100, 109_700, "rally2"),
        (4, "8", None, "H", 3_075_000, 182_600, "classified"),
        (None, "14", None, "H", None, None, "dns"),
    ]
    assert [e.distance for e in sheet.entries] == [None] * 5


KEMPEN = """\
Rallysprint Kempen 2024 - Eindklassement

Pos  Nr   Bemanning                                        Auto                 Klasse  Tijd
1    7    JANSEN Peter / DE VRIES Kees                     Ford Fiesta R2       2       32:11,4
2    3    PEETERS Jan / MAES Tom                           Peugeot 208 R2       2       32:40,2
3    12   WOUTERS Bart / CLAES Dirk                        Opel Adam R2         2       33:02,7

Opgaven
     9    VERMEULEN Koen / GOOSSENS Stijn — motorschade    BMW 318is            3
     14   JACOBS Wim / MERTENS Luc — ongeval KP4           Citroën C2           2
"""


def test_a_reason_after_a_dash_on_the_crews_line_is_no_person_and_no_column():
    # The reasons run on past the longest names, a space after the people: under no heading,
    # they are the end of the crew's cells; past the dash, words in lower case are no name.
    sheet = parse(KEMPEN.encode())
    assert [
        ([p.surname for p in e.crew], e.car, e.klass, e.status, e.reason, e.category)
        for e in sheet.entries[3:]
    ] == [
        (["VERMEULEN", "GOOSSENS"], "BMW 318is", "3", "retired", "motorschade", "Opgaven"),
        (["JACOBS", "MERTENS"], "Citroën C2", "2", "retired", "ongeval KP4", "Opgaven"),
    ]
    assert [p.first_name for p in sheet.entries[3].crew] == ["Koen", "Stijn"]
    assert warnings(sheet) == []


def test_a_dash_between_two_people_still_parts_them():
    sheet = parse(
        b"Pos;Nr;Equipage;Voiture\n"
        b"1;4;DUPONT Jean - MARTIN Paul;Peugeot 205\n"
        b"2;8;LEROY Marc - DURAND Luc;Renault 5\n"
    )
    assert [[p.surname for p in e.crew] for e in sheet.entries] == [
        ["DUPONT", "MARTIN"],
        ["LEROY", "DURAND"],
    ]
    assert [e.reason for e in sheet.entries] == [None, None]


MICKHAUSEN = """\
Bergrennen Mickhausen 2024 - Gesamtwertung

Pl.  Nr.   Fahrer                  Fahrzeug             Klasse   Lauf 1     Lauf 2     Gesamt
1    101   HUBER Stefan            Porsche 911 GT3      E1-3000  1:02,41    1:02,05    2:04,46
2    87    MAIER Thomas            BMW M3 E36           E1-3000  1:03,10    1:02,88    2:05,98
3    55    GRUBER Josef            Opel Kadett C        E1-2000  1:05,77    1:05,12    2:10,89
     61    BAUER Florian           VW Golf 2 GTI        E1-2000  1:06,02
           ausgefallen
     73    WIMMER Andreas          Audi 80 Quattro      E1-2000
           nicht gestartet
"""


def test_a_status_set_in_under_an_unplaced_crew_is_its_own_not_a_title():
    # `ausgefallen` under BAUER's name, `nicht gestartet` under WIMMER's, the last line of
    # the sheet: each crew's status, no title of a section (below the last row, of nothing).
    sheet = parse(MICKHAUSEN.encode())
    assert [(e.position, e.number, e.time_ms, e.status) for e in sheet.entries] == [
        (1, "101", 124_460, "classified"),
        (2, "87", 125_980, "classified"),
        (3, "55", 130_890, "classified"),
        (None, "61", None, "retired"),
        (None, "73", None, "dns"),
    ]
    assert len({e.category for e in sheet.entries}) == 1
    assert "position-inferred" not in [i.code for i in sheet.issues]


@pytest.mark.parametrize(
    ("word", "status"),
    [
        ("Utgått", "retired"),  # Swedish, Norwegian
        ("Udgik", "retired"),  # Danish
        ("Katkestas", "retired"),  # Estonian
        ("Izstājās", "retired"),  # Latvian
        ("Nebaigė", "retired"),  # Lithuanian
        ("Odustao", "retired"),  # Croatian, Serbian, Bosnian
        ("Odstopil", "retired"),  # Slovenian
        ("Odstúpil", "retired"),  # Slovak
        ("Abandonat", "retired"),  # Romanian
        ("Wycofany", "retired"),  # Polish
        ("Aufgabe", "retired"),  # German
        ("Εγκατάλειψη", "retired"),  # Greek
        ("Nije startao", "dns"),
        ("Neprezentat", "dns"),
        ("Nie startował", "dns"),
        ("Neštartoval", "dns"),
        ("Nicht am Start", "dns"),
        ("Diskad", "dsq"),
        ("Disket", "dsq"),
        ("Diskvalificiran", "dsq"),
        ("Descalificat", "dsq"),
        ("ESC", "dsq"),  # Italian: escluso
        ("Vyl.", "dsq"),
        ("Neclasat", "nc"),
        ("Neklasifikován", "nc"),
        ("Ej kl.", "nc"),
    ],
)
def test_status_words_of_more_languages(word, status):
    assert parse_status(word) == status


SWEDISH = (
    "Plac\tStartnr\tFörare\tKartläsare\tBil\tKlass\tTid\tDiff\n"
    "1\t3\tAndersson Erik\tJohansson Lars\tSkoda Fabia R5\tA\t58:12,4\t\n"
    "2\t1\tKarlsson Per\tNilsson Anders\tFord Fiesta R5\tA\t58:40,9\t0:28,5\n"
    "\t6\tSvensson Bo\tGustafsson Leif\tVolvo 740\tH\tUtgått SS4\t\n"
    "\t15\tPettersson Karl\tJonsson Ulf\tBMW 325\tA\tEj start\t\n"
    "\t9\tLindberg Sven\tLindström Åke\tSaab 96\tH\tDiskad\t\n"
)


def test_swedish_statuses_in_the_time_column():
    sheet = parse(SWEDISH.encode())
    assert [(e.number, e.status, e.retired_at) for e in sheet.entries] == [
        ("3", "classified", None),
        ("1", "classified", None),
        ("6", "retired", "SS4"),
        ("15", "dns", None),
        ("9", "dsq", None),
    ]
    assert warnings(sheet) == []


def test_a_workbooks_times_stored_as_fractions_of_a_day_in_cells_formatted_as_text():
    # Typed as times, then the column formatted as text: the cells show the day's fraction.
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Pos", "No", "Driver", "Car", "Class", "Time"])
    finishes = [(1, 12, "SMITH John", "A7", 3753.0), (2, 4, "JONES Mark", "A5", 3811.2)]
    finishes.append((3, 8, "BROWN Paul", "A6", 3890.45))
    for position, number, driver, klass, seconds in finishes:
        sheet.append([position, number, driver, "Ford Escort", klass, seconds / 86_400])
        sheet.cell(sheet.max_row, 6).number_format = "@"
    data = io.BytesIO()
    book.save(data)
    read = parse(data.getvalue())
    assert [(e.number, e.time_ms, e.gap_ms) for e in read.entries] == [
        ("12", 3_753_000, 0),
        ("4", 3_811_200, 58_200),
        ("8", 3_890_450, 137_450),
    ]
    assert warnings(read) == []


def _klatovy() -> bytes:
    rule = "─" * 96
    header = [
        "  RALLYE ŠUMAVA KLATOVY 2024                                   Celkové výsledky",
        " Poř.  Č.   Jezdec                  Vůz                       Třída   Čas          Ztráta",
        "            Spolujezdec             Přihlašovatel",
        " " + rule,
    ]
    crews = [
        ("1", "12", "Dvořák Jiří", "Škoda Fabia R5", "1:02:11,4", "", "Šťastný Tomáš", "ACCR"),
        ("2", "7", "Kůrka Miroslav", "Citroën C3 Rally2", "1:02:48,9", "+37,5", "Žďárský Petr"),
        (
            "3",
            "21",
            "Řezníček Ondřej",
            "Ford Fiesta Rally4",
            "1:05:02,0",
            "+2:50,6",
            "Čermák Luděk",
        ),
    ]
    lines = list(header)
    for n, (place, number, driver, car, time, gap, codriver, *entrant) in enumerate(crews):
        if n == 2:  # a new page: its header again, both lines
            lines += ["", "                    pokračování na další straně", "\f", *header]
        lines.append(f" {place:>3}  {number:>3}   {driver:<23} {car:<25} RC2     {time:<11}  {gap}")
        lines.append(f"            {codriver:<23} {(entrant or ['Kowax Racing'])[0]}")
    lines += ["", " VYLOUČENI"]
    lines.append(
        f"        9   {'Svoboda Karel':<23} {'Mitsubishi Lancer Evo':<25} RC2     kontrola"
    )
    lines.append(f"            {'Veselý Jakub':<23} AMK Praha")
    return ("\r\n".join(lines) + "\r\n").encode("cp852")


def test_a_czech_dos_printout_with_a_two_line_header_repeated_on_each_page():
    # `Spolujezdec` over the co-driver, `Přihlašovatel` (the entrant) over the team, on the
    # header's second line: no record, and the record's second line holds those two.
    sheet = parse(_klatovy())
    assert [
        (e.position, e.number, [p.surname for p in e.crew], e.car, e.team, e.status)
        for e in sheet.entries
    ] == [
        (1, "12", ["Dvořák", "Šťastný"], "Škoda Fabia R5", "ACCR", "classified"),
        (2, "7", ["Kůrka", "Žďárský"], "Citroën C3 Rally2", "Kowax Racing", "classified"),
        (3, "21", ["Řezníček", "Čermák"], "Ford Fiesta Rally4", "Kowax Racing", "classified"),
        (None, "9", ["Svoboda", "Veselý"], "Mitsubishi Lancer Evo", "AMK Praha", "dsq"),
    ]
    assert [e.time_ms for e in sheet.entries[:3]] == [3_731_400, 3_768_900, 3_902_000]
    # `pokračování na další straně` (continued on the next page) at the page's foot is no
    # title: one table over both pages.
    assert len({e.category for e in sheet.entries[:3]}) == 1
    # The reason for the exclusion where the time would be is no time, and says so.
    assert warnings(sheet) == [(None, "decoded-cp852"), (20, "value-unreadable")]


ESZTERGOM = """\
                    XXIV. Esztergom Hegyi Verseny - 2024. május 12.
                              Abszolút eredmény

Hely. Rsz.  Versenyző            Autó                      Kat.   1. futam   2. futam   Összesen    Különbség
  1.   101  Kovács Péter         Ford Escort Cosworth      E1     1:45,21    1:44,87    3:30,08
  2.    88  Nagy László          Mitsubishi Lancer Evo 9   N      1:47,02    1:46,55    3:33,57       3,49
  3.    54  Tóth Gábor           Honda Civic Type R        A      1:49,88    1:49,10    3:38,98       8,90
  4.    71  Szabó Zoltán         Lada 2105 VFTS            H      1:52,33    1:51,90    3:44,23      14,15
       66  Horváth Attila       BMW 320i E30              H      1:53,10    Kiesett
       12  Varga István         Suzuki Swift              N      Nem indult

                                                                          1. oldal / 1
"""  # noqa: E501


def test_a_hill_climbs_heats_in_hungarian_and_its_page_number_before_the_word():
    # `1. futam`, `2. futam`: the heats the total adds up; `1. oldal / 1`: the page's foot.
    sheet = parse(ESZTERGOM.encode())
    assert [(e.position, e.number, e.time_ms, e.gap_ms, e.status) for e in sheet.entries] == [
        (1, "101", 210_080, 0, "classified"),
        (2, "88", 213_570, 3_490, "classified"),
        (3, "54", 218_980, 8_900, "classified"),
        (4, "71", 224_230, 14_150, "classified"),
        (None, "66", None, None, "retired"),
        (None, "12", None, None, "dns"),
    ]
    assert [s.time_ms for s in sheet.entries[0].splits] == [105_210, 104_870]
    assert [s.time_ms for s in sheet.entries[4].splits][:1] == [113_100]
    assert warnings(sheet) == []


ENDURANCE_DK = """\
DM Endurance Karting 2024 - 6 timers løb, Racehall København
Resultat

Pl.  Nr.  Hold                         Omg.   Tid            Bedste omg.   Forskel
1    7    Team Vikingerne              412    6:00:31,221    48,905
          Jensen Mads / Nielsen Søren / Hansen Rasmus
2    3    Speedy Karts                 411    6:00:45,870    49,012        1 omg.
          Pedersen Anders / Andersen Kasper
3    12   Nordic Racing                409    6:00:12,004    49,233        3 omg.
          Christensen Jonas / Larsen Mikkel / Sørensen Emil
     9    Kart Kammeraterne            201    2:58:40,101    49,870        Udgået
          Rasmussen Peter / Jørgensen Lars
"""


def test_danish_laps_and_laps_behind():
    # `Omg.` (omgange) the laps, `Bedste omg.` the best lap, `1 omg.` a lap behind.
    sheet = parse(ENDURANCE_DK.encode())
    assert [
        (e.position, e.team, e.laps, e.best_lap_ms, e.gap_ms, e.status) for e in sheet.entries
    ] == [
        (1, "Team Vikingerne", 412, 48_905, 0, "classified"),
        (2, "Speedy Karts", 411, 49_012, None, "classified"),
        (3, "Nordic Racing", 409, 49_233, None, "classified"),
        (None, "Kart Kammeraterne", 201, 49_870, None, "retired"),
    ]
    assert [len(e.crew) for e in sheet.entries] == [3, 2, 3, 2]
    assert warnings(sheet) == []


def _crew_rows(place: str, number: str, people: tuple[str, str], *rest: str) -> str:
    """A crew over two rows: its people one a row, every other cell spanning both."""
    cells = "".join(f"<td rowspan=2>{value}</td>" for value in rest)
    return (
        f"<tr><td rowspan=2>{place}</td><td rowspan=2>{number}</td><td>{people[0]}</td>{cells}"
        f"</tr>\n<tr><td>{people[1]}</td></tr>\n"
    )


def test_a_retired_crews_row_of_codes_is_no_header():
    # `Ab. | 11 | FONTAINE Luc | … | N | N3 | ES5 Boîte`: `N` and `N3` read like headings of
    # the number and `ES5` like a stage's; a surname in capitals beside a first name says a
    # crew's record, and the crew stays (it was lost with the table it seemed to head).
    html = (
        "<table><tr><th>Pos</th><th>No</th><th>Equipage</th><th>Voiture</th><th>Groupe</th>"
        "<th>Classe</th><th>Temps</th><th>Ecart</th></tr>\n"
        + _crew_rows(
            "1", "3", ("GIRAUD Sylvain", "MOREAU Julie"), "Fabia", "RC2", "R5", "38:12.4", ""
        )
        + _crew_rows(
            "2", "1", ("PERRIN Marc", "LACROIX Anne"), "C3", "RC2", "R5", "38:40.9", "+28.5"
        )
        + _crew_rows(
            "Ab.", "11", ("FONTAINE Luc", "ROY Sophie"), "Clio", "N", "N3", "ES5 Boîte", ""
        )
        + "</table>"
    )
    sheet = parse(html.encode())
    assert [
        (e.position, e.number, [p.surname for p in e.crew], e.time_ms, e.status)
        for e in sheet.entries
    ] == [
        (1, "3", ["GIRAUD", "MOREAU"], 2_292_400, "classified"),
        (2, "1", ["PERRIN", "LACROIX"], 2_320_900, "classified"),
        (None, "11", ["FONTAINE", "ROY"], None, "retired"),
    ]
    assert sheet.entries[2].retired_at == "ES5"


def test_a_table_naming_people_with_no_result_is_skipped_with_a_doubt():
    # Crews with no place, number, time or status are no results; they may also be crews a
    # wrong header hid, so leaving them out is a warning, not a note.
    sheet = parse(
        b"Pos;No;Pilote;Voiture;Temps\n"
        b"1;4;MARTIN Jean;Peugeot 205;12:01.4\n"
        b"2;8;DURAND Paul;Renault 5;12:09.9\n"
        b";;;;\n"
        b"Pilote;Voiture;Club;;\n"
        b"LEROY Marc;Citroen Saxo;ASA Bocage;;\n"
        b"PETIT Anne;Peugeot 106;ASA Vendee;;\n"
    )
    assert [e.number for e in sheet.entries] == ["4", "8"]
    assert warnings(sheet) == [(6, "table-skipped-people")]


def test_a_row_with_a_lone_door_number_among_codes_is_no_header():
    # `Ab. | 11 | Fontaine | Clio | N | N3 | ES5`: a status, codes that read like headings
    # (`N`, `ES5`) and a door number; headings numbering runs count on from one another.
    sheet = parse(
        b"Pos;No;Pilote;Voiture;Gr;Cl;Temps;Ecart\n"
        b"1;3;Giraud;Skoda Fabia;R;5;38:12.4;\n"
        b"2;1;Perrin;Citroen C3;R;5;38:40.9;+28.5\n"
        b"3;7;Faure;Peugeot 208;R;4;40:02.1;+1:49.7\n"
        b"Ab.;11;Fontaine;Clio;N;N3;ES5;\n"
        b"NP;14;Roux;Saxo;A;A6;;\n"
    )
    assert [(e.number, e.crew[0].surname, e.status, e.retired_at) for e in sheet.entries] == [
        ("3", "Giraud", "classified", None),
        ("1", "Perrin", "classified", None),
        ("7", "Faure", "classified", None),
        ("11", "Fontaine", "retired", "ES5"),
        ("14", "Roux", "dns", None),
    ]
    assert warnings(sheet) == []


def test_a_workbooks_hidden_working_column_is_not_read():
    # A timing export hides its working column (the time in seconds it ranks on): nobody
    # reading the sheet sees it, and it is no column of the table.
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Classement scratch"])
    sheet.append(["Clt", "N°", "Pilote", "calc", "Voiture", "Classe", "Temps", "Ecart"])
    sheet.append([1, 12, "MARTIN Jean", 3753.0, "Peugeot 205", "F2-13", "1:02:33.0", ""])
    sheet.append([2, 4, "DURAND Paul", 3811.2, "Renault 5", "F2-12", "1:03:31.2", "+58.2"])
    sheet.append([3, 8, "PETIT Luc", 3890.4, "Clio", "N3", "1:04:50.4", "+2:17.4"])
    sheet.column_dimensions["D"].hidden = True
    data = io.BytesIO()
    book.save(data)
    read = parse(data.getvalue())
    assert [(e.number, e.car, e.time_ms, e.gap_ms) for e in read.entries] == [
        ("12", "Peugeot 205", 3_753_000, 0),
        ("4", "Renault 5", 3_811_200, 58_200),
        ("8", "Clio", 3_890_400, 137_400),
    ]
    assert "calc" not in read.tables[0].headings
    assert warnings(read) == []


def test_a_web_tables_hidden_row_is_not_read():
    # A row the page does not show (a crew of another class, filtered out): no crew of the
    # table as the page shows it.
    sheet = parse(
        b"<table><tr><th>Pos</th><th>No</th><th>Pilote</th><th>Voiture</th><th>Temps</th></tr>"
        b"<tr><td>1</td><td>12</td><td>MARTIN Jean</td><td>Peugeot 205</td><td>12:01.4</td></tr>"
        b"<tr style='display: none'><td>2</td><td>9</td><td>PETIT Luc</td><td>Clio</td>"
        b"<td>12:05.0</td></tr>"
        b"<tr><td>2</td><td>4</td><td>DURAND Paul</td><td>Renault 5</td><td>12:09.9</td></tr>"
        b"</table>"
    )
    assert [(e.position, e.number) for e in sheet.entries] == [(1, "12"), (2, "4")]
    # Left out, but said: a class filtered out of the saved page may be results all the same.
    assert warnings(sheet) == [(1, "rows-hidden")]


def test_a_status_title_in_the_name_column_after_a_status_section_titles_the_next():
    # `Non partants` under the last retired crew, in a spreadsheet's name column: the title of
    # the crews below, not that crew's status (its section has a status title already).
    sheet = parse(
        b"Pos;Nr;Pilote;Voiture;Temps\n"
        b"1;12;DUPONT Jean;Clio;1:01:00.0\n"
        b"2;7;MARTIN Paul;208;1:02:00.5\n"
        b";;Abandons;;\n"
        b";21;BERNARD Luc;Clio;\n"
        b";15;PETIT Marc;208;\n"
        b";;Non partants;;\n"
        b";3;LEROY Henri;Clio;\n"
        b";4;MOREAU Eric;208;\n"
    )
    assert [(e.number, e.status) for e in sheet.entries] == [
        ("12", "classified"),
        ("7", "classified"),
        ("21", "retired"),
        ("15", "retired"),
        ("3", "dns"),
        ("4", "dns"),
    ]


def test_a_co_driver_after_a_particle_in_small_letters_is_no_reason():
    sheet = parse(
        b"Pos;Nr;Equipage;Temps\n"
        b"1;12;ROSSI Mario - d'AMICO Luca;1:02:11.4\n"
        b"2;7;BIANCHI Paolo - dall'ARA Marco;1:02:48.9\n"
    )
    assert [[p.surname for p in e.crew] for e in sheet.entries] == [
        ["ROSSI", "d'AMICO"],
        ["BIANCHI", "dall'ARA"],
    ]
    assert [e.reason for e in sheet.entries] == [None, None]


def test_stage_numbers_with_a_stage_cancelled_still_head_the_table():
    # `1  2  4`: stage 3 cancelled; the numbers count up, a header still.
    sheet = parse(
        b"Pos;Nr;Pilote;Voiture;1;2;4;Total\n"
        b"1;12;DUPONT Jean;Clio;1:01.0;1:02.0;1:03.0;3:06.0\n"
        b"2;7;MARTIN Paul;208;1:01.5;1:02.5;1:03.5;3:07.5\n"
    )
    assert [(e.number, e.crew[0].surname, e.time_ms) for e in sheet.entries] == [
        ("12", "DUPONT", 186_000),
        ("7", "MARTIN", 187_500),
    ]


def test_a_cell_spanning_a_hidden_row_spans_it_and_the_hidden_row_is_said():
    row = "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>{}</tr>"
    html = (
        "<table><tr><th>Pos</th><th>Nr</th><th>Pilote</th><th>Temps</th><th>Cl</th></tr>"
        + row.format(1, 12, "DUPONT Jean", "1:02:11.4", "<td rowspan=3>A7</td>")
        + row.format(2, 9, "PETIT Luc", "1:02:20.0", "").replace("<tr>", "<tr hidden>")
        + row.format(2, 7, "MARTIN Paul", "1:02:48.9", "")
        + row.format(3, 21, "BERNARD Luc", "1:05:02.0", "<td rowspan=2>N2</td>")
        + row.format(4, 15, "PETIT Marc", "1:05:30.7", "")
        + "</table>"
    )
    sheet = parse(html.encode())
    assert [(e.number, e.klass) for e in sheet.entries] == [
        ("12", "7"),
        ("7", "7"),
        ("21", "2"),
        ("15", "2"),
    ]
    assert [code for _, code in warnings(sheet)] == ["rows-hidden"]


def test_where_a_crew_stopped_under_a_column_not_kept_says_it_started():
    # `RZ 7 - motor` under the stage times (a column not kept), no place, no time: retired.
    sheet = parse(
        "Poř.;St.č.;Jezdec;Čas RZ;Celkem\n"
        "1.;8;Růžička Radek;1:31:45,1;1:31:55,1\n"
        "2.;12;Horák Petr;1:32:27,4;1:32:27,4\n"
        "3.;4;Novák Pavel;1:33:00,0;1:33:00,0\n"
        ";5;Kůrka Ondřej;RZ 7 - motor;\n"
        ";11;Veselý Michal;;\n".encode()
    )
    assert [(e.number, e.status) for e in sheet.entries] == [
        ("8", "classified"),
        ("12", "classified"),
        ("4", "classified"),
        ("5", "retired"),
        ("11", "dns"),
    ]


def test_croatian_headings_under_two_title_lines():
    # `Br.` the number, `Vozač` and `Suvozač` the crew, `Vozilo` the car, `BI1` a stage,
    # `Penali`, `Ukupno` the total, `Zaostatak` the gap, `Napomena` the remarks.
    sheet = parse(
        "Rally Zagorje 2024 - Prvenstvo Hrvatske u reliju\n"
        "Ukupni poredak - službeni rezultati\n"
        "\n"
        "Poz.;Br.;Vozač;Suvozač;Vozilo;Grupa;Klasa;BI1;BI2;Penali;Ukupno;Zaostatak;Napomena\n"
        "1;5;Vid Bogdan;Borna Jelić;VW Polo GTI R5;RC2;Rally2;4:13,6;5:01,2;;9:14,8;;\n"
        "2;8;Ivan Horvat;Luka Kovač;Škoda Fabia R5;RC2;Rally2;4:15,0;5:03,0;0:10,0;9:28,0;+13,2;\n"
        "3;14;Marko Novak;Ana Babić;Peugeot 208 R2;RC4;R2;4:30,1;5:20,9;;9:51,0;+36,2;\n"
        ";21;Tomislav Knežević;Petra Marić;Citroën C2 R2;RC4;R2;4:33,3;;;;;Odustao BI2\n".encode()
    )
    assert [
        (e.position, e.number, [{p.surname, p.first_name} for p in e.crew], e.klass, e.time_ms)
        for e in sheet.entries
    ] == [
        (1, "5", [{"Vid", "Bogdan"}, {"Borna", "Jelić"}], "Rally2", 554_800),
        (2, "8", [{"Ivan", "Horvat"}, {"Luka", "Kovač"}], "Rally2", 568_000),
        (3, "14", [{"Marko", "Novak"}, {"Ana", "Babić"}], "R2", 591_000),
        (None, "21", [{"Tomislav", "Knežević"}, {"Petra", "Marić"}], "R2", None),
    ]
    # `Rally2` under `Klasa` is the class, no restart; `Odustao` in the remarks: retired.
    assert [e.status for e in sheet.entries] == ["classified"] * 3 + ["retired"]
    assert [e.penalty_ms for e in sheet.entries[:2]] == [None, 10_000]


def test_slovak_surname_and_first_name_columns_beside_points():
    # `Priezvisko` and `Meno` name one person; `Body` are points, no class; `Najl. kolo` the
    # best lap.
    sheet = parse(
        "Por.\tŠt.č.\tPriezvisko\tMeno\tVozidlo\tKolá\tČas\tStrata\tNajl. kolo\tBody\n"
        "1.\t152\tHolečka\tMarek\tPeugeot 206\t6\t5:29,093\t\t54,061\t20\n"
        "2.\t147\tKováč\tJozef\tŠkoda Fabia\t6\t5:31,870\t2,777\t54,512\t17\n"
        "3.\t160\tMrázik\tPeter\tVW Golf\t6\t5:35,002\t5,909\t55,004\t15\n"
        "4.\t171\tLukáč\tTomáš\tOpel Astra\t6\t5:40,110\t11,017\t55,800\t13\n"
        "5.\t133\tKučerák\tĽuboš\tFord Focus\t6\t5:42,500\t13,407\t56,020\t11\n".encode("cp1250")
    )
    assert [
        (e.number, e.crew[0].surname, e.crew[0].first_name, e.klass, e.points, e.best_lap_ms)
        for e in sheet.entries
    ][:3] == [
        ("152", "HOLEČKA", "Marek", None, 20, 54_061),
        ("147", "KOVÁČ", "Jozef", None, 17, 54_512),
        ("160", "MRÁZIK", "Peter", None, 15, 55_004),
    ]


def test_not_classified_gives_way_to_the_word_that_says_why():
    # `NC` in the place column and `Desistiu` in the remarks: retired; `n.g.` (nicht gewertet
    # or nicht gestartet) under `Nicht gestartet`: not started.
    sheet = parse(
        b"Pos;Nr;Piloto;Voltas;Tempo;Obs.\n"
        b"1;12;Rui Costa;20;20:01.400;\n"
        b"2;7;Nuno Lopes;20;20:09.900;\n"
        b"NC;26;Rodrigo Vieira;6;5:20.175;Desistiu\n"
        b";;Nicht gestartet;;;\n"
        b";31;Jens Richter;;n.g.;\n"
    )
    assert [(e.number, e.status) for e in sheet.entries] == [
        ("12", "classified"),
        ("7", "classified"),
        ("26", "retired"),
        ("31", "dns"),
    ]


def test_a_status_column_saying_finished_in_croatian_is_no_doubt():
    sheet = parse(
        "Poz.;Br.;Vozač;Ukupno;Status\n"
        "1;5;Vid Bogdan;0:41:05,0;Završio\n"
        "2;8;Ivan Horvat;0:41:19,3;Završio\n"
        ";21;Marko Novak;;Odustao\n".encode()
    )
    assert [e.status for e in sheet.entries] == ["classified", "classified", "retired"]
    assert warnings(sheet) == []


def test_a_notional_stage_time_marked_n_is_a_time():
    # `9:20N`: the time a stage gave the crews it could not time, no doubt.
    sheet = parse(
        b"Pos,No,Driver,Co-Driver,SS1,SS2,Total\n"
        b"1,4,Jones Mark,Evans Lee,9:02,9:20N,18:22\n"
        b"2,9,Smith John,Brown Paul,9:10,9:20N,18:30\n"
    )
    assert [[s.time_ms for s in e.splits] for e in sheet.entries] == [
        [542_000, 560_000],
        [550_000, 560_000],
    ]
    assert warnings(sheet) == []


def test_where_a_crew_stopped_beside_its_class_is_no_class():
    # `Klasse` over `N4`, `Na` (where it stopped) over `KP 5`: the stage reads like a group
    # and class fused, but the heading that says class says where the class is.
    sheet = parse(
        b"<h3>Opgaves</h3><table>"
        b"<tr><th>Nr.</th><th>Bestuurder / Navigator</th><th>Wagen</th><th>Klasse</th>"
        b"<th>Na</th><th>Reden</th></tr>"
        b"<tr><td>20</td><td>Glenn Janssens / Niels Jacobs</td><td>Mitsubishi Lancer Evo X</td>"
        b"<td>N4</td><td>KP 5</td><td>Motor</td></tr>"
        b"<tr><td>31</td><td>Tom Peeters / Bart Maes</td><td>Peugeot 208</td>"
        b"<td>RC4</td><td>TC 9B</td><td>Ongeval</td></tr>"
        b"<tr><td>44</td><td>Wim Claes / Jan Wouters</td><td>Renault Clio</td>"
        b"<td>RC5</td><td>KP 2</td><td>Versnellingsbak</td></tr>"
        b"</table>"
    )
    assert [(e.number, f"{e.group or ''}{e.klass}", e.status) for e in sheet.entries] == [
        ("20", "N4", "retired"),
        ("31", "RC4", "retired"),
        ("44", "RC5", "retired"),
    ]
