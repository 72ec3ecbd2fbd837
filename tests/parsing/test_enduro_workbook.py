"""A motorcycle enduro's workbook as a club keeps it: the entry list first (number, rider, club,
bike, class, no place, no time), then the results sheet: a title block, then one block per class
under its own title and header, the special tests headed `ET1`…`ET4` (a word no list knows, the
series says what they are), a penalty and a total. Riders carry Portuguese names of three and
four words; a rider disqualified has the word where the total would be."""

from __future__ import annotations

import datetime as dt
import io

import openpyxl

from results.parsing import parse
from tests.parsing.made import warnings

HEADER = ["Pos.", "Nº", "Piloto", "Clube", "Mota", "ET1", "ET2", "ET3", "ET4", "Penal.", "Total"]
#: Per class: (title, [(position, number, (surname, first names), club, bike, four test
#: times in ms, penalty in s, status)]).
CLASSES = [
    (
        "Classe E1 - 125 cc 2T / 250 cc 4T",
        [
            (1, 65, ("Barbosa", "Ricardo Fábio"), "Clube TT Serra Amarela", "Beta RR 125 2T",
             (323_990, 268_900, 323_080, 267_820), 0, "classified"),
            (2, 52, ("Branco", "Diogo Ferreira"), "Individual", "Beta RR 125 2T",
             (328_900, 271_500, 311_530, 275_700), 0, "classified"),
            (3, 7, ("Carvalho", "André"), "ACD Trilhos do Paiva", "KTM 125 EXC",
             (347_100, 293_450, 341_200, 280_010), 30, "classified"),
        ],
    ),
    (
        "Classe E2 - 250/300 cc 2T",
        [
            (1, 17, ("Rocha", "Hugo Fábio Macedo"), "Motoclube do Caramulinho", "KTM 300 EXC",
             (325_910, 266_100, 318_200, 270_050), 0, "classified"),
            (2, 21, ("Esteves", "Ricardo Hugo Queirós"), "Enduro Team Vouga", "Sherco 300 SE",
             (327_200, 269_900, 320_000, 271_500), 0, "classified"),
            (None, 20, ("Antunes", "André"), "Individual", "Husqvarna TE 300i",
             (331_000, 270_700, 322_400, 276_600), 0, "dsq"),
        ],
    ),
]  # fmt: skip


def _workbook() -> bytes:
    book = openpyxl.Workbook()
    entries = book.active
    entries.title = "Inscrições"
    entries.append(["Nº", "Nome", "Clube", "Mota", "Classe", "Pago"])
    for title, riders in CLASSES:
        for _, number, (surname, first), club, bike, *_ in riders:
            entries.append([number, f"{first} {surname}", club, bike, title.split()[1], "Sim"])
    results = book.create_sheet("Classificação")
    results.append(["CAMPEONATO REGIONAL DE ENDURO DO CENTRO 2024"])
    results.append(["Classificação Final por Classes"])
    results.append([])
    for title, riders in CLASSES:
        results.append([title])
        results.append(HEADER)
        for position, number, (surname, first), club, bike, tests, penalty, status in riders:
            times = [dt.time(0, ms // 60_000, ms // 1000 % 60, ms % 1000 * 1000) for ms in tests]
            total = "Desclassificado" if status == "dsq" else _clock(sum(tests) + penalty * 1000)
            row = [position, number, f"{first} {surname}", club, bike, *times, penalty or None]
            results.append([*row, total])
            for cell in results[results.max_row][5:9]:
                cell.number_format = "mm:ss.00"
        results.append([])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _total(rider: tuple) -> int:
    return sum(rider[5]) + rider[6] * 1000


def _clock(ms: int) -> str:
    return f"{ms // 60_000}:{ms // 1000 % 60:02d},{ms % 1000 // 10:02d}"


def test_the_results_sheet_is_read_and_its_special_tests_are_stages() -> None:
    sheet = parse(_workbook(), filename="enduro.xlsx")
    assert list(sheet.columns) == [
        "position", "number", "driver", "club", "car", *["split"] * 4, "penalty", "time"
    ]  # fmt: skip
    expected = [(title, rider) for title, riders in CLASSES for rider in riders]
    assert len(sheet.entries) == len(expected)
    for (title, rider), entry in zip(expected, sheet.entries, strict=True):
        position, number, name, club, bike, tests, penalty, status = rider
        assert (entry.position, entry.number, entry.status) == (position, str(number), status)
        assert [(m.surname, m.first_name) for m in entry.crew] == [name]
        assert (entry.club, entry.car, entry.category) == (club, bike, title)
        assert [s.time_ms for s in entry.splits or ()] == list(tests)
        if status == "dsq":
            assert entry.time_ms is None and entry.gap_ms is None
        else:
            assert entry.time_ms == sum(tests) + penalty * 1000
    leaders = {title: _total(riders[0]) for title, riders in CLASSES}
    for (title, rider), entry in zip(expected, sheet.entries, strict=True):
        if rider[-1] == "classified":
            assert entry.gap_ms == _total(rider) - leaders[title]
    skipped = [i for i in sheet.issues if i.code == "table-skipped"]
    assert len(skipped) == 1 and "Inscrições" in skipped[0].message
    assert warnings(sheet) == []
