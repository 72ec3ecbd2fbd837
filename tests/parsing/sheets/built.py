"""Sheets the test builds rather than commits as binaries: the XLSX workbook of the layouts."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable

import openpyxl

# Group F2000 of the rally in sample 002, as an organiser's workbook: title row, blank row,
# header on row 3, durations stored as spreadsheet times, Rallye 2 crews flagged in `Obs.`.
F2000_ROWS: list[tuple[int, int, str, str, str, str, int, dt.timedelta, str]] = [
    (
        1,
        55,
        "BRUNET Thierry",
        "BONICEL Adrien",
        "LOZERE",
        "PEUGEOT 306 S16",
        14,
        dt.timedelta(hours=1, minutes=6, seconds=41, milliseconds=200),
        "",
    ),
    (
        2,
        80,
        "PLAN Matthieu",
        "PLAN Arnaud",
        "LOZERE",
        "CITROËN C2",
        13,
        dt.timedelta(hours=1, minutes=7, seconds=33, milliseconds=100),
        "",
    ),
    (
        3,
        79,
        "MALHAUTIER Ludovic",
        "CHAPELLE Simone",
        "LOZERE",
        "PEUGEOT 106 S16",
        13,
        dt.timedelta(hours=1, minutes=8, seconds=49, milliseconds=300),
        "",
    ),
    (
        4,
        78,
        "CASTELBOU Franck",
        "PRIVAT Christophe",
        "LOZERE",
        "CITROËN Saxo VTS",
        13,
        dt.timedelta(hours=1, minutes=10, seconds=48, milliseconds=400),
        "",
    ),
    (
        5,
        60,
        "ALBIN Aurélien",
        "MAZZEI Dimitry",
        "CIGALOISE",
        "PEUGEOT 306 S16",
        14,
        dt.timedelta(hours=1, minutes=11, seconds=33, milliseconds=100),
        "",
    ),
    (
        6,
        72,
        "TABUSSE Sylvain",
        "FELGEROLLES Pascal",
        "LOZERE",
        "CITROËN Saxo VTS",
        13,
        dt.timedelta(hours=1, minutes=12, seconds=26, milliseconds=700),
        "",
    ),
    (
        7,
        76,
        "GIARDINA Fabien",
        "VIALA Vincent",
        "ALES",
        "PEUGEOT 206 XS",
        13,
        dt.timedelta(hours=1, minutes=12, seconds=52, milliseconds=600),
        "",
    ),
    (
        8,
        71,
        "MACARY Julien",
        "INIESTA Mathieu",
        "66",
        "PEUGEOT 206 XS",
        13,
        dt.timedelta(hours=1, minutes=13, seconds=41, milliseconds=300),
        "",
    ),
    (
        9,
        74,
        "SALINAS Romain",
        "BOUVIER Vincent",
        "LEDENON",
        "CITROËN Saxo VTS",
        13,
        dt.timedelta(hours=1, minutes=14, seconds=21, milliseconds=200),
        "",
    ),
    (
        10,
        59,
        "BOYER Bernard",
        "RAOUX Erick",
        "ALES",
        "OPEL Kadett",
        14,
        dt.timedelta(hours=1, minutes=15, seconds=2, milliseconds=900),
        "",
    ),
    (
        11,
        58,
        "CRESPIN Bruno",
        "ANDRÉ Romain",
        "GARD-CEVENNES",
        "VOLKSWAGEN Golf GTI",
        14,
        dt.timedelta(hours=1, minutes=16, seconds=32, milliseconds=400),
        "",
    ),
    (
        12,
        51,
        "MARTEL Hervé",
        "MARTEL Catherine",
        "LOZERE",
        "PEUGEOT 206 Rc",
        14,
        dt.timedelta(hours=1, minutes=19, seconds=51),
        "",
    ),
    (
        13,
        90,
        "MERLE Roger",
        "MERLE Mark",
        "ALES",
        "PEUGEOT 205 Rallye",
        12,
        dt.timedelta(hours=1, minutes=25, seconds=8, milliseconds=400),
        "",
    ),
    (
        14,
        56,
        "SERAY Sylvain",
        "FOUQUERAY Mathieu",
        "BOUCLES DE SEINE",
        "RENAULT Clio Williams",
        14,
        dt.timedelta(hours=4, minutes=36, seconds=19, milliseconds=600),
        "Rallye 2",
    ),
    (
        15,
        61,
        "FRES Jean-Yves",
        "MOURET Nicolas",
        "LOZERE",
        "PEUGEOT 306 S16",
        14,
        dt.timedelta(hours=4, minutes=44, seconds=49, milliseconds=300),
        "Rallye 2",
    ),
]


def build_f2000_xlsx() -> bytes:
    """The group F2000 workbook, saved to bytes."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Groupe F2000"
    ws["A1"] = "Rallye régional - Classement Groupe F2000"
    ws.append([])
    ws.append(
        [
            "Pl.",
            "N°",
            "Pilote",
            "Copilote",
            "ASA",
            "Voiture",
            "Gr.",
            "Cl.",
            "Temps",
            "Ecart",
            "Obs.",
        ]
    )
    leader = F2000_ROWS[0][7]
    for pos, no, driver, codriver, club, car, klass, time, obs in F2000_ROWS:
        # Rallye 2 crews get no gap in the organiser's sheet, only their time and the flag
        gap = None if obs or pos == 1 else (dt.datetime.min + (time - leader)).time()
        ws.append([pos, no, driver, codriver, club, car, "F2000", klass, time, gap, obs or None])
        row = ws.max_row
        ws.cell(row=row, column=9).number_format = "[h]:mm:ss.0"
        ws.cell(row=row, column=10).number_format = "mm:ss.0"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


#: Layout sheets made here, by the name their expectation stands under.
BUILT: dict[str, Callable[[], bytes]] = {"rallye_groupe_f2000.xlsx": build_f2000_xlsx}
