"""Surname and first-name columns of their own, one pair per seat, in several languages."""

from __future__ import annotations

from results.parsing import parse


def crews(sheet) -> list[list[tuple[str, str | None]]]:
    return [[(p.surname, p.first_name) for p in e.crew] for e in sheet.entries]


def test_surname_and_first_name_columns_make_one_person():
    data = (
        "Pos;Plate Number;Surname;First Name;Team;Time;Gap\n"
        "1;30;Littorin-Sandbu;Anna;Lillehammer CK;00:04:16;\n"
        "2;29;Bjørklund;Hedda Brenningen;Lillehammer CK;00:04:20;+00:00:04\n"
        "3;41;Van der Berg;Elin;CK Nittedal;00:04:31;+00:00:15\n"
    ).encode()
    sheet = parse(data)
    assert crews(sheet) == [
        [("LITTORIN-SANDBU", "Anna")],
        [("BJØRKLUND", "Hedda Brenningen")],
        [("VAN DER BERG", "Elin")],
    ]
    # the team beside the named people is their team, not more of the crew
    assert [e.team for e in sheet.entries] == ["Lillehammer CK", "Lillehammer CK", "CK Nittedal"]
    assert [e.number for e in sheet.entries] == ["30", "29", "41"]
    assert [e.time_ms for e in sheet.entries] == [256_000, 260_000, 271_000]
    assert sheet.columns[2:4] == ("surname", "first_name")


def test_each_seat_has_its_pair_of_columns_in_order():
    data = (
        "Rang,No,Nom pilote,Prénom pilote,Nom copilote,Prénom copilote,Voiture,Temps\n"
        "1,12,MARTIN,Paul,DUVAL,Anne,Peugeot 208 Rally4,12:03.5\n"
        "2,7,LEROY,Marc,,,Renault Clio RS,12:10.1\n"
        "3,3,PETIT,Luc,ROUX,Jean-Pierre,Citroën C2 R2,12:22.9\n"
    ).encode()
    sheet = parse(data)
    assert crews(sheet) == [
        [("MARTIN", "Paul"), ("DUVAL", "Anne")],
        [("LEROY", "Marc")],
        [("PETIT", "Luc"), ("ROUX", "Jean-Pierre")],
    ]
    assert [e.car for e in sheet.entries] == [
        "Peugeot 208 Rally4",
        "Renault Clio RS",
        "Citroën C2 R2",
    ]


def test_a_name_column_beside_a_first_name_column_holds_the_surnames():
    data = (
        b"Platz\tStartnummer\tName\tVorname\tVerein\tGesamtzeit\n"
        b"1\t101\tHuber\tAnton\tMSC Oberland\t31:02.4\n"
        b"2\t117\tMeier-Lang\tSophie\tRSV Tal\t31:40.0\n"
    )
    sheet = parse(data)
    assert crews(sheet) == [[("HUBER", "Anton")], [("MEIER-LANG", "Sophie")]]
    assert [e.club for e in sheet.entries] == ["MSC Oberland", "RSV Tal"]
    assert [e.position for e in sheet.entries] == [1, 2]


def test_camel_case_headings_of_a_timing_export_are_understood():
    data = (
        b'"Rank","Bib","Firstname","Surname","Gender","Nat","Club","TotalTime","DiffWinner"\n'
        b'"1","5","Stina","Bondevik","F","NOR","Oslo CK","3:27.0","0:00.0"\n'
        b'"2","2","Alice","Grindvik","F","NOR","Drammen CK","3:37.0","0:10.0"\n'
        b'"3","9","Maren","Holt","F","NOR","Bergen SK","3:41.5","0:14.5"\n'
    )
    sheet = parse(data)
    assert sheet.columns == (
        "position", "number", "first_name", "surname", "ignore", "nationality", "club", "time",
        "gap",
    )  # fmt: skip
    assert [e.nationality for e in sheet.entries] == ["NOR", "NOR", "NOR"]
    assert crews(sheet) == [[("BONDEVIK", "Stina")], [("GRINDVIK", "Alice")], [("HOLT", "Maren")]]
    assert [e.gap_ms for e in sheet.entries] == [0, 10_000, 14_500]


def test_a_headers_second_line_is_part_of_the_header_not_a_new_table():
    data = (
        b"Platz | Startnr. | Fahrer | Club | Gesamtzeit\n"
        b"      |          | Beifahrer | Fahrzeug |\n"
        b"1 | 12 | Auer, Florian | MSC Freilassing | 8:27.60\n"
        b"2 | 21 | Kern, Max | MSC Freilassing | 8:42.50\n"
    )
    sheet = parse(data)
    assert [e.number for e in sheet.entries] == ["12", "21"]
    assert [e.time_ms for e in sheet.entries] == [507_600, 522_500]
    assert {e.category for e in sheet.entries} == {None}
    assert any(i.code == "header-continued" and i.line == 2 for i in sheet.issues)


