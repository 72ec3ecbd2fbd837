"""A title saying its table goes on over a page break, in the languages of the sheets seen."""

from __future__ import annotations

import pytest

from results.parsing.layout.continued import says_it_goes_on


@pytest.mark.parametrize(
    "title",
    [
        "Groupe N (suite)",
        "Klasse 6 - Gruppe F (Fortsetzung)",
        "Klasse 6 (Forts.)",
        "Class B (cont.)",
        "Classifica assoluta (seguito)",
        "Clasificación - continuación",
        "Klasa 2 (ciąg dalszy)",
        "Klasa 2 (ciag  dalszy)",
        "Třída 3 (pokračování)",
        "Luokka 4 (jatkuu)",
        "Klass 5 (fortsättning)",
        "Klasse 3 (vervolg)",
    ],
)
def test_a_title_says_its_table_goes_on(title):
    assert says_it_goes_on(title)


@pytest.mark.parametrize(
    "title",
    ["Continental Cup", "Groupe N", "Suites Rallye Team", "Fortuna Racing", "Classement (1/2)"],
)
def test_a_word_that_only_begins_alike_says_nothing(title):
    assert not says_it_goes_on(title)
