"""Traits of timing exports met outside the samples and the corpus: aligned text whose records
run over two lines and whose header repeats after a page break, a time beside the total it
adds penalties to, status words of other languages in the time column."""

from __future__ import annotations

from pathlib import Path

from results.parsing import parse

HEADER = (
    "Pl.  Nr.  Piloot / Co-piloot         Wagen                    Kl.         Tijd  Straf"
    "     Totaal   Verschil"
)
RULE = "-" * len(HEADER)


def _record(pl, nr, name, car, kl, time, penalty, total, gap, codriver):
    first = (
        f"{pl:<4} {nr:>3}  {name:<26} {car:<24} {kl:<5} {time:>9} {penalty:>6} {total:>10} "
        f"{gap:>10}"
    ).rstrip()
    return [first, " " * 10 + codriver]


def _klassement() -> bytes:
    """A Flemish rally's provisional results as a timing program prints them: the co-driver on
    each record's second line, a page break (form feed, page number, header again), then the
    retirements and non-starters in a section of their own."""
    lines = ["RALLYE VAN HET MEETJESLAND - KLASSEMENT (VOORLOPIG)", "", HEADER, RULE]
    lines += _record(" 1.", "4", "Lemmens Bart", "Skoda Fabia Rally2", "RC2", "48:12.5", "",
                     "48:12.5", "", "Peeters Anke")  # fmt: skip
    lines += _record(" 2.", "7", "Van Hoof Pieter", "VW Polo GTI R5", "RC2", "48:40.1", "",
                     "48:40.1", "+ 27.6", "Maes Joris")  # fmt: skip
    lines += _record(" 3.", "2", "De Wilde Tom", "Citroën C3 Rally2", "RC2", "48:35.0", "20.0",
                     "48:55.0", "+ 42.5", "Van de Velde Lotte")  # fmt: skip
    lines += ["", "\f", "Pagina 2/2", "", HEADER, RULE]
    lines += _record(" 4.", "12", "Claes Wim", "Peugeot 208 Rally4", "RC4", "51:03.9", "",
                     "51:03.9", "+ 2:51.4", "Wouters Els")  # fmt: skip
    lines += _record(" 5.", "15", "Janssens Ruben", "Ford Fiesta Rally4", "RC4", "52:10.0", "",
                     "52:10.0", "+ 3:57.5", "Dierckx Sam")  # fmt: skip
    lines += [
        "",
        "OPGAVEN / NIET GESTART",
        RULE,
        "       9  Goossens Jan               Opel Corsa Rally4        RC4      Opgave",
        "          Smet Lies",
        "      21  Hermans Kris               BMW 318is                H2       Niet gestart",
        "          Aerts Bo",
    ]
    return ("\n".join(lines) + "\n").encode()


def test_aligned_text_with_two_line_records_and_a_page_break():
    sheet = parse(_klassement())
    got = [
        (
            e.line,
            e.position,
            e.number,
            [(p.surname, p.first_name) for p in e.crew],
            e.car,
            f"{e.group or ''}{e.klass or ''}",
            e.time_ms,
            e.penalty_ms,
            e.gap_ms,
            e.status,
        )
        for e in sheet.entries
    ]
    assert got == [
        (5, 1, "4", [("Lemmens", "Bart"), ("Peeters", "Anke")], "Skoda Fabia Rally2", "RC2",
         2_892_500, None, 0, "classified"),
        (7, 2, "7", [("Van Hoof", "Pieter"), ("Maes", "Joris")], "VW Polo GTI R5", "RC2",
         2_920_100, None, 27_600, "classified"),
        # Ranked on the total, the time before the penalty beside it: 48:35.0 + 20.0.
        (9, 3, "2", [("De Wilde", "Tom"), ("Van de Velde", "Lotte")], "Citroën C3 Rally2",
         "RC2", 2_935_000, 20_000, 42_500, "classified"),
        # After the page break: the same table, its gaps still to the leader of page 1.
        (17, 4, "12", [("Claes", "Wim"), ("Wouters", "Els")], "Peugeot 208 Rally4", "RC4",
         3_063_900, None, 171_400, "classified"),
        (19, 5, "15", [("Janssens", "Ruben"), ("Dierckx", "Sam")], "Ford Fiesta Rally4", "RC4",
         3_130_000, None, 237_500, "classified"),
        (24, None, "9", [("Goossens", "Jan"), ("Smet", "Lies")], "Opel Corsa Rally4", "RC4",
         None, None, None, "retired"),
        (26, None, "21", [("Hermans", "Kris"), ("Aerts", "Bo")], "BMW 318is", "H2",
         None, None, None, "dns"),
    ]  # fmt: skip
    assert {e.table for e in sheet.entries} == {0}
    skipped = [i for i in sheet.issues if i.code == "line-skipped" and i.line == 13]
    assert skipped and "Pagina 2/2" in skipped[0].message


