"""Printed classifications as timing programs lay them out: records over two lines under a
header over two lines (the co-driver, the club and the gap to the car ahead on the second), a
team over its drivers, a gap alone under the total, a title with a count beside it, a Rallye 2
mark after the names, and a group going on over a PDF page break."""

from __future__ import annotations

from fpdf import FPDF

from results.parsing import parse
from tests.parsing.made import pasted, warnings


def _fixed(widths: tuple[int, ...], *rows: tuple[str, ...]) -> list[str]:
    """Lines of cells padded to `widths` (a negative width aligns right), as printed."""
    lines = []
    for row in rows:
        cells = [
            cell.rjust(-w) if w < 0 else cell.ljust(w) for w, cell in zip(widths, row, strict=False)
        ]
        lines.append("".join(cells).rstrip())
    return lines


RALLY = pasted(
    "CLASSEMENT GÉNÉRAL OFFICIEL",
    "",
    *_fixed(
        (-5, -5, 3, 18, 5, 21, 6, 9, 10, -12),
        ("Clt", "N°", "", "Pilote", "", "Voiture", "Gr.", "Cl.", "Temps", "Ecart 1er"),
        ("", "", "", "Copilote", "", "ASA", "", "", "", "Ecart préc."),
        ("1", "1", "", "ROCHE Adrien", "", "VW Polo GTI R5", "RC2", "Rally2", "41:38.0"),
        ("", "", "", "JACQUET Pascal", "", "ASA Bauges"),
        (
            "2",
            "2",
            "",
            "BOUCHER Olivier",
            "",
            "Hyundai i20 N",
            "RC2",
            "Rally2",
            "43:01.0",
            "+1:23.0",
        ),
        ("", "", "", "VANNIER Hugo", "", "ASA Mont-Blanc", "", "", "", "+1:23.0"),
        ("3", "4", "", "LABBÉ Axel", "", "Lancer Evo IX", "N", "N4", "44:25.8", "+2:47.8"),
        ("", "", "", "GRANIER Gilles", "", "ASA Drôme", "", "", "", "+1:24.8"),
        (
            "4",
            "8",
            "",
            "PONS Grégory",
            "",
            "Peugeot 208 Rally4",
            "RC4",
            "Rally4",
            "54:39.6",
            "+13:01.6",
        ),
        ("", "", "", "PONS Xavier", "R2", "ASA Pays de Gex", "", "", "", "+10:13.8"),
    ),
)


def test_a_record_over_two_lines_keeps_its_gap_to_the_car_ahead_on_the_second():
    sheet = parse(RALLY)
    crews = [[p.surname for p in e.crew] for e in sheet.entries]
    assert crews == [
        ["ROCHE", "JACQUET"],
        ["BOUCHER", "VANNIER"],
        ["LABBÉ", "GRANIER"],
        ["PONS", "PONS"],
    ]
    got = [(e.position, e.number, e.club, e.gap_ms, e.status) for e in sheet.entries]
    assert got == [
        (1, "1", "ASA Bauges", 0, "classified"),
        (2, "2", "ASA Mont-Blanc", 83_000, "classified"),
        (3, "4", "ASA Drôme", 167_800, "classified"),
        (4, "8", "ASA Pays de Gex", 781_600, "rally2"),  # `R2` after the co-driver
    ]
    assert warnings(sheet) == []


def _printed(pages: list[list[tuple[float, str]]], size: float = 8) -> bytes:
    """A PDF of `pages`, each a list of lines, each line a list of (x in mm, text)."""
    pdf = FPDF(orientation="L")
    for lines in pages:
        pdf.add_page()
        pdf.set_font("helvetica", size=size)
        for y, line in enumerate(lines):
            for x, text in line:
                pdf.text(x, 15 + 5 * y, text)
    return bytes(pdf.output())


TEAM_COLUMNS = (10, 25, 40, 110, 130, 150, 180, 205)


def _team_line(*cells: str) -> list[tuple[float, str]]:
    return [(x, c) for x, c in zip(TEAM_COLUMNS, cells, strict=False) if c]


