import pytest

from results.parsing.fields import STATUS_TITLES, parse_status, title_status

ROWS = {
    "retired": [
        "Abandon",
        "Abandons",
        "Ab.",
        "Ab",
        "Abd.",
        "Abd",
        "ABD",
        "Aband.",
        "DNF",
        "Retired",
        "Ret.",
        "Ret",
        "Retiré",
        "RETIRE",
        "abandon",
        "Abandon ES4",
        "Abandon (moteur)",
        "Abandon(moteur)",
        "Abandon - moteur",
        "Ab ES4",
        "Ab. (boîte)",
        "Ret. ES 5",
    ],
    "rally2": ["Rallye 2", "Rallye2", "Rally 2", "Rally2", "Super Rallye", "RALLYE 2", "Rallye-2"],
    "dns": [
        "Non partant",
        "No sale",  # Spanish hill climbs: did not take the start
        "No salió",
        "Non-partant",
        "Non partants",
        "NP",
        "N.P.",
        "DNS",
        "Did not start",
        "Forfait",
        "Absent",
        "NP (blessé)",
    ],
    "dsq": [
        "Exclu",
        "Exclus",
        "Exclue",
        "Disqualifié",
        "Disq.",
        "Disq",
        "DSQ",
        "DQ",
        "Disqualified",
        "Mis hors course",
        "HC",
    ],
    "nc": ["Non classé", "Non classés", "NON CLASSES", "NC", "N.C.", "Not classified", "NCL"],
}


@pytest.mark.parametrize(
    ("text", "code"), [(text, code) for code, texts in ROWS.items() for text in texts]
)
def test_parse_status(text, code):
    assert parse_status(text) == code


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "SR",
        "R2",
        "N2",
        "A8",
        "FN4",
        "1",
        "12",
        "05:14,4",
        "GAGNIERE Patrick",
        "Abel",
        "Abadie",
        "NC Jean",
        "HC Racing",
        "Retz",
        "Rallye",
        "Peugeot 205 Rallye",
        "Exclusif",
    ],
)
def test_parse_status_rejects(text):
    assert parse_status(text) is None


@pytest.mark.parametrize(
    ("title", "code"),
    [("abandons", "retired"), ("non partants", "dns"), ("non classes", "nc"), ("exclus", "dsq")],
)
def test_status_titles_hold_plurals(title, code):
    assert STATUS_TITLES[title] == code


def test_status_titles_match_table_titles():
    assert parse_status("Abandons") == "retired"
    assert parse_status("Non Partants :") == "dns"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("DNA", "dns"),
        ("Nicht gestartet", "dns"),
        ("Not finished first lap", "retired"),
        ("aufgegeben", "retired"),
        ("Ritirato", "retired"),
        ("Disqualifiziert", "dsq"),
        ("DISK", "dsq"),
        ("n.g.", "nc"),
        ("adW.", "nc"),
        ("außer Wertung", "nc"),
        ("DNQ", "nc"),
        ("Non-starter", "dns"),
        ("Excluded", "dsq"),
        ("Excluido", "dsq"),
        ("Escluso", "dsq"),
        ("Uitgesloten", "dsq"),
        ("Ausgeschlossen", "dsq"),
        ("Opgave RT 7", "retired"),
        ("Retirado", "retired"),
        ("RITIRATI", "retired"),
        ("ausgef. WP 7", "retired"),
        ("Desistência", "retired"),
        ("NIE UKOŃCZYLI", "retired"),
        ("Keskeyttäneet:", "retired"),
        ("Não partiu", "dns"),
        ("Wykluczenie", "dsq"),
        ("Hylätty", "dsq"),
        ("Ej start", "dns"),
        ("Utesl.", "dsq"),
        ("nedokončil", "retired"),
        ("Nestartoval", "dns"),
        ("Diskvalifikován", "dsq"),
        ("Feladta", "retired"),
        ("Kizárva", "dsq"),
        ("Nem rajtolt", "dns"),
        ("Udgået", "retired"),
        ("Uitgevallen", "retired"),
        ("Wertungsausschluss", "dsq"),
        ("Ausfall/Abandon", "retired"),  # one word in two languages
        ("disq./disq.", "dsq"),
        ("Uitgev.", "retired"),
        ("Gediskw.", "dsq"),
        ("Desist.", "retired"),
        ("Não classificados", "nc"),
        ("Non classificati", "nc"),
        ("Nicht klassiert", "nc"),
        ("Excl.", "dsq"),
        ("NTR", "retired"),  # no time recorded (UK speed events)
        ("FAIL", "retired"),
    ],
)
def test_statuses_as_other_languages_write_them(text, code):
    assert parse_status(text) == code


