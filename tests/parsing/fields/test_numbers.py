import pytest

from results.parsing.fields import (
    cars_on_last_lines,
    clean_text,
    is_car_line,
    make_of,
    parse_capacity,
    parse_int,
    parse_laps,
    parse_speed,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12", 12),
        ("#12", 12),
        ("N°12", 12),
        ("n° 12", 12),
        ("No 5", 5),
        ("012", 12),
        (" 7 ", 7),
        ("999999", 999_999),
    ],
)
def test_parse_int(text, value):
    assert parse_int(text) == value


@pytest.mark.parametrize("text", ["12.5", "A12", "", " ", "1234567", "12a", "-3", "1 2", "#"])
def test_parse_int_rejects(text):
    assert parse_int(text) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("27,839", 27.839),
        ("123.45", 123.45),
        ("123,4 km/h", 123.4),
        ("98 km/h", 98.0),
        ("98km/h", 98.0),
        ("98 KMH", 98.0),
        ("25", 25.0),
    ],
)
def test_parse_speed(text, value):
    assert parse_speed(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["", "fast", "1:02.3", "12,5,3", "km/h", "12345.6"])
def test_parse_speed_rejects(text):
    assert parse_speed(text) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12", 12),
        ("12 tours", 12),
        ("12 laps", 12),
        ("12 T", 12),
        ("12T", 12),
        ("1 tour", 1),
        ("12 Tr", 12),
    ],
)
def test_parse_laps(text, value):
    assert parse_laps(text) == value


@pytest.mark.parametrize("text", ["", "douze", "12.5", "T12", "1:02.3"])
def test_parse_laps_rejects(text):
    assert parse_laps(text) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [("49,9", "49,9"), (" 1998 cm3 ", "1998 cm3"), ("175", "175"), ("", None), ("-", None)],
)
def test_parse_capacity(text, value):
    assert parse_capacity(text) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('"66"', "66"),
        ("  HAUTE   PROVENCE ", "HAUTE PROVENCE"),
        ("", None),
        ("   ", None),
        ('""', None),
        ("\u201cClub\u201d", "Club"),
        ('Peugeot "Rallye"', 'Peugeot "Rallye"'),
        ('"a" "b"', 'a" "b'),  # one pair of enclosing quotes only
    ],
)
def test_clean_text(text, value):
    assert clean_text(text) == value


@pytest.mark.parametrize(
    ("text", "make"),
    [
        ("B.M.W. 318 iS", "BMW"),
        ("BMW M3", "BMW"),
        ("CITROËN C4 WRC", "Citroën"),
        ("Citroen Saxo", "Citroën"),
        ("Alfa Romeo 75", "Alfa Romeo"),
        ("Škoda Fabia R5", "Škoda"),
        ("SKODA Fabia R5", "Škoda"),
        ("VW Golf", "Volkswagen"),
        ("VOLKSWAGEN Golf GTI", "Volkswagen"),
        ("Mitsubishi Lancer Evo IX", "Mitsubishi"),
        ("PEUGEOT 207 S2000", "Peugeot"),
        ("Mercedes-Benz 190", "Mercedes"),
        ("Alpine A110", "Alpine"),
        ("Talbot Samba Rallye", "Talbot"),
        ("MBK 51", "MBK"),
        ("Yamaha", "Yamaha"),
    ],
)
def test_make_of(text, make):
    assert make_of(text) == make


@pytest.mark.parametrize("text", ["", "GAGNIERE Patrick", "LOZERE", "Clio", "2P", "Alfalfa"])
def test_make_of_rejects(text):
    assert make_of(text) is None


@pytest.mark.parametrize(
    ("text", "car"),
    [
        ("Renault Clio RS", True),
        ("PEUGEOT 208 R2", True),
        ("Alfa Romeo 75", True),
        ("FERRARI Marco", False),  # a person named after a make: a first name follows
        ("ALPINE Jules", False),
        ("Mercedes GARCIA", False),  # a first name, then a surname in capitals
        ("DURAND Paul", False),
        ("Alfa Romeo Giulia", True),  # a model named like a person
        ("Seat Leon", True),
    ],
)
def test_is_car_line(text, car):
    assert is_car_line(text) is car


def test_cars_on_last_lines_is_settled_by_most_cells_of_the_column():
    crews_and_cars = ["DURAND Paul\nRenault Clio", "LEROY Anne\nPETIT Jean\nPeugeot 206", "X"]
    assert cars_on_last_lines(crews_and_cars)
    # Co-drivers named after makes, and one car, are not most of the column.
    crews = ["ROSSI Luca\nFERRARI Marco", "NERI Paolo\nALPINE Jules", "B\nPorsche 911"]
    assert not cars_on_last_lines(crews)
    assert not cars_on_last_lines(["DURAND Paul\nRenault Clio"])  # one cell settles nothing
