"""Traits of a sixteenth batch of sheets (the README's twelfth batch): aligned printouts with a
delimiter inside a cell, pages laid out apart, touching times, clubs under crews, teams with their
riders in brackets, second lines carrying a gap or a Rallye 2 restart, officials' signatures,
timing readouts beside the classification, categories beside classes, runs in brackets, filter
rows over web tables; and the sheets a review of those rules wrote to make them misfire."""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pytest

from results.parsing import ParseError, parse
from results.parsing.fields import parse_gap
from results.parsing.fields.crews import split_crew
from results.parsing.fields.statuses import is_finisher_word, parse_status
from results.parsing.grid import Row
from results.parsing.layout.line_kinds import signs
from results.parsing.legend import legend_marks
from results.parsing.readers.delimited import choose_delimiter
from results.parsing.table_rules import is_notice
from tests.parsing.made import warnings

TRANSPONDERS = """\
Pl   Nr   Navn                Klubb            Transpondere         Klasse    Tid
1    28   Anders Røkenes      Harstad CK       3925328;4410021      MMaster   2:54.1
2    39   Stian Storeng       Harstad CK       3925411;4410188      MMaster   3:12.5
3    25   William Salminen    Narvik CK        3926002;             MMaster   3:25.2
4    42   Sindre Lillehaug    Lofoten SK       3925990;4410307      MMaster   3:27.6
5    33   Bjørn Larsen        Harstad CK       3925100;4410009      MMaster   3:31.0
"""


def test_a_semicolon_inside_a_column_of_aligned_text_is_no_delimiter():
    sheet = parse(TRANSPONDERS.encode())
    assert sheet.format == "fixed"
    assert [
        (e.position, e.number, [m.surname.upper() for m in e.crew], e.club, e.klass, e.time_ms)
        for e in sheet.entries
    ] == [
        (1, "28", ["RØKENES"], "Harstad CK", "MMaster", 174_100),
        (2, "39", ["STORENG"], "Harstad CK", "MMaster", 192_500),
        (3, "25", ["SALMINEN"], "Narvik CK", "MMaster", 205_200),
        (4, "42", ["LILLEHAUG"], "Lofoten SK", "MMaster", 207_600),
        (5, "33", ["LARSEN"], "Harstad CK", "MMaster", 211_000),
    ]
    assert not warnings(sheet)


def _page(rows: list[tuple[str, ...]], footer: str) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["Rallye des Coteaux 2026 - Classement scratch", ""]
    for row in rows:
        cells = [c.rjust(widths[i]) if i < 2 else c.ljust(widths[i]) for i, c in enumerate(row)]
        lines.append("   ".join(cells).rstrip())
    return "\n".join([*lines, "", footer]) + "\n"


# A printout without a header, each page laid out to fit its own names and cars.
PAGES_LAID_APART = (
    _page(
        [
            ("1", "12", "MARTIN Paul", "Peugeot 208", "A6", "12:01.4"),
            ("2", "7", "DURAND Luc", "Clio RS", "N3", "12:09.8"),
            ("3", "31", "PETIT Marc", "Saxo VTS", "A6", "12:30.2"),
        ],
        "Page 1/2",
    )
    + "\f"
    + _page(
        [
            ("4", "5", "BERNARDINI-ROCCA Jean-Baptiste", "Citroën C2 Max", "A6", "12:44.0"),
            ("5", "22", "LEFEBVRE Anne", "Peugeot 106 S16", "F2", "12:51.7"),
            ("6", "18", "GARNIER Yves", "Honda Civic Type R", "N2", "13:02.9"),
        ],
        "Page 2/2",
    )
)


def test_pages_of_a_printout_without_header_are_each_laid_out_on_their_own():
    sheet = parse(PAGES_LAID_APART.encode())
    assert [(e.position, e.number, e.car, e.time_ms) for e in sheet.entries] == [
        (1, "12", "Peugeot 208", 721_400),
        (2, "7", "Clio RS", 729_800),
        (3, "31", "Saxo VTS", 750_200),
        (4, "5", "Citroën C2 Max", 764_000),
        (5, "22", "Peugeot 106 S16", 771_700),
        (6, "18", "Honda Civic Type R", 782_900),
    ]
    assert [m.surname for e in sheet.entries for m in e.crew] == [
        "MARTIN", "DURAND", "PETIT", "BERNARDINI-ROCCA", "LEFEBVRE", "GARNIER",
    ]  # fmt: skip
    assert not warnings(sheet)


def _crew_cell(crew: str, club: str) -> str:
    return f'<td><b>{crew}</b><br /><span class="club">{club}</span></td>'


