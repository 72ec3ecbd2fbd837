"""Layouts of printed and exported sheets met in timing programs' output: records whose cells
are centred on their middle line, a second line that repeats no position or number but holds
more than words, a class's place in brackets after the class, a page heading over the repeated
header, a crew that never finished a run, and a workbook with one entrant's pit stops per table
beside the results."""

from __future__ import annotations

import io

import openpyxl

from results.parsing import parse


def _centred() -> bytes:
    """A rally's results printed from a table whose crew and car cells hold two lines: the
    position, number and times sit on the middle line of each record."""
    head = "Clt N°   Pilote / Copilote      Voiture             Gr./Cl.      Temps       Ecart"
    rows = [
        ("1", "4", "MARTIN Paul", "Skoda Fabia", "DUBOIS Anne", "Rally2 Evo", "R5", "47'59.3", ""),
        ("2", "9", "GIRAUD Luc", "Peugeot 208", "PERRIN Lea", "Rally4", "R2", "48'44.5", "+ 45.2"),
        ("3", "2", "ROCHE Marc", "Citroen C3", "BLANC Eva", "Rally2", "R5", "49'07.8", "+ 1'08.5"),
    ]
    lines = ["RALLYE DES MONTS - CLASSEMENT GENERAL", "", head, ""]
    for pos, no, driver, make, codriver, model, klass, time, gap in rows:
        lines.append(f"         {driver:<22} {make:<19}")
        lines.append(f"{pos:>3} {no:>3}{'':<43} {klass:<12} {time:<11} {gap}".rstrip())
        lines.append(f"         {codriver:<22} {model:<19}")
    return ("\n".join(lines) + "\n").encode()


def test_a_record_centred_on_its_middle_line_takes_the_half_line_above_it():
    sheet = parse(_centred())
    got = [
        (
            e.line,
            e.position,
            e.number,
            [p.surname for p in e.crew],
            e.car,
            (e.group or "") + (e.klass or ""),
            e.time_ms,
        )
        for e in sheet.entries
    ]
    assert got == [
        (6, 1, "4", ["MARTIN", "DUBOIS"], "Skoda Fabia Rally2 Evo", "R5", 2_879_300),
        (9, 2, "9", ["GIRAUD", "PERRIN"], "Peugeot 208 Rally4", "R2", 2_924_500),
        (12, 3, "2", ["ROCHE", "BLANC"], "Citroen C3 Rally2", "R5", 2_947_800),
    ]
    assert [e.gap_ms for e in sheet.entries] == [0, 45_200, 68_500]


def _gesamtwertung() -> bytes:
    """Two lines a record: the co-driver, a nationality, a club and the class's place `(1)`
    under the class, with nothing under the position and the number."""
    head = (
        "Pl.  Nr. Fahrer / Beifahrer      Nat. Club               Fahrzeug              "
        "Klasse  Gesamtzeit"
    )
    rows = [
        ("1.", "1", "Lüdtke, Marcel", "Brandstätter, Julia", "D", "A", "MSC Gießen", "AC Graz",
         "Škoda Fabia Rally2", "RC2", "1", "52:31,7"),
        ("2.", "4", "Krämer, Tobias", "Wendt, Lena", "D", "D", "AC Wetzlar", "MSC Marburg",
         "Hyundai i20 N Rally2", "RC2", "2", "52:44,1"),
        ("3.", "9", "Seidl, Jan", "Pohl, Markus", "D", "D", "MSC Vogelsberg", "MSC Fulda",
         "Mitsubishi Lancer", "NC1", "1", "54:18,2"),
    ]  # fmt: skip
    lines = ["ADAC Rallye - Gesamtwertung", "", head, ""]
    for pl, nr, driver, codriver, nat1, nat2, club1, club2, car, klasse, place, time in rows:
        lines.append(
            f"{pl:<4} {nr:>3} {driver:<24} {nat1:<4} {club1:<18} {car:<21} {klasse:<7} {time}"
        )
        lines.append(f"{'':<9}{codriver:<24} {nat2:<4} {club2:<18} {'':<21} ({place})")
    return ("\n".join(lines) + "\n").encode()


