"""Crews read per column on whole sheets (made up for these tests): one name order for the whole
column, co-drivers on their own line, every joining mark between people."""

from __future__ import annotations

from results.parsing import parse


def _crews(text: str):
    sheet = parse(text.encode("utf-8"))
    return sheet, [[(p.surname, p.first_name) for p in e.crew] for e in sheet.entries]


def _warned(sheet, code: str) -> list[int]:
    return [i.line for i in sheet.issues if i.code == code]


HEADERLESS = """\
;1;Ola Nordmann;CK Fjellbyen;Gutter 13-14;00:04:13
;2;Kari J.Haugen-Lie;Sykkelklubben Vest;Gutter 13-14;00:04:20
;3;Jakob Strand Berg;CK Fjellbyen;Gutter 13-14;00:04:31
;4;Thomas Aas Lunde;IL Nordlys;Gutter 13-14;00:04:40
;5;Sindre Moe;CK Fjellbyen;Gutter 13-14;00:04:52
"""


def test_a_headerless_column_of_first_middle_last_names_is_the_crew_in_one_order():
    sheet, crews = _crews(HEADERLESS)
    assert crews == [
        [("Nordmann", "Ola")],
        [("Haugen-Lie", "Kari J.")],
        [("Berg", "Jakob Strand")],
        [("Lunde", "Thomas Aas")],
        [("Moe", "Sindre")],
    ]
    assert _warned(sheet, "crew-uncertain") == []


TWO_LINES = """\
Pos;No;Driver / Co-driver;Club;Car;Time
1;12;Brandl, Tobias;MSC Talberg;Opel Corsa;8:27.60
;;Wimmer, Lisa;;;
2;7;Huber, Stefan;AC Bergland;VW Golf;8:31.10
;;,;;;
3;9;Kraus, Jonas;MSC Talberg;BMW 318;8:40.00
;;Steiner, Paul;;;
"""


def test_a_co_driver_on_the_line_below_is_a_person_of_its_own():
    _, crews = _crews(TWO_LINES)
    assert crews == [
        [("Brandl", "Tobias"), ("Wimmer", "Lisa")],
        [("Huber", "Stefan")],  # an empty co-driver printed as `,`
        [("Kraus", "Jonas"), ("Steiner", "Paul")],
    ]


DASHES = """\
| Pos | Crew | Car | Time |
| 1 | Moreau Julien - Lefort Hugo | Skoda Fabia | 3:40:12.4 |
| 2 | Bianchi Luca - Ferri Marco | Citroen C3 | 3:41:02.1 |
| 3 | Lindqvist Erik - Berg Anna | Ford Fiesta | 3:42:55.0 |
| 4 | Martin Thomas - Robert Simon | Ford Fiesta | 3:43:00.0 |
"""


def test_mixed_case_surname_first_crews_keep_the_column_order():
    sheet, crews = _crews(DASHES)
    assert crews[:3] == [
        [("Moreau", "Julien"), ("Lefort", "Hugo")],
        [("Bianchi", "Luca"), ("Ferri", "Marco")],
        [("Lindqvist", "Erik"), ("Berg", "Anna")],
    ]
    # Four first names, no evidence of their own: the column's order reads them, no doubt.
    assert crews[3] == [("Martin", "Thomas"), ("Robert", "Simon")]
    assert _warned(sheet, "crew-uncertain") == []


def test_first_name_then_capitals_is_first_name_first():
    _, crews = _crews(
        "| Pos | Driver | Car | Time |\n"
        "| 1 | Fabrice PION | Peugeot 208 | 10:01.2 |\n"
        "| 2 | Marc VIGNERON | Renault Clio | 10:05.9 |\n"
    )
    assert crews == [[("PION", "Fabrice")], [("VIGNERON", "Marc")]]