UK_RALLY = (
    "<html><body><h2>Overall Results</h2><table>"
    "<tr><th>Pos</th><th>No</th><th>Driver / Co-Driver</th><th>Car</th><th>Class</th>"
    "<th>SS1</th><th>SS2</th><th>Total</th></tr>"
    + "".join(
        f"<tr><td>{pos}</td><td>{no}</td>{_crew_cell(crew, club)}<td>{car}</td>"
        f"<td>{klass}</td><td>{ss1}</td><td>{ss2}</td><td>{total}</td></tr>"
        for pos, no, crew, club, car, klass, ss1, ss2, total in (
            ("1", "1", "Gethin Rowlands / Iwan Hughes", "Mid Wales MC", "Ford Fiesta R5",
             "E5", "5:43", "7:22", "13:05"),
            ("2", "2", "Tom Whitfield / Chloe Barker", "Hereford MC", "Skoda Fabia Rally2",
             "E5", "5:41", "7:29", "13:10"),
            ("3", "3", "Craig McNulty / Liam O'Hare", "Knighton &amp; DMC", "Ford Fiesta R5",
             "E5", "5:52", "7:29", "13:21"),
        )
    )
    + "</table><h3>Retirements</h3><table>"
    "<tr><th>No</th><th>Driver / Co-Driver</th><th>Car</th><th>Class</th><th>Stage</th>"
    "<th>Reason</th></tr>"
    + "".join(
        f"<tr><td>{no}</td>{_crew_cell(crew, club)}<td>{car}</td><td>{klass}</td>"
        f"<td>{stage}</td><td>{reason}</td></tr>"
        for no, crew, club, car, klass, stage, reason in (
            ("16", "Matthew Corbett / Jake Ingram", "Severn Valley MC", "Subaru Impreza",
             "E4", "SS1", "Driveshaft"),
            ("24", "Eifion Rowlands / Mari Jenkins", "Bro Dinefwr MC", "Peugeot 205 GTI",
             "E1", "SS2", "Engine"),
            ("31", "Scott Fenwick / Dan Marsh", "Cambrian MC", "Ford Fiesta R2T",
             "E2", "SS2", "Accident"),
        )
    )
    + "</table></body></html>"
)  # fmt: skip


def test_the_club_under_a_crew_in_its_cell_is_the_crews_club():
    sheet = parse(UK_RALLY.encode())
    assert [
        (e.number, [(m.surname.upper(), m.first_name) for m in e.crew], e.club)
        for e in sheet.entries
    ] == [
        ("1", [("ROWLANDS", "Gethin"), ("HUGHES", "Iwan")], "Mid Wales MC"),
        ("2", [("WHITFIELD", "Tom"), ("BARKER", "Chloe")], "Hereford MC"),
        ("3", [("MCNULTY", "Craig"), ("O'HARE", "Liam")], "Knighton & DMC"),
        ("16", [("CORBETT", "Matthew"), ("INGRAM", "Jake")], "Severn Valley MC"),
        ("24", [("ROWLANDS", "Eifion"), ("JENKINS", "Mari")], "Bro Dinefwr MC"),
        ("31", [("FENWICK", "Scott"), ("MARSH", "Dan")], "Cambrian MC"),
    ]


def test_a_record_of_words_that_head_left_out_columns_is_no_header():
    # `E1`, `SS2`, `Engine` may each head a column Podium leaves out; beside a crew and a car
    # no heading names, they are a retired crew's class, stage and reason.
    sheet = parse(UK_RALLY.encode())
    got = [(e.number, f"{e.group or ''}{e.klass or ''}", e.status, e.reason) for e in sheet.entries]
    assert got[3:] == [
        ("16", "E4", "retired", "Driveshaft"),
        ("24", "E1", "retired", "Engine"),
        ("31", "E2", "retired", "Accident"),
    ]


ENDURO = """\
CLASSIFICACIÓ GENERAL SCRATCH

Pos.  Dors.  Pilot                  Cat.   P.C.      ES1      ES2      ES3  Temps total       Dif.
1        58  PÉREZ ARUMÍ, Aleix     E1        1  5:49.33  7:25.15  5:22.40     18:36.88
2        69  NOGUERA CAMPS, Jaume   E3        1  6:06.53  7:43.81  5:30.78     19:21.12     +44.24
3       125  PÉREZ BOSCH, Gerard    PROMO     1  8:09.58 10:10.98  7:28.86     25:49.42   +7:12.54
4       108  PRAT CASTELLS, Joan    PROMO     2  8:08.50 10:39.44  7:34.67     26:22.61   +7:45.73
Desq.   102  CODINA PLANAS, Roger   E3           6:54.91  8:42.50  6:15.26
"""


def test_times_a_single_space_apart_are_two_columns_and_a_place_in_category_is_no_class():
    sheet = parse(ENDURO.encode())
    assert [
        (e.position, e.number, e.category or e.klass, e.class_position, e.time_ms, e.status)
        for e in sheet.entries
    ] == [
        (1, "58", "E1", 1, 1_116_880, "classified"),
        (2, "69", "E3", 1, 1_161_120, "classified"),
        (3, "125", "PROMO", 1, 1_549_420, "classified"),
        (4, "108", "PROMO", 2, 1_582_610, "classified"),
        (None, "102", "E3", None, None, "dsq"),
    ]
    assert [[s.time_ms for s in e.splits] for e in sheet.entries[2:4]] == [
        [489_580, 610_980, 448_860],
        [488_500, 639_440, 454_670],
    ]