def test_a_team_over_its_drivers_and_its_place_in_its_category():
    lines = [
        [(10, "CLASSEMENT FINAL / EINDKLASSEMENT")],
        _team_line(
            "Pos.", "Kart", "Équipe / Team", "Cat.", "Tours", "Temps total", "Écart", "Meill. tour"
        ),
        _team_line(
            "", "", "Pilotes / Piloten", "", "Ronden", "Totale tijd", "Verschil", "Snelste ronde"
        ),
        _team_line("1", "25", "RPM AALST", "PRO (1)", "1272", "24:00:41.233", "", "59.259"),
        _team_line("", "", "Koen DE BACKER - Loïc WILLEMS - Wim JACOBS"),
        _team_line("2", "30", "LES CHARBONNIERS", "PRO (2)", "1272", "24:00:59.710", "+18.477"),
        _team_line("", "", "Wim GILLARD - Renaud JANSSENS"),
        _team_line("3", "12", "KART ANGELS", "GENT (1)", "1266", "24:01:33.180", "6 tours"),
        _team_line("", "", "Quentin JANS - Stijn COOLS - Glenn COOLS"),
    ]
    lines[5].append((205, "58.891"))
    lines[7].append((205, "59.288"))
    sheet = parse(_printed([lines]), filename="24h.pdf")
    got = [
        (e.position, e.team, [p.surname for p in e.crew], e.klass or e.group, e.class_position)
        for e in sheet.entries
    ]
    assert got == [
        (1, "RPM AALST", ["DE BACKER", "WILLEMS", "JACOBS"], "PRO", 1),
        (2, "LES CHARBONNIERS", ["GILLARD", "JANSSENS"], "PRO", 2),
        (3, "KART ANGELS", ["JANS", "COOLS", "COOLS"], "GENT", 1),
    ]
    assert [(e.laps, e.best_lap_ms) for e in sheet.entries] == [
        (1272, 59_259),
        (1272, 58_891),
        (1266, 59_288),
    ]


RETIRED_COLUMNS = (10, 25, 85, 130, 150)


def test_a_title_with_a_count_beside_it_is_no_header():
    row = lambda *cells: [(x, c) for x, c in zip(RETIRED_COLUMNS, cells, strict=False) if c]  # noqa: E731
    lines = [
        [(10, "ABANDONS"), (230, "2 équipages")],
        row("N°", "Pilote / Copilote", "Voiture", "Cl.", "Motif"),
        row("5", "DUFOUR Patrice", "Skoda Fabia Rally2", "Rally2", "Sortie de route"),
        row("", "BESSON Franck"),
        row("12", "CHAUVIN Valentin", "VW Polo GTI R5", "Rally2", "Moteur"),
        row("", "CORDIER Jérémy"),
    ]
    sheet = parse(_printed([lines]), filename="abandons.pdf")
    got = [(e.number, [p.surname for p in e.crew], e.status, e.reason) for e in sheet.entries]
    assert got == [
        ("5", ["DUFOUR", "BESSON"], "retired", "Sortie de route"),
        ("12", ["CHAUVIN", "CORDIER"], "retired", "Moteur"),
    ]


def test_a_gap_alone_under_the_total_is_no_record():
    widths = (-4, -6, 2, 18, 17, -5, -11, -11, -11)
    sheet = parse(
        pasted(
            "Klasse 1 - Gruppe G - bis 1600 ccm",
            *_fixed(
                widths,
                ("Pl.", "Nr.", "", "Fahrer", "Fahrzeug", "ccm", "Lauf 1", "Lauf 2", "Gesamt"),
                (
                    "1.",
                    "101",
                    "",
                    "Graf, Thomas",
                    "Peugeot 106 GTI",
                    "1587",
                    "1:57,319",
                    "1:55,173",
                    "3:52,492",
                ),
                (
                    "2.",
                    "103",
                    "",
                    "Krause, Tobias",
                    "VW Polo GTI",
                    "1598",
                    "1:57,875",
                    "1:57,814",
                    "3:55,689",
                ),
                ("", "", "", "", "", "", "", "", "+3,197"),
                (
                    "3.",
                    "105",
                    "",
                    "Auer, Florian",
                    "Honda CRX 1.6",
                    "1590",
                    "1:58,610",
                    "1:59,186",
                    "3:57,796",
                ),
                ("", "", "", "", "", "", "", "", "+5,304"),
            ),
        )
    )
    got = [(e.position, e.number, e.time_ms, e.gap_ms, e.capacity) for e in sheet.entries]
    assert got == [
        (1, "101", 232_492, 0, "1587"),
        (2, "103", 235_689, 3_197, "1598"),
        (3, "105", 237_796, 5_304, "1590"),
    ]
    assert warnings(sheet) == []


