"""A rally page made by a site's plugin: the driver and the co-driver in columns of their own,
each name a link with the person's club under it (`<br><small>ASA Loire</small>`). Each cell
is one person: the club under a name is no second person, the driver's is the entry's."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings


def _cell(name: str, club: str) -> str:
    return f'<td><a href="/equipage/">{name}</a><br><small>{club}</small></td>'


ROWS = (
    ("1", "11", ("LABROSSE Stéphane", "ASA Roannaise"), ("DURIEUX Sylvain", "ASA Beaujolais"),
     "Citroën C3 Rally2", "58'47\"2"),
    ("2", "14", ("ABRIAL Jérôme", "ASA Auvergne"), ("CHARMETANT Anaïs", "ASA Loire"),
     "Skoda Fabia Rally2 Evo", "59'06\"3"),
    ("3", "7", ("BELLEVILLE Thomas", "ASA Loire"), ("MALAVAL Damien", "ASA Beaujolais"),
     "Peugeot 208 Rally4", "1h01'12\"8"),
)  # fmt: skip
PAGE = (
    '<html><head><meta charset="utf-8"></head><body><table>'
    "<tr><th>Clt</th><th>N°</th><th>Pilote</th><th>Copilote</th><th>Voiture</th>"
    "<th>Temps</th></tr>"
    + "".join(
        f"<tr><td>{p}</td><td>{n}</td>{_cell(*d)}{_cell(*c)}<td>{car}</td><td>{t}</td></tr>"
        for p, n, d, c, car, t in ROWS
    )
    + "</table></body></html>"
)


def test_the_club_under_each_seat_is_no_person() -> None:
    sheet = parse(PAGE.encode(), filename="classement.html")
    got = [([f"{m.surname} {m.first_name}" for m in e.crew], e.club) for e in sheet.entries]
    assert got == [([d[0], c[0]], d[1]) for _, _, d, c, _, _ in ROWS]
    assert [e.time_ms for e in sheet.entries] == [3_527_200, 3_546_300, 3_672_800]
    assert warnings(sheet) == []