def test_a_second_line_with_a_club_and_a_class_place_continues_its_record():
    sheet = parse(_gesamtwertung())
    got = [
        (e.position, e.number, [p.surname for p in e.crew], e.klass, e.class_position, e.time_ms)
        for e in sheet.entries
    ]
    assert got == [
        (1, "1", ["Lüdtke", "Brandstätter"], "RC2", 1, 3_151_700),
        (2, "4", ["Krämer", "Wendt"], "RC2", 2, 3_164_100),
        (3, "9", ["Seidl", "Pohl"], "NC1", 1, 3_258_200),
    ]


def test_a_code_in_brackets_after_a_class_stays_part_of_the_class():
    text = (
        "Pl;Nr;Fahrer;Klasse;Zeit\n1;5;HUBER Max;18 (C28);4:12,3\n2;7;MAIER Tom;18 (C28);4:15,0\n"
    )
    sheet = parse(text.encode(), filename="r.csv")
    assert [(e.klass, e.class_position) for e in sheet.entries] == [
        ("18 (C28)", None),
        ("18 (C28)", None),
    ]


HEAD = (
    " Pos  Class  Car#   Driver                   Car                    Run 1     Run 2       Best"
)


def _autocross() -> bytes:
    """Two pages, each under the event's heading, whose words are set two spaces apart like
    headings; the header repeats on page 2; a crew that never finished a run has DNF in every
    run's column."""

    def row(pos, cls, no, driver, car, run1, run2, best):
        runs = f"{run1:<8}  {run2:<8}  {best:>7}"
        return f" {pos:>3}  {cls:<5}  {no:<5}  {driver:<23}  {car:<21}  {runs}"

    page = ["", "                       OVERALL  RAW  TIME  RESULTS", "", HEAD, ""]
    # On the first page, a line of the event's rules between the heading and the header.
    lines = [page[1], "           (Best run counts; +N = cones hit, 2 s each)", *page[2:]]
    lines.append(
        row("1", "XP", "7", "DELACROIX Marcus", "Lotus Exige S", "43.969", "45.150", "43.969")
    )
    lines.append(
        row("2", "SS", "1", "NAKAMURA Kenji", "Corvette Z06", "44.982+1", "44.524", "44.524")
    )
    lines += ["", "Page 1 of 2", "\f"]
    lines += page
    lines.append(
        row("3", "STR", "42", "RUIZ Alejandro", "Honda S2000", "46.298", "45.022", "45.022")
    )
    lines.append(row("", "SM", "17", "HAUGEN Kristoffer", "Mazda MX-5", "DNF", "DNF", "DNF"))
    lines += ["", "Page 2 of 2"]
    return ("\n".join(lines) + "\n").encode()  # fmt: skip


def test_a_page_heading_over_the_repeated_header_and_a_row_of_dnf_are_no_headers():
    sheet = parse(_autocross())
    got = [
        (
            e.position,
            e.number,
            e.crew[0].surname,
            e.klass or e.group,
            e.time_ms,
            e.status,
        )
        for e in sheet.entries
    ]
    assert got == [
        (1, "7", "DELACROIX", "XP", 43_969, "classified"),
        (2, "1", "NAKAMURA", "SS", 44_524, "classified"),
        (3, "42", "RUIZ", "STR", 45_022, "classified"),
        (None, "17", "HAUGEN", "SM", None, "retired"),
    ]
    assert len(sheet.tables) == 1