@pytest.mark.parametrize(
    ("word", "status"),
    [("Desq.", "dsq"), ("Desqualificat", "dsq"), ("Retirat", "retired"),
     ("Abandonament", "retired"), ("No presentat", "dns")],
)  # fmt: skip
def test_catalan_status_words(word, status):
    assert parse_status(word) == status


MOPEDS = """\
CLASSIFICA FINALE

Pos  N.  Squadra (Piloti)                                    Cat.  Motorino      Giri  Tempo
1.   35  PANDA RACING TEAM (Ferrari Paolo / Ruggeri Chiara)  PROT  Minarelli P6  277   6:00:14.909
2.   52  FRIZIONE BRUCIATA (De Santis Andrea / Galli Sara)   ELAB  Piaggio Si    277   6:00:38.326
3.   39  LA BANDA DEL BUCO (Ferrari Michele / Cavalli Ugo)   ELAB  Piaggio Si    276   6:01:16.717
"""


def test_a_team_with_its_riders_in_brackets_and_a_moped_column():
    sheet = parse(MOPEDS.encode())
    assert [
        (e.number, e.team, [m.surname.upper() for m in e.crew], e.car, e.laps)
        for e in sheet.entries
    ] == [
        ("35", "PANDA RACING TEAM", ["FERRARI", "RUGGERI"], "Minarelli P6", 277),
        ("52", "FRIZIONE BRUCIATA", ["DE SANTIS", "GALLI"], "Piaggio Si", 277),
        ("39", "LA BANDA DEL BUCO", ["FERRARI", "CAVALLI"], "Piaggio Si", 276),
    ]


SECOND_LINE_GAPS = """\
CLASIFICACIÓN FINAL

Pos.  Dorsal  Piloto / Copiloto          Vehículo / Escudería          Gr.  Cl.    Total     Dif.

 1      7     LLANO RIERA, Óscar         Volkswagen Polo GTI R5        RC2  R5   14:55.5
              ARGÜELLES PELÁEZ, Noelia   Escudería Ribadesella Motor
 2      5     LÓPEZ ALONSO, Emilio       Citroën C3 Rally2             RC2  R5   15:02.8     +7.3
              MUÑIZ CASTAÑO, María       Escudería Ribadesella Motor                         +7.3
 3     27     FERNÁNDEZ NOVAL, María     Skoda Fabia Rally2 Evo        RC2  R5   15:02.9     +7.4
              VILLA RODRÍGUEZ, Carlos    Escudería Gijón Competición                         +0.1

EXCLUIDOS
Dorsal  Piloto / Copiloto                              Vehículo      Gr.  Cl.  Motivo
  19    ARGÜELLES FERNÁNDEZ, Daniel / CIENFUEGOS, Jorge  BMW 325i E30  H    3    Peso
  24    PRIETO SUÁREZ, Marta / LASTRA, Iván              Seat Ibiza    N    N2   Asistencia

Autorizados a tomar la salida: 4      Tomaron la salida: 4      Clasificados: 3

        El Director de Carrera                          El Colegio de Comisarios Deportivos
        Juan Manuel GARCÍA                              Pedro ÁLVAREZ
"""


def test_the_gap_to_the_crew_ahead_on_a_records_second_line_leaves_it_one_record():
    sheet = parse(SECOND_LINE_GAPS.encode())
    assert [
        (e.position, e.number, [m.surname for m in e.crew], e.car, e.club, e.time_ms, e.gap_ms)
        for e in sheet.entries[:3]
    ] == [
        (1, "7", ["LLANO RIERA", "ARGÜELLES PELÁEZ"], "Volkswagen Polo GTI R5",
         "Escudería Ribadesella Motor", 895_500, 0),
        (2, "5", ["LÓPEZ ALONSO", "MUÑIZ CASTAÑO"], "Citroën C3 Rally2",
         "Escudería Ribadesella Motor", 902_800, 7_300),
        (3, "27", ["FERNÁNDEZ NOVAL", "VILLA RODRÍGUEZ"], "Skoda Fabia Rally2 Evo",
         "Escudería Gijón Competición", 902_900, 7_400),
    ]  # fmt: skip


def test_cl_after_gr_is_the_class_and_the_officials_signing_are_no_crew():
    sheet = parse(SECOND_LINE_GAPS.encode())
    assert [
        (e.number, e.group, e.klass, e.status, [m.surname for m in e.crew])
        for e in sheet.entries[3:]
    ] == [
        ("19", "H", "3", "dsq", ["ARGÜELLES FERNÁNDEZ", "CIENFUEGOS"]),
        ("24", "N", "N2", "dsq", ["PRIETO SUÁREZ", "LASTRA"]),
    ]
    assert len(sheet.entries) == 5  # the officials under the table, by title and name: none
    skipped = [i.line for i in sheet.issues if i.code == "line-skipped"]
    assert {19, 20} <= set(skipped)


