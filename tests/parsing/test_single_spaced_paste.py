"""A table pasted with one space between its cells (text copied out of a PDF viewer): no
delimiter and no gutter part the cells, so each row is cut under the header's columns by what
its words are: numbers, names, a car's make, codes, times, gaps, statuses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from results.parsing import ParseError, parse
from tests.parsing.made import pasted

RALLY = pasted(
    "RALLYE REGIONAL DES VINS DU MACONNAIS 2026",
    "Clt N° Pilote / Copilote Voiture Gr/Cl Temps Ecart",
    "1 2 MERCIER Eric / LAMBERT Louis Peugeot 208 Rally4 R2/F2000/13 1:00:14.0",
    "2 4 MOREL Jean / RICHARD Pierre Citroen C3 Rally2 R5/Rally2 1:00:27.7 +0:00:13.7",
    "3 6 LE BIHAN Maël / THOMAS Hugo Renault Clio Rally5 F2000/14 1:00:41.3 +0:00:27.3",
    "4 8 MICHEL Paul / RICHARD Alain Alfa Romeo 147 N/4 1:00:53.3 +0:00:39.3",
    "ABANDONS",
    "50 LAMBERT Pierre / MOREL Luc Citroen C3 Rally2 R5/Rally2 ES 2 Moteur",
    "51 RICHARD Jean / DUBOIS Hugo Ford Fiesta Rally3 A/7 Abandon",
    "NON PARTANTS",
    "70 FAURE Alain / MOREAU Luc Skoda Fabia Rally2 R5/Rally2",
)

RACE = pasted(
    "Race 2 - Provisional Classification",
    "Pos No Driver Team Car Laps Time Gap Best Lap",
    "1 7 James WILSON Apex Motorsport Ginetta G40 15 25:31.204 1:41.337",
    "2 22 Oliver BROWN Team HMR Ginetta G40 15 25:33.918 +2.714 1:41.522",
    "3 14 Harry TAYLOR Elite Motorsport Ginetta G40 15 25:40.001 +8.797 1:41.890",
    "4 9 Thomas ROBERTS Team HMR Ginetta G40 14 25:32.450 +1 Lap 1:43.008",
    "DNF 18 George JOHNSON Apex Motorsport Ginetta G40 9 15:20.114 1:42.650",
    "DNS 27 William WALKER Elite Motorsport Ginetta G40",
)


def test_a_rally_paste_is_cut_by_its_words():
    sheet = parse(RALLY)
    assert [
        (e.position, e.number, [p.surname for p in e.crew], e.car, e.group, e.klass, e.time_ms,
         e.gap_ms, e.status)
        for e in sheet.entries
    ] == [
        (1, "2", ["MERCIER", "LAMBERT"], "Peugeot 208 Rally4", "R2", "F2000/13", 3_614_000, 0,
         "classified"),
        (2, "4", ["MOREL", "RICHARD"], "Citroen C3 Rally2", "R5", "Rally2", 3_627_700, 13_700,
         "classified"),
        (3, "6", ["LE BIHAN", "THOMAS"], "Renault Clio Rally5", "F2000", "14", 3_641_300,
         27_300, "classified"),
        (4, "8", ["MICHEL", "RICHARD"], "Alfa Romeo 147", "N", "4", 3_653_300, 39_300,
         "classified"),
        (None, "50", ["LAMBERT", "MOREL"], "Citroen C3 Rally2", "R5", "Rally2", None, None,
         "retired"),
        (None, "51", ["RICHARD", "DUBOIS"], "Ford Fiesta Rally3", "A", "7", None, None,
         "retired"),
        (None, "70", ["FAURE", "MOREAU"], "Skoda Fabia Rally2", "R5", "Rally2", None, None,
         "dns"),
    ]  # fmt: skip
    assert [e.crew[0].first_name for e in sheet.entries][:4] == ["Eric", "Jean", "Maël", "Paul"]
    said = [i for i in sheet.issues if i.code == "cells-by-kind"]
    assert [(i.line, i.level) for i in said] == [(2, "warning")]


def test_a_race_paste_parts_team_and_car_and_reads_laps_behind():
    sheet = parse(RACE)
    assert [
        (e.position, e.number, e.crew[0].surname, e.crew[0].first_name, e.team, e.car, e.laps,
         e.time_ms, e.gap_ms, e.best_lap_ms, e.status)
        for e in sheet.entries
    ] == [
        (1, "7", "WILSON", "James", "Apex Motorsport", "Ginetta G40", 15, 1_531_204, 0,
         101_337, "classified"),
        (2, "22", "BROWN", "Oliver", "Team HMR", "Ginetta G40", 15, 1_533_918, 2_714, 101_522,
         "classified"),
        (3, "14", "TAYLOR", "Harry", "Elite Motorsport", "Ginetta G40", 15, 1_540_001, 8_797,
         101_890, "classified"),
        (4, "9", "ROBERTS", "Thomas", "Team HMR", "Ginetta G40", 14, 1_532_450, None, 103_008,
         "classified"),
        (None, "18", "JOHNSON", "George", "Apex Motorsport", "Ginetta G40", 9, 920_114,
         None, 102_650, "retired"),
        (None, "27", "WALKER", "William", "Elite Motorsport", "Ginetta G40", None, None, None,
         None, "dns"),
    ]  # fmt: skip


SLALOM = pasted(
    "Slalom Kerkrade 2026 - Uitslag",
    "Pos Nr Naam Club Auto Klasse Run 1 Run 2 Totaal",
    "1 12 JANSSEN, Peter MSC Venlo Opel Kadett GSI S2 1:02.34 1:01.98 2:04.32",
    "2 7 DE VRIES, Anna AC Heerlen Honda Civic S2 1:02.80 1:02.11 2:04.91",
    "3 33 BAKKER, Joost MSC Venlo Peugeot 106 S1 1:03.45 1:03.02 2:06.47",
    "4 5 VAN DIJK, Sanne RAC Sittard Renault Clio S2 1:04.10 1:03.77 2:07.87",
)


def test_a_surnames_comma_in_a_single_spaced_paste_is_no_delimiter():
    # Each row holds one comma, after the surname: read as a comma CSV, every row would be
    # two cells. The commas stand inside the words a space parts.
    sheet = parse(SLALOM)
    assert sheet.format != "csv"
    assert [
        (e.position, e.number, e.crew[0].surname, e.crew[0].first_name, e.club, e.car,
         e.group, e.klass, [s.time_ms for s in e.splits], e.time_ms, e.gap_ms)
        for e in sheet.entries
    ] == [
        (1, "12", "JANSSEN", "Peter", "MSC Venlo", "Opel Kadett GSI", "S", "2",
         [62_340, 61_980], 124_320, 0),
        (2, "7", "DE VRIES", "Anna", "AC Heerlen", "Honda Civic", "S", "2", [62_800, 62_110],
         124_910, 590),
        (3, "33", "BAKKER", "Joost", "MSC Venlo", "Peugeot 106", "S", "1", [63_450, 63_020],
         126_470, 2_150),
        (4, "5", "VAN DIJK", "Sanne", "RAC Sittard", "Renault Clio", "S", "2",
         [64_100, 63_770], 127_870, 3_550),
    ]  # fmt: skip


def test_a_csv_with_spaces_after_its_commas_stays_a_csv():
    spaced = pasted(
        "Pos, Nr, Name, Car, Time",
        "1, 12, JANSSEN Peter, Opel Kadett, 2:04.32",
        "2, 7, DE VRIES Anna, Honda Civic, 2:04.91",
        "3, 33, BAKKER Joost, Peugeot 106, 2:06.47",
    )
    sheet = parse(spaced)
    assert [(e.position, e.number, e.crew[0].surname, e.car, e.time_ms) for e in sheet.entries] == [
        (1, "12", "JANSSEN", "Opel Kadett", 124_320),
        (2, "7", "DE VRIES", "Honda Civic", 124_910),
        (3, "33", "BAKKER", "Peugeot 106", 126_470),
    ]


def test_prose_with_single_spaces_is_still_no_table():
    prose = pasted(
        "Le rallye s'est couru sous la pluie cette année.",
        "Les résultats seront publiés demain sur le site du club.",
        "Merci à tous les bénévoles et aux commissaires.",
    )
    with pytest.raises(ParseError) as raised:
        parse(prose)
    assert raised.value.code == "no-table"


def test_a_header_with_too_few_rows_under_it_is_no_table():
    # One row under the header: too little to tell the columns by their words.
    lonely = pasted("Clt N° Pilote Temps", "1 12 MARTIN Jean 12:01.4", "Bravo à tous !")
    with pytest.raises(ParseError) as raised:
        parse(lonely)
    assert raised.value.code == "no-table"


_WORDS = st.sampled_from(
    [
        "1", "12", "3.", "=4", "Ab.", "NP", "DNF", "MARTIN", "Jean", "/", "&", "LE", "BIHAN",
        "Peugeot", "208", "Rally4", "Alfa", "Romeo", "R5/Rally2", "N/4", "A", "7", "1:00:14.0",
        "+0:13.7", "05:14,4", "+1", "Lap", "tours", "Team", "HMR", "ES", "Moteur", "Pér.", "#",
    ]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(_WORDS, min_size=1, max_size=45).map(" ".join), max_size=30))
def test_any_rows_under_a_header_give_a_sheet_or_a_clear_refusal(rows):
    paste = pasted("Clt N° Pilote / Copilote Voiture Gr/Cl Temps Ecart", *rows)
    try:
        sheet = parse(paste)
    except ParseError as refused:
        assert refused.reason
        return
    # Every entry stands on a line of the paste, and none on its header.
    assert {e.line for e in sheet.entries} <= set(range(2, len(rows) + 2))