@pytest.mark.parametrize("text", ["Sortie de route", "crashed out - Rider OK", "Chute"])
def test_a_cause_is_no_status_word(text):
    # In a reason column a cause is the reason; a race log reads it (`race_log.py`).
    assert parse_status(text) is None


def test_a_status_in_two_languages_that_disagree_is_none():
    # `n.g.` is not started or not classified; `n.p.` is not started: no sure reading.
    assert parse_status("n.g./n.p.") is None
    assert parse_status("MARTIN/DUPONT") is None


@pytest.mark.parametrize(
    ("title", "status"),
    [
        ("Abandons", "retired"),
        ("CLASSEMENT DES ABANDONS", "retired"),
        ("Classifica dei ritirati", "retired"),
        ("Liste des non partants", "dns"),
        ("NON CLASSÉS", "nc"),
        ("Rallye 2", "rally2"),
        ("CLASSEMENT RALLYE 2", "rally2"),
        # A title naming the cars' class, or the table, not the crews' fate.
        ("Classe R5 / Rally2", None),
        ("KLASSE RC2 - Rally2", None),
        ("Classement scratch", None),
        ("Groupe N", None),
    ],
)
def test_a_table_title_gives_its_crews_the_status_it_ends_with(title, status):
    assert title_status(title) == status


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("Opg.", "retired"),  # Dutch: opgave
        ("a.W.", "nc"),  # German: außer Wertung
        ("nicht angetreten", "dns"),
        # A licence number is no status, whatever its letters (`NA`: Navarra's).
        ("NA-2244", None),
        ("N/A", None),
    ],
)
def test_status_words_of_this_batch_and_what_only_looks_like_one(text, status):
    assert parse_status(text) == status


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("Diskv.", "dsq"),  # Swedish, Finnish, Danish abbreviation
        ("Ausf.", "retired"),  # German: Ausfall
        ("Superrally SS4", "rally2"),
        ("NKL", "nc"),  # Polish: nieklasyfikowany
        ("DES", "retired"),  # Portuguese: desistência
        ("Des Moines", None),
        ("MHC", "dsq"),  # mis hors course
        ("n.k.", "nc"),  # nicht klassifiziert
        ("bk", "nc"),  # buiten klassement
        ("Buiten klassement", "nc"),
        ("UTESLUTNA", "dsq"),  # Swedish: excluded (a section's title)
        ("Hylätyt", "dsq"),  # Finnish plural
        ("Zdyskwalifikowany", "dsq"),
        ("Squalificati", "dsq"),
        ("Niesklasyfikowany", "nc"),
        ("Nehodnocen", "nc"),
        ("Ej placerad", "nc"),
        ("Ikke fullført", "retired"),
        ("Não largou", "dns"),
        ("Rali 2", "rally2"),  # Portuguese
        ("Super Rali", "rally2"),
        # A name that begins like one is none.
        ("Diskvist", None),
    ],
)
def test_status_words_in_nordic_polish_czech_and_portuguese(text, status):
    assert parse_status(text) == status


def test_a_portuguese_title_of_restarted_crews():
    assert title_status("Classificação Rali 2") == "rally2"