@pytest.mark.parametrize(
    ("line", "official"),
    [("El Director de Carrera", True), ("Il Direttore di Gara", True),
     ("I Commissari Sportivi", True), ("Clerk of the Course", True), ("Der Rennleiter", True),
     ("El Cronometrador en Cap", True), ("Il Capo Cronometrista", True),
     ("Colombo Simone", False), ("Dirk MÜLLER", False), ("Cronometraggio FICR Brescia", False)],
)  # fmt: skip
def test_the_officials_who_sign_a_sheet(line, official):
    assert signs([line]) is official


def _workbook(sheets: dict[str, list[list[object]]]) -> bytes:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


READOUT = [
    ["Montée 1"],
    ["Ordre", "N°", "H. départ", "H. arrivée", "Temps", "Obs."],
    [1, 52, "10:02:40", "10:04:44.202", "2:04.202", None],
    [2, 51, "10:03:20", "10:05:19.682", "1:59.682", None],
    [3, 47, "10:04:00", "10:06:07.915", "2:07.915", None],
    [4, 45, "10:04:40", None, None, "Abandon"],
]
CLASSEMENT = [
    ["CLASSEMENT GÉNÉRAL OFFICIEL"],
    ["Clt", "N°", "Pilote", "Voiture", "Groupe", "Classe", "Meilleure"],
    [1, 51, "MARTIN Paul", "Norma M20F", "CN", "5", "1:59.682"],
    [2, 52, "DURAND Luc", "Osella PA21", "CN", "5", "2:04.202"],
    [3, 47, "PETIT Marc", "Porsche 997 GT3", "GT", "10", "2:07.915"],
    [None, 45, "GARNIER Yves", "Peugeot 306 Maxi", "A", "4", "Abandon"],
]


def test_a_timing_readout_sheet_numbered_in_order_of_passage_is_no_results_table():
    # The readout's `Ordre` counts its rows as the cars passed; it names no one, beside a sheet
    # that ranks the same cars by name.
    sheet = parse(_workbook({"Montée 1": READOUT, "Classement": CLASSEMENT}))
    assert [(e.position, e.number, e.status) for e in sheet.entries] == [
        (1, "51", "classified"),
        (2, "52", "classified"),
        (3, "47", "classified"),
        (None, "45", "retired"),
    ]
    assert [i.code for i in sheet.issues if i.code == "table-skipped"] == ["table-skipped"]


RAMPA = """\
CLASSIFICAÇÃO GERAL
Contam as duas melhores subidas

Pos.  Nº   Piloto                 Categoria  Classe   Subida 1    Subida 2    Subida 3      Total
 1    83   Paulo Miguel Pereira   Sport      E2-SC    1:44.175    1:46.534  (1:47.680)   3:30.709
 2    60   Luís Moreira           Sport      CN     (1:55.052)    1:52.026    1:52.660   3:44.686
 3    26   João Fonseca           CM         CM+    (1:56.658)    1:54.836    1:55.862   3:50.698
 4    41   Rui Sousa              Turismo    T4       2:01.120  (2:03.004)    2:00.515   4:01.635
"""


def test_a_category_beside_the_class_is_the_group_and_a_run_in_brackets_does_not_count():
    sheet = parse(RAMPA.encode())
    assert [(e.number, e.group, e.klass, e.time_ms) for e in sheet.entries] == [
        ("83", "Sport", "E2-SC", 210_709),
        ("60", "Sport", "CN", 224_686),
        ("26", "CM", "CM+", 230_698),
        ("41", "Turismo", "T4", 241_635),
    ]
    first = sheet.entries[0]
    assert [(s.name, s.time_ms, s.counted) for s in first.splits] == [
        ("Subida 1", 104_175, True),
        ("Subida 2", 106_534, True),
        ("Subida 3", 107_680, False),
    ]
    assert not warnings(sheet)


STAGE_PENALTIES = """\
Pos  No  Driver / Co-Driver              Car              SS1          SS2     Total
1    1   Gethin Rowlands / Iwan Hughes   Ford Fiesta R5   5:43         7:22    13:05
2    2   Tom Whitfield / Chloe Barker    Skoda Fabia      5:41 (0:20)  7:29    13:30
3    3   Craig McNulty / Liam O'Hare     Ford Fiesta R5   5:52         7:43    13:35
"""


def test_a_penalty_in_brackets_after_a_stage_time():
    sheet = parse(STAGE_PENALTIES.encode())
    second = next(e for e in sheet.entries if e.number == "2")
    got = [(s.time_ms, s.penalty_ms) for s in second.splits]
    assert got == [(341_000, 20_000), (449_000, None)]
    assert not warnings(sheet)


