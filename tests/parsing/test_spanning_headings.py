"""Headings over two rows of a web table, one spanning the columns below it (`colspan`): where
the columns are the parts of what it names (`Catégorie` over `Gr.  Cl.`, `Équipage` over
`Pilote  Copilote`), each is read by its own heading."""

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
