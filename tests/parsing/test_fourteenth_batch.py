"""Traits of a fourteenth batch of sheets written by someone who had not read the parser:
cars classed by their engine size in litres (`Cl.` over `1.6`, `2.0`), a section of the
unclassified under its own title (`NON CLASSIFICATI`), Nordic, Polish and Portuguese words for
statuses, places and results, thousands parted by spaces, headings over two lines, a rider
left unplaced at the foot, and a workbook's entry list beside its results."""

from __future__ import annotations

import io

import openpyxl

from results.parsing import parse
from tests.parsing.made import tabs, warnings

SLALOM = b"""\
SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA

Pos  N.   Conduttore              Scuderia           Vettura              Gr.  Cl.     Tempo
1    14   ROSSI Marco             Scuderia Etna      Peugeot 106          N    1.6     3:12.45
2    8    BIANCHI Luca            Racing Team Sud    Renault Clio         A    2.0     3:14.02
3    21   COLOMBO Andrea          Scuderia Etna      Fiat Uno Turbo       N    1.6     3:15.88
4    3    RICCI Paolo             Motor Club Lecce   Citroen Saxo         A    1.6     3:17.10
5    30   MARINO Giuseppe         Racing Team Sud    Honda Civic          N    2.0     3:18.55
NON CLASSIFICATI
     11   GRECO Stefano           Scuderia Etna      Opel Corsa           N    1.6     Rit.
     17   BRUNO Davide            Motor Club Lecce   Fiat Punto           A    1.6     Escl.
"""


def test_classes_in_litres_and_a_section_of_the_unclassified():
    sheet = parse(SLALOM)
    assert [
        (e.position, e.number, e.crew[0].surname, e.club, e.car, e.group, e.klass, e.time_ms,
         e.status, e.category)
        for e in sheet.entries
    ] == [
        (1, "14", "ROSSI", "Scuderia Etna", "Peugeot 106", "N", "1.6", 192_450, "classified",
         "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (2, "8", "BIANCHI", "Racing Team Sud", "Renault Clio", "A", "2.0", 194_020,
         "classified", "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (3, "21", "COLOMBO", "Scuderia Etna", "Fiat Uno Turbo", "N", "1.6", 195_880,
         "classified", "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (4, "3", "RICCI", "Motor Club Lecce", "Citroen Saxo", "A", "1.6", 197_100,
         "classified", "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (5, "30", "MARINO", "Racing Team Sud", "Honda Civic", "N", "2.0", 198_550,
         "classified", "SLALOM DEL MONTE 2026 - CLASSIFICA ASSOLUTA"),
        (None, "11", "GRECO", "Scuderia Etna", "Opel Corsa", "N", "1.6", None, "retired",
         "NON CLASSIFICATI"),
        (None, "17", "BRUNO", "Motor Club Lecce", "Fiat Punto", "A", "1.6", None, "dsq",
         "NON CLASSIFICATI"),
    ]  # fmt: skip
    assert not [i for i in sheet.issues if i.level == "warning"]


RALLYSPRINT = tabs(
    "Sija\tNro\tKuljettaja\tAuto\tLuokka\tAika\tEro",
    "1\t12\tVIRTANEN Mikko\tFord Escort\tSM2\t12:34,5\t",
    "2\t7\tLAINE Jussi\tToyota Corolla\tSM2\t12:40,1\t+5,6",
    "3\t3\tKORHONEN Pekka\tOpel Kadett\tSM3\t12:55,0\t+20,5",
    "\t22\tNIEMINEN Ari\tBMW 325\tSM3\tDiskv.\t",
    "UTESLUTNA",
    "\t31\tMÄKINEN Timo\tVolvo 240\tSM2\t13:01,0\t",
)


def test_nordic_words_for_the_disqualified():
    sheet = parse(RALLYSPRINT)
    assert [(e.position, e.number, e.status, e.time_ms) for e in sheet.entries] == [
        (1, "12", "classified", 754_500),
        (2, "7", "classified", 760_100),
        (3, "3", "classified", 775_000),
        (None, "22", "dsq", None),
        (None, "31", "dsq", 781_000),
    ]