def test_a_co_driver_alone_on_the_line_over_the_repeated_header_is_no_title(tmp_path: Path):
    # The last record of page 1 ends with its co-driver's line right before the page break:
    # without the page number between, that line is next to the repeated header.
    text = _klassement().decode().replace("Pagina 2/2\n", "")
    sheet = parse(text.encode())
    third = next(e for e in sheet.entries if e.number == "2")
    assert [p.surname for p in third.crew] == ["De Wilde", "Van de Velde"]
    assert {e.table for e in sheet.entries} == {0}


def test_the_total_beside_the_time_is_the_time_ranked_on():
    data = (
        b"Pos;N.;Pilota;Navigatore;Vettura;Tempo;Pen.;Totale;Distacco\n"
        b"1;1;ROSSI Marco;BIANCHI Luca;Skoda Fabia;1:02:10.4;;1:02:10.4;\n"
        b"2;5;VERDI Paolo;NERI Carlo;Hyundai i20;1:02:05.0;0:30.0;1:02:35.0;+24.6\n"
        b"3;3;GALLI Piero;CONTI Ugo;Citroen C3;1:02:50.2;;1:02:50.2;+39.8\n"
    )
    sheet = parse(data)
    assert [e.time_ms for e in sheet.entries] == [3_730_400, 3_755_000, 3_770_200]
    assert [e.penalty_ms for e in sheet.entries] == [None, 30_000, None]
    assert [e.gap_ms for e in sheet.entries] == [0, 24_600, 39_800]
    assert not [i for i in sheet.issues if i.code == "gap-mismatch"]


def test_status_words_of_other_languages_in_the_time_column():
    data = (
        b"Pos,No,Driver,Co-Driver,Car,Class,Total\n"
        b"1,3,Tom SMITH,Gary JONES,Ford Escort Mk2,E5,45:12\n"
        b"2,8,Alan BROWN,Kate GREEN,Subaru Impreza,E4,46:01\n"
        b",24,Ian WHITE,Rob BLACK,Peugeot 205,E2,Non-starter\n"
        b",37,Dan GREY,Sue HILL,Vauxhall Nova,E1,Excluded - noise\n"
    )
    sheet = parse(data)
    assert [e.position for e in sheet.entries] == [1, 2, None, None]
    assert [e.status for e in sheet.entries] == ["classified", "classified", "dns", "dsq"]


def test_a_group_and_a_class_headed_apart_stay_apart():
    # Group codes that read as a group and a class fused (`RC2N`) beside a class column whose
    # names read as anything (`R5/RALLY2`): the headings say which is which.
    data = (
        b"Pos.;N.;Pilota / Navigatore;Vettura;Gr.;Cl.;Totale\n"
        b"1;1;ROSSI Marco / BIANCHI Luca;Skoda Fabia;RC2N;R5/RALLY2;1:02:10.4\n"
        b"2;5;VERDI Paolo / NERI Carlo;Peugeot 208;RC4N;RALLY4;1:05:35.0\n"
        b"3;3;GALLI Piero / CONTI Ugo;Renault Clio;A;A7;1:06:50.2\n"
        b"4;8;BRUNO Ezio / MORO Ivo;Fiat Uno;N;N2;1:09:01.7\n"
    )
    sheet = parse(data)
    assert [e.group for e in sheet.entries] == ["RC2N", "RC4N", "A", "N"]
    assert [e.klass for e in sheet.entries] == ["R5/RALLY2", "RALLY4", "A7", "N2"]


