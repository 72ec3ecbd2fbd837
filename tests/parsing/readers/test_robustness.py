"""Hostile and random input: always a Grid or a ParseError, and quickly."""

import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from results.parsing.grid import Grid
from results.parsing.model import ParseError
from results.parsing.readers import read

GUARD_SECONDS = 10  # generous: each of these takes well under a second


def read_within(data: bytes, seconds: float = GUARD_SECONDS) -> Grid | ParseError:
    """read(data) in a thread that may not outlive the guard, so a hang fails the test."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(read(data))
        except ParseError as error:
            outcome.append(error)
        except BaseException as error:  # reported below as a failure, with its type
            outcome.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, f"read() still running after {seconds} s"
    result = outcome[0]
    assert isinstance(result, Grid | ParseError), f"read() raised {result!r}"
    return result


HOSTILE = dict(
    [
        ("a 1 MB line of pipes", b"|" * 1_000_000),
        ("a 1 MB line of spaces", b" " * 1_000_000),
        ("a 1 MB line of spaces then a word", b" " * 1_000_000 + b"x"),
        ("100,000 empty rows", b"\n" * 100_000),
        ("100,000 empty rows between two table rows", b"a;b\n" + b"\r\n" * 100_000 + b"c;d\n"),
        ("a 1 MB line of quotes", b'"' * 1_000_000),
        ("deeply nested quotes", (b'"' * 2000 + b"a;" + b'"' * 2000 + b";") * 200),
        ("a stray quote on every line", b'1;"LEBRUN;05:14,4\n' * 50_000),
        ("a 1 MB line of commas", b"," * 1_000_000),
        ("a 1 MB line of tabs", b"\t" * 1_000_000),
        ("unclosed comments in a page", b"<table><tr><td>" + b"<!--" * 100_000),
        ("unclosed tags in a page", b"<table><tr><td>" + b"<a " * 100_000),
        ("unclosed declarations in a page", b"<table><tr><td>" + b"<!x" * 100_000),
        ("marked sections in a page", b"<table><tr><td>" + b"<![CDATA[" * 50_000),
        ("deeply nested tables", b"<table><tr><td>" * 30_000),
        ("a huge colspan", b"<table><tr><td colspan=999999999>x</td></tr></table>"),
        ("a huge rowspan", b"<table><tr><td rowspan=99999999>x<tr><td>y" * 1000),
    ]
)


@pytest.mark.parametrize("data", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_text_answered_quickly(data):
    read_within(data)


def test_hostile_outcomes():
    assert isinstance(read_within(b"|" * 1_000_000), ParseError)
    assert read_within(b"|" * 1_000_000).line == 1
    grid = read_within(b"a;b\n" + b"\n" * 100_000 + b"c;d\n")
    assert isinstance(grid, Grid)
    assert len(grid.rows) == 100_002
    assert grid.rows[-1].line == 100_002


def test_too_many_lines_refused():
    result = read_within(b"a;b\n" * 200_001)
    assert isinstance(result, ParseError)
    assert "more than 200,000 lines" in result.reason


TOKENS = [*"|;,\t\"' \n\r\u00a0aéÃ©0:<>/!-&#[]=", "<td>", "<tr>", "<table>", "&nbsp;", "<!--"]
# The page structures the HTML reader tells apart: blocks, titles, forms, spans, pictures.
TOKENS += ["<pre>", "</pre>", "<h2>", "<caption>", "<input>", "<td colspan=9>",
           "<td rowspan=99>", '<img alt="FRA">', "<br>", '<a href="/x">', "</table>"]  # fmt: skip
TABLE_TEXT = st.lists(st.sampled_from(TOKENS), max_size=300).map("".join)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=600))
def test_any_bytes_give_a_grid_or_a_parse_error(data):
    read_within(data)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TABLE_TEXT, st.sampled_from(["utf-8", "cp1252", "utf-16"]))
def test_any_table_like_text_gives_a_grid_or_a_parse_error(text, encoding):
    result = read_within(text.encode(encoding, errors="replace"))
    if isinstance(result, Grid):
        assert all("\x00" not in cell for row in result.rows for cell in row.cells)
        assert all(cell == " ".join(cell.split()) for row in result.rows for cell in row.cells)
        lines = [row.line for row in result.rows]
        assert lines == sorted(lines) and all(line >= 1 for line in lines)


# Each opens a reader of its own: XLSX, ODS and XLS workbooks, a PDF, an image refused.
MAGICS = [
    b"PK\x03\x04",
    b"PK\x05\x06",
    b"PK\x03\x04" + bytes(26) + b"mimetypeapplication/vnd.oasis.opendocument.spreadsheet",
    b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
    b"%PDF-",
    b"\x89PNG\r\n\x1a\n",
]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(MAGICS), st.binary())
def test_any_bytes_after_a_magic_number_give_a_grid_or_a_parse_error(magic, rest):
    read_within(magic + rest)
