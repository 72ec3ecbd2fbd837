"""Traits of exports written by people who had not read the parser: a regularity rally ranked
on points with its average groups, a kart final with chassis and engine columns, Dutch run
marks, slalom runs penalised out, a workbook laid out for print in Portuguese."""

from __future__ import annotations

import datetime
import io

import openpyxl

from results.parsing import parse
from tests.parsing.made import pasted, tabs, warnings


def _workbook(rows: list[list]) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def test_a_regularity_rally_ranked_on_points_in_its_average_groups():
    sheet = parse(
        pasted(
            "Clt;N°;Pilote;Véhicule;Moyenne;Clt Moy.;ZR1;ZR2;ZR3;Pén. CH;Total;Observations",
            "1;243;Daviet Paul;Peugeot 104 ZS;Haute;1;70;33;55;0;158;",
            "2;258;Rousseau Léa;Alpine A310;Basse;1;24;45;90;10;169;",
            "3;219;Langlois Tom;Porsche 911;Basse;2;102;6;66;0;174;",
            "4;201;Perrin Max;Renault 5 Alpine;Haute;2;80;50;44;0;174;Ex-aequo avec le 219",
            "5;230;Morel Ana;BMW 2002;Basse;3;90;60;40;0;190;",
        )
    )
    got = [(e.position, e.klass, e.class_position, e.points, e.time_ms) for e in sheet.entries]
    assert got == [
        (1, "Haute", 1, 158, None),
        (2, "Basse", 1, 169, None),
        (3, "Basse", 2, 174, None),
        (4, "Haute", 2, 174, None),
        (5, "Basse", 3, 190, None),
    ]
    assert sheet.entries[3].reason == "Ex-aequo avec le 219"
    assert warnings(sheet) == []


def test_a_kart_final_names_the_chassis_the_car_and_reads_its_penalties():
    lap = datetime.time
    sheet = parse(
        _workbook(
            [
                ["Championnat de Ligue Karting - Finale X30 Senior"],
                [],
                ["Pos", "N°", "Pilote", "Châssis", "Moteur", "Tours", "Temps total", "Pén."],
                [1, 109, "Inès GAILLARD", "Exprit Noesis", "IAME X30", 20, lap(0, 16, 21, 437000)],
                [2, 123, "Evan CARON", "Kart Republic KR1", "IAME X30", 20, lap(0, 16, 22, 571000)],
                [
                    3,
                    141,
                    "Baptiste ROUX",
                    "Tony Kart 401R",
                    "IAME X30",
                    20,
                    lap(0, 16, 35, 28000),
                    "+5s",
                ],
                [
                    "Excl.",
                    162,
                    "Jules MARTIN",
                    "Exprit Noesis",
                    "IAME X30",
                    20,
                    lap(0, 16, 33, 301000),
                ],
            ]
        ),
        filename="finale.xlsx",
    )
    got = [(e.position, e.car, e.group, e.klass, e.penalty_ms, e.status) for e in sheet.entries]
    assert got == [
        (1, "Exprit Noesis", None, None, None, "classified"),
        (2, "Kart Republic KR1", None, None, None, "classified"),
        (3, "Tony Kart 401R", None, None, 5000, "classified"),
        (None, "Exprit Noesis", None, None, None, "dsq"),
    ]
    assert warnings(sheet) == []


def test_dutch_run_marks_give_the_status():
    sheet = parse(
        tabs(
            "Pos | Startnr | Naam | Auto | Manche 1 | Manche 2 | Totaal",
            "1 | 12 | Jan Bakker | Opel Kadett | 80,10 | 81,00 | 161,10",
            "2 | 7 | Piet Smit | VW Golf | 82,55 | 81,95 | 164,50",
            " | 52 | Ilse Lammers | Fiat Punto | 93,82 | Uitgev. | ",
            " | 289 | Henk Brouwer | Volvo 240 | 89,30 | Gediskw. | ",
        )
    )
    assert [(e.position, e.status) for e in sheet.entries] == [
        (1, "classified"),
        (2, "classified"),
        (None, "retired"),
        (None, "dsq"),
    ]