ENDURANCE = """\
Clt;N°;Équipe;Pilotes;Tours;Temps total;Meilleur tour
1;12;Les Pistons Fous;DUPONT Jean - MARTIN Luc;248;6:00:41.312;1:21.578 (62,66 km/h)
2;7;Team Bleue;DURAND Paul - PETIT Marc;247;6:01:02.904;1:22.004 (62,33 km/h)
3;31;Mob Attack;GARNIER Yves - LEROY Anne;245;6:00:55.117;1:21.990 (62,35 km/h)
"""


def test_a_best_lap_with_its_speed_in_brackets():
    sheet = parse(ENDURANCE.encode())
    assert [(e.number, e.best_lap_ms, e.speed_kmh) for e in sheet.entries] == [
        ("12", 81_578, 62.66),
        ("7", 82_004, 62.33),
        ("31", 81_990, 62.35),
    ]
    assert not warnings(sheet)


def _slalom_row(*cells: str) -> str:
    return "<TR>" + "".join(f"<TD>{c}</TD>" for c in cells) + "</TR>"


SLALOM = (
    "<HTML><BODY><TABLE>"
    "<TR><TH ROWSPAN=2>Pl.</TH><TH ROWSPAN=2>St.-Nr.</TH><TH ROWSPAN=2>Fahrer</TH>"
    "<TH ROWSPAN=2>Fahrzeug</TH><TH COLSPAN=3>Lauf 1</TH><TH COLSPAN=3>Lauf 2</TH>"
    "<TH ROWSPAN=2>Gesamt</TH></TR>"
    "<TR><TH>Zeit</TH><TH>Pyl.</TH><TH>Erg.</TH><TH>Zeit</TH><TH>Pyl.</TH><TH>Erg.</TH></TR>"
    "<TR><TD COLSPAN=11>Klasse 1 - Gruppe G: Serienfahrzeuge bis 1400 ccm</TD></TR>"
    + _slalom_row("1.", "1", "Huber, Maximilian", "VW Polo", "63,12", "0", "63,12", "63,30", "0",
                  "63,30", "126,42")
    + _slalom_row("2.", "3", "Weiß, Jonas", "Suzuki Swift", "64,01", "2", "68,01", "64,30", "0",
                  "64,30", "132,31")
    + "<TR><TD COLSPAN=11>Klasse 3 - Gruppe G: Serienfahrzeuge bis 2000 ccm</TD></TR>"
    + _slalom_row("1.", "12", "Maier, Lukas", "Opel Astra", "61,50", "0", "61,50", "61,02", "0",
                  "61,02", "122,52")
    + _slalom_row("2.", "14", "Bauer, Eva", "Ford Focus", "62,40", "4", "70,40", "62,00", "2",
                  "66,00", "136,40")
    + "</TABLE></BODY></HTML>"
)  # fmt: skip


def test_the_headers_second_line_heads_every_class_under_it():
    # `Lauf 1` spans `Zeit  Pyl.  Erg.`; class titles between the header and the rows do not
    # cut the header's second line off: the cones (`Pyl.`) are no class.
    sheet = parse(SLALOM.encode())
    assert [(e.number, e.klass, e.time_ms) for e in sheet.entries] == [
        ("1", None, 126_420),
        ("3", None, 132_310),
        ("12", None, 122_520),
        ("14", None, 136_400),
    ]
    assert "Lauf 1 Pyl." in sheet.tables[-1].headings


def test_a_legend_parted_by_middle_dots():
    rows = [Row(1, ("n.a. = nicht angetreten · DNF = nicht im Ziel · a.W. = außer Wertung",))]
    assert legend_marks(rows) == {"n.a.": ("nicht angetreten", "dns")}


@pytest.mark.parametrize(
    ("crew", "surnames"),
    [("Seán Ó Briain / Aoife Ní Chonaill", ["Ó Briain", "Ní Chonaill"]),
     ("Dafydd ap Rhys / Elin Jenkins", ["ap Rhys", "Jenkins"]),
     ("Ruben van 't Hul", ["van 't Hul"])],
)  # fmt: skip
def test_irish_welsh_and_dutch_particles_belong_to_the_surname(crew, surnames):
    assert [p.surname for p in split_crew(crew).people] == surnames


SWEDISH_FOOT = """\
Plac;Startnr;Förare;Kartläsare;Bil;Totaltid;Anm
1;4;Anders Lund;Eva Berg;Volvo 240;21:14,0;
2;9;Per Holm;Lars Ek;Saab 900;21:37,9;
;12;Olle Nyström;Kim Dahl;BMW 318;;Motor
;;;;;;
Tävlingsledare: Anders Lundin;;;;Tidtagning: Värmlands Tidtagning;;
"""