def _page(pdf: FPDF, title: str, rows: list[tuple[str, ...]], shift: float = 0) -> None:
    """A page of a hill climb's classification by group; `shift` moves its columns (a page
    laid out anew, as a group's length makes the program do)."""
    pdf.add_page()
    pdf.set_font("helvetica", size=9)
    y = 20
    pdf.text(15, y, "27e COURSE DE COTE DE MONTGUEUX - CLASSEMENT PAR GROUPE")
    y += 12
    pdf.text(15, y, title)
    y += 8
    columns = [x + shift for x in (15, 30, 45, 110, 135)]
    for x, heading in zip(columns, ("Clt", "N°", "Pilote", "Meilleure", "Ecart"), strict=True):
        pdf.text(x, y, heading)
    for row in rows:
        y += 6
        for x, cell in zip(columns, row, strict=True):
            pdf.text(x, y, cell)


def test_a_group_going_on_over_a_page_break_is_one_table():
    pdf = FPDF()
    _page(
        pdf,
        "Groupe F2000",
        [
            ("1", "46", "Florian BESNARD", "1:05.779", ""),
            ("2", "53", "Franck DROUET", "1:07.855", "+2.076"),
            ("3", "61", "Hervé MASSON", "1:08.456", "+2.677"),
        ],
    )
    _page(
        pdf,
        "Montgueux 2024 - Groupe F2000 (suite)",
        [
            ("4", "58", "Hervé VASSEUR", "1:12.169", "+6.390"),
            ("5", "59", "Cédric COLLET", "1:12.265", "+6.486"),
        ],
        shift=6,
    )
    sheet = parse(bytes(pdf.output()), filename="montgueux.pdf")
    got = [(e.page, e.position, e.gap_ms) for e in sheet.entries]
    assert got == [(1, 1, 0), (1, 2, 2_076), (1, 3, 2_677), (2, 4, 6_390), (2, 5, 6_486)]
    assert len({e.table for e in sheet.entries}) == 1
    assert warnings(sheet) == []


def test_another_group_on_the_next_page_is_its_own_table():
    pdf = FPDF()
    _page(pdf, "Groupe F2000", [("1", "46", "Florian BESNARD", "1:05.779", "")])
    _page(
        pdf,
        "Groupe GT",
        [
            ("1", "64", "Nicolas BONNET", "1:00.808", ""),
            ("2", "67", "Céline GARNIER", "1:01.332", "+0.524"),
        ],
    )
    sheet = parse(bytes(pdf.output()), filename="montgueux.pdf")
    got = [(e.position, e.gap_ms, e.category) for e in sheet.entries]
    assert got == [(1, 0, "Groupe F2000"), (1, 0, "Groupe GT"), (2, 524, "Groupe GT")]


def test_an_unknown_heading_over_a_known_one_is_read():
    # The second line's `ASA` under a heading Podium does not know: two fields, no failure.
    sheet = parse(
        pasted(
            *_fixed(
                (-5, -5, 3, 18, 21, 10),
                ("Clt", "N°", "", "Pilote", "Zorglub", "Temps"),
                ("", "", "", "Copilote", "ASA", ""),
                ("1", "7", "", "ROCHE Adrien", "xyz", "41:38.0"),
                ("", "", "", "JACQUET Paul", "ASA Bauges", ""),
                ("2", "9", "", "LABBÉ Axel", "xyz", "44:25.8"),
                ("", "", "", "GRANIER Luc", "ASA Drôme", ""),
            )
        )
    )
    assert [(e.position, e.time_ms, e.club) for e in sheet.entries] == [
        (1, 2_498_000, "ASA Bauges"),
        (2, 2_665_800, "ASA Drôme"),
    ]