def test_a_sheet_of_pit_stops_beside_the_results_is_set_aside():
    book = openpyxl.Workbook()
    results = book.active
    results.title = "Classification"
    results.append(["Pos", "Kart", "Team", "Drivers", "Laps", "Total Time"])
    results.append([1, 7, "Slipstream", "Jan HOFFMANN - Tom BECKER", 414, "6:00:31.218"])
    results.append([2, 3, "Apex", "Ryan WALSH - Dan WHITFIELD", 414, "6:00:43.562"])
    results.append([3, 11, "Kartel", "Adam NOWAK - Kuba ZIELINSKI", 413, "6:01:30.007"])
    stops = book.create_sheet("Pit Stops")
    stops.append(["Kart", "Team", "Stop", "Lap", "Driver Out", "Driver In", "Pit Time"])
    entrants = (
        (7, "Slipstream", "Jan HOFFMANN", "Tom BECKER"),
        (3, "Apex", "Ryan WALSH", "Dan WHITFIELD"),
        (11, "Kartel", "Adam NOWAK", "Kuba ZIELINSKI"),
    )
    for kart, team, out, into in entrants:
        for stop in range(1, 13):  # a stop every half hour of six hours
            stops.append([kart, team, stop, 30 * stop, out, into, f"{60 + stop * 7 % 19}.{stop}04"])
    data = io.BytesIO()
    book.save(data)
    sheet = parse(data.getvalue(), filename="r.xlsx")
    assert [(e.position, e.number, e.laps) for e in sheet.entries] == [
        (1, "7", 414),
        (2, "3", 414),
        (3, "11", 413),
    ]
    assert any(i.code == "table-skipped" and "one number" in i.message for i in sheet.issues)


def test_long_names_running_into_the_club_column_leave_the_columns_the_header_names():
    """A course de côte pasted from a PDF: a third of the names touch the club column with one
    space, too many for the gutter to show as a dip, but the header heads both columns and
    most rows leave the gutter free."""
    head = "Clt    N°  Pilote                     ASA                   Gr./Cl.   Meilleur"
    rows = [
        ("1", "3", "DUPRÉ-LAMBERT Jean-Christophe", "ASA Bocage", "CN/2", "1'03\"402"),
        ("2", "1", "PETIT Sébastien", "ASA Armor", "CN/2", "1'04\"101"),
        ("3", "12", "LE GUÉNNEC-KERAUDREN Anne-Sophie", "ASA Armor", "FC/3", "1'04\"979"),
        ("4", "14", "MARTIN Nicolas", "ASA Maine", "FC/3", "1'05\"612"),
        ("5", "5", "DE LA FOURNIÈRE Pierre-Édouard", "ASA Morbihan", "CM/2", "1'06\"231"),
        ("6", "41", "GUILLOU Erwan", "ASA Armor", "A/4", "1'07\"761"),
        ("7", "22", "ROUSSEL Gaëtan", "ASA Bocage", "A/4", "1'08\"004"),
        ("8", "9", "KERVAREC Yann", "ASA Armor", "N/3", "1'08\"517"),
    ]
    lines = ["COURSE DE CÔTE - CLASSEMENT GÉNÉRAL", "", head]
    for clt, no, name, asa, grcl, best in rows:
        pilot = f"{name} " if len(name) >= 26 else f"{name:<27}"
        lines.append(f"{clt:<6}{no:>3}  {pilot}{asa:<22}{grcl:<10}{best}")
    sheet = parse(("\n".join(lines) + "\n").encode())
    got = [(e.position, [(p.surname, p.first_name) for p in e.crew], e.club) for e in sheet.entries]
    assert got == [
        (1, [("DUPRÉ-LAMBERT", "Jean-Christophe")], "ASA Bocage"),
        (2, [("PETIT", "Sébastien")], "ASA Armor"),
        (3, [("LE GUÉNNEC-KERAUDREN", "Anne-Sophie")], "ASA Armor"),
        (4, [("MARTIN", "Nicolas")], "ASA Maine"),
        (5, [("DE LA FOURNIÈRE", "Pierre-Édouard")], "ASA Morbihan"),
        (6, [("GUILLOU", "Erwan")], "ASA Armor"),
        (7, [("ROUSSEL", "Gaëtan")], "ASA Bocage"),
        (8, [("KERVAREC", "Yann")], "ASA Armor"),
    ]


