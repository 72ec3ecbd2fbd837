"""Telling the content from its bytes: encodings, mojibake, and what is no table at all."""

import pytest

from results.parsing.codes import level_of
from results.parsing.model import ParseError
from results.parsing.readers import read

ROWS_001 = (
    "| Cl. | N° | Pilote/ Copilote | Voiture | Gr/Cl | Temps | Ecart |\n"
    "| 2 | 6 | PEPIN Pascal/PAILLET Hervé | Mitsubishi Lancer Evo 7 | N4 | 07:56,4 | +02:42,0 |\n"
    "| 8 | 45 | ZIEBA Thierry/GOUDEFROYE Yoann | Citroën Saxo Vts | F2-13 | 11:30,3 | +06:15,9 |\n"
)


def codes(grid):
    return [(issue.line, issue.code, issue.level) for issue in grid.issues]


def test_utf8_with_bom_reads_clean():
    grid = read(b"\xef\xbb\xbf" + ROWS_001.encode())
    assert grid.rows[0].cells[0] == "Cl."
    assert grid.issues == ()


def test_cp1252_bytes_read_with_a_warning():
    grid = read(ROWS_001.replace("Pilote/", "Pilote’/").encode("cp1252"))
    assert grid.rows[0].cells[1] == "N°"
    assert grid.rows[0].cells[2] == "Pilote’/ Copilote"
    assert grid.rows[1].cells[2] == "PEPIN Pascal/PAILLET Hervé"
    assert grid.rows[2].cells[3] == "Citroën Saxo Vts"
    assert codes(grid) == [(None, "decoded-cp1252", "warning")]
    assert level_of("decoded-cp1252") == "warning"


def test_bytes_undefined_in_cp1252_read_as_latin1():
    grid = read(b"| a\x81 | b\x9d |\n| c | d |\n")
    assert grid.rows[0].cells == ("a\x81", "b\x9d")


def test_utf16_with_byte_order_mark_is_text():
    tsv = "Clt\tPilote\tTemps\r\n2\tPAILLET Hervé\t07:56,4\r\n"
    grid = read(tsv.encode("utf-16"))
    assert grid.format == "tsv"
    assert grid.rows[1].cells == ("2", "PAILLET Hervé", "07:56,4")


def test_mojibake_flagged_on_its_line_text_unchanged():
    text = ROWS_001.replace("PAILLET Hervé", "PAILLET HervÃ©").replace("Citroën", "CitroÃ«n")
    grid = read(text.encode())
    assert grid.rows[1].cells[2] == "PEPIN Pascal/PAILLET HervÃ©"
    assert codes(grid) == [(2, "mojibake", "warning"), (3, "mojibake", "warning")]
    assert "é" in grid.issues[0].message


@pytest.mark.parametrize("broken", ["Ã¨", "Ã‰", "â€™", "Ã§", "Ã´", "Ã\u00a0", "Å“"])
def test_each_double_encoded_sequence_is_flagged(broken):
    grid = read(f"| a | b |\n| x{broken}y | c |\n".encode())
    assert codes(grid) == [(2, "mojibake", "warning")]


def test_accented_capitals_are_not_mojibake():
    grid = read("| ANDRÉ Gérard | CITROËN C4 | SÃO PAULO | Â |\n| a | b | c | d |\n".encode())
    assert grid.issues == ()


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "PNG image"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "JPEG image"),
        (b"GIF89a\x01\x00", "GIF image"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00", "old-format Office file"),
        (b"{\\rtf1\\ansi Rallye}", "RTF document"),
    ],
)
def test_known_binary_kinds_named(data, kind):
    with pytest.raises(ParseError, match=f"this is an? {kind}"):
        read(data)


def test_other_binary_refused():
    with pytest.raises(ParseError, match="binary data"):
        read(b"| a | b |\n\x00\x01\x02| c | d |\n")
    with pytest.raises(ParseError, match="binary data"):
        read(bytes(range(1, 32)) * 10)


def test_pdf_without_pages_refused_as_unreadable():
    with pytest.raises(ParseError, match="PDF cannot be read") as caught:
        read(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")
    assert caught.value.line is None
