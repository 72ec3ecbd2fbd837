"""Finding a person's spellings in stored text, and what replaces them (no database)."""

import pytest

from results.parsing.fields.crews import split_crew
from results.services.redacting import Placeholder, Scrubber, source_text

PLACEHOLDER = Placeholder.for_person(1000)
DUPONT = Scrubber([("DUPONT", "Jean")], PLACEHOLDER)


@pytest.mark.parametrize("pk", [0, 1, 3, 25, 26, 701, 123456])
def test_the_placeholder_reads_back_as_one_person_unique_to_the_person(pk):
    placeholder = Placeholder.for_person(pk)
    split = split_crew(f"{placeholder.surname} {placeholder.first_name} MARTIN Paul")
    assert [(p.surname, p.first_name) for p in split.people] == [
        (placeholder.surname, placeholder.first_name),
        ("MARTIN", "Paul"),
    ]
    assert Placeholder.for_person(pk + 1) != placeholder


@pytest.mark.parametrize(
    "written",
    [
        "DUPONT Jean",
        "Dupont JEAN",
        "DUPONT  JEAN",
        "dupont jean",
        "Jean DUPONT",
        "DUPONT, Jean",
        "Jean <b>DUPONT</b>",
        "DÙPONT Jéan",
    ],
)
def test_a_spelling_is_found_whatever_the_case_accents_spacing_and_order(written):
    assert DUPONT.found(f"| 1 | {written}/MARTIN Paul |")
    assert not DUPONT.found(DUPONT.text(f"| 1 | {written}/MARTIN Paul |"))


@pytest.mark.parametrize(
    "written",
    ["DUPONTEL Jean", "DUPONT Jean-Marc", "DUPONT Jeanne", "MARTIN Jean/DUPONT Marie", "DUPONT"],
)
def test_other_names_are_left_alone(written):
    assert DUPONT.text(written) == written


def test_an_initial_keeps_its_full_stop_inside_the_match():
    initial = Scrubber([("DUPONT", "J.")], PLACEHOLDER)
    assert initial.text("Dupont J./DURAND Luc") == "ANONYME Xbmm/DURAND Luc"
    assert initial.text("DUPONT J /DURAND Luc") == "ANONYME Xbmm /DURAND Luc"


def test_the_order_is_kept_and_folded_text_stays_folded():
    assert DUPONT.text("Jean Dupont") == "Xbmm ANONYME"
    assert DUPONT.text("jean-dupont") == "jean-dupont"  # a slug is one word: no name in it
    assert DUPONT.text("dupont jean") == "anonyme xbmm"


def test_a_name_object_becomes_the_placeholder_with_its_key():
    item = {"key": "dupont jean", "surname": "Dupont", "first_name": "JEAN", "slug": "jean-dupont"}
    assert DUPONT.json({"people": [item], "reason": "DUPONT Jean may be 2 people"}) == {
        "people": [
            {
                "key": "anonyme xbmm",
                "surname": "ANONYME",
                "first_name": "Xbmm",
                "slug": "anonyme-xbmm",
            }
        ],
        "reason": "ANONYME Xbmm may be 2 people",
    }
    other = {"surname": "DUPONT", "first_name": "Marie"}
    assert DUPONT.json(other) == other


def test_windows_1252_text_keeps_its_encoding_and_every_other_byte():
    data = "N°;Équipage;Prix\r\n1;DUPONT Jéan/LÉVÊQUE Hélène;5 €\r\n".encode("cp1252")
    scrubbed = DUPONT.source(data)
    assert scrubbed == "N°;Équipage;Prix\r\n1;ANONYME Xbmm/LÉVÊQUE Hélène;5 €\r\n".encode("cp1252")


def test_utf8_with_a_byte_order_mark_and_utf16_keep_theirs():
    text = "1|DUPONT Jean|MARTIN Paul\n"
    assert DUPONT.source(b"\xef\xbb\xbf" + text.encode()) == (
        b"\xef\xbb\xbf" + b"1|ANONYME Xbmm|MARTIN Paul\n"
    )
    assert DUPONT.source(b"\xff\xfe" + text.encode("utf-16-le")) == (
        b"\xff\xfe" + "1|ANONYME Xbmm|MARTIN Paul\n".encode("utf-16-le")
    )


def test_workbooks_pdfs_and_binary_data_are_not_text():
    for data in (b"PK\x03\x04rest", b"%PDF-1.7\n...", b"\x00\x01\x02DUPONT Jean"):
        assert DUPONT.source(data) is None
        assert source_text(data) is None