def test_a_slalom_run_penalised_out_is_no_unreadable_time():
    sheet = parse(
        tabs(
            "Clt | N° | Pilote | Voiture | M1 | M2 | M3 | Meilleure",
            "1 | 4 | TEXIER Paul | Funyo SP 05 | 1'00.669 | 56.280 | 58.608 | 56.280",
            "2 | 56 | PERRIN Hugo | Silver Car S2 | pén. | 58.880 | 58.988 | 58.880",
            "3 | 91 | BAZIN Yann | Speed Car | 1'00.070 | pén. | 1'01.747 | 1'00.070",
            "4 | 40 | ROCHE Noé | Alpine A110 | 1'03.734 | 1'02.844 | 1'02.418 | 1'02.418",
        )
    )
    assert [e.time_ms for e in sheet.entries] == [56_280, 58_880, 60_070, 62_418]
    runs = [[(s.time_ms, s.status) for s in e.splits] for e in sheet.entries]
    assert runs[1][0] == (None, "dsq")
    assert runs[2][1] == (None, "dsq")
    assert warnings(sheet) == []


def test_a_workbook_laid_out_for_print_reads_as_one_table():
    head = ["Class.", "Nº", "Piloto", "Viatura", "Classe", "Tempo", "Dif."]
    rows = [
        ["Rampa de Alvaiázere 2024"],
        ["Classificação Final Absoluta - OFICIAL"],
        [],
        head,
        [1, 62, "Ricardo Faria", "Juno CN", "CN1", "3:42,518", ""],
        [2, 116, "Vítor Mendes", "Silver Car S3", "CN1", "3:52,316", "+9,798"],
        [3, 31, "Rui Pinto", "Osella PA21", "CN1", "3:55,000", "+12,482"],
        [4, 8, "Luís Costa", "Mitsubishi Evo IX", "N3", "4:01,118", "+18,600"],
        ["", "", "", "", "", "", "Pág. 1/2"],
        [],
        ["Rampa de Alvaiázere 2024 - Classificação Absoluta (continuação)"],
        head,
        [5, 118, "Manuel Fonseca", "Peugeot 106", "A2", "4:17,072", "+34,554"],
        [6, 114, "Pedro Magalhães", "Alfa Romeo GTV", "H1", "4:19,271", "+36,753"],
        [7, 88, "Carlos Correia", "Honda Civic Type R", "E1", "4:19,455", "+36,937"],
        [8, 59, "André Teixeira", "Honda Civic", "N2", "4:21,021", "+38,503"],
        [],
        ["Não classificados"],
        ["Desist.", 67, "Ricardo Sousa", "Norma M20 FC", "CN1", "", "saída de estrada"],
    ]
    sheet = parse(_workbook(rows), filename="rampa.xlsx")
    got = [(e.position, e.gap_ms, e.status) for e in sheet.entries]
    assert got == [
        (1, 0, "classified"),
        (2, 9_798, "classified"),
        (3, 12_482, "classified"),
        (4, 18_600, "classified"),
        (5, 34_554, "classified"),
        (6, 36_753, "classified"),
        (7, 36_937, "classified"),
        (8, 38_503, "classified"),
        (None, None, "retired"),
    ]
    assert [e.group for e in sheet.entries[:2]] == ["CN", "CN"]
    assert sheet.entries[-1].reason == "saída de estrada"
    assert warnings(sheet) == []


