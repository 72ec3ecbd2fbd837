"""A French hill climb's class tables as its timing program prints them: `Pilote / Voiture`,
the car on the line under the driver (racing cars by their builders: `Speed Car GTR`, `Norma
M20 FC`, `Funyo SP 05`), and, under the best run, a note on the penalty it holds (`(dont 5"
pén.)`). The car line with the note is no header, the car no part of the name."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

HEADER = (
    " Clt     N°    Pilote / Voiture                Gr/Cl       Montée 1       Montée 2"
    "         Montée 3       Meilleure     Ecart"
)
#: (place, number, driver, car, group/class, runs, best, gap, note under the best run)
CLASSES = (
    ("GROUPE CM - Classe 1", (
        ("1", "42", "CLAVELLOUX Damien", "Speed Car GTR", "CM/1",
         ("1:10.536", "1:09.082", "1:10.948"), "1:09.082", "", ""),
        ("2", "41", "ARNAUDIER Didier", "Speed Car GTR", "CM/1",
         ("1:09.914", "1:09.509", "1:13.931"), "1:09.509", "+0.427", '(dont 5" pén.)'),
        ("3", "40", "TIXIER-MERLE Sandrine", "Speed Car GTR", "CM/1",
         ("1:11.376", "1:12.119", "1:13.516"), "1:11.376", "+2.294", ""),
    )),
    ("GROUPE CN - Classe 2 (jusqu'à 2000 cm3)", (
        ("1", "149", "LAURENDON Dylan", "Funyo SP 05", "CN/2",
         ("1:02.607", "1:02.999", "1:01.805"), "1:01.805", "", ""),
        ("2", "148", "MALOSSE Laurent", "Norma M20 FC", "CN/2",
         ("1:02.885", "Ab.", "1:03.215"), "1:02.885", "+1.080", ""),
    )),
)  # fmt: skip
BEST_MS = {"1:09.082": 69_082, "1:09.509": 69_509, "1:11.376": 71_376, "1:01.805": 61_805,
           "1:02.885": 62_885}  # fmt: skip


def _sheet() -> bytes:
    lines = ["Course de Côte du Col de la Croix - Classement par classe", ""]
    for title, rows in CLASSES:
        lines += [title, HEADER]
        for place, number, driver, car, klass, runs, best, gap, note in rows:
            first = f"{place:>3}{number:>9}     {driver:<32}{klass:<12}"
            first += "".join(f"{run:<15}" for run in runs) + f"{best:<14}{gap}"
            lines.append(first.rstrip())
            second = f"{'':16}{car:<32}{'':57}{note}"
            lines.append(second.rstrip())
        lines.append("")
    return ("\n".join(lines) + "\n").encode()


def test_the_car_under_the_driver_and_a_note_under_the_best_run() -> None:
    sheet = parse(_sheet(), filename="montee.txt")
    expected = [(title, row) for title, rows in CLASSES for row in rows]
    assert len(sheet.entries) == len(expected)
    for (title, row), entry in zip(expected, sheet.entries, strict=True):
        place, number, driver, car, klass, _, best, _, _ = row
        leader = next(r for t, r in expected if t == title and r[0] == "1")
        assert (entry.position, entry.number, entry.category) == (int(place), number, title)
        assert [f"{m.surname} {m.first_name}" for m in entry.crew] == [driver]
        assert entry.car == car
        assert (entry.group, entry.klass) == tuple(klass.split("/"))
        assert entry.time_ms == BEST_MS[best]
        assert entry.gap_ms == BEST_MS[best] - BEST_MS[leader[6]]
        assert entry.penalty_ms == (5_000 if row[-1] else None)
    assert warnings(sheet) == []