REGULARITY = (
    "Pl.\tNr\tEquipage\tVoiture\tClasse\tPénalités\n"
    "1\t12\tDUPONT Jean / MARTIN Luc\tPorsche 911\tH1\t472\n"
    "2\t7\tLEROY Paul / SIMON Eric\tVolvo 122S\tH2\t898\n"
    "3\t3\tPETIT Marc / ROBERT Anne\tMGB\tH1\t1\u202f135\n"
    "4\t9\tLEFEBVRE Jo / DURAND Guy\tAlfa Giulia\tH2\t2\u2009410\n"
    "5\t15\tMOREL Yves / GIRARD Lea\tBMW 2002\tH1\t12 507\n"
).encode()


def test_thousands_parted_by_a_space_in_penalties():
    # A regularity's penalty points past a thousand, parted by a narrow no-break space, a
    # thin space or a plain one, as French and Belgian sheets print them.
    sheet = parse(REGULARITY)
    assert [(e.position, e.number, e.penalty_ms) for e in sheet.entries] == [
        (1, "12", 472_000),
        (2, "7", 898_000),
        (3, "3", 1_135_000),
        (4, "9", 2_410_000),
        (5, "15", 12_507_000),
    ]
    assert not [i for i in sheet.issues if i.code == "value-unreadable"]


MOTOCROSS = """\
SM-MOTOCROSS 2026, KOUVOLA
MX1 - Lähtö 1

                                                                                  Paras     Kierr.
Sija Nro  Kuljettaja        Seura                Maa  Merkki     Kierr. Aika      kierros   nro
1    7    Virtanen Mikko    Kouvolan MK          FIN  KTM        17     32:14.512 1:51.204  4
2    22   Lahtinen Jere     Hyvinkään Moottorik. FIN  Yamaha     17     32:20.877 1:51.660  6
3    111  Andersson Erik    SMK Uppsala          SWE  Husqvarna  17     32:41.003 1:52.118  3
4    5    Heikkinen Tuomas  Lahden MK            FIN  Honda      17     33:02.765 1:52.870  5
5    48   Koskinen Aleksi   Kouvolan MK          FIN  Kawasaki   16     32:19.440 1:55.321  2
6    3    Tamm Kristjan     Tartu Motoklubi      EST  KTM        16     32:45.900 1:56.002  8
     19   Salonen Ville     Lahden MK            FIN  Gas Gas    9      18:12.300 1:54.770  3
""".encode()


def test_headings_over_two_lines_and_a_rider_left_unplaced_at_the_foot():
    # `Paras` over `kierros` (best lap), `Kierr.` over `nro` (the lap it was set on): the
    # header's first line stands over two of its headings only. The country (`Maa`), the
    # make (`Merkki`) and the laps (`Kierr.`) by their Finnish words. The last rider has no
    # place and ran 9 laps of 17: retired, said on his line.
    sheet = parse(MOTOCROSS)
    assert [
        (e.position, e.number, e.crew[0].surname, e.club, e.nationality, e.car, e.laps,
         e.time_ms, e.gap_ms, e.best_lap_ms, e.best_lap_no, e.status)
        for e in sheet.entries
    ] == [
        (1, "7", "Virtanen", "Kouvolan MK", "FIN", "KTM", 17, 1_934_512, 0, 111_204, 4,
         "classified"),
        (2, "22", "Lahtinen", "Hyvinkään Moottorik.", "FIN", "Yamaha", 17, 1_940_877, 6_365,
         111_660, 6, "classified"),
        (3, "111", "Andersson", "SMK Uppsala", "SWE", "Husqvarna", 17, 1_961_003, 26_491,
         112_118, 3, "classified"),
        (4, "5", "Heikkinen", "Lahden MK", "FIN", "Honda", 17, 1_982_765, 48_253, 112_870, 5,
         "classified"),
        (5, "48", "Koskinen", "Kouvolan MK", "FIN", "Kawasaki", 16, 1_939_440, None, 115_321,
         2, "classified"),
        (6, "3", "Tamm", "Tartu Motoklubi", "EST", "KTM", 16, 1_965_900, None, 116_002, 8,
         "classified"),
        (None, "19", "Salonen", "Lahden MK", "FIN", "Gas Gas", 9, 1_092_300, None, 114_770, 3,
         "retired"),
    ]  # fmt: skip
    said = {(i.line, i.code) for i in sheet.issues}
    assert {(4, "header-continued"), (12, "unplaced-foot")} <= said
    assert not [i for i in sheet.issues if i.level == "warning"]