def test_classes_by_engine_size_under_a_class_heading():
    sheet = parse(
        tabs(
            "Pos | N. | Conduttore | Vettura | Gr. | Cl. | Totale",
            "1 | 3 | QUARTIERI Marco | Norma M20 FC | E2-SC | 2000 | 5:56.29",
            "2 | 8 | FERRETTI Gian | Gloria C8F | E2-SS | 1600 | 6:08.28",
            "3 | 1 | LOMBARDINI Roberto | Osella PA21/S | CN | 2000 | 6:15.39",
            "4 | 18 | GIBERTI Andrea | Nova Proto NP01 | E2-SC | 3000 | 6:21.38",
            "5 | 2 | BELLELLI Luca | Osella PA 2000 | E2-SC | 2000 | 6:23.26",
            "6 | 22 | RINALDI Paolo | Peugeot 106 | N | 1600 | 6:40.02",
            "7 | 31 | GALLI Ivo | Renault Clio | A | 2000 | 6:44.90",
        )
    )
    got = [(e.group, e.klass) for e in sheet.entries]
    assert got == [
        ("E2-SC", "2000"),
        ("E2-SS", "1600"),
        ("CN", "2000"),
        ("E2-SC", "3000"),
        ("E2-SC", "2000"),
        ("N", "1600"),
        ("A", "2000"),
    ]


def test_a_rider_ranked_on_points_with_a_heat_not_started_stays_classified():
    sheet = parse(
        tabs(
            "Pl. | Nr. | Fahrer | Motorrad | 1. Lauf Pl. | 1. Lauf Pkt. | 2. Lauf Pl. | "
            "2. Lauf Pkt. | Gesamt Punkte",
            "1. | 159 | Nico PAUSCH | Honda CRF 450 R | 1 | 25 | 1 | 25 | 50",
            "2. | 162 | Vitus VOIT | KTM 250 SX-F | 2 | 22 | 3 | 20 | 42",
            "3. | 109 | Bernd POPP | Yamaha YZ 450 F | 3 | 20 | 2 | 22 | 42",
            "4. | 136 | Andreas RUCK | Fantic XX 250 | 4 | 18 | DNS | – | 18",
            " | 140 | Max MUSTER | KTM 125 SX | DNS | – | DNS | – | ",
        )
    )
    got = [(e.position, e.points, e.status) for e in sheet.entries]
    assert got == [
        (1, 50, "classified"),
        (2, 42, "classified"),
        (3, 42, "classified"),
        (4, 18, "classified"),
        (None, None, "dns"),
    ]


def test_class_tables_with_a_class_gap_and_an_overall_gap():
    sheet = parse(
        pasted(
            "Sij. lk;Sij. yht;Nro;Kuljettaja;Auto;Luokka;Aika;Ero lk;Ero yht",
            "Luokka SM1 - Rally2;;;;;;;;",
            "1;1;96;Öhman Lauri;Skoda Fabia;SM1;51.47,2;;",
            "2;2;71;Heikkinen Mattias;Toyota Yaris;SM1;53.00,6;+1.13,4;+1.13,4",
            "3;4;125;Björkqvist Jari;Toyota Yaris;SM1;54.14,2;+2.27,0;+2.27,0",
            "Luokka SM2 - Rally3;;;;;;;;",
            "1;3;139;Sjöberg Henri;Mitsubishi Lancer;SM2;54.01,0;;+2.13,8",
            "2;5;68;Hiltunen Jenni;Renault Clio;SM2;55.47,6;+1.46,6;+4.00,4",
            "3;6;93;Granqvist Jussi;Renault Clio;SM2;56.07,1;+2.06,1;+4.19,9",
        )
    )
    got = [(e.position, e.category, e.gap_ms) for e in sheet.entries]
    assert got == [
        (1, "Luokka SM1 - Rally2", 0),
        (2, "Luokka SM1 - Rally2", 73_400),
        (3, "Luokka SM1 - Rally2", 147_000),
        (1, "Luokka SM2 - Rally3", 0),
        (2, "Luokka SM2 - Rally3", 106_600),
        (3, "Luokka SM2 - Rally3", 126_100),
    ]
    assert [i.code for i in sheet.issues if i.level != "info"] == ["column-unknown"]  # Sij. yht