def test_numbered_driver_columns_seat_every_driver_in_order():
    data = (
        b"POSITION;NUMBER;TEAM;DRIVER_1;DRIVER_2;DRIVER_3;VEHICLE;TYRES;LAPS;TOTAL_TIME;CLASS;GROUP\n"
        b"1;22;United;Oliver JARVIS;Bijoy GARG;Marino SATO;Oreca 07;G;128;4:00:41.512;LMP2;\n"
        b"2;37;Cool;Lorenzo FLUXA;Malthe JAKOBSEN;;Oreca 07;G;128;4:00:52.118;LMP2;PRO/AM\n"
        b"3;17;Ultimate;Matthieu LAHAYE;Jean-Baptiste LAHAYE;Francois HERIAU;Ligier;M;122;"
        b"4:01:10.001;LMP3;\n"
    )
    sheet = parse(data)
    assert [[p.surname for p in e.crew] for e in sheet.entries] == [
        ["JARVIS", "GARG", "SATO"],
        ["FLUXA", "JAKOBSEN"],
        ["LAHAYE", "LAHAYE", "HERIAU"],
    ]
    # The one-letter tyre makers are no group: the column headed GROUP is.
    assert [e.group for e in sheet.entries] == [None, "PRO/AM", None]
    assert [e.klass for e in sheet.entries] == ["LMP2", "LMP2", "LMP3"]


def test_where_and_why_a_crew_stopped_in_its_time_and_gap_cells():
    data = (
        "Clt;N°;Equipage;Voiture;Temps;Ecart\n"
        "1;1;MARTIN Paul / DURAND Luc;Clio R3;1:05:21,1;\n"
        "2;4;PETIT Jean / LEROY Marc;208 R2;1:06:38,3;+1:17,2\n"
        "ABANDONS\n"
        ";6;DUMAS Florian / RENARD Justine;Fabia Rally2;ES 5;Sortie de route\n"
        ";9;ROUX Henri / VINCENT Noël;Clio N3;ES 2;Moteur\n"
        ";12;SIMON Eric / LAURENT Yves;206 XS;+;\n"
    ).encode()
    sheet = parse(data)
    assert [e.status for e in sheet.entries] == ["classified"] * 2 + ["retired"] * 3
    assert [e.retired_at for e in sheet.entries] == [None, None, "ES5", "ES2", None]
    assert [e.reason for e in sheet.entries] == [None, None, "Sortie de route", "Moteur", None]
    # A bare `+` is no reason: a doubt on its line, as before.
    doubts = {i.line for i in sheet.issues if i.code == "value-unreadable"}
    assert doubts == {7}


def test_a_status_column_that_says_classified_in_words_raises_no_doubt():
    data = (
        b"POS;NO;DRIVER;CAR;STATUS;LAPS;TIME\n"
        b"1;5;Anna BERG;Mazda MX-5;Classified;20;30:01.200\n"
        b"2;9;Otto LIND;Mazda MX-5;Running;20;30:05.900\n"
        b"3;2;Ivo MARK;Mazda MX-5;Retired;12;\n"
    )
    sheet = parse(data)
    assert [e.status for e in sheet.entries] == ["classified", "classified", "retired"]
    assert not [i for i in sheet.issues if i.level == "warning"]