def _wertung() -> bytes:
    """Two pages of two-line records under a header whose second line heads the class's place;
    the header and its second line repeated on page 2; retirements with a number but no
    position, their co-drivers on the line below."""
    head = "Pl.  Nr. Fahrer / Beifahrer      Club                  Klasse     Gesamtzeit"
    under = "                                                      (Kl.-Pl.)"

    def record(pl, nr, driver, club, klasse, time, codriver, club2, place):
        first = f"{pl:<4} {nr:>3} {driver:<24} {club:<21} {klasse:<10} {time}".rstrip()
        second = f"         {codriver:<24} {club2:<21} {place}".rstrip()
        return [first, second]

    lines = ["Rallye Mittelhessen - Gesamtwertung", "", head, under, ""]
    lines += record("1.", "1", "Lüdtke, Marcel", "MSC Gießen", "RC2", "52:31,7",
                    "Brandstätter, Julia", "AC Graz", "(1)")  # fmt: skip
    lines += record("2.", "4", "Krämer, Tobias", "AC Wetzlar", "NC1", "52:44,1",
                    "Wendt, Lena", "MSC Marburg", "(1)")  # fmt: skip
    lines += ["", "Seite 1/2", "\f", head, under, ""]
    lines += record("3.", "9", "Seidl, Jan", "MSC Fulda", "RC2", "54:18,2",
                    "Pohl, Markus", "MSC Fulda", "(2)")  # fmt: skip
    lines += ["", "Ausfälle"]
    lines += record("", "22", "Vogt, Sebastian", "MSC Fulda", "NC1", "Ausfall WP2",
                    "Bergmann, Fabian", "MSC Fulda", "")  # fmt: skip
    lines += record("", "26", "Hartmann, Kevin", "MSC Odenwald", "RC2", "Ausfall WP5",
                    "Janßen, Lisa", "MSC Odenwald", "")  # fmt: skip
    return ("\n".join(lines) + "\n").encode()


def test_the_line_under_a_repeated_header_and_second_lines_of_retirements():
    sheet = parse(_wertung())
    got = [
        (e.position, e.number, [p.surname for p in e.crew], e.klass, e.class_position, e.status)
        for e in sheet.entries
    ]
    assert got == [
        (1, "1", ["Lüdtke", "Brandstätter"], "RC2", 1, "classified"),
        (2, "4", ["Krämer", "Wendt"], "NC1", 1, "classified"),
        (3, "9", ["Seidl", "Pohl"], "RC2", 2, "classified"),
        (None, "22", ["Vogt", "Bergmann"], "NC1", None, "retired"),
        (None, "26", ["Hartmann", "Janßen"], "RC2", None, "retired"),
    ]


def _vhc() -> bytes:
    """A historic rally's header printed over two lines, each heading on one of them (`Pilote`
    over `Copilote`, `Voiture` over `Année`, `Gr./Cl.` over `Période`, `Clt` and `Temps` on the
    lower line only), over records of two lines: the co-driver, the car's year and its period
    under the driver, the car and the class."""
    top = "                Pilote                  Voiture                 Gr./Cl."
    low = "Clt    N°       Copilote                Année                   Période     Temps"
    lines = ["RALLYE HISTORIQUE - CLASSEMENT", "", top, low]
    rows = [
        ("1", "202", "BOUVIER Maxime", "Lancia Stratos HF", "4/14", "52'12\"6",
         "RIVIÈRE Didier", "1975", "H2"),
        ("2", "205", "VIDAL Pierre-Yves", "Porsche 911 SC", "4/14", "53'19\"8",
         "DUPUY Cédric", "1978", "I"),
        ("3", "203", "PASQUIER Manon", "Audi Quattro", "B/12", "54'40\"1",
         "ROUX Guillaume", "1983", "J1"),
    ]  # fmt: skip
    for clt, no, driver, car, grcl, time, codriver, year, period in rows:
        lines.append(f"{clt:>3}   {no:>4}       {driver:<24}{car:<24}{grcl:<12}{time}")
        lines.append(f"                {codriver:<24}{year:<24}{period}")
    return ("\n".join(lines) + "\n").encode()