def _html_table(title: str, rows: list[str]) -> str:
    head = "<tr><th>Pos</th><th>N°</th><th>Equipaggio / Scuderia</th><th>Tempo</th></tr>"
    return f"<h2>{title}</h2><table>{head}{''.join(rows)}</table>"


def _crew_row(pos: int, no: int, crew: str, team: str, time: str) -> str:
    return f"<tr><td>{pos}</td><td>{no}</td><td>{crew}<br>{team}</td><td>{time}</td></tr>"


def test_the_classification_by_class_beside_the_overall_one_is_kept_with_its_teams():
    overall = [
        _crew_row(1, 1, "CONTI Luca / ESPOSITO Federico", "Rally Team Garda", "48'13.8"),
        _crew_row(2, 3, "MORELLI Giulia / FARINA Pietro", "Jolly Racing", "49'22.0"),
        _crew_row(3, 6, "MARINI Sara / RICCI Nicola", "Jolly Racing", "49'40.5"),
        _crew_row(4, 8, "BRUNO Marco / CONTE Andrea", "Destra 4", "50'02.1"),
    ]
    by_class = [
        "<tr><td colspan='4'>Classe Rally2</td></tr>",
        _crew_row(1, 1, "CONTI Luca / ESPOSITO Federico", "Rally Team Garda", "48'13.8"),
        _crew_row(2, 6, "MARINI Sara / RICCI Nicola", "Jolly Racing", "49'40.5"),
        "<tr><td colspan='4'>Classe RGT</td></tr>",
        _crew_row(1, 3, "MORELLI Giulia / FARINA Pietro", "Jolly Racing", "49'22.0"),
        _crew_row(2, 8, "BRUNO Marco / CONTE Andrea", "Destra 4", "50'02.1"),
    ]
    page = (
        "<html><body>"
        + _html_table("Classifica Assoluta", overall)
        + _html_table("Classifica per Classe", by_class)
        + "</body></html>"
    )
    sheet = parse(page.encode(), filename="classifica.html")
    got = [(e.position, e.number, e.club, len(e.crew)) for e in sheet.entries]
    assert got == [
        (1, "1", "Rally Team Garda", 2),
        (2, "3", "Jolly Racing", 2),
        (3, "6", "Jolly Racing", 2),
        (4, "8", "Destra 4", 2),
        (1, "1", "Rally Team Garda", 2),
        (2, "6", "Jolly Racing", 2),
        (1, "3", "Jolly Racing", 2),
        (2, "8", "Destra 4", 2),
    ]
    assert [p.surname for p in sheet.entries[0].crew] == ["CONTI", "ESPOSITO"]


def test_a_co_driver_under_the_driver_in_mixed_case_is_a_seat_of_its_own():
    # Polish headings over two lines: `Pilot` under `Kierowca` is the next seat, `do poprz.`
    # under `Strata` the gap to the crew ahead, `Automobilklub` under the car the club.
    sheet = parse(
        pasted(
            *_fixed(
                (-5, -6, 3, 24, 32, 7, 10, -10),
                ("Msc.", "Nr", "", "Kierowca", "Samochód", "Klasa", "Czas", "Strata"),
                ("", "", "", "Pilot", "Automobilklub / zespół", "", "w tym kary", "do poprz."),
                ("1.", "1", "", "Grzegorz Jóźwiak", "Mitsubishi Lancer Evo X", "4", "46:27.6"),
                ("", "", "", "Zbigniew Majka", "Automobilklub Mielecki"),
                ("2.", "2", "", "Łukasz Krawczyk", "Subaru Impreza STi", "4", "47:48.7", "+1:21.1"),
                ("", "", "", "Tomasz Szajna", "Automobilklub Mielecki", "", "", "+1:21.1"),
                (
                    "3.",
                    "4",
                    "",
                    "Łukasz Hajduk",
                    "Mitsubishi Lancer Evo X",
                    "4",
                    "47:56.4",
                    "+1:28.8",
                ),
                ("", "", "", "Małgorzata Dąbrowska", "Automobilklub Dębicki", "", "", "+7.7"),
                (
                    "4.",
                    "5",
                    "",
                    "Szymon Żółkiewski",
                    "Mitsubishi Lancer Evo X",
                    "4",
                    "49:09.7",
                    "+2:42.1",
                ),
                (
                    "",
                    "",
                    "",
                    "Jarosław Sikora",
                    "Automobilklub Dębicki",
                    "",
                    "kara 0:10.0",
                    "+1:13.3",
                ),
            ),
        )
    )
    # No casing tells which word is the surname; each person is whole, each in a seat.
    got = [([{p.first_name, p.surname} for p in e.crew], e.club, e.gap_ms) for e in sheet.entries]
    assert got == [
        ([{"Grzegorz", "Jóźwiak"}, {"Zbigniew", "Majka"}], "Automobilklub Mielecki", 0),
        ([{"Łukasz", "Krawczyk"}, {"Tomasz", "Szajna"}], "Automobilklub Mielecki", 81_100),
        ([{"Łukasz", "Hajduk"}, {"Małgorzata", "Dąbrowska"}], "Automobilklub Dębicki", 88_800),
        ([{"Szymon", "Żółkiewski"}, {"Jarosław", "Sikora"}], "Automobilklub Dębicki", 162_100),
    ]
    assert [e.penalty_ms for e in sheet.entries] == [None, None, None, 10_000]
    # Polish first names are known: which word is the surname is no doubt left.
    assert [p.surname for p in sheet.entries[0].crew] == ["Jóźwiak", "Majka"]
    assert [i for i in sheet.issues if i.level != "info"] == []


