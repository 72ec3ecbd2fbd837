"""Traits of a thirteenth batch of sheets written by someone who had not read the parser:
a slalom's pylon columns (`Pyl. 1`) beside its class (`Kl.`), a moped race's `Merk` (make),
and a printout whose pages end with the same footer lines (the clerk of the course's name)."""

from __future__ import annotations

from results.parsing import parse

SLALOM = "\n".join(
    "\t".join(cells)
    for cells in [
        ["Klasse G1 - Serienfahrzeuge bis 1400 ccm"],
        ["Pl.", "StNr.", "Name", "Vorname", "Verein", "Fahrzeug", "Kl.", "Lauf 1", "Pyl. 1",
         "Lauf 2", "Pyl. 2", "Gesamt", "Abstand"],
        ["1", "5", "Keller", "Jonas", "MSC Hall", "Peugeot 106", "G1", "61,96", "0", "60,96",
         "0", "122,92", ""],
        ["2", "3", "Schmidt", "Lukas", "RG Hohenlohe", "Toyota Yaris", "G1", "62,05", "0",
         "61,11", "0", "123,16", "+0,24"],
        ["3", "1", "Weiß", "Jan", "ADAC Künzelsau", "Toyota Yaris", "G1", "61,57", "0", "62,11",
         "0", "123,68", "+0,76"],
        ["4", "2", "Dietrich", "Dennis", "MSG Weinsberg", "Peugeot 106", "G1", "63,35", "2",
         "63,07", "0", "130,42", "+7,50"],
        ["5", "6", "Lehmann", "Tim", "RG Hohenlohe", "Toyota Yaris", "G1", "66,19", "0",
         "66,52", "0", "132,71", "+9,79"],
        ["6", "4", "Richter", "Michael", "RG Hohenlohe", "Toyota Yaris", "G1", "66,17", "2",
         "67,19", "0", "137,36", "+14,44"],
    ]
)  # fmt: skip

MOPEDS = """\
Pl.,Nr.,Ploeg / Rijder,Klasse,Pl. Kl.,Merk,Ronden,Totale tijd,Achterstand
1,9,Zwarte Leeuw Racing,Proto,1,Flandria Ranger,309,6:00:03.217,
2,5,De Snelle Jongens,Proto,2,Batavus Starflite,309,6:00:32.699,+29.482
3,3,Team Vandenberghe,Proto,3,Eysink 50,308,6:00:53.468,+1 ronde
4,21,Brommerclub Ieper,Standaard,1,Gazelle,301,6:00:01.463,+8 ronden
"""


def _page(number: int, rows: list[str]) -> str:
    return "\n".join(
        [
            "                    38a CRONOSCALATA DELLA VAL NURE",
            "",
            "                    CLASSIFICA ASSOLUTA UFFICIALE",
            "",
            "Pos    N. Conduttore               Vettura                  Totale    Distacco",
            "-------------------------------------------------------------------------------",
            *rows,
            "",
            f"Cronometraggio: FICr Piacenza                                 Pagina {number} di 2",
            "Il Direttore di Gara: Giorgio Bertuzzi          I Commissari Sportivi",
        ]
    )


HILL_CLIMB = "\n\f".join(
    [
        _page(1, [
            "  1    12 FAGGIOLI Simone          Norma M20 FC             4'51.118",
            "  2     7 MERLI Christian          Osella FA 30             4'53.402    +2.284",
            "  3     3 CASSIBBA Luca            Nova Proto NP 01         5'01.950   +10.832",
        ]),
        _page(2, [
            "  4    21 PERUZZI Giuseppe         Osella PA 2000           5'08.015   +16.897",
            "  5    44 BARBARO Rosario          Renault Clio RS          5'22.730   +31.612",
        ]),
    ]
) + "\n"  # fmt: skip


def test_pylons_beside_the_runs_are_no_class():
    sheet = parse(SLALOM.encode())
    entries = sheet.entries
    assert [(e.group or "") + (e.klass or "") for e in entries] == ["G1"] * 6
    assert [e.time_ms for e in entries] == [122_920, 123_160, 123_680, 130_420, 132_710, 137_360]
    # The class is read from `Kl.` alone; the pylon counts (0, 2) are no class.
    assert sheet.columns[6] == "group_class"
    assert "class" not in sheet.columns[7:]


def test_merk_heads_the_make():
    entries = parse(MOPEDS.encode()).entries
    assert [e.car for e in entries] == [
        "Flandria Ranger", "Batavus Starflite", "Eysink 50", "Gazelle",
    ]  # fmt: skip
    assert [e.laps for e in entries] == [309, 309, 308, 301]


def test_a_footer_on_every_page_titles_no_table():
    sheet = parse(HILL_CLIMB.encode())
    entries = sheet.entries
    assert [(e.position, e.number, e.time_ms, e.gap_ms) for e in entries] == [
        (1, "12", 291_118, 0),
        (2, "7", 293_402, 2_284),
        (3, "3", 301_950, 10_832),
        (4, "21", 308_015, 16_897),
        (5, "44", 322_730, 31_612),
    ]
    assert {e.category for e in entries} == {None}
    assert not [i for i in sheet.issues if i.level == "warning"]


