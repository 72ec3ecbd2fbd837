"""Why a file could not be read, in the organiser's words: a sentence per refusal code, the
reader's English reason quoted on English pages only."""

from __future__ import annotations

import pytest
from django.utils import translation

from results.parsing import ParseError, parse
from results.parsing.codes import REFUSALS
from results.services.refusal_words import REFUSAL_SENTENCES, no_longer_reads, refusal
from tests.parsing.unreadable import unreadable_files


def test_every_refusal_code_has_its_sentence():
    assert set(REFUSAL_SENTENCES) == set(REFUSALS)


@pytest.mark.parametrize("unreadable", unreadable_files(), ids=lambda u: u.name)
def test_each_refusal_reads_in_french_with_what_it_names_and_no_english(unreadable):
    with pytest.raises(ParseError) as refused:
        parse(unreadable.data, filename=unreadable.name)
    error = refused.value.to_dict()
    with translation.override("fr"):
        words = refusal(error)
    with translation.override("en"):
        english = refusal(error)
    assert words.code == english.code == unreadable.code
    assert words.sentence != english.sentence  # translated
    for name in unreadable.params.values():
        assert str(name) in words.sentence and str(name) in english.sentence
    # The reader's reason is English prose: quoted on an English page, left out on a French.
    assert (words.detail, english.detail) == ("", error["reason"])


def test_an_error_stored_before_codes_is_known_by_its_reason():
    old = {"line": None, "page": None, "reason": "this is a GIF image, not a results table"}
    with translation.override("fr"):
        words = refusal(old)
    assert words.code == "image-file" and "(GIF)" in words.sentence
    assert refusal({"reason": "no results rows found"}).code == "no-rows"
    assert refusal({"reason": "something new"}).code == "file-unreadable"
    assert refusal({}).code == "file-unreadable"


def test_a_stored_error_missing_what_its_sentence_names_falls_back_to_the_plain_one():
    words = refusal({"code": "pdf-pages", "reason": "…", "params": {"pages": 40}})
    assert words.code == "file-unreadable"
    assert words.sentence == str(REFUSAL_SENTENCES["file-unreadable"])


def test_a_french_page_keeps_only_what_the_reason_quotes():
    error = {"code": "csv-broken", "reason": "this line cannot be read as CSV: '\"' expected"}
    with translation.override("fr"):
        assert refusal(error).detail == "'\"'"


def test_a_preview_read_again_says_its_line_and_why_in_one_sentence():
    error = {"code": "no-rows", "line": 4, "reason": "no results rows found"}
    with translation.override("fr"):
        text = no_longer_reads(error)
    assert text.startswith("Avec ces réglages, le tableau ne se lit plus : ligne 4 : ")
    assert "Podium a trouvé un tableau" in text and "no results" not in text