RACE_HEAD = "Pos No.  Driver          Car    Laps  Total Tm     Diff   Best Tm In Lp  Best Mph"
RACE_ROWS = [
    "  1  20  Logan Novak     Swift    18 28:54.049    -----  1:34.604     4    93.231",
    "  2  97  Steve Brennan   Ralt     18 29:00.872    6.823  1:35.136    16    92.709",
    "  3  36  Cody Castellan  Vandie   17 29:01.625           1:34.841     9    92.998",
    "  4  33  Steve Ostrand   Stohr    16 29:10.757           1:35.512    10    92.344",
]


def test_a_race_print_over_two_pages_is_one_table_and_lapped_cars_have_no_gap():
    title = "GROUP 3 (FA/FF) - RACE 1 - RESULTS"
    footer = "Orbits 5.4 - Sports Timing  Printed: 6/9/2024 3:42:18 PM"
    page_2 = "\f" + title
    sheet = parse(
        pasted(title, RACE_HEAD, *RACE_ROWS[:2], footer, page_2, RACE_HEAD, *RACE_ROWS[2:], footer)
    )
    got = [(e.position, e.laps, e.time_ms, e.gap_ms) for e in sheet.entries]
    assert got == [
        (1, 18, 1_734_049, 0),
        (2, 18, 1_740_872, 6_823),
        (3, 17, 1_741_625, None),  # a lap down: no gap in time
        (4, 16, 1_750_757, None),
    ]
    # The best lap and the lap it was set on; a speed in mph is no speed in km/h.
    assert [(e.best_lap_ms, e.best_lap_no, e.speed_kmh) for e in sheet.entries] == [
        (94_604, 4, None),
        (95_136, 16, None),
        (94_841, 9, None),
        (95_512, 10, None),
    ]
    assert len({e.table for e in sheet.entries}) == 1
    assert warnings(sheet) == []


def test_spans_side_by_side_in_a_cell_are_two_words():
    row = (
        "<tr><td>{pos}</td><td>{no}</td><td><span class='cognome'>{name}</span> "
        "<span class='nome'>{first}</span></td><td><span class='gruppo'>{group}</span>"
        "<span class='classe'>{klass}</span></td><td>{time}</td></tr>"
    )
    rows = [
        row.format(
            pos=1, no=1, name="CONTI", first="Luca", group="RC2", klass="Rally2", time="48'13.8"
        ),
        row.format(
            pos=2, no=3, name="MORELLI", first="Giulia", group="RGT", klass="RGT", time="49'22.0"
        ),
        row.format(
            pos=3, no=6, name="MARINI", first="Sara", group="RC4", klass="Rally4", time="49'40.5"
        ),
    ]
    page = (
        "<html><body><table><tr><th>Pos</th><th>N°</th><th>Pilota</th><th>Gr./Cl.</th>"
        f"<th>Tempo</th></tr>{''.join(rows)}</table></body></html>"
    )
    sheet = parse(page.encode(), filename="classifica.html")
    assert [(e.group, e.klass) for e in sheet.entries] == [
        ("RC2", "Rally2"),
        ("RGT", "RGT"),
        ("RC4", "Rally4"),
    ]
    assert warnings(sheet) == []


