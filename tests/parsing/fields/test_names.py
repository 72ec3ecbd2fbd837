"""Names read per column: the order a column's names share, the marks that join people, commas,
and the first-name lists shipped as data."""

import pytest

from results.parsing.fields import (
    column_order,
    first_names,
    is_first_name,
    looks_like_person,
    numbers_in_names,
    split_crew,
)
from results.parsing.fields.first_names import _DATA, LANGUAGES
from results.parsing.model import Person
from results.parsing.text import fold

P = Person

NORWEGIAN = ["Ella J.Anker-Rasch", "Jakob Steira Bjerkli", "Thomas Wiel Bjørkøy", "Ola Nordmann"]


def _read_column(values):
    found = column_order(values)
    return found, [split_crew(v, order=found.order, settled=found.settled) for v in values]


def test_a_column_of_first_middle_last_names_is_first_name_first_throughout():
    found, splits = _read_column([*NORWEGIAN, "Xyzzy Quux", "Sebastian Olsen"])
    assert found.order == "first_name_first" and found.settled
    assert [s.people for s in splits] == [
        (P("Anker-Rasch", "Ella J."),),
        (P("Bjerkli", "Jakob Steira"),),
        (P("Bjørkøy", "Thomas Wiel"),),
        (P("Nordmann", "Ola"),),
        (P("Quux", "Xyzzy"),),  # no evidence of its own: the column's order, no doubt
        (P("Olsen", "Sebastian"),),
    ]
    assert all(s.uncertain is None for s in splits)


def test_a_settled_column_is_not_turned_around_by_one_name():
    # `Lund Martin`: both are first names in some language; the column decides.
    found, splits = _read_column(["Martin Lund", "Anna Berg", "Kari Dahl", "Ole Strand"])
    assert found.order == "first_name_first"
    assert splits[0].people == (P("Lund", "Martin"),)


def test_a_surname_first_column_keeps_double_surnames():
    found, splits = _read_column(["Dupont Jean", "Garcia Bueno Juan", "Curie Marie", "Rossi Luca"])
    assert found.order == "surname_first" and found.settled
    assert splits[1].people == (P("Garcia Bueno", "Juan"),)


@pytest.mark.parametrize(
    ("values", "order"),
    [
        (["Fabrice PION", "Marc VIGNERON"], "first_name_first"),
        (["PION Fabrice", "VIGNERON Marc"], "surname_first"),
        (["Auer, Florian", "Kern, Max"], "surname_first"),
        (NORWEGIAN, "first_name_first"),
    ],
)
def test_the_column_order_comes_from_capitals_first_names_and_commas(values, order):
    assert column_order(values).order == order


def test_an_unsettled_column_is_not_settled():
    found = column_order(["Fabrice PION", "VIGNERON Marc"])
    assert not found.settled


def test_people_with_runs_together_in_one_case_are_cut_at_a_first_name():
    split = split_crew("Heino Mejer Bo Mølgaard Jensen", order="first_name_first", settled=True)
    assert split.people == (P("Mejer", "Heino"), P("Jensen", "Bo Mølgaard"))
    assert split.uncertain  # the cut is the lists' guess: a person should look


def test_the_other_names_of_a_cell_give_its_order():
    split = split_crew("Jean Dupont und Marie Martin")
    assert split.people == (P("Dupont", "Jean"), P("Martin", "Marie"))


@pytest.mark.parametrize(
    "text",
    [
        "DUPONT Jean - MARTIN Marie",
        "DUPONT Jean | MARTIN Marie",
        "DUPONT Jean|MARTIN Marie",
        "DUPONT Jean ; MARTIN Marie",
        "DUPONT Jean & MARTIN Marie",
        "DUPONT Jean et MARTIN Marie",
        "DUPONT Jean ET MARTIN Marie",
        "DUPONT Jean and MARTIN Marie",
        "DUPONT Jean und MARTIN Marie",
        "DUPONT Jean y MARTIN Marie",
        "DUPONT Jean / MARTIN Marie",
        "DUPONT Jean\nMARTIN Marie",
        "DUPONT Jean\r\n\r\nMARTIN Marie",
        "DUPONT Jean – MARTIN Marie",
    ],
)
def test_every_joining_mark_splits_people(text):
    assert split_crew(text).people == (P("DUPONT", "Jean"), P("MARTIN", "Marie"))


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("ANKER-RASCH Ella", P("ANKER-RASCH", "Ella")),
        ("SAINT-JEAN Paul", P("SAINT-JEAN", "Paul")),
        ("DUPONT Jean-Pierre", P("DUPONT", "Jean-Pierre")),
        ("ANKER-\nRASCH Ella", P("ANKER-RASCH", "Ella")),  # wrapped at its hyphen
        ("Ella Anker-Rasch", P("Anker-Rasch", "Ella")),
    ],
)
def test_a_hyphen_inside_a_name_joins_nothing(text, person):
    assert split_crew(text).people == (person,)


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("Auer, Florian", [P("Auer", "Florian")]),
        ("Auer, Florian / Kern, Max", [P("Auer", "Florian"), P("Kern", "Max")]),
        ("Auer, Florian Kern, Max", [P("Auer", "Florian"), P("Kern", "Max")]),  # a joined line
        ("AUER, Florian KERN, Max", [P("AUER", "Florian"), P("KERN", "Max")]),
        ("Auer, Florian de Vries, Max", [P("Auer", "Florian"), P("de Vries", "Max")]),
        ("Auer, Florian ,", [P("Auer", "Florian")]),  # an empty co-driver
        ("Auer, Florian / ,", [P("Auer", "Florian")]),
        (",", []),
        (" , ", []),
        ("Metge, LeMoyne, Rigal", [P("Metge"), P("LeMoyne"), P("Rigal")]),
    ],
)
def test_surname_comma_first_name(text, people):
    assert list(split_crew(text).people) == people


