import pytest

from results.parsing.fields import (
    FIRST_NAMES,
    detect_name_order,
    is_first_name,
    looks_like_person,
    parse_person,
    split_crew,
)
from results.parsing.model import Person
from results.parsing.text import fold

P = Person


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("GAGNIERE Patrick", [P("GAGNIERE", "Patrick")]),
        ("GARABEDIAN Jean-Marc", [P("GARABEDIAN", "Jean-Marc")]),
        ("ANDRÉ Gérard", [P("ANDRÉ", "Gérard")]),
        ("BOLE-RICHARD Matthieu", [P("BOLE-RICHARD", "Matthieu")]),
        ("D'ALMEIDA Paulo", [P("D'ALMEIDA", "Paulo")]),
        ("DE MEYER Maxime", [P("DE MEYER", "Maxime")]),
        ("LE GALL Jean", [P("LE GALL", "Jean")]),
        ("van der BERG Jan", [P("van der BERG", "Jan")]),
        ("DUBREUIL", [P("DUBREUIL")]),
        # explicit separators
        ("LEBRUN Jean Jacques/NOLLET Stevie", [P("LEBRUN", "Jean Jacques"), P("NOLLET", "Stevie")]),
        (
            "DE SAINTE OPPORTUNE Eric/DEMOUY Jérôme",
            [P("DE SAINTE OPPORTUNE", "Eric"), P("DEMOUY", "Jérôme")],
        ),
        ("PEPIN Pascal / PAILLET Hervé", [P("PEPIN", "Pascal"), P("PAILLET", "Hervé")]),
        ("DUPONT Jean - MARTIN Marie", [P("DUPONT", "Jean"), P("MARTIN", "Marie")]),
        ("DUPONT Jean & MARTIN Marie", [P("DUPONT", "Jean"), P("MARTIN", "Marie")]),
        ("DUPONT Jean; MARTIN Marie", [P("DUPONT", "Jean"), P("MARTIN", "Marie")]),
        ("DUPONT Jean et MARTIN Marie", [P("DUPONT", "Jean"), P("MARTIN", "Marie")]),
        ("DUPONT Jean and MARTIN Marie", [P("DUPONT", "Jean"), P("MARTIN", "Marie")]),
        ("DUPONT Jean\nMARTIN Marie", [P("DUPONT", "Jean"), P("MARTIN", "Marie")]),
        ("DUPONT Jean + MARTIN Marie", [P("DUPONT", "Jean"), P("MARTIN", "Marie")]),
        ("DUPONT Jean, MARTIN Marie", [P("DUPONT", "Jean"), P("MARTIN", "Marie")]),
        ("DUPONT, Jean", [P("DUPONT", "Jean")]),
        ("Dupont, Jean", [P("Dupont", "Jean")]),
        ("DUPONT, JEAN", [P("DUPONT", "JEAN")]),
        ("DUPONT Jean /", [P("DUPONT", "Jean")]),  # an empty part gives no person
        ("/ MARTIN Marie", [P("MARTIN", "Marie")]),
        # run together, split by casing
        ("PION Fabrice VIGNERON Marc", [P("PION", "Fabrice"), P("VIGNERON", "Marc")]),
        (
            "SADAUNE D. SAVART D. ROY J.L",
            [P("SADAUNE", "D."), P("SAVART", "D."), P("ROY", "J.L")],
        ),
        (
            "PUISSANT A. CORNESSE M. ANGEL C.",
            [P("PUISSANT", "A."), P("CORNESSE", "M."), P("ANGEL", "C.")],
        ),
        ("LAMOUREUX C. CHARDIN A.", [P("LAMOUREUX", "C."), P("CHARDIN", "A.")]),
        ("CHRIST Xavier. DUBREUIL", [P("CHRIST", "Xavier"), P("DUBREUIL")]),
        ("BABAY Thierry. SŒUR Christian", [P("BABAY", "Thierry"), P("SŒUR", "Christian")]),
        ("BABAY Thierry. Sœur Christian", [P("BABAY", "Thierry"), P("Sœur", "Christian")]),
        ("MAUCORT Julien. FRADOS J.Rémi", [P("MAUCORT", "Julien"), P("FRADOS", "J.Rémi")]),
        ("GARNIER Thierry. BASTOS Clémént", [P("GARNIER", "Thierry"), P("BASTOS", "Clémént")]),
        (
            "CHRIST Thierry DUBREUIL J-Bernard",
            [P("CHRIST", "Thierry"), P("DUBREUIL", "J-Bernard")],
        ),
        ("LEDUC J-Marie JEUNE Vincent", [P("LEDUC", "J-Marie"), P("JEUNE", "Vincent")]),
        ("DUPONT Ch. MARTIN J.-P.", [P("DUPONT", "Ch."), P("MARTIN", "J.-P.")]),
        ("DUPONT Jean.", [P("DUPONT", "Jean")]),  # stray dots trimmed
        ("  DUPONT   Jean  ", [P("DUPONT", "Jean")]),
        # no casing evidence: the first-name table decides
        ("Jean Dupont", [P("Dupont", "Jean")]),
        ("Dupont Jean", [P("Dupont", "Jean")]),
        ("jean-pierre papin", [P("papin", "jean-pierre")]),
        ("GAGNIERE PATRICK", [P("GAGNIERE", "PATRICK")]),
        ("LE GALL JEAN", [P("LE GALL", "JEAN")]),
        # a kart team's drivers parted by a middle dot or a bullet
        (
            "MARTIN Jean · DUPONT Paul · LEROY Marc",
            [P("MARTIN", "Jean"), P("DUPONT", "Paul"), P("LEROY", "Marc")],
        ),
        ("SIMON Eric • PETIT Luc", [P("SIMON", "Eric"), P("PETIT", "Luc")]),
    ],
)
def test_split_crew(text, people):
    split = split_crew(text)
    assert list(split.people) == people
    assert split.uncertain is None