def test_a_superscript_after_a_name_is_a_note_mark_and_after_a_place_part_of_it():
    page = (
        "<html><body><table><tr><th>Clt</th><th>N°</th><th>Pilote</th><th>Temps</th></tr>"
        "<tr><td>1<sup>er</sup></td><td>4</td><td>COPPOLA Giuseppe<sup>U25</sup></td>"
        "<td>27'41\"3</td></tr>"
        "<tr><td>2<sup>e</sup></td><td>9</td><td>MAZZA Anna<sup>*</sup></td>"
        "<td>27'50\"1</td></tr></table></body></html>"
    )
    sheet = parse(page.encode(), filename="resultats.html")
    got = [(e.position, [(p.surname, p.first_name) for p in e.crew]) for e in sheet.entries]
    assert got == [(1, [("COPPOLA", "Giuseppe")]), (2, [("MAZZA", "Anna")])]
    assert warnings(sheet) == []


# A Czech rally's overall results as its timing program prints them: the crew column over two
# lines (driver, then co-driver), the car with its entrant under it in a column headed
# `Vůz / Soutěžící`; then the crews that did not finish, a crew to a line.
CZECH = pasted(
    "OFICIÁLNÍ VÝSLEDKY – CELKOVÉ POŘADÍ",
    "",
    *_fixed(
        (-4, -7, 3, 22, 26, 6, 5, 9, 9, 8, -11, -10),
        (
            "Poř.",
            "St.č.",
            "",
            "Posádka",
            "Vůz / Soutěžící",
            "Sk.",
            "Tř.",
            "RZ1",
            "RZ2",
            "Tresty",
            "Celkem",
            "Ztráta",
        ),
        (
            "1.",
            "2",
            "",
            "Kopecký Tomáš",
            "Škoda Fabia RS Rally2",
            "RC2",
            "2",
            "5:38,5",
            "7:02,5",
            "",
            "12:41,0",
        ),
        ("", "", "", "Bělohlávková Markéta", "Rally Klub Příbram"),
        (
            "2.",
            "1",
            "",
            "Doležal Aleš",
            "Hyundai i20 N Rally2",
            "RC2",
            "2",
            "5:43,8",
            "7:06,9",
            "0:10",
            "13:00,7",
            "+19,7",
        ),
        ("", "", "", "Blažek Lukáš", "AK Hořice v AČR"),
        (
            "3.",
            "7",
            "",
            "Ševčík Jakub",
            "Ford Fiesta Rally3",
            "RC3",
            "3",
            "5:56,0",
            "7:14,6",
            "",
            "13:10,6",
            "+29,6",
        ),
        ("", "", "", "Vaněková Zuzana", "Rally Team Klatovy"),
    ),
    "",
    "NEDOKONČILI",
    *_fixed(
        (-7, 3, 40, 26, 5, 6, 20),
        ("St.č.", "", "Posádka", "Vůz", "Tř.", "RZ", "Důvod"),
        ("9", "", "Žák Karel – Pokorný Jaroslav", "Mitsubishi Lancer Evo IX", "11", "RZ2", "motor"),
        ("11", "", "Holub Radek – Mašek Ondřej", "Citroën C3 Rally2", "2", "RZ1", "havárie"),
    ),
)


