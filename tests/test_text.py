import pytest

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