def test_seconds_with_decimals_under_a_time_heading_are_the_time():
    data = (
        b"Pos;Name;Club;Gesamt\n"
        b"1;Rolf OSWALD;AMC Neckar;123,33\n"
        b"2;Klaus OSWALD;AMC Neckar;130,29\n"
        b"3;Ines SCHMITT;MC Mering;145,93\n"
    )
    sheet = parse(data)
    assert [e.time_ms for e in sheet.entries] == [123_330, 130_290, 145_930]
    assert [e.gap_ms for e in sheet.entries] == [0, 6_960, 22_600]


def test_a_named_class_under_its_heading_wins_over_a_code_column_without_one():
    # `Race` (a stage code, FE1) is no heading Podium knows; `Class` over `K Senior` is the
    # class even though `FE1` reads like a fused group and class.
    rows = ['"Rank";"Bib";"Firstname";"Surname";"Race";"Class";"Total Time";""']
    people = [("Stina", "Bondevik"), ("Alice", "Grindvik"), ("Maren", "Holt"), ("Ida", "Lund")]
    for klass in ("K Senior", "M Junior"):
        for rank, (first, last) in enumerate(people, start=1):
            cells = [str(rank), str(rank + 10), first, last, "FE1", klass, f"3:2{rank}.0", ""]
            rows.append(";".join(f'"{c}"' for c in cells))
    sheet = parse("\n".join(rows).encode())
    assert [(e.group, e.klass) for e in sheet.entries] == [(None, "K Senior")] * 4 + [
        (None, "M Junior")
    ] * 4
    assert [e.crew[0].surname for e in sheet.entries[:2]] == ["BONDEVIK", "GRINDVIK"]


def test_a_trailing_delimiter_leaves_the_header_over_its_columns():
    data = (
        b"Pos;Bib;Surname;First Name;Club;Time;\n"
        b"1;4;Holt;Maren;Bergen SK;3:41.5;\n"
        b"2;8;Lund;Ida;Oslo CK;3:44.0;\n"
    )
    sheet = parse(data)
    assert sheet.columns[:6] == ("position", "number", "surname", "first_name", "club", "time")
    assert [e.club for e in sheet.entries] == ["Bergen SK", "Oslo CK"]


def test_crews_given_by_surname_alone_under_a_driver_heading_are_the_crew():
    data = (
        b"Pos.;Nr.;Fahrer;Hersteller\n"
        b"1;186;Metge / LeMoyne;Porsche 959\n"
        b"2;185;Ickx / Brasseur;Porsche 959\n"
        b"3;190;Shinozuka / Magne;Mitsubishi Pajero\n"
    )
    sheet = parse(data)
    assert crews(sheet) == [
        [("Metge", None), ("LeMoyne", None)],
        [("Ickx", None), ("Brasseur", None)],
        [("Shinozuka", None), ("Magne", None)],
    ]


def test_greek_headings_and_stage_columns_headed_by_their_number():
    data = (
        "Α/Α;No;ΟΔΗΓΟΣ;ΣΥΝΟΔΗΓΟΣ;ΟΧΗΜΑ;ΚΑΤ./ ΚΛΑΣΗ;1;2\n"
        "1;1;ΚΟΥΚΕΑΣ ΕΥΣΤΑΘΙΟΣ;ΠΕΤΡΟΠΟΥΛΟΣ ΝΙΚΟΛΑΟΣ;FORD FIESTA;C1 R5/Rally2;9:33.76;9:40.53\n"
        "2;2;ΝΟΜΙΚΟΣ ΑΝΔΡΕΑΣ;ΡΑΒΑΝΗΣ ΙΩΑΝΝΗΣ;SKODA FABIA;C1 S2000R;9:46.42;9:55.82\n"
        "3;3;ΑΝΤΩΝΙΟΥ ΑΝΤΩΝΙΟΣ;ΒΙΓΚΟΣ ΑΝΔΡΕΑΣ;MITSUBISHI LANCER;C2 A8;10:01.10;10:05.00\n"
    ).encode()
    sheet = parse(data)
    assert sheet.columns == (
        "ignore", "number", "driver", "codriver", "car", "group_class", "ignore", "ignore",
    )  # fmt: skip
    assert [(e.group, e.klass) for e in sheet.entries] == [
        ("C1", "R5/Rally2"),
        ("C1", "S2000R"),
        ("C2", "A8"),
    ]
    assert [len(e.crew) for e in sheet.entries] == [2, 2, 2]
    assert [e.car for e in sheet.entries] == ["FORD FIESTA", "SKODA FABIA", "MITSUBISHI LANCER"]
