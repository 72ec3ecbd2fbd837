"""Results tables a page draws without `<table>`: rows of `<div>` or `<li>` cells styled into
columns, alone on the page or in the cell of a layout table beside its menu. A menu, a page's
layout or a list of news is no table."""

from __future__ import annotations

import pytest

from results.parsing import parse
from results.parsing.model import ParseError
from results.parsing.readers import read
from tests.parsing.made import warnings

ROWS = """
 <div class="row head"><div class="c">Pos</div><div class="c">N°</div><div class="c">Pilote</div>
  <div class="c">Voiture</div><div class="c">Classe</div><div class="c">Temps</div></div>
 <div class="cat">Classe N2</div>
 <div class="row"><div class="c">1</div><div class="c">7</div>
  <div class="c"><a href="/p/2">PETIT Anne</a></div><div class="c">Peugeot 205 GTI</div>
  <div class="c">N2</div><div class="c">1:46.10</div></div>
 <div class="row"><div class="c">2</div><div class="c">40</div>
  <div class="c"><a href="/p/4">NOEL Inès</a></div><div class="c">Citroën Saxo</div>
  <div class="c">N2</div><div class="c">1:49.02</div></div>
 <div class="cat">Classe A3</div>
 <div class="row"><div class="c">1</div><div class="c">33</div>
  <div class="c"><a href="/p/3">ROUX Marc</a></div><div class="c">BMW 318 iS</div>
  <div class="c">A3</div><div class="c">1:47.95</div></div>
 <div class="row" style="display: none"><div class="c">9</div><div class="c">99</div>
  <div class="c">CACHÉ Paul</div><div class="c">Test</div><div class="c">A3</div>
  <div class="c">9:99.99</div></div>
 <div class="row"><div class="c"></div><div class="c">35</div>
  <div class="c"><a href="/p/5">BLANC Luc</a></div><div class="c">BMW 320is</div>
  <div class="c">A3</div><div class="c">Abandon</div></div>
"""

MENU = '<nav><ul><li><a href="/">Accueil</a></li><li><a href="/cal">Calendrier</a></li></ul></nav>'


def _page(body: str) -> bytes:
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Résultats</title></head><body>'
        f"{MENU}<h1>Slalom de Bresse 2026 - Classement par classe</h1>{body}"
        "<footer>© ASA Bresse 2026</footer></body></html>"
    ).encode()


def _read(sheet) -> list[tuple]:
    return [
        (e.category, e.position, e.number, [p.surname for p in e.crew], e.car, e.time_ms, e.status)
        for e in sheet.entries
    ]


EXPECTED = [
    ("Classe N2", 1, "7", ["PETIT"], "Peugeot 205 GTI", 106_100, "classified"),
    ("Classe N2", 2, "40", ["NOEL"], "Citroën Saxo", 109_020, "classified"),
    ("Classe A3", 1, "33", ["ROUX"], "BMW 318 iS", 107_950, "classified"),
    ("Classe A3", None, "35", ["BLANC"], "BMW 320is", None, "retired"),
]


def test_rows_of_div_cells_are_read_as_a_table_with_their_class_titles():
    sheet = parse(_page(f'<div class="results">{ROWS}</div>'))
    assert _read(sheet) == EXPECTED
    assert [e.klass for e in sheet.entries] == ["2", "2", "3", "3"]
    assert warnings(sheet) == []


def test_div_rows_in_the_cell_of_a_layout_table_beside_its_menu():
    body = (
        '<table width="100%"><tr><td class="side"><a href="/club">Le club</a></td>'
        f'<td class="main"><div class="results">{ROWS}</div></td></tr></table>'
    )
    sheet = parse(_page(body))
    assert _read(sheet) == EXPECTED
    assert "table-skipped" in {i.code for i in sheet.issues}


def test_list_items_with_spans_are_rows_of_cells():
    items = "".join(
        f"<li><span>{place}</span><span>{number}</span><span>{name}</span>"
        f"<span>{car}</span><span>{time}</span></li>"
        for place, number, name, car, time in [
            ("Clt", "N°", "Pilote", "Voiture", "Temps"),
            ("1", "12", "DURAND Paul", "Renault Clio RS", "2:01.4"),
            ("2", "14", "LEROY Anne", "Peugeot 206 RC", "2:03.9"),
            ("3", "11", "MOREL Marc", "Citroën Saxo VTS", "2:04.0"),
        ]
    )
    sheet = parse(_page(f'<ul class="classement">{items}</ul>'))
    assert [(e.position, e.number, e.crew[0].surname, e.time_ms) for e in sheet.entries] == [
        (1, "12", "DURAND", 121_400),
        (2, "14", "LEROY", 123_900),
        (3, "11", "MOREL", 124_000),
    ]


@pytest.mark.parametrize(
    "body",
    [
        # A page's layout: header, main text and footer, no values in columns.
        "<div><div><p>Le slalom</p><p>aura lieu</p><p>en mai</p></div>"
        "<div><p>Inscriptions</p><p>ouvertes</p><p>bientôt</p></div>"
        "<div><p>Contact</p><p>au club</p><p>le soir</p></div></div>",
        # A menu: rows of one link each.
        "<ul><li><a href='/1'>Rallye 1</a></li><li><a href='/2'>Rallye 2</a></li>"
        "<li><a href='/3'>Rallye 3</a></li></ul>",
        # A club's news, dated: no place, race number or time in any row.
        "<ul class='news'>"
        + "".join(
            f"<li><span>{day}/05/2024</span><a>{title}</a><span>{pictures} photos</span></li>"
            for day, title, pictures in [
                ("12", "Rallye des Vins", 3),
                ("28", "Course de côte", 12),
                ("14", "Slalom de Bourg", 8),
                ("01", "Assemblée générale", 1),
            ]
        )
        + "</ul>",
    ],
)
def test_a_page_with_neither_table_nor_rows_of_cells_is_refused(body):
    with pytest.raises(ParseError, match="no table found") as raised:
        read(_page(body))
    assert raised.value.code == "no-table"


def test_a_results_grid_beside_boxes_of_facts_in_one_container_is_read():
    # The page's container holds three boxes of facts (date, distance, starters), then the
    # results' own container: the results are read, not the page's box.
    facts = "".join(
        f'<div class="info"><span>{a}</span><span>{b}</span><span>{c}</span></div>'
        for a, b, c in [
            ("Date", "12/05/2024", "Mâcon"),
            ("Distance", "5,2 km", "3 ES"),
            ("Partants", "45", "Arrivés 38"),
        ]
    )
    sheet = parse(_page(f'<div class="page">{facts}<div class="results">{ROWS}</div></div>'))
    assert _read(sheet) == EXPECTED
