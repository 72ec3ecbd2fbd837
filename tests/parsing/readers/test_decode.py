"""The text of a file as the readers decode it, and the same bytes back from that text."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from results.parsing.readers.decode import decode, read_text, text_of, write_text


@given(st.binary(max_size=200))
def test_any_bytes_read_as_text_write_back_the_same(data):
    decoded = text_of(data)
    if decoded is not None:
        assert write_text(*decoded) == data


@given(st.text(max_size=60), st.sampled_from(["utf-16-le", "utf-16-be", "utf-8-sig", "utf-8"]))
def test_text_written_in_an_encoding_reads_back_in_it(text, encoding):
    # UTF-8 text that starts with the byte order mark's character reads as marked.
    assume(encoding != "utf-8" or not text.startswith("\ufeff"))
    assert read_text(write_text(text, encoding)) == (text, encoding)


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (b"\xff\xfe" + "1|DUPONT\r\n".encode("utf-16-le"), "utf-16-le"),
        (b"\xfe\xff" + "1|DUPONT\r\n".encode("utf-16-be"), "utf-16-be"),
        (b"\xef\xbb\xbf1|DUPONT\r\n", "utf-8-sig"),
        (b"1|DUPONT\r\n\x1a", "utf-8"),
        ("1|DUPONT Hélène\r\n".encode("cp1252"), "cp1252"),
    ],
)
def test_the_text_keeps_its_line_ends_and_the_decoder_normalises_them(data, encoding):
    text, found = read_text(data)
    assert found == encoding and "\r\n" in text
    assert decode(data)[0].startswith("1|DUPONT") and "\r" not in decode(data)[0]


def test_workbooks_pdfs_and_binary_data_have_no_text():
    for data in (
        b"PK\x03\x04rest",
        b"%PDF-1.7\n...",
        b"\x00\x01\x02DUPONT Jean",
        b"\x89PNG\r\n\x1a\n",
    ):
        assert text_of(data) is None
