"""A surname column beside one headed by the name alone (`Apelido | Nome`, `Cognome | Nome`):
the second holds the first names. A category of two words (`MICRO MAX`) is one class, not a
group and a class."""

from __future__ import annotations

import pytest

from results.parsing import parse

ROWS = (
    "1;14;SILVA;João;Tony Kart;MICRO MAX;12:01.345;",
    "2;8;COSTA;Pedro;Birel;MICRO MAX;12:03.002;1.657",
    "3;22;SANTOS;Rui;CRG;MINI MAX;12:05.910;4.565",
)


@pytest.mark.parametrize(
    "header",
    [
        "Pos;Nº;Apelido;Nome;Viatura;Cat.;Tempo;Dif.",
        "Pos.;N.;Cognome;Nome;Telaio;Cat.;Tempo;Distacco",
    ],
)
def test_first_names_beside_the_surnames_and_two_word_categories(header):
    entries = parse(("\n".join([header, *ROWS]) + "\n").encode()).entries
    assert [[(p.surname, p.first_name) for p in e.crew] for e in entries] == [
        [("SILVA", "João")],
        [("COSTA", "Pedro")],
        [("SANTOS", "Rui")],
    ]
    assert [(e.group, e.klass) for e in entries] == [
        (None, "MICRO MAX"),
        (None, "MICRO MAX"),
        (None, "MINI MAX"),
    ]
    assert [e.car for e in entries] == ["Tony Kart", "Birel", "CRG"]
    assert [(e.time_ms, e.gap_ms) for e in entries] == [
        (721_345, 0),
        (723_002, 1_657),
        (725_910, 4_565),
    ]
