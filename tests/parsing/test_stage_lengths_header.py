"""A national rally's classification printed landscape: the header on two lines (`Copilote`
under `Pilote`, each stage's length under its heading), two-line records (the co-driver and
the stage places under the driver and the times), then the crews that restarted under the
Rallye 2 rules under a title that says so, with a word in brackets after it."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

COLUMNS = (2, 7, 13, 40, 63, 69, 78, 89, 100, 111)
HEADER = ("Clt", "N°", "Pilote", "Voiture", "Gr", "Cl", "ES1", "ES2", "ES3", "Total")
LENGTHS = ("8,20 km", "11,45 km", "6,85 km")
#: (place, number, driver, co-driver, car, group, class, stage times, stage places, total)
GENERAL = (
    ("1", "2", "LIOTARD Hugo", "JULLIARD Sébastien", "Citroën C3 Rally2", "RC2", "Rally2",
     ("05:39.5", "08:01.9", "04:49.8"), ("(1)", "(2)", "(1)"), "0:18:31.2"),
    ("2", "7", "ROCHE Paul", "MARTY Léa", "Skoda Fabia RS", "RC2", "Rally2",
     ("05:41.0", "07:59.8", "04:52.1"), ("(2)", "(1)", "(2)"), "0:18:32.9"),
    ("3", "11", "BRU Denis", "CASSAGNE Luc", "Peugeot 208 Rally4", "RC4", "Rally4",
     ("06:02.4", "08:40.0", "05:10.3"), ("(3)", "(3)", "(3)"), "0:19:52.7"),
)  # fmt: skip
RALLY2 = (
    ("1", "1", "TIXIER-MERLE Adrien", "NOYERIE Kévin", "Hyundai i20 N Rally2", "RC2", "Rally2",
     ("05:46.5", "07:58.3", "04:44.7"), ("", "", ""), "0:23:29.5"),
    ("2", "5", "PAGNOUX Stéphane", "LIOTARD Mickaël", "Hyundai i20 N Rally2", "RC2", "Rally2",
     ("06:02.5", "08:34.5", "05:09.8"), ("", "", ""), "0:24:46.8"),
)  # fmt: skip
TOTALS_MS = {"0:18:31.2": 1_111_200, "0:18:32.9": 1_112_900, "0:19:52.7": 1_192_700,
             "0:23:29.5": 1_409_500, "0:24:46.8": 1_486_800}  # fmt: skip


def _line(cells) -> str:
    out = ""
    for x, text in zip(COLUMNS, cells, strict=True):
        out = out.ljust(x) + text if text else out
    return out.rstrip()


def _table(title: str, records) -> list[str]:
    lines = [title, _line(HEADER), _line(("", "", "Copilote", "", "", "", *LENGTHS, ""))]
    for place, number, driver, codriver, car, group, klass, times, places, total in records:
        lines.append(_line((place, number, driver, car, group, klass, *times, total)))
        lines.append(_line(("", "", codriver, "", "", "", *places, "")))
    return [*lines, ""]


def _sheet() -> bytes:
    lines = ["27e RALLYE NATIONAL DES COTEAUX DU QUERCY", ""]
    lines += _table("CLASSEMENT GÉNÉRAL", GENERAL)
    lines += _table("CLASSEMENT RALLYE 2 (nouveau départ après abandon)", RALLY2)
    return ("\n".join(lines) + "\n").encode()


def test_lengths_under_the_stages_and_a_rallye_2_title_with_a_bracket() -> None:
    sheet = parse(_sheet(), filename="classement.txt")
    records = [*GENERAL, *RALLY2]
    assert len(sheet.entries) == len(records)
    for i, (record, entry) in enumerate(zip(records, sheet.entries, strict=True)):
        place, number, driver, codriver, car, group, klass, _, _, total = record
        assert (entry.position, entry.number) == (int(place), number)
        assert [f"{m.surname} {m.first_name}" for m in entry.crew] == [driver, codriver]
        assert (entry.car, entry.group, entry.klass) == (car, group, klass)
        assert entry.time_ms == TOTALS_MS[total]
        assert entry.status == ("classified" if i < len(GENERAL) else "rally2")
    assert "Copilote" not in {m.surname for e in sheet.entries for m in e.crew}
    assert warnings(sheet) == []