_LIVE = """<html><body><table class="table">
<thead><tr><th class="d-none">ID</th><th>Pos</th><th>N&deg;</th><th>Pilota</th><th>Naz.</th>
<th class="d-none d-lg-table-cell">Scuderia</th><th>Vettura</th><th>Cl.</th><th>Tempo</th>
<th style="display:none">ms</th></tr></thead><tbody>
<tr><td class="d-none">58448</td><td>1</td><td>68</td><td><span class="surname">ESPOSITO</span>
<span class="name">Gian Luca</span></td><td><img alt="ITA" src="ita.svg"></td>
<td class="d-none d-lg-table-cell">Target Competition</td><td>Alfa Romeo Giulietta TCR</td>
<td>TCR</td><td>26:07.555</td><td style="display:none">1567555</td></tr>
<tr><td class="d-none">56669</td><td>2</td><td>83</td><td><span class="surname">BERNASCONI</span>
<span class="name">Fabio</span></td><td><img alt="SUI" src="sui.svg"></td>
<td class="d-none d-lg-table-cell">Wolf Power Racing</td><td>Cupra Leon TCR</td>
<td>TCR</td><td>26:09.102</td><td style="display:none">1569102</td></tr>
<tr><td class="d-none">54572</td><td>3</td><td>93</td><td><span class="surname">PELLEGRINI</span>
<span class="name">Andrea</span></td><td><img alt="ITA" src="ita.svg"></td>
<td class="d-none d-lg-table-cell">MM Motorsport</td><td>Hyundai i30 N TCR</td>
<td>TCR</td><td>26:15.870</td><td style="display:none">1575870</td></tr>
</tbody></table></body></html>"""


def test_cells_a_page_hides_are_not_read_and_those_a_wide_screen_shows_are():
    sheet = parse(_LIVE.encode())
    # The hidden competitor id is no race number, the hidden milliseconds no column at all.
    assert [
        (e.position, e.number, e.crew[0].surname, e.nationality, e.club, e.time_ms)
        for e in sheet.entries
    ] == [
        (1, "68", "ESPOSITO", "ITA", "Target Competition", 1_567_555),
        (2, "83", "BERNASCONI", "SUI", "Wolf Power Racing", 1_569_102),
        (3, "93", "PELLEGRINI", "ITA", "MM Motorsport", 1_575_870),
    ]
    assert {(e.group or "") + (e.klass or "") for e in sheet.entries} == {"TCR"}
    assert [code for _, code in warnings(sheet)] in ([], ["role-doubt"])


def _class_row(number: str, name: str, prac: str, run1: str, run2: str, best: str, pos: str):
    cells = (number, name, "Mazda MX-5", "1839", prac, "40.40", run1, run2, f"<b>{best}</b>", pos)
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


# A British hill climb's class table: rows in start-number order, the place in the last column,
# practice runs before the timed ones, a failed run beside a timed one.
_HILL = (
    "<html><body><h3>Class B1 - Road-going Specialist Production Cars</h3><table>"
    "<tr><th>No</th><th>Driver</th><th>Car</th><th>cc</th><th>Prac 1</th><th>Prac 2</th>"
    "<th>Run 1</th><th>Run 2</th><th>Best</th><th>Pos</th></tr>"
    + _class_row("21", "James Wright", "40.88", "39.33", "FAIL", "39.33", "3rd")
    + _class_row("22", "David Millichip", "FAIL", "39.57", "39.70", "39.57", "4th")
    + _class_row("23", "Dave Walker", "39.80", "38.70", "38.20", "38.20", "1st")
    + _class_row("123", "Sarah Jones (L)", "39.76", "38.55", "38.32", "38.32", "2nd")
    + "</table></body></html>"
)


def test_a_class_printed_in_start_order_with_its_places_last():
    sheet = parse(_HILL.encode())
    assert [(e.number, e.position, e.time_ms, e.gap_ms, e.status) for e in sheet.entries] == [
        ("21", 3, 39_330, 1_130, "classified"),
        ("22", 4, 39_570, 1_370, "classified"),
        ("23", 1, 38_200, 0, "classified"),
        ("123", 2, 38_320, 120, "classified"),
    ]
    assert warnings(sheet) == []