def test_a_row_left_unplaced_below_placed_rows_with_as_many_laps_is_not_classified():
    sheet = parse(
        tabs(
            "Pos\tNo\tDriver\tLaps\tTime",
            "1\t4\tSMITH John\t20\t30:01.200",
            "2\t8\tJONES Mark\t20\t30:05.900",
            "3\t15\tBROWN Paul\t20\t30:12.400",
            "4\t16\tGREEN Luke\t20\t30:20.000",
            "\t23\tWHITE Adam\t20\t30:45.100",
        )
    )
    assert [(e.position, e.number, e.status) for e in sheet.entries][-1] == (None, "23", "nc")


RALLYCROSS = """\
RALLYCROSS MISTRZOSTWA POLSKI - TOR SLOMCZYN
Klasyfikacja koncowa - Supercars

Poz.  Nr Kierowca          Kraj  Samochód          Okr.  Czas      Kara  Wynik     Strata
1     12 KOWALSKI Jan      POL   Ford Fiesta RX     6    4:12.345        4:12.345
2     7  NOWAK Piotr       POL   Skoda Fabia RX     6    4:13.002  2.0   4:15.002  +2.657
3     31 SZABO Gergely     HUN   VW Polo RX         6    4:16.110        4:16.110  +3.765
4     5  WISNIEWSKI Marek  POL   Peugeot 208 RX     6    4:17.870        4:17.870  +5.525
""".encode()


def test_a_result_column_beside_the_time_before_penalties():
    # `Wynik` (result): the time with the penalty, which the table is ranked on; `Czas` the
    # time before it.
    sheet = parse(RALLYCROSS)
    assert [
        (e.position, e.number, e.crew[0].surname, e.nationality, e.laps, e.time_ms, e.gap_ms,
         e.penalty_ms)
        for e in sheet.entries
    ] == [
        (1, "12", "KOWALSKI", "POL", 6, 252_345, 0, None),
        (2, "7", "NOWAK", "POL", 6, 255_002, 2_657, 2_000),
        (3, "31", "SZABO", "HUN", 6, 256_110, 3_765, None),
        (4, "5", "WISNIEWSKI", "POL", 6, 257_870, 5_525, None),
    ]  # fmt: skip


def test_a_heading_naming_the_number_and_the_driver_over_both_in_one_cell():
    sheet = parse(
        tabs(
            "Poz.\tNr Kierowca\tKraj\tSamochód\tOkr.\tWynik",
            "1\t12 KOWALSKI Jan\tPOL\tFord Fiesta RX\t6\t4:12.345",
            "2\t7 NOWAK Piotr\tPOL\tSkoda Fabia RX\t6\t4:15.002",
            "3\t31 SZABO Gergely\tHUN\tVW Polo RX\t6\t4:16.110",
            "4\t5 WISNIEWSKI Marek\tPOL\tPeugeot 208 RX\t6\t4:17.870",
        )
    )
    assert [(e.position, e.number, e.crew[0].surname, e.crew[0].first_name) for e in
            sheet.entries] == [
        (1, "12", "KOWALSKI", "Jan"),
        (2, "7", "NOWAK", "Piotr"),
        (3, "31", "SZABO", "Gergely"),
        (4, "5", "WISNIEWSKI", "Marek"),
    ]  # fmt: skip


def _kjs_workbook() -> bytes:
    """A Polish KJS's workbook: the entry list first, then the results, whose places are
    headed `M-ce` (miejsce) and written `1.`; a crew out of the classification (`NKL`)."""
    book = openpyxl.Workbook()
    entries = book.active
    entries.title = "Lista zgłoszeń"
    entries.append(["Nr", "Kierowca", "Pilot", "Samochód", "Klasa", "Klub", "Wpisowe"])
    results = book.create_sheet("Wyniki")
    results.append(["KJS Zimowy Puchar 2026 - wyniki"])
    results.append(["M-ce", "Nr", "Kierowca", "Pilot", "Samochód", "Klasa", "Suma", "Uwagi"])
    for place, number, driver, codriver, car, klass, total, note in KJS:
        entries.append([number, driver, codriver, car, klass, "AM Warszawa", "200 zł"])
        results.append([place, number, driver, codriver, car, klass, total, note])
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


