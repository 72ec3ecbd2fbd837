"""An Italian rally's classification as its timekeeper publishes it on the web, laid out page by
page for printing: over each page a layout table (the federation's logo, the event's name,
`Pag. 1 / 2`), then the classification's table with its header again. The places go on from
page to page: one table, its gaps all to the one leader. A badge after a driver's name (`U25`,
under 25) is no part of the name."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

HEADER = "<tr><th>Pos.</th><th>N.</th><th>Equipaggio</th><th>Vettura</th><th>Cl.</th>"
HEADER += "<th>Tempo</th><th>Distacco</th></tr>"
#: (position, number, driver, badge, co-driver, car, class, time, gap)
CREWS = [
    (1, "1", "ROSSI Marco", "", "BIANCHI Luca", "Skoda Fabia RS", "RC2N", "50:12.4", ""),
    (2, "3", "DONADELLO Michele", "U25", "BELLANDI Davide", "Citroën C3", "RC2N", "50:40.1",
     "+27.7"),
    (3, "2", "FERRARI Paolo", "", "GALLO Sara", "Hyundai i20", "RC2N", "51:02.9", "+50.5"),
    (4, "8", "URBINATI Alessandro", "U25", "SCARPELLINI Sara", "Peugeot 208", "RC4",
     "53:49.0", "+3:36.6"),
    (5, "11", "CONTI Elena", "", "MARINO Luca", "Renault Clio", "RC5", "55:10.3", "+4:57.9"),
]  # fmt: skip
TIMES_MS = [3_012_400, 3_040_100, 3_062_900, 3_229_000, 3_310_300]


def _row(crew: tuple) -> str:
    position, number, driver, badge, codriver, car, klass, time, gap = crew
    mark = f' <span class="badge">{badge}</span>' if badge else ""
    return (
        f"<tr><td>{position}</td><td>{number}</td><td>{driver}{mark}<br>{codriver}</td>"
        f"<td>{car}</td><td>{klass}</td><td>{time}</td><td>{gap}</td></tr>"
    )


def _page(number: int, crews: list[tuple]) -> str:
    return (
        '<div class="pagina"><table class="intest"><tr><td><img src="aci.png" alt="ACI Sport">'
        "</td><td><b>14° RALLY DELLA VAL DORSANA</b><br>CLASSIFICA FINALE ASSOLUTA</td>"
        f"<td>Pag. {number} / 2</td></tr></table>"
        f'<table class="classifica"><thead>{HEADER}</thead><tbody>'
        + "".join(map(_row, crews))
        + "</tbody></table></div>"
    )


def _html() -> bytes:
    body = _page(1, CREWS[:3]) + _page(2, CREWS[3:])
    return f'<html><head><meta charset="utf-8"></head><body>{body}</body></html>'.encode()


def test_a_table_printed_page_by_page_is_one_table() -> None:
    sheet = parse(_html(), filename="classifica.html")
    assert len(sheet.entries) == len(CREWS)
    assert len({entry.table for entry in sheet.entries}) == 1
    for crew, time_ms, entry in zip(CREWS, TIMES_MS, sheet.entries, strict=True):
        position, number, driver, _, codriver, car, klass, _, _ = crew
        assert (entry.position, entry.number, entry.car) == (position, number, car)
        assert (entry.group or "") + (entry.klass or "") == klass
        assert [f"{m.surname} {m.first_name}" for m in entry.crew] == [driver, codriver]
        assert entry.time_ms == time_ms
        assert entry.gap_ms == time_ms - TIMES_MS[0]
    assert warnings(sheet) == []