def _font_table(*rows: tuple[str, ...]) -> str:
    cells = ("".join(f'<td><font face="Verdana" size="1">{c}</font></td>' for c in r) for r in rows)
    return '<table border="1">' + "".join(f"<tr>{r}</tr>" for r in cells) + "</table>"


# A page made with an old editor: its tables titled by bold paragraphs, not heading tags.
_OLD_PAGE = (
    '<html><body><p align="left"><b><font size="3">Classificação Geral</font></b></p>'
    + _font_table(
        ("Pos.", "Nº", "Piloto", "Navegador", "Viatura", "Tempo"),
        ("1º", "1", "&nbsp;Ricardo MOURA", "&nbsp;António COSTA", "Skoda Fabia R5", "00:56:00.5"),
        ("2º", "4", "&nbsp;José PEDRO", "&nbsp;Hugo MAGALHÃES", "Ford Fiesta R5", "00:56:31.2"),
    )
    + "<p>&nbsp;</p>"
    + '<p align="left"><b><font size="3">Desistências</font></b></p>'
    + _font_table(
        ("Nº", "Piloto", "Navegador", "Viatura", "PEC", "Motivo"),
        ("8", "&nbsp;Pedro PEREIRA", "&nbsp;Ana FONSECA", "Peugeot 306 S16", "PEC 7", "Motor"),
        ("19", "&nbsp;Nuno SILVA", "&nbsp;Ricardo LOUREIRO", "Seat Ibiza", "PEC 3", "Saída"),
    )
    + "<p>Classificações oficiosas.</p></body></html>"
)


def test_a_bold_paragraph_titles_the_table_under_it():
    sheet = parse(_OLD_PAGE.encode())
    assert [(e.position, e.number, e.status, e.category, e.reason) for e in sheet.entries] == [
        (1, "1", "classified", "Classificação Geral", None),
        (2, "4", "classified", "Classificação Geral", None),
        (None, "8", "retired", "Desistências", "Motor"),
        (None, "19", "retired", "Desistências", "Saída"),
    ]


def _crew_rows(pos, number, driver, car, klass, times, pen, total, gap, codriver, club, places):
    first = "".join(f"<td>{t}</td>" for t in times)
    second = "".join(f"<td>({p})</td>" for p in places)
    return (
        f'<tr><td rowspan="2">{pos}</td><td rowspan="2">{number}</td><td>{driver}</td>'
        f"<td>{car}</td><td>{klass}</td>{first}<td rowspan='2'>{pen}</td>"
        f"<td rowspan='2'><b>{total}</b></td><td>{gap}</td></tr>"
        f"<tr><td>{codriver}</td><td>{club}</td><td>1º</td>{second}<td>{gap}</td></tr>"
    )


# A rally portal's table: each crew on two rows (co-driver, club and stage places on the
# second), cells spanning both, stages headed by their number and name.
_TRAMOS = (
    "<html><body><h2>Clasificación final</h2><table>"
    '<tr><th rowspan="2">Pos.</th><th rowspan="2">Dorsal</th><th>Piloto</th><th>Vehículo</th>'
    "<th>Gr./Cl.</th><th>TC1<br>Lobeira 1</th><th>TC2<br>Moeche 1</th>"
    '<th rowspan="2">Penaliz.</th><th rowspan="2">Total</th><th>Dif. 1º</th></tr>'
    "<tr><th>Copiloto</th><th>Escudería</th><th>Pos. Cl.</th><th>Pos.</th><th>Pos.</th>"
    "<th>Dif. ant.</th></tr>"
    + _crew_rows(1, 2, "Martín Freire", "Citroën C3 Rally2", "RC2/2", ("5:41.5", "7:17.1"),
                 "&nbsp;", "12:58.6", "--", "Cristina Mouriño", "Escudería Ourense", (1, 2))
    + _crew_rows(2, 6, "Iván Barreiro", "Hyundai i20 N5", "RC2/N5", ("5:44.0", "7:16.2"),
                 "0:10.0", "13:10.2", "+11.6", "Javier Couto", "Escudería Lalín", (2, 1))
    + "</table></body></html>"
)  # fmt: skip