def test_remarks_say_why_and_the_clerk_of_the_course_signs():
    sheet = parse(SWEDISH_FOOT.encode())
    assert [(e.number, e.status, e.reason) for e in sheet.entries] == [
        ("4", "classified", None),
        ("9", "classified", None),
        ("12", "retired", "Motor"),
    ]


@pytest.mark.parametrize(("text", "laps"), [("1 kierr.", 1), ("2 kierr", 2)])
def test_finnish_laps_behind(text, laps):
    assert parse_gap(text).laps == laps


def test_lapped_in_a_status_column_is_a_finisher():
    assert is_finisher_word("Lapped")


RALLYE_2 = """\
Clt  N°  Pilote / Copilote   Voiture / ASA    Gr/Cl  ES1      ES2      Pén.     Total    Ecart
 1   12  ROUX Paul           Skoda Fabia R5   R/R5   06:10.2  04:40.1  00:10.0  11:00.3
         FAURE Léa           ASA Velay
 2   14  BLANC Marc          Peugeot 208 R2   R/R2   06:40.0  05:01.5  00:30.0  12:11.5  +1:11.2
         RIVIÈRE Anne        ASA Forez                                                   +1:11.2
 3    3  COLLET Quentin      Citroën C3 R5    R/R5   06:12.7  04:40.1  05:00.0  15:52.8  +4:52.5
         GRANDJEAN Sandrine  ASA Ondaine                      forfait  Rallye 2          +3:41.3

ABANDONS
     23  TANGUY Hugo         Renault Clio R3  R/R3                                   ES1 - Moteur
         DE OLIVA Mélanie    ASA Drôme
"""


def test_a_rallye_2_second_line_and_a_retired_crew_without_times_keeping_its_car():
    sheet = parse(RALLYE_2.encode())
    assert [
        (e.number, [m.surname for m in e.crew], e.car, e.club, e.status, e.penalty_ms, e.time_ms)
        for e in sheet.entries
    ] == [
        ("12", ["ROUX", "FAURE"], "Skoda Fabia R5", "ASA Velay", "classified", 10_000, 660_300),
        ("14", ["BLANC", "RIVIÈRE"], "Peugeot 208 R2", "ASA Forez", "classified", 30_000,
         731_500),
        ("3", ["COLLET", "GRANDJEAN"], "Citroën C3 R5", "ASA Ondaine", "rally2", 300_000,
         952_800),
        ("23", ["TANGUY", "DE OLIVA"], "Renault Clio R3", "ASA Drôme", "retired", None, None),
    ]  # fmt: skip
    assert [s.time_ms for s in sheet.entries[2].splits] == [372_700, 280_100]


INCLUDED = """\
Clt;N°;Equipage;Voiture;Temps
1;12;ROUX Paul / FAURE Léa;Skoda Fabia;en 44'43"1
2;7;BLANC Marc / RIVIÈRE Anne;Peugeot 208;à 0'08"3
3;17;DUBOIS Rémi / MATHIEU Valérie;Peugeot 306;à 5'00"8 (dont 10" de pén.)
"""


def test_a_gap_saying_the_penalty_it_includes():
    sheet = parse(INCLUDED.encode())
    assert [(e.number, e.time_ms, e.gap_ms, e.penalty_ms) for e in sheet.entries] == [
        ("12", 2_683_100, 0, None),
        ("7", 2_691_400, 8_300, None),
        ("17", 2_983_900, 300_800, 10_000),
    ]
    assert not warnings(sheet)


# Titles set left over right-aligned times, the car's and the time's one space apart.
RACE = """\
Pos  No  Rider                 Nation  Motorcycle Total Time    Gap
  1  12  Maverick VIÑALES      SPA     YAMAHA           42'28.663
  2   5  Johann ZARCO          FRA     DUCATI           42'29.755    1.092
  3  63  Francesco BAGNAIA     ITA     DUCATI           42'29.792    1.129
  4  36  Joan MIR              SPA     SUZUKI           42'29.885    1.222
"""


def test_two_headings_one_space_apart_over_two_columns():
    sheet = parse(RACE.encode())
    assert [(e.position, e.number, e.car, e.time_ms, e.gap_ms) for e in sheet.entries] == [
        (1, "12", "YAMAHA", 2_548_663, 0),
        (2, "5", "DUCATI", 2_549_755, 1_092),
        (3, "63", "DUCATI", 2_549_792, 1_129),
        (4, "36", "SUZUKI", 2_549_885, 1_222),
    ]


