"""Spanning cells of web tables. Headings over two rows, one spanning the columns below it
(`colspan`): where the columns are the parts of what it names (`Catégorie` over `Gr.  Cl.`,
`Équipage` over `Pilote  Copilote`), each is read by its own heading. A cell spanning rows
(`rowspan`) that are records of their own, a class beside its block of crews, belongs to each
of them."""

from __future__ import annotations

from results.parsing import parse

ROWS = (
    ("1", "12", "MARTIN Paul", "DUBOIS Anne", "Peugeot 208 Rally4", "RC4", "R2", "45:12.3", ""),
    ("2", "7", "LEROY Marc", "PETIT Julie", "Renault Clio Rally5", "RC5", "R1", "45:30.8", "+18.5"),
    ("3", "3", "GARNIER Luc", "FAURE Éric", "Skoda Fabia Rally2", "RC2", "R5", "46:01.0", "+48.7"),
)


def _page(top: str, below: str) -> bytes:
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in ROWS)
    return (
        "<html><body><h1>Rallye des Vignes 2025 - Classement général</h1><table><thead>"
        f"<tr>{top}</tr><tr>{below}</tr></thead><tbody>{body}</tbody></table></body></html>"
    ).encode()


def _th(text: str, *, rows: int = 1, columns: int = 1) -> str:
    return f'<th rowspan="{rows}" colspan="{columns}">{text}</th>'


def test_group_and_class_under_the_heading_spanning_them():
    top = "".join(_th(h, rows=2) for h in ("Cl.", "N°", "Pilote", "Copilote", "Voiture"))
    top += _th("Catégorie", columns=2) + _th("Temps", rows=2) + _th("Écart", rows=2)
    sheet = parse(_page(top, _th("Gr.") + _th("Cl.")))
    entries = sheet.entries
    assert [(e.group, e.klass) for e in entries] == [("RC4", "R2"), ("RC5", "R1"), ("RC2", "R5")]
    assert [e.position for e in entries] == [1, 2, 3]
    assert [e.time_ms for e in entries] == [2_712_300, 2_730_800, 2_761_000]
    assert [[p.surname for p in e.crew] for e in entries] == [
        ["MARTIN", "DUBOIS"],
        ["LEROY", "PETIT"],
        ["GARNIER", "FAURE"],
    ]


def test_driver_and_codriver_under_the_crew_heading():
    top = "".join(_th(h, rows=2) for h in ("Cl.", "N°"))
    top += _th("Équipage", columns=2)
    top += "".join(_th(h, rows=2) for h in ("Voiture", "Gr.", "Cl.", "Temps", "Écart"))
    sheet = parse(_page(top, _th("Pilote") + _th("Copilote")))
    entries = sheet.entries
    assert [[(p.surname, p.first_name) for p in e.crew] for e in entries] == [
        [("MARTIN", "Paul"), ("DUBOIS", "Anne")],
        [("LEROY", "Marc"), ("PETIT", "Julie")],
        [("GARNIER", "Luc"), ("FAURE", "Éric")],
    ]
    assert [(e.group, e.klass) for e in entries] == [("RC4", "R2"), ("RC5", "R1"), ("RC2", "R5")]


SLALOM = """<html><body><h2>Slalom de Bresse - Résultats par classe</h2><table>
<tr><th>Classe</th><th>Pl.</th><th>N°</th><th>Pilote</th><th>Voiture</th><th>Manche 1</th>
<th>Manche 2</th><th>Meilleure</th></tr>
<tr><td rowspan="3">N2</td><td>1</td><td>21</td><td>ROUX Pierre</td><td>Peugeot 106</td>
<td>1:02.35</td><td>1:01.90</td><td>1:01.90</td></tr>
<tr><td>2</td><td>25</td><td>BLANC Jean</td><td>Citroën Saxo</td><td>1:03.10</td>
<td>1:02.80</td><td>1:02.80</td></tr>
<tr><td>3</td><td>22</td><td>MOREL Luc</td><td>Peugeot 106</td><td>1:04.00</td>
<td>1:03.55</td><td>1:03.55</td></tr>
<tr><td rowspan="2">A7</td><td>1</td><td>40</td><td>FAURE Marc</td><td>Renault Clio</td>
<td>58.90</td><td>58.12</td><td>58.12</td></tr>
<tr><td>2</td><td>41</td><td>GIRARD Paul</td><td>BMW 318</td><td>59.40</td><td>1:00.02</td>
<td>59.40</td></tr>
</table></body></html>"""


def test_a_class_cell_spanning_the_rows_of_its_block_reaches_every_crew():
    entries = parse(SLALOM.encode()).entries
    assert [(e.position, e.number, e.group, e.klass) for e in entries] == [
        (1, "21", "N", "2"),
        (2, "25", "N", "2"),
        (3, "22", "N", "2"),
        (1, "40", "A", "7"),
        (2, "41", "A", "7"),
    ]
    assert [e.time_ms for e in entries] == [61_900, 62_800, 63_550, 58_120, 59_400]