KJS = [
    ("1.", 4, "Adam Michalski", "Krzysztof Zieliński", "Fiat Cinquecento", "K1", "5:24,17", None),
    ("2.", 9, "Jan Wójcik", "Ewa Król", "Fiat Seicento", "K1", "5:30,02", None),
    ("3.", 2, "Piotr Kaczmarek", "Anna Mazur", "Daewoo Tico", "K1", "5:41,55", None),
    ("4.", 12, "Marek Nowicki", "Tomasz Dudek", "Fiat Seicento", "K1", "5:49,90", None),
    (None, 37, "Joanna Kamińska", "Paweł Sikora", "Subaru Impreza", "K1", "NKL",
     "nieklasyfikowany – PS4 nie ukończona"),
]  # fmt: skip


def test_an_entry_list_beside_results_headed_m_ce_is_set_aside():
    sheet = parse(_kjs_workbook(), filename="kjs.xlsx")
    assert [(e.position, e.number, e.crew[0].surname, e.status) for e in sheet.entries] == [
        (1, "4", "Michalski", "classified"),
        (2, "9", "Wójcik", "classified"),
        (3, "2", "Kaczmarek", "classified"),
        (4, "12", "Nowicki", "classified"),
        (None, "37", "Kamińska", "nc"),
    ]
    skipped = [i.message for i in sheet.issues if i.code == "table-skipped"]
    assert len(skipped) == 1 and "Lista zgłoszeń" in skipped[0]


def test_a_swedish_superrally_restart_noted_beside_the_time_and_its_penalty():
    sheet = parse(
        tabs(
            "Plac\tNr\tFörare\tBil\tKlass\tStraff\tTotalt\tAnm.",
            "1\t60\tLindgren Björn\tSaab 99 Turbo\tHS\t\t40:50.4\t",
            "2\t36\tGustafsson Jonas\tSaab 96 V4\tHA\t0:10\t40:52.9\t",
            "3\t14\tJonsson Ola\tFord Escort RS 2000\tHC\t\t41:16.8\t",
            "4\t41\tBerg Oskar\tVolvo Amazon\tHA\t5:10\t46:48.9\tSuperrally SS4",
        )
    )
    assert [(e.position, e.number, e.penalty_ms, e.time_ms, e.status) for e in sheet.entries] == [
        (1, "60", None, 2_450_400, "classified"),
        (2, "36", 10_000, 2_452_900, "classified"),
        (3, "14", None, 2_476_800, "classified"),
        (4, "41", 310_000, 2_808_900, "rally2"),
    ]


def test_a_portuguese_retirement_in_the_place_column():
    sheet = parse(
        tabs(
            "Pos.\tNº\tEquipa\tVoltas\tTempo",
            "1\t12\tGandaia Team\t120\t6:00:12.4",
            "2\t7\tMotorizadas Vagos\t118\t6:01:40.1",
            "3\t5\tOs Rápidos\t115\t6:02:02.0",
            "DES\t29\tEquipa Azul\t115\t6:05:00.0",
        )
    )
    assert [(e.position, e.number, e.status) for e in sheet.entries][-1] == (None, "29", "retired")


CZECH = """\
Rallye Šumava Klatovy 2026 - Celkové výsledky

Poř. St.č. Jezdec / Spolujezdec            Vůz                    Tř.  Čas RZ     Penal.  Celkem
1.   1     Kopecký Jan / Dresler Petr       Škoda Fabia RS Rally2  RC2  1:12:31,4          1:12:31,4
2.   3     Pech Václav / Uhel Petr          Ford Fiesta Rally2     RC2  1:13:02,8  0:10    1:13:12,8
3.   7     Černý Tomáš / Kohout Jan         Hyundai i20 N Rally2   RC2  1:13:40,0          1:13:40,0

Nedokončili:
     5     Trněný Karel / Pokorný Jaroslav  Mitsubishi Lancer Evo  RC2  RZ 4 - motor
     9     Holub Radek / Mašek Ondřej       Citroën C3 Rally2      RC2  RZ 7 - havárie
""".encode()


def test_where_and_why_the_retired_stopped_under_the_stage_times():
    # The total (`Celkem`) ranks the table; the stage times' column (`Čas RZ`) is not kept,
    # but among the retired it says where (`RZ 4`, Czech for a special stage) and why.
    sheet = parse(CZECH)
    assert [
        (e.position, e.number, e.time_ms, e.penalty_ms, e.status, e.retired_at, e.reason)
        for e in sheet.entries
    ] == [
        (1, "1", 4_351_400, None, "classified", None, None),
        (2, "3", 4_392_800, 10_000, "classified", None, None),
        (3, "7", 4_420_000, None, "classified", None, None),
        (None, "5", None, None, "retired", "RZ4", "motor"),
        (None, "9", None, None, "retired", "RZ7", "havárie"),
    ]