def test_stages_headed_by_number_and_name_over_crews_on_two_rows():
    sheet = parse(_TRAMOS.encode())
    assert [
        (
            e.position,
            e.number,
            [p.surname for p in e.crew],
            e.car,
            e.group,
            e.klass,
            [s.time_ms for s in e.splits],
            e.penalty_ms,
            e.time_ms,
            e.gap_ms,
        )
        for e in sheet.entries
    ] == [
        (1, "2", ["Freire", "Mouriño"], "Citroën C3 Rally2", "RC2", "2", [341_500, 437_100],
         None, 778_600, 0),
        (2, "6", ["Barreiro", "Couto"], "Hyundai i20 N5", "RC2", "N5", [344_000, 436_200],
         10_000, 790_200, 11_600),
    ]  # fmt: skip
    assert [s.name for s in sheet.entries[0].splits] == ["TC1 Lobeira 1", "TC2 Moeche 1"]
    assert not [w for w in warnings(sheet) if w[1] == "column-unknown"]


def _cz_row(pos: str, number: str, driver: str, codriver: str, penalty: str, total: str) -> str:
    crew = f'<img alt="CZ" src="cz.gif"> {driver}<br><img alt="CZ" src="cz.gif"> {codriver}'
    cells = (pos, number, crew, "Škoda Fabia R5", "2", penalty, total)
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


# A Czech club's page: each crew on two lines of one cell, first names no list may know.
_CZ_PAGE = (
    "<html><body><table><tr><th>Poř.</th><th>St.č.</th><th>Posádka</th><th>Vůz</th>"
    "<th>Třída</th><th>Penal.</th><th>Celkem</th></tr>"
    + _cz_row("1.", "2", "Kolář Bořivoj", "Novák Jan", "", "0:55:39,8")
    + _cz_row("2.", "5", "Šťastný Radslav", "Horák Dobroslav", "0:10", "0:56:02,1")
    + "</table></body></html>"
)


def test_a_crew_cell_of_two_name_shaped_lines_holds_two_seats():
    sheet = parse(_CZ_PAGE.encode())
    assert [
        ([(p.surname, p.first_name) for p in e.crew], e.penalty_ms, e.time_ms)
        for e in sheet.entries
    ] == [
        ([("Kolář", "Bořivoj"), ("Novák", "Jan")], None, 3_339_800),
        ([("Šťastný", "Radslav"), ("Horák", "Dobroslav")], 10_000, 3_362_100),
    ]
    # Which word is the surname stays a doubt (mixed case, two rows): not who sits where.
    assert {code for _, code in warnings(sheet)} == {"crew-uncertain"}
    assert all("two people run together" not in i.message for i in sheet.issues)


_KLASSE_HEADER = ["Pl.", "Nr.", "Bestuurder", "Navigator", None, "Wagen", "Kl.", "Tijd", "Straf",
                  "Totaal", "Verschil"]  # fmt: skip


def _klasse(title: str, klass: str, *rows: tuple) -> list[list]:
    return [
        [title],
        _KLASSE_HEADER,
        *([place, number, driver, codriver, None, car, klass, time, penalty, total, gap]
          for place, number, driver, codriver, car, time, penalty, total, gap in rows),
        [None] * 11,
    ]  # fmt: skip


