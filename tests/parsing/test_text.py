import pytest

from results.parsing.text import fold


@pytest.mark.parametrize(
    ("raw", "folded"),
    [
        ("ANDRÉ", "andre"),
        ("SŒUR Christian", "soeur christian"),
        ("DE SAINTE  OPPORTUNE Éric", "de sainte opportune eric"),
        ("Æsir ß Øre Łukasz", "aesir ss ore lukasz"),
        ("Clémént", "clement"),
        ("  François\u00a0", "francois"),
    ],
)
def test_fold_removes_case_accents_and_ligatures(raw, folded):
    assert fold(raw) == folded
