import pytest

from results.parsing.fields import Position, parse_position


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("1", Position(1)),
        ("1.", Position(1)),
        ("1er", Position(1)),
        ("1re", Position(1)),
        ("1ère", Position(1)),
        ("2e", Position(2)),
        ("2è", Position(2)),
        ("2ème", Position(2)),
        ("2eme", Position(2)),
        ("12e", Position(12)),
        ("2nd", Position(2)),
        ("3rd", Position(3)),
        ("4th", Position(4)),
        ("1st", Position(1)),
        (" 10. ", Position(10)),
        ("9999", Position(9999)),
        ("7 (-2)", Position(7)),
        ("7 (+1)", Position(7)),
        ("ex 5", Position(5, tied=True)),
        ("5 ex", Position(5, tied=True)),
        ("5ex", Position(5, tied=True)),
        ("ex-aequo 5", Position(5, tied=True)),
        ("Ex-æquo 5", Position(5, tied=True)),
        ("=5", Position(5, tied=True)),
        ("5=", Position(5, tied=True)),
        ("5 =", Position(5, tied=True)),
    ],
)
def test_parse_position(text, position):
    assert parse_position(text) == position


@pytest.mark.parametrize(
    "text",
    ["", " ", "Abandon", "1:02.3", "A8", "0", "00", "10000", "123456", "1.5", "-3", "e", "ex"],
)
def test_parse_position_rejects(text):
    assert parse_position(text) is None
