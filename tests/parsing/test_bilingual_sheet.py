"""A Belgian club rally's classification in French and Dutch: the header on two lines, one per
language (`Cl.` over `Kl.`, `P.Cl.` over `Pl.Kl.`: the class and the place in it), the class
`Rally2` (a car's class, no restart); then the crews excluded and not started, each under a
title in both languages that the table's gutters cut in two (`EXCLUS | / UITGESLOTEN`), the
header again; then notes that the gutters cut too. Copied from the PDF with its layout."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

#: Each column's width and whether it is set right (numbers, times).
COLUMNS = ((6, True), (6, True), (38, False), (26, False), (6, True), (8, False), (7, True),
           (11, True), (12, True))  # fmt: skip
OUT_COLUMNS = ((6, True), (38, False), (26, False), (6, True), (8, False), (22, False))


def _line(cells: tuple[str, ...], columns=COLUMNS) -> str:
    pairs = zip(cells, columns, strict=True)
    return "  ".join(c.rjust(w) if right else c.ljust(w) for c, (w, right) in pairs).rstrip()


HEADER = (
    _line(("Pos", "N°", "Équipage", "Voiture", "Div.", "Cl.", "P.Cl.", "Temps", "Écart")),
    _line(("Pl.", "Nr", "Bemanning", "Wagen", "", "Kl.", "Pl.Kl.", "Tijd", "Verschil")),
)
# fmt: off
CLASSIFIED = tuple(
    _line(cells)
    for cells in (
        ("1", "3", "BOGAERTS Wout / SCHEPERS Tom", "Škoda Fabia Rally2 evo", "4", "Rally2", "1",
         "43:48.6", ""),
        ("2", "4", "LEMAIRE Olivier / PONCELET Anthony", "Citroën C3 Rally2", "4", "Rally2",
         "2", "44:09.3", "+0:20.7"),
        ("3", "8", "LHOEST Jean-Marc / NOËL Lucie", "Ford Fiesta Rally3", "4", "Rally3", "1",
         "46:31.2", "+2:42.6"),
        ("4", "9", "VAUTRIN Kevin / GUÉRIN Élodie", "Mitsubishi Lancer Evo X", "1", "N4", "1",
         "46:56.9", "+3:08.3"),
    )
)
# fmt: on
OUT_HEADER = (
    _line(("N°", "Équipage", "Voiture", "Div.", "Cl.", "Raison"), OUT_COLUMNS),
    _line(("Nr", "Bemanning", "Wagen", "", "Kl.", "Reden"), OUT_COLUMNS),
)
EXCLUDED = tuple(
    _line(cells, OUT_COLUMNS)
    for cells in (
        (
            "23",
            "SEGERS Niels / THIRY Julien",
            "Honda Civic Type R",
            "1",
            "N3",
            "Assistance hors zone",
        ),
        ("27", "MAES Bart / WILLEMS Ine", "Peugeot 208 Rally4", "3", "Rally4", "Pointage"),
        ("31", "DUPONT Luc / JACOBS Eva", "Renault Clio Rally5", "3", "Rally5", "Pneus"),
    )
)
NOT_STARTED = tuple(
    _line(cells, OUT_COLUMNS)
    for cells in (
        ("33", "CLOSSET Grégory / REMACLE Grégory", "Citroën C2 R2 Max", "3", "R2", "Forfait"),
        ("38", "HUBERT Paul / GILLET Anne", "Opel Corsa Rally4", "3", "Rally4", "Moteur"),
        ("44", "LAMBERT Tom / SIMON Léa", "BMW 318 iS", "5", "H1", "Forfait"),
    )
)
NOTES = (
    "aux CH:              10 sec par minute / 10 sec per minuut.",
    "Ex aequo             / Gelijke tijd: même rang / zelfde plaats.",
)


def _sheet() -> bytes:
    lines = ["RALLYE CLUB DE LA SEMOIS 2024", "CLASSEMENT FINAL / EINDKLASSEMENT", ""]
    lines += [*HEADER, *CLASSIFIED, "", ""]
    lines += ["EXCLUS              / UITGESLOTEN", *OUT_HEADER, *EXCLUDED, "", ""]
    lines += ["NON-PARTANTS        / NIET-VERTREKKERS", *OUT_HEADER, *NOT_STARTED, "", ""]
    lines += NOTES
    return ("\n".join(lines) + "\n").encode()


def test_two_languages_over_one_table() -> None:
    sheet = parse(_sheet(), filename="classement.txt")
    got = [
        (e.position, e.number, e.group, e.klass, e.class_position, e.time_ms, e.status)
        for e in sheet.entries
    ]
    assert got == [
        (1, "3", "4", "Rally2", 1, 2_628_600, "classified"),
        (2, "4", "4", "Rally2", 2, 2_649_300, "classified"),
        (3, "8", "4", "Rally3", 1, 2_791_200, "classified"),
        (4, "9", "1", "N4", 1, 2_816_900, "classified"),
        (None, "23", "1", "N3", None, None, "dsq"),
        (None, "27", "3", "Rally4", None, None, "dsq"),
        (None, "31", "3", "Rally5", None, None, "dsq"),
        (None, "33", "3", "R2", None, None, "dns"),
        (None, "38", "3", "Rally4", None, None, "dns"),
        (None, "44", "5", "H1", None, None, "dns"),
    ]
    assert [len(e.crew) for e in sheet.entries] == [2] * 10
    titles = [e.category for e in sheet.entries[4:]]
    assert titles == ["EXCLUS / UITGESLOTEN"] * 3 + ["NON-PARTANTS / NIET-VERTREKKERS"] * 3
    notes = [i.line for i in sheet.issues if i.message.startswith("a note, not a result")]
    assert notes == [28, 29]
    assert warnings(sheet) == []