FILTERED = (
    "<table><thead><tr><th>Pos</th><th>No</th><th>Driver</th><th>Car</th><th>Class</th>"
    "<th>Best</th></tr>"
    '<tr class="row-filter"><td></td><td></td><td><input type="search" placeholder="Filter">'
    "</td><td></td><td><select><option>All</option><option>A1</option><option>B2</option>"
    "</select></td><td></td></tr></thead><tbody>"
    "<tr><td>1</td><td>12</td><td>Tom HARPER</td><td>Lotus Elise</td><td>B2</td>"
    "<td>34.12</td></tr>"
    "<tr><td>2</td><td>7</td><td>Sue MILLS</td><td>Peugeot 205</td><td>A1</td>"
    "<td>35.40</td></tr>"
    "<tr><td>3</td><td>21</td><td>Ian PRICE</td><td>Mini Cooper</td><td>A1</td>"
    "<td>36.02</td></tr>"
    "</tbody></table>"
)
FORM = (
    "<form><table><tr><td>Name</td><td><input type='text' name='n'></td></tr>"
    "<tr><td>Club</td><td><input type='text' name='c'></td></tr>"
    "<tr><td>Class</td><td><select><option>A1</option></select></td></tr></table></form>"
)


def test_a_filter_row_of_controls_does_not_make_a_results_table_a_form():
    sheet = parse(FILTERED.encode(), filename="results.html")
    got = [(e.position, e.number, f"{e.group or ''}{e.klass}", e.time_ms) for e in sheet.entries]
    assert got == [
        (1, "12", "B2", 34_120),
        (2, "7", "A1", 35_400),
        (3, "21", "A1", 36_020),
    ]


def test_a_form_is_still_no_table():
    with pytest.raises(ParseError) as error:
        parse(FORM.encode(), filename="f.html")
    assert error.value.code == "no-table"


# Sheets a review of these rules wrote to make them fire where they should not.
REVIEW = Path(__file__).parent / "sheets" / "review16"


def _read(name: str):
    return parse((REVIEW / name).read_bytes(), filename=name)


def test_an_officials_line_does_not_swallow_the_class_title_under_it():
    sheet = _read("sig.txt")
    assert [(e.number, e.category) for e in sheet.entries] == [
        ("12", "Classe A6"), ("31", "Classe A6"), ("18", "Classe N2"), ("22", "Classe N2"),
    ]  # fmt: skip


def test_a_headers_second_line_of_runs_beside_a_word_is_still_the_header():
    sheet = _read("two.txt")
    assert [(e.number, e.time_ms, [s.time_ms for s in e.splits]) for e in sheet.entries] == [
        ("12", 242_800, [121_400, 121_400]),
        ("7", 250_200, [124_900, 125_300]),
        ("31", 262_000, [130_500, 131_500]),
    ]


def test_a_teams_table_under_a_blank_place_heading_is_kept():
    sheet = _read("moped.html")
    assert [(e.number, e.team, e.laps) for e in sheet.entries if e.table == 0] == [
        ("14", "Les Pétaradeurs", 312), ("3", "Team Bleu Moteur", 309),
        ("27", "Les Gaz Cramés", 301), ("9", "Mob Club Vendée", 298),
    ]  # fmt: skip


def test_stage_ranks_in_brackets_are_no_penalties():
    sheet = _read("ranks.csv")
    assert all(s.penalty_ms is None for e in sheet.entries for s in e.splits or ())
    assert [e.time_ms for e in sheet.entries] == [1_028_700, 1_033_100, 1_052_700]


def test_numbered_regularity_trials_are_no_place_in_category():
    sheet = _read("pc.csv")
    assert [(e.number, e.class_position, e.penalty_ms) for e in sheet.entries] == [
        ("12", None, None), ("7", None, None), ("31", None, None),
    ]  # fmt: skip


def test_nic_is_a_first_name_and_a_categoria_of_ages_stays_the_category():
    nic = _read("nic.csv")
    assert [(m.surname, m.first_name) for m in nic.entries[1].crew] == [("Hamilton", "Nic")]
    ages = _read("cat.csv")
    assert [(e.group, e.category) for e in ages.entries] == [
        (None, "Under 25"), (None, "Over 55"), (None, "Femminile"), (None, "Over 55"),
    ]  # fmt: skip


def test_a_chip_time_is_the_time():
    sheet = _read("chip.csv")
    assert [e.time_ms for e in sheet.entries] == [6_850_200, 6_972_500, 7_105_200, 7_287_600]


def test_a_crew_with_its_club_in_brackets_is_no_team():
    sheet = _read("br2.csv")
    assert [e.team for e in sheet.entries] == [None, None, None]
    assert [m.surname for m in sheet.entries[0].crew][:2] == ["ROSSI", "BIANCHI"]


def test_a_tabbed_paste_whose_crew_cell_broke_after_the_driver():
    # Copied from a page whose crew cell holds `PILOTA<br>NAVIGATORE`: the rest of each record
    # follows the co-driver on the next line; `Stato` says each crew's status.
    sheet = _read("ritirati_tabs.txt")
    assert [
        (e.number, [m.surname for m in e.crew], e.car, e.klass, e.status) for e in sheet.entries
    ] == [
        ("5", ["MARINO", "PUCCINELLI"], "Hyundai i20 N Rally2", "Rally2", "retired"),
        ("40", ["LONGO", "GRASSO"], "Peugeot 106 Rallye", "N1", "dns"),
        ("41", ["MARTINELLI", "FARINA"], "Peugeot 106 Rallye", "N1", "dsq"),
    ]