KART_24H = b"""\
<html><body><h1>Kart 24 uur - Eindklassement</h1><table>
<tr><th>Pos</th><th>Nr</th><th>Team</th><th>Rijders</th><th>Klasse</th><th>Ronden</th>
<th>Totale tijd</th><th>Verschil</th></tr>
<tr><td>1</td><td>14</td><td>Racing Team Limburg</td><td>Jansen P.<br>De Vries K.<br>Bakker T.</td>
<td>Pro</td><td>1342</td><td>24:00:31.221</td><td></td></tr>
<tr><td>2</td><td>3</td><td>KartXperience</td><td>Mulder S.<br>Smit L.</td><td>Pro</td>
<td>1340</td><td>24:00:12.876</td><td>2 ronden</td></tr>
<tr><td>3</td><td>8</td><td>Team Brabant</td><td>Van Dam E.<br>Bos W.</td><td>Amateur</td>
<td>1300</td><td>24:01:02.500</td><td>42 ronden</td></tr>
</table></body></html>
"""


def test_drivers_a_line_each_named_by_surname_and_initial():
    # `Jansen P.` over `De Vries K.`: a person a line, the first name cut to its initial.
    sheet = parse(KART_24H, filename="24uur.html")
    assert [
        (e.position, e.number, e.team, [(p.surname, p.first_name) for p in e.crew], e.laps)
        for e in sheet.entries
    ] == [
        (1, "14", "Racing Team Limburg",
         [("Jansen", "P."), ("De Vries", "K."), ("Bakker", "T.")], 1342),
        (2, "3", "KartXperience", [("Mulder", "S."), ("Smit", "L.")], 1340),
        (3, "8", "Team Brabant", [("Van Dam", "E."), ("Bos", "W.")], 1300),
    ]  # fmt: skip
    assert warnings(sheet) == []


REGULARITY_POINTS = (
    "Clt;N°;Pilote;Copilote;Voiture;Moyenne;ZR1;ZR2;ZR3;ZR4;Total pén.;Ecart\r\n"
    "1;102;DUMAS Henri;DUMAS Claire;Porsche 911 SC;Haute;12;8;21;5;46;\r\n"
    "2;115;VIDAL Patrick;ROCHE Anne;Alpine A110 1600S;Haute;15;11;9;19;54;8\r\n"
    "3;108;BLANC Gérard;BLANC Josiane;BMW 2002 Tii;Haute;22;14;18;11;65;19\r\n"
    "4;121;FAURE Michel;LACROIX Paul;Opel Kadett GT/E;Haute;31;20;16;25;92;46\r\n"
).encode("latin-1")


def test_a_regularitys_gaps_in_points_are_no_times():
    # The table is ranked on the sum of the zones' penalty points; `Ecart` is each crew's
    # total less the leader's: points too, not seconds.
    sheet = parse(REGULARITY_POINTS)
    assert [(e.position, e.number, e.points, e.time_ms, e.gap_ms) for e in sheet.entries] == [
        (1, "102", 46.0, None, None),
        (2, "115", 54.0, None, None),
        (3, "108", 65.0, None, None),
        (4, "121", 92.0, None, None),
    ]
    assert any(i.code == "gaps-in-points" for i in sheet.issues)


def test_a_place_in_the_category_is_the_class_position():
    sheet = parse(
        b'"Rank","Bib","Lastname","Firstname","Category","Cat.Rank","Laps","Time"\n'
        b'"1","23","HANSEN","Mikkel","MX1","1","15","31:45.210"\n'
        b'"2","7","OLSEN","Rasmus","MX1","2","15","31:50.887"\n'
        b'"3","104","LARSEN","Jonas","MX2","1","15","32:02.001"\n'
        b'"4","88","NIELSEN","Emil","MX2","2","15","32:09.100"\n'
    )
    assert [(e.position, e.class_position) for e in sheet.entries] == [
        (1, 1),
        (2, 2),
        (3, 1),
        (4, 2),
    ]