# A results page copied: the crew cell's line break (`<br>`) between driver and co-driver
# wraps the row; the leader's row has no gap, so its second line holds one cell less; one
# class's table was copied with runs of spaces where the others have tabs.
SPRINT = "\n".join(
    [
        "Yleinen 4WD (4)",
        "Sij.\tNro\tKuljettaja / Kartanlukija\tSeura\tAuto\tEK1\tEK2\tYhteensä\tEro",
        "1.\t8\tKoskinen Kari",
        "Honkanen Sanna\tKokkolan MK\tŠkoda Fabia R5\t05:00,2\t05:08,3\t10:08,5",
        "2.\t2\tJokinen Jukka",
        "Väisänen Noora\tOulun MK\tMitsubishi Lancer\t04:58,6\t05:20,6\t10:19,2\t+10,7",
        "3.\t7\tKinnunen Kari\tPyhäjoen MK\tMitsubishi Lancer\t05:15,8\t05:04,8\t10:20,6\t+12,1",
        "4.\t6\tTuominen Timo",
        "Keränen Jari\tKalajoen UA\tŠkoda Fabia R5\t05:11,3\t05:15,8\t10:27,1\t+18,6",
        "",
        "Historialliset (3)",
        "Sij.   Nro   Kuljettaja / Kartanlukija   Seura   Auto   EK1   EK2   Yhteensä   Ero",
        "1.   56   Hakala Janne   Kalajoen UA   Saab 96 V4   05:20,9   05:33,0   10:53,9",
        "2.   51   Väisänen Juha   Kokkolan MK   Ford Escort RS2000   05:30,4   05:26,7   10:57,1"
        "   +3,2",
        "3.   53   Ylitalo Toni   Sievin UA   Saab 96 V4   05:35,7   05:37,1   11:12,8   +18,9",
    ]
) + "\n"  # fmt: skip


def test_a_wrapped_leader_and_a_block_parted_by_spaces():
    entries = parse(SPRINT.encode()).entries
    assert [
        (e.position, e.number, [p.surname for p in e.crew], e.club, e.car, e.time_ms, e.gap_ms)
        for e in entries
    ] == [
        (1, "8", ["Koskinen", "Honkanen"], "Kokkolan MK", "Škoda Fabia R5", 608_500, 0),
        (2, "2", ["Jokinen", "Väisänen"], "Oulun MK", "Mitsubishi Lancer", 619_200, 10_700),
        (3, "7", ["Kinnunen"], "Pyhäjoen MK", "Mitsubishi Lancer", 620_600, 12_100),
        (4, "6", ["Tuominen", "Keränen"], "Kalajoen UA", "Škoda Fabia R5", 627_100, 18_600),
        (1, "56", ["Hakala"], "Kalajoen UA", "Saab 96 V4", 653_900, 0),
        (2, "51", ["Väisänen"], "Kokkolan MK", "Ford Escort RS2000", 657_100, 3_200),
        (3, "53", ["Ylitalo"], "Sievin UA", "Saab 96 V4", 672_800, 18_900),
    ]  # fmt: skip
    assert [e.category for e in entries] == ["Yleinen 4WD (4)"] * 4 + ["Historialliset (3)"] * 3


# An endurance team's line, then a line per rider (their best lap alone); a team's name in a
# cell of its own over its riders, one a line; `NS` a team that did not start.
TEAMS = """\
Pl.,Nr.,Ploeg / Rijder,Klasse,Ronden,Totale tijd,Snelste ronde
1,9,Zwarte Leeuw Racing,Proto,309,6:00:03.217,1:07.145
,,Claes Lander,,,,1:07.145
,,Dumoulin Wim,,,,1:07.600
2,25,Ketting & Co,Standaard,262,6:00:16.012,1:15.523
,,Smets Jonas,,,,1:17.070
,,Dumoulin Brecht,,,,1:15.523
NS,28,Puch Power Pittem,Oldtimer,0,,
"""

IN_ONE_CELL = """\
Pl.,Nr.,Ploeg,Klasse,Ronden,Totale tijd
1,9,"Ketting & Co
Claes Lander
Dumoulin Wim",Proto,309,6:00:03.217
2,5,"Puch Power Pittem
Van den Broeck Niels
Vermeulen Joris",Proto,308,6:00:32.699
3,3,"Kowalski Zbyszek
Nowak Jan
Wiśniewski Piotr",Proto,300,6:00:53.468
"""


def test_a_team_line_over_its_riders_is_the_team():
    entries = parse(TEAMS.encode()).entries
    assert [(e.position, e.number, e.team, [p.surname for p in e.crew]) for e in entries[:2]] == [
        (1, "9", "Zwarte Leeuw Racing", ["Claes", "Dumoulin"]),
        (2, "25", "Ketting & Co", ["Smets", "Dumoulin"]),
    ]
    # A team with no rider under it: whether its words name a team or a person, no line says.
    assert [(e.position, e.number, e.status) for e in entries[2:]] == [(None, "28", "dns")]


def test_a_team_over_its_drivers_in_one_cell_but_not_a_driver_over_others():
    entries = parse(IN_ONE_CELL.encode()).entries
    assert [(e.team, [p.surname for p in e.crew]) for e in entries] == [
        ("Ketting & Co", ["Claes", "Dumoulin"]),
        ("Puch Power Pittem", ["Van den Broeck", "Vermeulen"]),
        (None, ["Kowalski", "Nowak", "Wiśniewski"]),
    ]
