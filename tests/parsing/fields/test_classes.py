import pytest

from results.parsing.fields import names_a_category, split_group_class, split_group_class_sure


@pytest.mark.parametrize(
    ("text", "group", "klass"),
    [
        ("A8", "A", "8"),
        ("N4", "N", "4"),
        ("FN4", "FN", "4"),
        ("FN 4", "FN", "4"),
        ("F2-14", "F2", "14"),
        ("F2000/14", "F2000", "14"),
        ("F2000 14", "F2000", "14"),
        ("FA 8W", "FA", "8W"),
        ("AJ E7", "AJ", "E7"),
        ("4/5 C8", "4/5", "C8"),
        ("4/5-C8", "4/5", "C8"),
        ("2 C7", "2", "C7"),
        ("CLA", "CLA", None),
        ("GT10", "GT", "10"),
        ("R3", "R", "3"),
        ("A7S", "A", "7S"),
        ("N/4", "N", "4"),
        ("N - 4", "N", "4"),
        ("VHC 3", "VHC", "3"),
        ("F214", "F2", "14"),
        ("Classic", "Classic", None),
        ("4/5", "4/5", None),
        ("  A  8 ", "A", "8"),
        ("fn4", "fn", "4"),
        ("GTS3", "GTS", "3"),
        ("", None, None),
        ("   ", None, None),
    ],
)
def test_split_group_class(text, group, klass):
    assert split_group_class(text) == (group, klass)


@pytest.mark.parametrize(
    ("text", "sure"),
    [
        ("A8", True),
        ("F2-14", True),
        ("AJ E7", True),
        ("4/5 C8", True),
        ("CLA", True),
        ("XY5", True),  # an unknown group, but a clean letters->digits boundary
        ("F214", False),  # F2 + 14 or F + 214: the table's guess
        ("14", False),
        ("2P", False),
        ("GT de série", False),
    ],
)
def test_split_group_class_sure(text, sure):
    assert split_group_class_sure(text)[2] is sure


def test_lone_number_is_a_class_and_odd_token_a_group():
    assert split_group_class("14") == (None, "14")
    assert split_group_class("MOB") == ("MOB", None)


@pytest.mark.parametrize(
    ("text", "group", "klass"),
    [
        ("RC2/RALLY2", "RC2", "RALLY2"),
        ("F2000/F2/14", "F2000", "F2/14"),
        ("GT/GT+", "GT", "GT+"),
        ("RC4/R2J", "RC4", "R2J"),
    ],
)
def test_classes_named_whole_after_their_group_are_sure(text, group, klass):
    # The FIA's names (`Rally2`), a class with its own slash (`F2/14`), `GT+`.
    assert split_group_class_sure(text) == (group, klass, True)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Senior", True),
        ("Junior Max", True),
        ("Vétéran", True),
        ("Dames 2", True),
        ("Pro-Am", True),
        ("Elite Racing", False),  # a team's name
        ("Master Moto", False),
        ("N4", False),
        ("MARTIN", False),
        ("", False),
    ],
)
def test_names_a_category(text, category):
    assert names_a_category(text) is category