def test_a_class_leader_with_a_penalty_and_no_gap_keeps_its_cells():
    # A Belgian workbook by class: the leader's empty gap beside its filled penalty is what a
    # leader's row looks like, not a cell lost (`0:20` is no total among totals of an hour).
    sheet = parse(
        _workbook(
            [
                ["RALLY VAN HASPENGOUW 2023"],
                ["Officieel eindklassement per klasse - zaterdag 16 september 2023"],
                [None] * 11,
                *_klasse(
                    "KLASSE RC2 - Rally2 / R5", "RC2",
                    (1, "1", "WOUTERS Jonas", "VERMEULEN Jens", "Škoda Fabia Rally2 evo",
                     "52:44.9", None, "52:44.9", None),
                    (2, "2", "VAN ESPEN Tom", "VERMEULEN Wout", "Škoda Fabia RS Rally2",
                     "54:26.6", None, "54:26.6", "+1:41.7"),
                    (3, "3", "ROX Jef", "MOENS Pieter", "Hyundai i20 N Rally2", "54:42.1", None,
                     "54:42.1", "+1:57.2"),
                    (4, "4", "LEMMENS Olivier", "MEEUWS Inge", "Ford Fiesta Rally2", "54:53.1",
                     None, "54:53.1", "+2:08.2"),
                    (5, "5", "MICHIELS Kevin", "HOUBEN Arne", "Hyundai i20 N Rally2", "55:57.0",
                     None, "55:57.0", "+3:12.1"),
                    (6, "7", "VAN ESPEN Bart", "PAUWELS Gert", "Volkswagen Polo GTI R5",
                     "56:51.9", None, "56:51.9", "+4:07.0"),
                ),
                *_klasse(
                    "KLASSE RC3 - Rally3", "RC3",
                    (1, "11", "DE WITTE Jef", "DIRIX Frederik", "Ford Fiesta Rally3", "57:47.7",
                     "0:20", "58:07.7", None),
                    (2, "12", "DE MEYER Davy", "KEUNEN Jolien", "Ford Fiesta Rally3", "58:38.5",
                     None, "58:38.5", "+0:30.8"),
                    (3, "13", "SCHEPERS Joris", "HUYBRECHTS Eline", "Ford Fiesta Rally3",
                     "58:48.2", None, "58:48.2", "+0:40.5"),
                    (4, "14", "BOSMANS Niek", "STEVENS Sofie", "Ford Fiesta Rally3", "59:15.5",
                     None, "59:15.5", "+1:07.8"),
                    (5, "15", "HERMANS Jan", "MEEUWS Dries", "Ford Fiesta Rally3", "59:41.9",
                     None, "59:41.9", "+1:34.2"),
                ),
            ]
        )
    )  # fmt: skip
    rc3 = [e for e in sheet.entries if e.category == "KLASSE RC3 - Rally3"]
    assert [(e.number, e.time_ms, e.penalty_ms, e.gap_ms) for e in rc3] == [
        ("11", 3_487_700, 20_000, 0),
        ("12", 3_518_500, None, 30_800),
        ("13", 3_528_200, None, 40_500),
        ("14", 3_555_500, None, 67_800),
        ("15", 3_581_900, None, 94_200),
    ]
    assert "cell-slid" not in {code for _, code in warnings(sheet)}


def test_heats_of_a_rallycross_ranked_on_points_and_a_note_below():
    sheet = parse(
        tabs(
            "Supercar",
            "Plass | Nr | Fører | Klubb | Bil | Innl. 1 | Innl. 2 | Innl. 3 | Sum | Semifinale"
            " | Finale | Poeng",
            "1 | 1 | Thorsen Tobias | NMK Hadeland | Skoda Fabia | 5 | 5 | 5 | 15 | 1 | 1 | 25",
            "2 | 31 | Haugland Martin | NMK Aurskog | Ford Fiesta | 4 | 5 | 5 | 14 | 2 | 2 | 20",
            "3 | 91 | Andersen Thea | NMK Lyngås | Audi S1 | 5 | 4 | 4 | 13 | 1 | 3 | 17",
            "",
            "Poeng: NM-poeng etter plassering i løpet.",
        )
    )
    assert [(e.position, e.number, e.points, e.klass, e.group) for e in sheet.entries] == [
        (1, "1", 25, None, None),
        (2, "31", 20, None, None),
        (3, "91", 17, None, None),
    ]
    # The heats are no class; the note is no row that could not be read.
    assert not {code for _, code in warnings(sheet)} & {"row-unreadable", "value-unreadable"}