def test_a_long_run_on_after_a_comma_is_a_doubt():
    split = split_crew("Müller, Hans Peter Schmidt, Anna")
    assert split.people == (P("Müller", "Hans Peter"), P("Schmidt", "Anna"))
    assert split.uncertain


def test_a_note_in_brackets_is_no_person():
    split = split_crew("[SR]")
    assert split.people == ()
    assert split.uncertain
    assert split_crew("DUPONT Jean / (R)").people == (P("DUPONT", "Jean"),)


def test_first_names_are_read_by_casing_or_the_lists_per_language():
    for name in ["Sébastien", "Oliver", "Jürgen", "Javier", "Giulia", "Joost", "Sindre", "Jukka",
                 "Giorgos", "Krzysztof", "Przemysław", "Vojtěch", "Jiří", "Gábor", "Zsolt",
                 "João", "Gonçalo"]:  # fmt: skip
        assert is_first_name(name), name
    assert not is_first_name("Bjørkøy")


def test_every_first_name_list_names_its_source_and_licence():
    for language in LANGUAGES:
        path = _DATA / f"first_names_{language}.txt"
        header = path.read_text(encoding="utf-8").splitlines()[0]
        assert header.startswith("#") and "Source:" in header and "Licence:" in header
        names = first_names(language)
        assert 50 <= len(names) <= 5000, language
        assert all(n == fold(n) for n in names)
    assert first_names() == frozenset().union(*(first_names(lang) for lang in LANGUAGES))


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("Jakob Steira Bjerkli", 0.8, 1.0),
        ("Federica Rossi", 0.8, 1.0),
        ("CK Nittedal", 0.0, 0.4),
        ("Lillehammer CK", 0.0, 0.4),
        ("ROY J.L", 0.8, 1.0),
        ("Metge / LeMoyne", 0.5, 0.7),  # surnames alone, joined by a mark
        ("Peugeot / Citroën", 0.0, 0.2),
    ],
)
def test_looks_like_person_by_first_names(text, low, high):
    assert low <= looks_like_person(text) <= high


def test_a_long_name_in_one_case_is_a_doubt_even_in_a_settled_column():
    split = split_crew("Xyzzy Quux Foo Barr", order="first_name_first", settled=True)
    assert split.people == (P("Barr", "Xyzzy Quux Foo"),)
    assert split.uncertain
    split = split_crew("Jean Dupont Marie Curie", order="first_name_first", settled=True)
    assert split.people == (P("Dupont", "Jean"), P("Curie", "Marie"))


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("12 Maverick VIÑALES", [P("VIÑALES", "Maverick")]),  # a race number in front
        (
            "Ogier S. / Landais Vincent Toyota GR Yaris Rally1",  # the car after the crew
            [P("Ogier", "S."), P("Landais", "Vincent")],
        ),
    ],
)
def test_a_number_or_a_car_beside_the_names_is_set_aside_and_said(text, people):
    split = split_crew(text)
    assert list(split.people) == people
    assert split.uncertain or split.number  # the column decides what the number is
    assert looks_like_person(text) >= 0.5


def test_the_number_in_front_of_the_names_is_kept():
    assert split_crew("12 Maverick VIÑALES").number == "12"
    assert split_crew("#7 DUVAL Marc / KESSLER Jan").number == "#7"
    assert split_crew("DUVAL Marc").number is None
    assert split_crew("DUVAL Marc 2").number is None


@pytest.mark.parametrize(
    ("values", "numbered"),
    [
        (["12 Maverick VIÑALES", "5 Johann ZARCO", "63 Francesco BAGNAIA"], True),
        (["12 Maverick VIÑALES", "5 Johann ZARCO", "Francesco BAGNAIA", "Joan MIR"], False),
        (["Maverick VIÑALES", "Johann ZARCO"], False),
        ([], False),
    ],
)
def test_numbers_in_names(values, numbered):
    assert numbers_in_names(values) is numbered


@pytest.mark.parametrize("text", ["60%", "19:35'28", "12", "-"])
def test_text_without_letters_is_no_person(text):
    assert split_crew(text).people == ()


def test_a_car_alone_is_still_no_person():
    assert looks_like_person("Peugeot 306 S16") == 0.0
    assert looks_like_person("12 Peugeot 306") == 0.0


def test_greek_first_names_are_known_in_greek_script_as_greek_sheets_print_them():
    assert is_first_name("ΓΙΩΡΓΟΣ") and is_first_name("Νικόλαος") and is_first_name("ΕΛΕΝΗ")
    assert not is_first_name("ΠΑΠΑΔΟΠΟΥΛΟΣ")