def test_a_section_title_is_no_continuation_of_the_record_above():
    # A page's table with the retirements under a title row of one cell, the stage and the
    # reason together in the gap cell.
    data = (
        b"<table><tr><th>Pos.</th><th>N.</th><th>Pilota / Navigatore</th><th>Vettura</th>"
        b"<th>Tempo</th><th>Distacco</th></tr>"
        b"<tr><td>1</td><td>1</td><td>ROSSI Marco / BIANCHI Luca</td><td>Skoda Fabia</td>"
        b"<td>1:02:10.4</td><td></td></tr>"
        b"<tr><td>2</td><td>5</td><td>VERDI Paolo / NERI Carlo</td><td>Hyundai i20</td>"
        b"<td>1:02:35.0</td><td>+24.6</td></tr>"
        b'<tr><td colspan="6">RITIRATI</td></tr>'
        b"<tr><td></td><td>8</td><td>GALLI Piero / CONTI Ugo</td><td>Citroen C3</td>"
        b"<td></td><td>PS 4 - uscita di strada</td></tr>"
        b"</table>"
    )
    sheet = parse(data)
    assert [e.position for e in sheet.entries] == [1, 2, None]
    assert [e.status for e in sheet.entries] == ["classified", "classified", "retired"]
    assert (sheet.entries[2].retired_at, sheet.entries[2].reason) == ("PS4", "uscita di strada")
    assert not [i for i in sheet.issues if i.level == "warning"]


def test_headings_of_polish_finnish_and_portuguese_sheets():
    from results.parsing.layout.synonyms import roles_for_heading

    assert roles_for_heading("Kierowca")[0] == "driver"
    assert roles_for_heading("Kartanlukija") == ("codriver",)
    assert roles_for_heading("Navegador") == ("codriver",)
    assert roles_for_heading("Samochód") == ("car",)
    assert roles_for_heading("Viatura") == ("car",)
    assert roles_for_heading("Sija") == ("position",)
    assert roles_for_heading("Luokka") == ("class",)
    assert roles_for_heading("Ero")[0] == "gap"


def test_a_heading_naming_surname_and_first_name_heads_whole_names():
    from results.parsing.layout.synonyms import roles_for_heading

    assert roles_for_heading("Name, Vorname") == ("crew",)
    assert roles_for_heading("Surname, First name") == ("crew",)
    assert roles_for_heading("First name") == ("first_name",)
    assert roles_for_heading("Vorname") == ("first_name",)
    data = (
        b"Pl.;Nr.;Name, Vorname;Fahrzeug;Gesamt\n"
        b"1;115;Schmitt, Andreas;VW Golf 2;3:12,45\n"
        b"2;103;M\xc3\xbcller, Jens;Opel Kadett C;3:15,02\n"
    )
    sheet = parse(data)
    assert [(e.crew[0].surname, e.crew[0].first_name) for e in sheet.entries] == [
        ("Schmitt", "Andreas"),
        ("Müller", "Jens"),
    ]


def test_ordinal_positions_under_a_classification_heading():
    # `Class.` is the classification (the place) here: the ordinals in order say so, and
    # `Classe` beside it is the class.
    data = (
        "Class.;Nº;Piloto;Navegador;Viatura;Grupo;Classe;Tempo;Dif. Ant.;Dif. 1º\n"
        "1º;1;Ricardo TEODÓSIO;José TEIXEIRA;Skoda Fabia;RC2;Rally2;1:10:02.5;;\n"
        "2º;3;Armindo ARAÚJO;Luís RAMALHO;Hyundai i20;RC2;Rally2;1:10:30.1;+27.6;+27.6\n"
        "3º;8;Pedro ALMEIDA;Mário CASTRO;Peugeot 208;RC4;Rally4;1:14:11.0;+3:40.9;+4:08.5\n"
    ).encode()
    sheet = parse(data)
    assert [e.position for e in sheet.entries] == [1, 2, 3]
    assert [e.klass for e in sheet.entries] == ["Rally2", "Rally2", "Rally4"]
    assert [e.gap_ms for e in sheet.entries] == [0, 27_600, 248_500]