def test_a_header_over_two_lines_heads_each_column_from_either_line():
    sheet = parse(_vhc())
    got = [
        (
            e.position,
            e.number,
            [p.surname for p in e.crew],
            e.car,
            # Group and class as written (`4/14`), however the cell is split.
            "/".join(filter(None, (e.group, e.klass))),
            e.time_ms,
        )
        for e in sheet.entries
    ]
    assert got == [
        (1, "202", ["BOUVIER", "RIVIÈRE"], "Lancia Stratos HF", "4/14", 3_132_600),
        (2, "205", ["VIDAL", "DUPUY"], "Porsche 911 SC", "4/14", 3_199_800),
        (3, "203", ["PASQUIER", "ROUX"], "Audi Quattro", "B/12", 3_280_100),
    ]


def test_headings_spanning_numbered_runs_on_the_row_below():
    """A hill climb's workbook: `Essais` over practice runs 1 and 2, `Montée` over runs 1 to 3
    (merged cells, the numbers on the row below), then the best run, which ranks the table."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Course de côte de Bagnols - Classement scratch"])
    sheet.append([])
    sheet.append(["Clt", "N°", "Pilote", "Voiture", "Cl.", "Essais", None, "Montée", None, None,
                  "Meilleure montée", "Écart"])  # fmt: skip
    sheet.append([None, None, None, None, None, 1, 2, 1, 2, 3, None, None])
    sheet.merge_cells("F3:G3")
    sheet.merge_cells("H3:J3")
    rows = [
        (1, 92, "BERTHOMIEU Cédric", "Dallara F308", "DE3", "1:02.052", "1:02.018", "1:01.132",
         "1:01.222", "1:00.134", "1:00.134", ""),
        (2, 83, "LE GUEN Yannick", "Norma M20 FC", "CN2", "1:01.118", "1:02.297", "1:00.340",
         "1:00.138", "1:00.244", "1:00.138", "+0.004"),
        (3, 82, "DE LA CRUZ Jean-Marc", "Osella PA21", "CN2", "1:01.470", "1:01.708", "1:00.253",
         "1:00.394", "1:00.739", "1:00.253", "+0.119"),
    ]  # fmt: skip
    for row in rows:
        sheet.append(list(row))
    data = io.BytesIO()
    book.save(data)
    read = parse(data.getvalue(), filename="cdc.xlsx")
    assert [(e.position, e.number, e.time_ms, e.gap_ms) for e in read.entries] == [
        (1, "92", 60_134, 0),
        (2, "83", 60_138, 4),
        (3, "82", 60_253, 119),
    ]
    assert not [i for i in read.issues if i.level != "info"]


def test_a_class_table_going_on_after_a_page_break_is_one_table():
    head = "Platz  Nr.  Fahrer                 Fahrzeug            Summe"

    def row(place, number, name, car, total):
        return f"{place:>4}.  {number:>3}  {name:<22} {car:<19} {total}"

    lines = [
        "ADAC Slalom - Ergebnisliste", "", "Klasse 6 - Gruppe F", head,
        row(1, 11, "Schäfer, Jürgen", "VW Polo GTI", "94,48"),
        row(2, 14, "Weiß, Dennis", "Peugeot 106", "95,04"),
        "", "Seite 1/2", "\f", "Klasse 6 - Gruppe F (Fortsetzung)", head,
        row(3, 18, "Großmann, Kai", "Ford Fiesta ST", "95,51"),
        row(4, 13, "Brückner, Tobias", "VW Polo GTI", "95,75"),
        "", "Klasse 9 - Gruppe H", head,
        row(1, 21, "Koch, Peter", "BMW M3", "90,10"),
        row(2, 22, "Lang, Eva", "Audi TT", "91,00"),
    ]  # fmt: skip
    sheet = parse(("\n".join(lines) + "\n").encode())
    assert [(e.position, e.category, e.gap_ms) for e in sheet.entries] == [
        (1, "Klasse 6 - Gruppe F", 0),
        (2, "Klasse 6 - Gruppe F", 560),
        (3, "Klasse 6 - Gruppe F", 1_030),
        (4, "Klasse 6 - Gruppe F", 1_270),
        (1, "Klasse 9 - Gruppe H", 0),
        (2, "Klasse 9 - Gruppe H", 900),
    ]
