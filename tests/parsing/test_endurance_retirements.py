"""A moped endurance race's classification: the teams that gave up keep the time they ran, the
word saying so set right after it, over the gap column (`4:42:31.495 Opgave (motorpech)`); the
word alone says so where the place column is left empty. As pasted text and as printed to PDF,
where the words run from the time's cell into the next."""

from __future__ import annotations

from fpdf import FPDF

from results.parsing import parse

SHEET = """12 UUR VAN HOOGVELD 2024 - EINDKLASSEMENT
 Pos     Nr Team                  Klasse   Brommer            Rnd    Totale tijd   Achterstand
   1      4 Team Koekoek          PROTO    Tomos proto 80     627   12:00:07.820
   2     25 Team Blauwe Walm      PROTO    Tomos proto 80     627   12:00:19.857      +12.037
   3     16 De Bougies            SPORT    Kreidler RMC       616   12:00:32.392       11 rnd
 DNF     58 Zwart Asfalt          STD      Peugeot 103 SP     222    4:42:31.495 Opgave (motorpech)
         43 Smeerpijp Racing      STD      Honda MB5          170    3:34:36.576 Opgave (ketting)
"""
EXPECTED = [
    # position, number, team, laps, time in ms, status
    (1, "4", "Team Koekoek", 627, 43_207_820, "classified"),
    (2, "25", "Team Blauwe Walm", 627, 43_219_857, "classified"),
    (3, "16", "De Bougies", 616, 43_232_392, "classified"),
    (None, "58", "Zwart Asfalt", 222, 16_951_495, "retired"),
    (None, "43", "Smeerpijp Racing", 170, 12_876_576, "retired"),
]


#: The sheet's cells, a line each, as printed: (x in mm, text).
PRINTED = (
    ("Pos", "Nr", "Team", "Klasse", "Brommer", "Rnd", "Totale tijd", "Achterstand"),
    ("1", "4", "Team Koekoek", "PROTO", "Tomos proto 80", "627", "12:00:07.820", ""),
    ("2", "25", "Team Blauwe Walm", "PROTO", "Tomos proto 80", "627", "12:00:19.857", "+12.037"),
    ("3", "16", "De Bougies", "SPORT", "Kreidler RMC", "616", "12:00:32.392", "11 rnd"),
    ("DNF", "58", "Zwart Asfalt", "STD", "Peugeot 103 SP", "222",
     "4:42:31.495 Opgave (motorpech)", ""),
    ("", "43", "Smeerpijp Racing", "STD", "Honda MB5", "170",
     "3:34:36.576 Opgave (ketting)", ""),
)  # fmt: skip
X = (10, 22, 34, 80, 100, 130, 142, 175)


def _pdf() -> bytes:
    """The cells at their columns: a retired team's time and the word after it, one text run
    from the time's column over the gap's."""
    pdf = FPDF(orientation="L")
    pdf.add_font("Body", "", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    pdf.set_font("Body", size=8)
    pdf.add_page()
    pdf.text(10, 10, "12 UUR VAN HOOGVELD 2024 - EINDKLASSEMENT")
    for n, cells in enumerate(PRINTED):
        for x, text in zip(X, cells, strict=True):
            if text:
                pdf.text(x, 20 + 5 * n, text)
    return bytes(pdf.output())


def test_a_retired_team_keeps_the_time_it_ran_before_the_word() -> None:
    for data, name in ((SHEET.encode(), "eindklassement.txt"), (_pdf(), "eindklassement.pdf")):
        _check(parse(data, filename=name))


def _check(sheet) -> None:
    got = [(e.position, e.number, e.team, e.laps, e.time_ms, e.status) for e in sheet.entries]
    assert got == EXPECTED
    assert [e.gap_ms for e in sheet.entries] == [0, 12_037, None, None, None]
    unreadable = [i for i in sheet.issues if i.code == "value-unreadable"]
    assert unreadable == []