def test_a_line_of_race_facts_above_the_header_is_no_result():
    data = (
        b"                     Race 1 - Results\n"
        b"\n"
        b"Race Time: 30 Minutes + 2 Laps                    Start Time: 13:05:00\n"
        b"\n"
        b" Pos   No. Name                     Nat  Laps    Total Tm       Diff\n"
        b"   1    84 Lukas BRANDSTATTER       AUT    17   33:41.212\n"
        b"   2    12 Jeffrey VAN DEN BROEK    NED    17   33:44.987      3.775\n"
        b"   3     7 Noah KELLER              SUI    17   33:58.030     16.818\n"
    )
    sheet = parse(data)
    assert [(e.line, e.position, e.number) for e in sheet.entries] == [
        (6, 1, "84"),
        (7, 2, "12"),
        (8, 3, "7"),
    ]
    assert any(i.code == "line-skipped" and i.line == 3 for i in sheet.issues)


def test_the_heading_repeated_at_the_top_of_a_page_before_a_class_title_is_dropped():
    header = (
        "  Pl.   St.-Nr. Name, Vorname               Fahrzeug                     Lauf 1   "
        "  Lauf 2    Gesamt"
    )
    text = "\n".join(
        [
            "                ADAC Bergrennen Homberg 2024",
            "       Lauf zum DMSB Berg-Cup  -  Samstag 8. Juni 2024",
            "",
            "Klasse 1:  E1 bis 1600 ccm",
            header,
            "    1       112 Schmitt, Andreas            VW Golf I GTI                1:12,45"
            "     1:11,98   2:24,43",
            "    2       108 Weber, Jürgen               Honda Civic                  1:13,10"
            "     1:12,67   2:25,77",
            "            115 Klein, Tobias               Citroen Saxo                 1:15,02"
            "     ausgef.   ausgef.",
            "",
            "                                                      Seite 1 von 2",
            "\f                ADAC Bergrennen Homberg 2024",
            "       Lauf zum DMSB Berg-Cup  -  Samstag 8. Juni 2024",
            "",
            "Klasse 2:  E1 bis 2000 ccm",
            header,
            "    1       205 Hoffmann, Stefan            BMW 320is                    1:08,21"
            "     1:08,90   2:17,11",
            "",
        ]
    )
    sheet = parse(text.encode())
    assert [[(p.surname, p.first_name) for p in e.crew] for e in sheet.entries] == [
        [("Schmitt", "Andreas")],
        [("Weber", "Jürgen")],
        [("Klein", "Tobias")],
        [("Hoffmann", "Stefan")],
    ]
    assert [e.time_ms for e in sheet.entries] == [144_430, 145_770, None, 137_110]
    assert [e.status for e in sheet.entries] == ["classified"] * 2 + ["retired", "classified"]
    assert any(i.code == "line-skipped" and i.line == 12 for i in sheet.issues)


def test_a_page_top_repeating_the_heading_is_blanked_whatever_follows_it():
    from results.parsing.readers.fixed_width import to_lines
    from results.parsing.readers.page_furniture import drop_repeated_headings

    text = "\n".join(
        [
            "        ADAC Bergrennen Homberg 2024",
            "Klasse 1",
            "  Pl.   Nr.   Name, Vorname      Gesamt",
            "    1   112   Schmitt, Andreas   2:24,43",
            "\f        ADAC Bergrennen Homberg 2024",
            "Klasse 2",
            "  Pl.   Nr.   Name, Vorname      Gesamt",
            "    1   205   Hoffmann, Stefan   2:17,11",
        ]
    )
    lines, issues = drop_repeated_headings(to_lines(text), 1)
    assert [line.number for line in lines if not line.words] == [5]
    assert [i.line for i in issues] == [5]