@pytest.mark.parametrize(
    ("text", "people"),
    [
        (
            "Patrick GAGNIERE / Joffrey GAGNIERE",
            [P("GAGNIERE", "Patrick"), P("GAGNIERE", "Joffrey")],
        ),
        ("Marie MARTIN", [P("MARTIN", "Marie")]),
        ("Jean-Marc GARABEDIAN", [P("GARABEDIAN", "Jean-Marc")]),
        ("Eric DE SAINTE OPPORTUNE", [P("DE SAINTE OPPORTUNE", "Eric")]),
        ("Fabrice PION Marc VIGNERON", [P("PION", "Fabrice"), P("VIGNERON", "Marc")]),
        ("J.L ROY", [P("ROY", "J.L")]),
        # casing evidence wins over the column's order
        ("GAGNIERE Patrick", [P("GAGNIERE", "Patrick")]),
    ],
)
def test_split_crew_first_name_first(text, people):
    split = split_crew(text, order="first_name_first")
    assert list(split.people) == people
    assert split.uncertain is None


@pytest.mark.parametrize(
    ("text", "order", "people"),
    [
        ("Xyzzy Quux", "surname_first", [P("Xyzzy", "Quux")]),
        ("Xyzzy Quux", "first_name_first", [P("Quux", "Xyzzy")]),
        ("HAUTE PROVENCE", "surname_first", [P("HAUTE", "PROVENCE")]),
    ],
)
def test_split_crew_without_evidence_follows_order_and_says_so(text, order, people):
    split = split_crew(text, order=order)
    assert list(split.people) == people
    assert split.uncertain


@pytest.mark.parametrize(
    "text",
    [
        "GAGNIERE PATRICK GAGNIERE JOFFREY",  # people run together with no casing
        "A B / C D / E F / G H / I J",  # more than four people
        "Team 21",  # cannot be split into a name
        "PEUGEOT 306 S16",
        "Jean DUPONT Marie",  # a first name with no surname
        "x" * 300,
    ],
)
def test_split_crew_flags_guesses(text):
    assert split_crew(text).uncertain


def test_split_crew_all_upper_run_together_still_splits():
    split = split_crew("GAGNIERE PATRICK GAGNIERE JOFFREY")
    assert split.people == (P("GAGNIERE", "PATRICK"), P("GAGNIERE", "JOFFREY"))


@pytest.mark.parametrize("text", ["", "   ", " / ", "/;/", "..."])
def test_split_crew_empty(text):
    assert split_crew(text).people == ()


@pytest.mark.parametrize(
    ("text", "order", "person"),
    [
        ("GAGNIERE Patrick", "surname_first", P("GAGNIERE", "Patrick")),
        ("Patrick GAGNIERE", "first_name_first", P("GAGNIERE", "Patrick")),
        ("DE MEYER", "surname_first", P("DE MEYER")),
        ("DUPONT, Jean", "surname_first", P("DUPONT", "Jean")),
        ("", "surname_first", None),
    ],
)
def test_parse_person(text, order, person):
    assert parse_person(text, order=order) == person


