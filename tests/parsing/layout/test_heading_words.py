"""Headings read word by word: CamelCase, `_`, numbered seats, several languages."""

from __future__ import annotations

import pytest

from results.parsing.layout.heading_words import heading_words, roles_from_words
from results.parsing.layout.synonyms import heading_certainty, roles_for_heading


@pytest.mark.parametrize(
    ("heading", "words"),
    [
        ("DiffTimeWinner", ("diff", "time", "winner")),
        ("Driver1_Surname", ("driver", "1", "surname")),
        ("Nom du copilote", ("nom", "copilote")),
        ("Co-Driver", ("codriver",)),
        ("RANKTotal", ("rank", "total")),
        ("Start-No.", ("start", "no")),
        ("N°", ("no",)),
        ("Prénom", ("prenom",)),
    ],
)
def test_a_heading_is_cut_into_folded_words(heading, words):
    assert heading_words(heading) == words


@pytest.mark.parametrize(
    ("heading", "role"),
    [
        # English, as timing programs export them
        ("Firstname", "first_name"),
        ("LastName", "surname"),
        ("Surname", "surname"),
        ("Startnumber", "number"),
        ("Plate Number", "number"),
        ("RankTotal", "position"),
        ("Diff Winner", "gap"),
        ("TotalTime", "time"),
        ("Co-Driver", "codriver"),
        # German, Spanish, Italian, Dutch, Scandinavian
        ("Vorname", "first_name"),
        ("Nachname", "surname"),
        ("Beifahrer", "codriver"),
        ("Fahrzeug", "car"),
        ("Gesamtzeit", "time"),
        ("Apellido", "surname"),
        ("Cognome", "surname"),
        ("Voornaam", "first_name"),
        ("Etternavn", "surname"),
        ("Fornavn", "first_name"),
        ("Posizione", "position"),
        # the bike is the car of a cycling or motorcycle sheet
        ("Sykkel", "car"),
        ("Vélo", "car"),
        ("Fiets", "car"),
        ("Bicicleta", "car"),
        # French, with the seat in the heading
        ("Prénom du pilote", "first_name"),
        ("Nom Copilote", "codriver"),
        # compounds, as German, Dutch and Scandinavian headings join their words
        ("Fahrzeugklasse", "class"),
        ("Startnummer", "number"),
        # Czech and Slovak, their abbreviations too
        ("Poř.", "position"),
        ("Poradie", "position"),
        ("Sk.", "group"),
        ("Tř.", "class"),
        ("Trieda", "class"),
        # a circuit's place in class, a German or Swiss `Rang` cut short
        ("PIC", "class_position"),
        ("Rg.", "position"),
        ("Kl.-Rg.", "class_position"),
    ],
)
def test_headings_as_timing_programs_write_them_propose_their_role(heading, role):
    assert roles_from_words(heading)[0] == role


@pytest.mark.parametrize(
    "heading",
    ["DiffTimeClass", "FE 1 Time", "WP 2", "Lauf 3", "RankGender", "TimeOfDay",
     "PassingTime", "Gender", "City", "DiffRoundsTotal", "Rundenzeiten", "Start Time",
     "Starttime", "SplitRankTotal", "Prac 1", "TC1 Lobeira 1", "SS3 Hafren", "RZ2", "OS 4",
     "Transponder"],
)  # fmt: skip
def test_class_stage_and_side_columns_are_not_the_tables_own(heading):
    assert roles_from_words(heading) == ("ignore",)


@pytest.mark.parametrize("heading", ["EventName", "Chips", "Communique", "Race", "Zorglub"])
def test_headings_of_unknown_words_propose_nothing(heading):
    assert roles_from_words(heading) == ()


def test_a_data_cell_with_a_known_word_is_no_heading_when_reading_strictly():
    # `Nordvest Team` names a team in a data row; a header row does not hold such cells.
    assert roles_for_heading("Nordvest Team") == ("team", "crew")
    assert roles_for_heading("Nordvest Team", strict=True) == ()


def test_a_heading_of_known_words_is_surer_than_one_with_words_beside_them():
    assert heading_certainty("Plate Number") == 1.0
    assert heading_certainty("N°") == 1.0
    assert heading_certainty("EWS Number") == 0.5
    assert heading_certainty("Zorglub") == 0.0


@pytest.mark.parametrize(
    ("heading", "role"),
    [
        # a class position, in words or whole
        ("RankClass", "class_position"),
        ("Klassenrang", "class_position"),
        ("Pos. Cl.", "class_position"),
        ("Clt classe", "class_position"),
        ("Posizione classe", "class_position"),
        # a team, a nationality
        ("Team", "team"),
        ("Équipe", "team"),
        ("Mannschaft", "team"),
        ("Nationality", "nationality"),
        ("Nat.", "nationality"),
        ("Nationalité", "nationality"),
        ("Pays", "nationality"),
        # penalties, points, the distance covered
        ("Pénalités", "penalty"),
        ("Penalty time", "penalty"),
        ("Strafzeit", "penalty"),
        ("Penalità", "penalty"),
        ("Penaliz.", "penalty"),
        ("Tresty", "penalty"),
        ("Naz.", "nationality"),
        ("St.č.", "number"),
        ("Soutěžící", "team"),
        ("Pts", "points"),
        ("Punkte", "points"),
        ("Puntos", "points"),
        ("Distance", "distance"),
        ("Distanz", "distance"),
        ("Km", "distance"),
        # a retirement's reason and where it happened
        ("Raison", "reason"),
        ("Cause abandon", "reason"),
        ("Reason for retirement", "reason"),
        ("Grund", "reason"),
        ("Důvod", "reason"),
        ("Przyczyna", "reason"),
        ("Abandon ES", "retired_at"),
        ("Retired on lap", "retired_at"),
        ("Ab. en", "retired_at"),
    ],
)
def test_headings_of_the_fields_of_their_own_propose_them(heading, role):
    assert roles_for_heading(heading)[0] == role


def test_a_speed_in_kilometres_an_hour_is_no_distance():
    assert roles_for_heading("Vitesse km/h")[0] == "speed"
    assert roles_for_heading("km/h")[0] == "speed"