def test_a_czech_printout_with_the_crew_over_two_lines_and_the_entrant_under_the_car():
    sheet = parse(CZECH)
    got = [
        (
            e.position,
            e.number,
            [(p.surname, p.first_name) for p in e.crew],
            e.car,
            e.team,
            e.klass,
            e.status,
            e.reason,
        )
        for e in sheet.entries
    ]
    assert got == [
        (1, "2", [("Kopecký", "Tomáš"), ("Bělohlávková", "Markéta")],
         "Škoda Fabia RS Rally2", "Rally Klub Příbram", "2", "classified", None),
        (2, "1", [("Doležal", "Aleš"), ("Blažek", "Lukáš")],
         "Hyundai i20 N Rally2", "AK Hořice v AČR", "2", "classified", None),
        (3, "7", [("Ševčík", "Jakub"), ("Vaněková", "Zuzana")],
         "Ford Fiesta Rally3", "Rally Team Klatovy", "3", "classified", None),
        (None, "9", [("Žák", "Karel"), ("Pokorný", "Jaroslav")],
         "Mitsubishi Lancer Evo IX", None, "11", "retired", "motor"),
        (None, "11", [("Holub", "Radek"), ("Mašek", "Ondřej")],
         "Citroën C3 Rally2", None, "2", "retired", "havárie"),
    ]  # fmt: skip
    assert [(e.time_ms, e.gap_ms, e.penalty_ms) for e in sheet.entries[:3]] == [
        (761_000, 0, None),
        (780_700, 19_700, 10_000),
        (790_600, 29_600, None),
    ]


def test_a_historic_rally_copied_from_its_pdf_with_a_tie_and_a_wrapped_car():
    sheet = parse(
        pasted(
            " Cl.   N°   Pilote / Copilote                     Voiture                   Gr/Cl"
            "       Temps / Ecart",
            "",
            "   1   201  MARTINET Gilles / BERTHOUD Sylvie     Porsche 911 SC            4/5-C8"
            "      en 1h02'17\"4",
            "   2   205  CHAPUIS Olivier / CHAPUIS Marine      BMW M3 E30                AJ2-E7"
            '      à 37"1',
            "   3   214  BOUCHARD Didier / MONNERET Laetitia   Porsche 911 Carrera RS    4/5-C8"
            "      à 2'47\"2",
            "                                                  3.0",
            "   3   220  PERRIN Jean-Louis / DESBOIS Fabrice   Alpine A110 1600 S        4/5-B5"
            "      à 2'47\"2",
            "   5   209  GIRARDOT Stéphane / CLERC Aurélie     BMW M3 E30                AJ2-E7"
            "      à 3'30\"8",
        )
    )
    got = [(e.position, e.number, e.car, e.group, e.klass, e.time_ms) for e in sheet.entries]
    assert got == [
        (1, "201", "Porsche 911 SC", "4/5", "C8", 3_737_400),
        (2, "205", "BMW M3 E30", "AJ2", "E7", 3_774_500),
        (3, "214", "Porsche 911 Carrera RS 3.0", "4/5", "C8", 3_904_600),
        (3, "220", "Alpine A110 1600 S", "4/5", "B5", 3_904_600),
        (5, "209", "BMW M3 E30", "AJ2", "E7", 3_948_200),
    ]
    assert warnings(sheet) == []


def test_a_total_with_the_penalty_it_holds_in_brackets():
    sheet = parse(
        pasted(
            *_fixed(
                (-4, -5, 1, 34, 22, 7, 8, 22, 10),
                ("Clt", "N°", "", "Pilote / Copilote", "Voiture", "Gr.", "Cl.",
                 "Temps (dont pén.)", "Ecart"),
                ("1", "4", "", "DURAND Anthony / ANDRE Jean-Marc", "Hyundai i20 N Rally2", "R",
                 "Rally2", "58:45.2 (0:10)"),
                ("2", "11", "", "MÉTRAL Mickaël / DUBOIS Arnaud", "Hyundai i20 N Rally2", "R",
                 "Rally2", "58:49.2", "+4.0"),
                ("3", "6", "", "ROUX Anthony / COMBE Thomas", "Skoda Fabia Rally2", "R",
                 "Rally2", "1:00:23.5 (0:10)", "+1:38.3"),
            )
        )
    )  # fmt: skip
    assert [(e.time_ms, e.penalty_ms, e.gap_ms) for e in sheet.entries] == [
        (3_525_200, 10_000, 0),
        (3_529_200, None, 4_000),
        (3_623_500, 10_000, 98_300),
    ]
    assert warnings(sheet) == []