def test_name_commas_beside_decimal_commas_are_no_delimiter():
    lines = [
        "1. 3 Vogel, Björn MSF Schlitz Peugeot 106 XSi 59,00 0 59,20 0 1:58,20",
        "2. 5 Schulze, Christian MSC Rhön e.V. im ADAC VW Polo 6N 59,61 0 59,25 0 1:58,86 +0,66",
        "3. 4 Scholz, Holger MSF Schlitz Suzuki Swift 59,81 2 58,72 0 2:00,53 +2,33",
        "4. 1 Pfeiffer, Markus AMC Lauterbach Suzuki Swift 58,77 0 60,18 2 2:00,95 +2,75",
        "Wertung nach Lauf 2 (Strafe 2 s je Pylone), Entscheidung der Sportkommissare.",
    ]
    try:
        delimiter, _ = choose_delimiter(lines)
    except ParseError:
        delimiter = None  # no delimiter at all: the single-spaced reading is tried
    assert delimiter != ","


SCRATCH = [
    ["Clt", "N°", "Pilote", "Voiture", "Gr/Cl", "Temps total"],
    [1, 3, "ROUX Paul", "Skoda Fabia", "R/R5", "0:44:10.2"],
    [2, 7, "COLIN Sylvain", "Peugeot 208", "R/R2", "0:46:26.9"],
    [3, 26, "HUGUENIN Rémy", "Ford Fiesta", "R/R2", "0:46:41.0"],
    [4, 11, "BLANC Marc", "Peugeot 208", "R/R2", "0:47:31.0"],
]
CLASSES = [
    ["Classe R/R5"],
    ["Clt", "Clt Scr.", "N°", "Pilote", "Voiture", "Gr/Cl", "Temps total"],
    [1, 1, 3, "ROUX Paul", "Skoda Fabia", "R/R5", "0:44:10.2"],
    ["Classe R/R2"],
    ["Clt", "Clt Scr.", "N°", "Pilote", "Voiture", "Gr/Cl", "Temps total"],
    [1, 2, 7, "COLIN Sylvain", "Peugeot 208", "R/R2", "0:46:26.9"],
    [2, 3, 26, "HUGUENIN Rémy", "Ford Fiesta", "R/R2", "0:46:41.0"],
    [3, 4, 11, "BLANC Marc", "Peugeot 208", "R/R2", "0:47:31.0"],
]


def test_a_class_table_places_by_its_own_rank_beside_the_overall_one():
    sheet = parse(_workbook({"Scratch": SCRATCH, "Classes": CLASSES}))
    got = [(e.table, e.position, e.number) for e in sheet.entries]
    assert got[:4] == [(0, 1, "3"), (0, 2, "7"), (0, 3, "26"), (0, 4, "11")]
    assert [(position, number) for _, position, number in got[4:]] == [
        (1, "3"), (1, "7"), (2, "26"), (3, "11"),
    ]  # fmt: skip


NOTES_UNDER = """\
Clt N° Pilote Voiture Gr Cl Meilleure
1 3 CHEVALLIER Maxime Norma M20 FC CN CN2 1'05"583
2 12 LECLERC David Martini MK69 D/E 3 1'05"658
3 8 ROUX Paul Dallara F394 D/E 5 1'07"102
Abd 5 CORDIER Bastien Dallara F394 D/E 5 Abd

Excl. : N° 16 exclu par décision du Collège des Commissaires Sportifs (pneumatiques non conformes).
Abd = abandon ; NP = non partant.
"""


def test_a_legend_and_a_statement_under_a_single_spaced_paste_are_no_crews():
    sheet = parse(NOTES_UNDER.encode())
    assert [(e.number, e.status) for e in sheet.entries] == [
        ("3", "classified"), ("12", "classified"), ("8", "classified"), ("5", "retired"),
    ]  # fmt: skip


def test_a_row_holding_markup_with_equals_signs_is_no_legend():
    row = ["1", "11", "HOSTILE Jean", "BLANC Marc", "<script>alert(1)</script>", "N2",
           '"><img src=x onerror=alert(1)>', "10:01,0"]  # fmt: skip
    assert not is_notice(row)
    assert is_notice(["Abd = abandon ; NP = non partant."])


def test_a_disqualified_crews_row_with_its_times_is_no_statement():
    row = ["Desq.", "102", "CODINA PLANAS, Roger", "Moto Club Ripoll", "GasGas EC 300", "VET-B",
           "6:54.91", "8:42.50", "6:15.26", "7:01.38", "8:39.83", "6:08.36"]  # fmt: skip
    assert not is_notice(row)
    assert is_notice(["Excl. : N° 16 exclu par décision du Collège des Commissaires Sportifs."])