def test_headings_of_polish_czech_and_hungarian_sheets():
    from results.parsing.layout.synonyms import roles_for_heading

    assert roles_for_heading("Poz.") == ("position",)
    assert roles_for_heading("Załoga") == ("crew",)
    assert roles_for_heading("Czas łączny") == ("time",)
    assert roles_for_heading("Kary") == ("penalty",)
    assert roles_for_heading("Strata do lidera") == ("gap",)
    assert roles_for_heading("Strata do poprz.") == ("gap_prev",)
    assert roles_for_heading("Jezdec")[0] == "driver"
    assert roles_for_heading("Vůz") == ("car",)
    assert roles_for_heading("Skupina") == ("group",)
    assert roles_for_heading("Třída") == ("class",)
    assert roles_for_heading("Ztráta")[0] == "gap"
    assert roles_for_heading("Helyezés") == ("position",)
    assert roles_for_heading("Idő") == ("time",)
    assert roles_for_heading("Summe") == ("time",)
    assert roles_for_heading("Somme") == ("time",)


def test_a_polish_sheet_with_the_time_before_penalties_beside_the_total():
    data = (
        "Poz.;Nr;Załoga;Samochód;Klasa;Czas OS;Kary;Czas łączny;Strata do lidera;"
        "Strata do poprz.\n"
        "1.;1;Kuźmiński Grzegorz / Wróbel Łukasz;Škoda Fabia RS Rally2;Rally2;47:12,3;;"
        "47:12,3;;\n"
        "2.;3;Nowak Michał / Zając Paweł;Hyundai i20 N Rally2;Rally2;47:25,9;;47:25,9;"
        "+13,6;+13,6\n"
        "3.;2;Szczęsny Kacper / Dąbrowski Jakub;Škoda Fabia Rally2 evo;Rally2;47:31,0;10,0;"
        "47:41,0;+28,7;+15,1\n"
    ).encode()
    sheet = parse(data, filename="wyniki.csv")
    got = [
        (e.position, e.number, [p.surname for p in e.crew], e.group, e.klass, e.time_ms, e.gap_ms)
        for e in sheet.entries
    ]
    assert got == [
        (1, "1", ["Kuźmiński", "Wróbel"], None, "Rally2", 2_832_300, 0),
        (2, "3", ["Nowak", "Zając"], None, "Rally2", 2_845_900, 13_600),
        (3, "2", ["Szczęsny", "Dąbrowski"], None, "Rally2", 2_861_000, 28_700),
    ]
    assert [e.penalty_ms for e in sheet.entries] == [None, None, 10_000]


def test_a_central_european_sheet_in_windows_1250_keeps_its_letters():
    text = (
        "Poř.;St.č.;Jezdec;Vůz;Skupina;Třída;Čas;Ztráta\n"
        "1;12;Dvořák Jiří;Norma M20 FC;CN;-2000;3:40,488;\n"
        "2;7;Šťastný Václav;Dallara F312;E2-SS;-2000;3:43,147;+2,659\n"
        "3;3;Ďurovič Ľuboš;Osella PA 21/S;CN;-2000;3:43,413;+2,925\n"
        "4;21;Kubíček Petr;Škoda Fabia WRC;E2-SH;+2000;3:48,139;+7,651\n"
    )
    sheet = parse(text.encode("cp1250"), filename="vysledky.csv")
    assert [(e.crew[0].surname, e.crew[0].first_name) for e in sheet.entries] == [
        ("Dvořák", "Jiří"),
        ("Šťastný", "Václav"),
        ("Ďurovič", "Ľuboš"),
        ("Kubíček", "Petr"),
    ]
    assert [(e.group, e.klass, e.time_ms) for e in sheet.entries] == [
        ("CN", "-2000", 220_488),
        ("E2-SS", "-2000", 223_147),
        ("CN", "-2000", 223_413),
        ("E2-SH", "+2000", 228_139),
    ]
    assert [i.code for i in sheet.issues if i.code.startswith("decoded")] == ["decoded-cp1250"]


def test_a_western_sheet_not_in_utf_8_stays_windows_1252():
    text = "Clt;N°;Pilote;Temps\n1;4;FRANÇOIS Hélène;12'04\"5\n2;7;MÜLLER Jürgen;12'10\"1\n"
    sheet = parse(text.encode("cp1252"), filename="r.csv")
    assert [e.crew[0].first_name for e in sheet.entries] == ["Hélène", "Jürgen"]
    assert [i.code for i in sheet.issues if i.code.startswith("decoded")] == ["decoded-cp1252"]