def _sprint_workbook() -> bytes:
    """A rally sprint's workbook: merged headings over the people's name columns and over
    the stages, their parts on the row below."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Rallye Sprint Oberland 2026 - Gesamtergebnis"])
    sheet.append([])
    sheet.append(["Pl.", "StNr", "Fahrer", None, "Beifahrer", None, "Fahrzeug", "Kl.",
                  "Wertungsprüfungen", None, None, "Gesamt", "Abstand"])  # fmt: skip
    sheet.append([None, None, "Name", "Vorname", "Name", "Vorname", None, None, "WP1", "WP2",
                  "WP3", None, None])  # fmt: skip
    for cells in ("C3:D3", "E3:F3", "I3:K3"):
        sheet.merge_cells(cells)
    sheet.append([1, 5, "Huber", "Franz", "Maier", "Lisa", "Mitsubishi Lancer Evo X", "NC1",
                  "4:12,3", "3:55,1", "4:02,7", "12:10,1", None])  # fmt: skip
    sheet.append([2, 9, "Berger", "Josef", "Wimmer", "Anna", "Subaru Impreza WRX", "NC1",
                  "4:15,0", "3:57,9", "4:05,2", "12:18,1", "+8,0"])  # fmt: skip
    sheet.append([None, 21, "Brunner", "Karl", "Egger", "Sepp", "BMW M3", "NC2", "4:20,1",
                  "ausgef.", None, None, None])  # fmt: skip
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def test_merged_headings_over_their_parts_say_nothing_of_second_persons():
    sheet = parse(_sprint_workbook(), filename="sprint.xlsx")
    assert [
        (e.position, e.number, [p.surname for p in e.crew], [s.time_ms for s in e.splits],
         e.time_ms, e.status)
        for e in sheet.entries
    ] == [
        (1, "5", ["HUBER", "MAIER"], [252_300, 235_100, 242_700], 730_100, "classified"),
        (2, "9", ["BERGER", "WIMMER"], [255_000, 237_900, 245_200], 738_100, "classified"),
        (None, "21", ["BRUNNER", "EGGER"], [260_100, None, None], None, "retired"),
    ]  # fmt: skip
    # No second line holds anything under the stages: nothing is said of a second person.
    assert not [i for i in sheet.issues if "second person" in i.message]


def test_a_second_driver_heading_over_people_is_the_co_driver():
    # `Pilot` is the co-driver in Polish; headed like a driver beside `Kierowca`, over
    # people (first name first, Polish first names known), it is the second seat.
    sheet = parse(
        tabs(
            "M-ce\tNr\tKierowca\tPilot\tSamochód\tKlasa\tSuma",
            "1.\t4\tAdam Michalski\tKrzysztof Zieliński\tFiat Cinquecento\tK1\t5:24,17",
            "2.\t9\tJan Wójcik\tEwa Król\tFiat Seicento\tK1\t5:30,02",
            "3.\t2\tPiotr Kaczmarek\tAnna Mazur\tDaewoo Tico\tK1\t5:41,55",
        )
    )
    assert [[(p.surname, p.first_name) for p in e.crew] for e in sheet.entries] == [
        [("Michalski", "Adam"), ("Zieliński", "Krzysztof")],
        [("Wójcik", "Jan"), ("Król", "Ewa")],
        [("Kaczmarek", "Piotr"), ("Mazur", "Anna")],
    ]
    assert warnings(sheet) == []


ITALIAN_RALLY = """\
Pos  N.  Conduttore          Scuderia        Vettura               Gr.   Tempo    Penalità  Tempo
         Navigatore          Concorrente                           Cl.   Prove              Totale
  1   2  TOSO Walter         VM MOTOR TEAM   Hyundai i20 N Rally2  RC2N  48:35.1            48:35.1
         VASCHETTO Paolo     VM MOTOR TEAM                         Rally2
  2   1  FERRARIS Valentina  RALLY CLUB ALBA Skoda Fabia R5        RC2N  48:42.9  0:10      48:52.9
         GRASSO Simone       RALLY CLUB ALBA                       Rally2
  3   3  MANERA Stefano      ROERO RALLY     Citroen C3 Rally2     RC2N  49:09.9            49:09.9
         RAVERA Alessandro   ROERO RALLY                           Rally2