@pytest.mark.parametrize(
    ("values", "order"),
    [
        (["GAGNIERE Patrick", "VINEL Carole"], "surname_first"),
        (["Patrick GAGNIERE", "Carole VINEL", "GOSSET Jean-David"], "first_name_first"),
        (["Patrick GAGNIERE / Joffrey GAGNIERE"], "first_name_first"),
        (["SADAUNE D. SAVART D."], "surname_first"),
        (["D. SADAUNE"], "first_name_first"),
        (["Jean Dupont", "Marie Curie"], "first_name_first"),  # no casing: first-name table
        (["Dupont Jean", "Curie Marie"], "surname_first"),
        (["GAGNIERE Patrick", "Carole VINEL"], "surname_first"),  # a tie: table, then default
        ([], "surname_first"),
        (["", "Abandon", "x" * 500], "surname_first"),
    ],
)
def test_detect_name_order(values, order):
    assert detect_name_order(iter(values)) == order


@pytest.mark.parametrize(
    "text",
    [
        "GAGNIERE Patrick",
        "FERRARI Marco",  # a make as a surname, before a known first name
        "PION Fabrice VIGNERON Marc",
        "SADAUNE D. SAVART D. ROY J.L",
        "LEBRUN Jean Jacques/NOLLET Stevie",
        "Patrick GAGNIERE",
    ],
)
def test_looks_like_person_high(text):
    assert looks_like_person(text) >= 0.8


@pytest.mark.parametrize(
    "text",
    [
        "Peugeot 306 S16",
        "PEUGEOT 306 S16",
        "BMW M3",
        "CITROËN C2",
        "Porsche Cayman",
        "Renault Clio Williams",
        "Citroën Saxo Kit Car",
        "LOZERE",
        "HAUTE PROVENCE",
        "HAUTE VALLÉE DE LA LOIRE",
        "GARD-CEVENNES",
        "Abandon",
        "05:14,4",
        "A8",
        "",
        "x" * 300,
    ],
)
def test_looks_like_person_low(text):
    assert looks_like_person(text) <= 0.3


def test_first_name_table():
    assert len(FIRST_NAMES) >= 300
    # Folded (lower case, no accents); Greek names in Greek script too.
    assert all(name == fold(name) for name in FIRST_NAMES)
    assert is_first_name("RAPHAËL")
    assert is_first_name("Jean-Marc")
    assert not is_first_name("GAGNIERE")


@pytest.mark.parametrize(
    ("text", "people", "nationality"),
    [
        ("GRÉGOIRE Alain (BEL)", (Person("GRÉGOIRE", "Alain"),), "BEL"),
        ("Ana Ruiz [ESP]", (Person("Ruiz", "Ana"),), "ESP"),
        ("Tom Hale (NZ)", (Person("Hale", "Tom"),), "NZ"),
        # each person may carry a code: the driver's is the entry's
        (
            "DUVAL Marc (FRA) / KESSLER Jan (GER)",
            (Person("DUVAL", "Marc"), Person("KESSLER", "Jan")),
            "FRA",
        ),
        ("DUVAL Marc", (Person("DUVAL", "Marc"),), None),
    ],
)
def test_split_crew_sets_the_nationality_aside(text, people, nationality):
    split = split_crew(text, order="first_name_first")
    assert split.people == people
    assert split.nationality == nationality


@pytest.mark.parametrize("text", ["DUVAL Marc (NC)", "DUVAL Marc (dns)", "DUVAL Marc (SR)"])
def test_split_crew_a_status_in_brackets_is_no_nationality(text):
    split = split_crew(text)
    assert split.nationality is None


def test_looks_like_person_with_a_nationality():
    assert looks_like_person("Jim Pollard (AUS)") == looks_like_person("Jim Pollard")


def test_an_endurance_team_of_five_listed_with_commas_is_no_doubt():
    split = split_crew(
        "Stéphane GAILLARD, Olivier HENRY, Pascal PERRET, Éric LACROIX, Bruno MOULIN"
    )
    assert [(p.surname, p.first_name) for p in split.people] == [
        ("GAILLARD", "Stéphane"),
        ("HENRY", "Olivier"),
        ("PERRET", "Pascal"),
        ("LACROIX", "Éric"),
        ("MOULIN", "Bruno"),
    ]
    assert split.uncertain is None