def test_a_column_of_the_winners_time_then_gaps_beside_a_best_lap_with_its_speed():
    rows = "".join(
        f"<tr><td>{pos}</td><td>{no}</td><td>{name}</td><td>{laps}</td><td>{time}</td>"
        f"<td>{best}&nbsp;&nbsp;<span>{speed} km/h</span></td></tr>"
        for pos, no, name, laps, time, best, speed in (
            (1, 4, "Harry PAYNE", 16, "26:17.983", "1:36.936", "149.294"),
            (2, 11, "Jeroen MEULEN", 16, "+0.971", "1:36.905", "149.342"),
            (3, 7, "Rasmus KOIV", 16, "+4.217", "1:37.383", "148.609"),
        )
    )
    html = (
        "<html><body><table><tr><th>Pos</th><th>No</th><th>Driver</th><th>Laps</th>"
        f"<th>Time / Gap</th><th>Best Lap</th></tr>{rows}</table></body></html>"
    )
    sheet = parse(html.encode(), filename="race.html")
    assert [(e.time_ms, e.gap_ms, e.best_lap_ms) for e in sheet.entries] == [
        (1_577_983, 0, 96_936),
        (1_578_954, 971, 96_905),
        (1_582_200, 4_217, 97_383),
    ]


def test_a_slalom_ranked_on_the_best_of_its_runs():
    from results.parsing.layout.synonyms import roles_for_heading

    assert roles_for_heading("Conduttore")[0] == "driver"
    assert roles_for_heading("Gara 1") == ("ignore",)
    data = (
        "Clt;N°;Pilote;Voiture;Cl.;Manche 1;Pén.;Manche 2;Pén.;Meilleure;Écart\n"
        "1;34;BOUCHET Loïc;Formule Renault 2.0;D/E2;62.201;;60.992;+2;62.201;\n"
        "2;30;MONNIER Agnès;Ligier JS53;CN;64.887;;62.617;;62.617;0.416\n"
        "3;31;HAMON Maxime;Ligier JS53;CN;64.665;;63.619;;63.619;1.418\n"
    ).encode()
    sheet = parse(data, filename="slalom.csv")
    assert [(e.position, e.number, e.time_ms, e.gap_ms) for e in sheet.entries] == [
        (1, "34", 62_201, 0),
        (2, "30", 62_617, 416),
        (3, "31", 63_619, 1_418),
    ]


def test_a_pages_menu_over_the_header_is_no_header():
    from results.parsing.layout.synonyms import roles_for_heading

    assert roles_for_heading("Dorsal") == ("number",)
    data = (
        "Startseite › Ergebnisse › Schneebergland Rallye\n"
        "\n"
        "Gesamtwertung\tKlassenwertung\tWP-Zeiten\tAusfälle\n"
        "\n"
        "Pos.\tNr.\tFahrer / Beifahrer\tFahrzeug\tKlasse\tZeit\tDiff. Erster\n"
        "1.\t1\tLukas Steinbauer / Katrin Hofer\tŠkoda Fabia RS Rally2\tRC2\t1:18:38.5\n"
        "2.\t2\tJohannes Kogler / Christoph Wöger\tVW Polo GTI R5\tRC2\t1:19:10.9\t+32.4\n"
        "3.\t3\tMichael Lengauer / Jürgen Heigl\tHyundai i20 N Rally2\tRC2\t1:19:20.9\t+42.4\n"
    ).encode()
    sheet = parse(data, filename="paste.txt")
    got = [
        (e.position, e.number, len(e.crew), e.car, (e.group or "") + (e.klass or ""))
        for e in sheet.entries
    ]
    assert got == [
        (1, "1", 2, "Škoda Fabia RS Rally2", "RC2"),
        (2, "2", 2, "VW Polo GTI R5", "RC2"),
        (3, "3", 2, "Hyundai i20 N Rally2", "RC2"),
    ]
    assert any(i.code == "line-skipped" and "Gesamtwertung" in i.message for i in sheet.issues)


