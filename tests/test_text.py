import pytest
from hypothesis import given
from hypothesis import strategies as st

from results.text import fold


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


def test_the_text_module_and_the_parser_import_no_django():
    import subprocess
    import sys

    code = (
        "import sys, results.text, results.parsing, results.parsing.pipeline\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def _fold_by_definition(text: str) -> str:
    """What `fold` does, written plainly: its fast paths must give the same text."""
    import re
    import unicodedata

    from results.text import _EXTRA_FOLDS

    text = unicodedata.normalize("NFKD", text.translate(_EXTRA_FOLDS))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", text.translate(_EXTRA_FOLDS).lower()).strip()


@given(st.text(max_size=40))
def test_fold_is_its_definition_for_any_text(text):
    assert fold(text) == _fold_by_definition(text)


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_fold_is_its_definition_for_ascii_text(text):
    assert fold(text) == _fold_by_definition(text)