def test_aligned_columns_stay_where_they_were():
    text = (
        " 1  DUPONT Jean-Christophe  BMW M3     10:00.0\n"
        " 2  LI Yu Jean              BMW M3     10:01.0\n"
        " 3  DUPONT Jean             Clio       10:02.0\n"
    )
    scrubber = Scrubber([("DUPONT", "Jean-Christophe"), ("LI", "Yu Jean")], PLACEHOLDER)
    scrubbed = scrubber.text(text, aligned=True)
    assert scrubbed == (
        " 1  ANONYME Xbmm            BMW M3     10:00.0\n"
        " 2  ANONYME Xbmm            BMW M3     10:01.0\n"
        " 3  DUPONT Jean             Clio       10:02.0\n"
    )
    # Longer than the name: it takes what the next gap can spare, keeping two spaces.
    short = Scrubber([("LI", "Yu")], PLACEHOLDER)
    assert short.text(" 2  LI Yu     BMW M3\n", aligned=True) == " 2  ANONYME Xbmm  BMW M3\n"


SURNAME_ONLY = Scrubber([("DUPONT", None)], PLACEHOLDER)


def test_a_surname_only_spelling_rewrites_only_a_name_object_without_a_first_name():
    sheet = {
        "crew": [
            {"surname": "DUPONT", "first_name": None},
            {"surname": "DUPONT", "first_name": "Marc"},
            {"surname": "Marc", "first_name": "DUPONT"},
        ],
        "people": [
            {"key": "dupont marc", "surname": "DUPONT", "first_name": "Marc", "slug": "marc-dupont"}
        ],
    }
    assert SURNAME_ONLY.json(sheet) == {
        "crew": [
            {"surname": "ANONYME", "first_name": "Xbmm"},
            {"surname": "DUPONT", "first_name": "Marc"},
            {"surname": "Marc", "first_name": "DUPONT"},
        ],
        "people": sheet["people"],
    }


def test_a_name_object_holding_the_whole_spelling_in_one_field_is_scrubbed_there():
    item = {"surname": "DUPONT Jean (F)", "first_name": None}
    assert DUPONT.json(item) == {"surname": "ANONYME Xbmm (F)", "first_name": None}
    # A surname alone beside the object's first name is that person's name, not the spelling.
    assert SURNAME_ONLY.json({"surname": "DUPONT (F)", "first_name": "Marc"}) == {
        "surname": "DUPONT (F)",
        "first_name": "Marc",
    }


@pytest.mark.parametrize(
    "written",
    [
        "DUPONT Marc",
        "Dupont MARC",
        "DUPONT, Marc",
        "DUPONT M.",
        "Marc DUPONT",
        "Marc <b>DUPONT</b>",
        "DUPONT MARTIN Paul",
        "LE DUPONT Luc",
        "dupont marc",
        "Classement établi par DUPONT",
    ],
)
def test_a_surname_only_spelling_is_not_found_where_a_word_joins_it_in_one_name(written):
    text = f"| 1 | {written}/MARTIN Paul |"
    assert SURNAME_ONLY.text(text) == text
    assert not SURNAME_ONLY.found(text)


@pytest.mark.parametrize(
    ("written", "scrubbed"),
    [
        ("| 1 | DUPONT/DUPONT Marc |", "| 1 | ANONYME Xbmm/DUPONT Marc |"),
        ("| 1 | DUPONT Marc/DUPONT |", "| 1 | DUPONT Marc/ANONYME Xbmm |"),
        ("1;Dupont;Peugeot 106", "1;ANONYME Xbmm;Peugeot 106"),
        ("1\tDUPONT\tPeugeot 106", "1\tANONYME Xbmm\tPeugeot 106"),
        ("CHRIST Xavier. DUPONT", "CHRIST Xavier. ANONYME Xbmm"),
        ("<td>Marc</td><td>DUPONT</td>", "<td>Marc</td><td>ANONYME Xbmm</td>"),
    ],
)
def test_a_surname_only_spelling_is_found_where_it_stands_alone(written, scrubbed):
    assert SURNAME_ONLY.found(written)
    assert SURNAME_ONLY.text(written) == scrubbed


def test_in_aligned_text_a_column_gap_does_not_join_a_surname_to_the_next_column():
    text = " 1  DUPONT         Clio       10:02.0\n 2  DUPONT Marc    Clio       10:03.0\n"
    assert SURNAME_ONLY.text(text, aligned=True) == (
        " 1  ANONYME Xbmm   Clio       10:02.0\n 2  DUPONT Marc    Clio       10:03.0\n"
    )


def test_a_spelling_without_letters_is_skipped():
    scrubber = Scrubber([("?", None), ("-", "."), ("DUPONT", "Jean")], PLACEHOLDER)
    assert scrubber.text("? / DUPONT Jean") == "? / ANONYME Xbmm"
    assert scrubber.json({"surname": "?", "first_name": None}) == {
        "surname": "?",
        "first_name": None,
    }
    assert Scrubber([("?", None)], PLACEHOLDER).text("? DUPONT") == "? DUPONT"