def test_places_in_the_classes_beside_the_class_codes():
    data = (
        b"O/A,Class,No.,Crew,Car,Cls,Total,Diff\n"
        b"1,1,12,Gareth PRITCHARD / Rhodri EVANS,Ford Escort Mk2,E5,41:12.3,\n"
        b"2,2,7,Dylan JONES / Owain HUGHES,Ford Escort Mk2,E5,41:30.0,+17.7\n"
        b"3,1,21,Huw WILLIAMS / Ceri DAVIES,Subaru Impreza,E4,41:45.2,+32.9\n"
        b"4,3,3,Ieuan MORGAN / Sian THOMAS,Ford Escort Mk2,E5,42:01.8,+49.5\n"
        b"5,2,15,Tomos PRICE / Elin REES,Mitsubishi Evo 9,E4,42:10.0,+57.7\n"
    )
    sheet = parse(data, filename="results.csv")
    assert [(e.position, e.klass, e.class_position) for e in sheet.entries] == [
        (1, "E5", 1),
        (2, "E5", 2),
        (3, "E4", 1),
        (4, "E5", 3),
        (5, "E4", 2),
    ]


def test_a_restart_under_rallye_2_rules_in_a_remarks_column():
    data = (
        b"Pos.;Nr.;Fahrer;Fahrzeug;Zeit;Info\n"
        b"1.;1;HUBER Max;Skoda Fabia;1:18:38.5;Bestzeit WP 3\n"
        b"2.;4;MAIER Tom;VW Polo;1:19:10.9;Zeitstrafe 0:10 (ZK 4)\n"
        b"3.;9;KERN Eva;Ford Fiesta;1:25:02.0;Rallye 2\n"
    )
    sheet = parse(data, filename="r.csv")
    assert [(e.position, e.status, e.time_ms) for e in sheet.entries] == [
        (1, "classified", 4_718_500),
        (2, "classified", 4_750_900),
        (3, "rally2", 5_102_000),
    ]


def test_a_short_kart_final_with_two_named_classes_reads_its_class_column():
    # A lap-timing program's CSV: six karts in `KZ2` and `KZ2 Master`, a sponsor column.
    sheet = parse(
        "\r\n".join(
            [
                '"Race Results - Superkart Open - Final"',
                '"Pos","No.","Name","Class","Laps","Total Tm","Diff","Gap","Best Tm","In Lap",'
                '"Sponsor"',
                '"1","27","Thomas ARNAUD","KZ2","22","19:31.402","","","52.811","14","KRT"',
                '"2","3","Lucas BERNARD","KZ2","22","19:33.118","1.716","1.716","52.904","9",""',
                '"3","44","Hugo PETIT","KZ2 Master","22","19:40.551","9.149","7.433","53.120",'
                '"21","CRG"',
                '"4","12","Nathan ROUX","KZ2","21","19:35.002","1 Lap","1 Lap","53.337","5",""',
                '"DNF","8","Enzo GIRARD","KZ2","12","10:41.007","10 Laps","9 Laps","52.990","4",""',
                '"DQ","19","Léo FAURE","KZ2 Master","22","19:30.900","","","52.700","10",""',
            ]
        ).encode()
    )
    got = [(e.position, e.number, e.klass, e.laps, e.time_ms, e.status) for e in sheet.entries]
    assert got == [
        (1, "27", "KZ2", 22, 1_171_402, "classified"),
        (2, "3", "KZ2", 22, 1_173_118, "classified"),
        (3, "44", "KZ2 Master", 22, 1_180_551, "classified"),
        (4, "12", "KZ2", 21, 1_175_002, "classified"),
        (None, "8", "KZ2", 12, 641_007, "retired"),
        (None, "19", "KZ2 Master", 22, 1_170_900, "dsq"),
    ]
    assert [e.gap_ms for e in sheet.entries[:4]] == [0, 1_716, 9_149, None]