def test_three_words_again_and_again_down_a_headerless_table_are_no_clubs():
    categories = ["PROTO", "PREPA", "SERIE"]
    surnames = ["MARTIN", "BERNARD", "DUBOIS", "THOMAS", "ROBERT", "RICHARD", "PETIT", "DURAND"]
    firsts = ["Jean", "Luc", "Anne", "Marc", "Julie", "Paul"]
    rows = [
        f"{n};{n + 10};{surnames[n % 8]} {firsts[n % 6]};{surnames[(n + 3) % 8]} "
        f"{firsts[(n + 1) % 6]};{categories[n % 3]};Peugeot 103;06:00:{n + 10:02d}.000"
        for n in range(1, 25)
    ]
    sheet = parse(pasted(*rows))
    assert {e.club for e in sheet.entries} == {None}
    assert [e.crew[0].surname for e in sheet.entries[:2]] == ["BERNARD", "DUBOIS"]


def test_a_placed_rider_with_a_race_mark_stays_classified_and_moto_club_is_the_club():
    # The day's classification of two motocross races: points and place in each race, a
    # retirement in one of them; the rider's place on the day still ranks him.
    sheet = parse(
        tabs(
            "Pos | Num | Pilota | Moto Club | Moto | Gara 1 | Gara 2 | Totale",
            "1 | 775 | MONTANARI Giuseppe | MC Brianza | Kawasaki KX 250 | 25 (1°) | 25 (1°) | 50",
            "2 | 236 | GALLO Mattia | MC Gazzaniga | Fantic XXF 250 | 20 (3°) | 20 (3°) | 40",
            "3 | 4 | DE ANGELIS Samuele | MC Sebino | Fantic XXF 250 | RIT | 18 (4°) | 18",
            "4 | 827 | BIANCO Kevin | MC Brianza | KTM 250 SX-F | 16 (5°) | RIT | 16",
        )
    )
    assert [(e.position, e.number, e.club, e.status) for e in sheet.entries] == [
        (1, "775", "MC Brianza", "classified"),
        (2, "236", "MC Gazzaniga", "classified"),
        (3, "4", "MC Sebino", "classified"),
        (4, "827", "MC Brianza", "classified"),
    ]


def test_a_non_starter_marked_in_both_runs_is_a_row_not_a_header():
    sheet = parse(
        tabs(
            "Pos | Dorsal | Piloto | Escudería | Vehículo | Gr | Cl | Manga 1 | Manga 2 | Total",
            "1 | 12 | LÓPEZ RUIZ, Antonio | RACE | Porsche 911 GT3 | GT | 1 | 2:01.420 | 2:00.980"
            " | 4:02.400",
            "2 | 15 | GARCÍA PÉREZ, Luis | RACE | BMW M3 E30 | H | 3 | 2:05.110 | 2:04.870"
            " | 4:09.980",
            "",
            "NO CLASIFICADOS",
            " | 27 | SUÁREZ AGUILAR, Salvador | Esc. Motor Sport Sur | Citroën Saxo VTS | N | 2"
            " | No sale | No sale",
            " | 32 | DÍAZ GÓMEZ, José Antonio | Esc. Jaén | Renault Clio RS | N | 2 | Abandono",
        )
    )
    assert [(e.number, e.crew[0].surname, e.status) for e in sheet.entries] == [
        ("12", "LÓPEZ RUIZ", "classified"),
        ("15", "GARCÍA PÉREZ", "classified"),
        ("27", "SUÁREZ AGUILAR", "dns"),
        ("32", "DÍAZ GÓMEZ", "retired"),
    ]