""".encode()


def test_a_time_heading_over_two_lines_says_which_is_the_total():
    # `Tempo` over `Prove` (the stages' time) beside `Tempo` over `Totale` (with penalties):
    # the table is ranked on the total.
    # The class `Rally2` on each record's second line, under `Gr.` over `Cl.`, is the class,
    # not a Rally 2 restart standing as a line of its own.
    sheet = parse(ITALIAN_RALLY)
    assert [
        (e.position, e.number, len(e.crew), e.group, e.klass, e.time_ms, e.penalty_ms, e.status)
        for e in sheet.entries
    ] == [
        (1, "2", 2, "RC2N", "Rally2", 2_915_100, None, "classified"),
        (2, "1", 2, "RC2N", "Rally2", 2_932_900, 10_000, "classified"),
        (3, "3", 2, "RC2N", "Rally2", 2_949_900, None, "classified"),
    ]


def test_a_portuguese_group_heading():
    sheet = parse(
        tabs(
            "Pos.\tNº\tPiloto\tNavegador\tViatura\tAgr.\tClasse\tTempo",
            "1º\t1\tPaulo Gomes\tFernando Cueto\tVW Polo GTI R5\t4RM\tRally2\t57:45,3",
            "2º\t2\tJoão Fonseca\tPaulo Pires\tCitroën C3 Rally2\t4RM\tRally2\t59:46,5",
            "3º\t14\tDaniela Teixeira\tAntónio Matos\tPeugeot 208 Rally4\t2RM\tRally4\t1:04:25,2",
        )
    )
    assert [(e.position, e.group, e.klass) for e in sheet.entries] == [
        (1, "4RM", "Rally2"),
        (2, "4RM", "Rally2"),
        (3, "2RM", "Rally4"),
    ]


def test_countries_codes_under_an_unknown_heading_are_no_groups():
    # `Stát` (Czech: state) is no heading Podium knows; `CZE`, `SVK`, `POL` are countries,
    # which no group is (a nationality only a heading names).
    sheet = parse(
        tabs(
            "Poř.\tSt.č.\tPříjmení a jméno\tStát\tMotocykl\tCelkem",
            "1.\t1\tNavrátil Zdeněk\tCZE\tHusqvarna FE 250\t38:36,10",
            "2.\t4\tŘíha Jakub\tCZE\tHusqvarna FE 250\t39:53,20",
            "3.\t8\tLukáč Tomáš\tSVK\tHusqvarna FE 250\t40:56,69",
            "4.\t11\tNowak Piotr\tPOL\tKTM 250 EXC-F\t41:02,00",
        )
    )
    assert [(e.group, e.klass) for e in sheet.entries] == [(None, None)] * 4


ENDURANCE_RETIRED = b"""\
       Nicht klassifiziert
Pos.   Nr.   Klasse   Bewerber                        Fahrzeug                       Rd. Gesamtzeit
                      Fahrer
       10    SP9      MSC Adenau e.V. im ADAC         BMW M4 GT3                      9  4:05:47.656
                      Dennis Sch\xc3\xa4fer / Jens Krause / Jonas Thomas
                      weniger als 50 % der Siegerrunden
       443   V5       Pflanzgarten Racing             Porsche Cayman S (987)         13  2:15:08.563
                      Torsten Schmitz
                      Getriebe
       165   SP10     Vulkaneifel Racing Team e.V.    Aston Martin Vantage AMR GT4   12  1:53:08.034
                      Tim Vogt / Patrick Hartmann
                      K\xc3\xbchlwasserverlust
"""


def test_why_a_crew_stopped_on_the_line_under_its_drivers():
    # Team, drivers, then why the car is not classified, a line each: the last line is the
    # reason, no driver; the title says they are not classified.
    sheet = parse(ENDURANCE_RETIRED)
    assert [
        (e.number, e.team or e.club, [p.surname for p in e.crew], e.status)
        for e in sheet.entries
    ] == [
        ("10", "MSC Adenau e.V. im ADAC", ["Schäfer", "Krause", "Thomas"], "nc"),
        ("443", "Pflanzgarten Racing", ["Schmitz"], "nc"),
        ("165", "Vulkaneifel Racing Team e.V.", ["Vogt", "Hartmann"], "nc"),
    ]  # fmt: skip
    assert [e.reason for e in sheet.entries][1:] == ["Getriebe", "Kühlwasserverlust"]
