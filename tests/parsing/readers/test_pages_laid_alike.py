"""The pages of a PDF are laid out one by one, each at its own positions; a page whose header
stands at the very same places as an earlier page's keeps that page's columns, though its own
rows would blur a gutter (positions and numbers of two digits one space apart)."""

from __future__ import annotations

from results.parsing.readers.aligned import Laid, Line, Word, lay_out

SPACE = 4  # layout positions per character, as the PDF reader sets them


def _header(number: int, page: int) -> Line:
    return Line(
        number,
        page,
        (Word(28, 36, "Pl."), Word(42, 51, "Nr."), Word(55, 75, "Fahrer"), Word(160, 176, "Zeit")),
    )


def _record(number: int, page: int, pos: tuple[int, str], no: tuple[int, str], name: str) -> Line:
    (pos_x, pos_text), (no_x, no_text) = pos, no
    return Line(
        number,
        page,
        (
            Word(pos_x, 40, pos_text),
            Word(no_x, 52, no_text),
            Word(55, 55 + 4 * len(name), name),
            Word(160, 188, "52:31,7"),
        ),
    )


PAGE_1 = [
    _header(1, 1),
    _record(2, 1, (32, "1."), (48, "1"), "Lüdtke"),
    _record(3, 1, (32, "2."), (48, "4"), "Krämer"),
    _record(4, 1, (32, "3."), (44, "12"), "Öztürk"),
]
# Two digits each: the position ends 3 positions before the number, less than a space.
PAGE_2 = [
    _header(5, 2),
    _record(6, 2, (28, "16."), (43, "33"), "Müller"),
    _record(7, 2, (28, "17."), (43, "29"), "Ahrens"),
]


def _cells(lines: list[Line], laid: Laid | None) -> list[tuple[str, ...]]:
    rows, _ = lay_out(lines, SPACE, laid=laid)
    return [r.cells for r in rows]


def test_a_page_whose_header_stands_where_an_earlier_one_did_keeps_its_columns():
    # `33` starts a position left of page 1's numbers, one position after `16.`: it lies
    # mostly in the numbers' column, so it goes there, not with the position it follows.
    laid: Laid = {}
    _cells(PAGE_1, laid)
    assert _cells(PAGE_2, laid)[1:] == [
        ("16.", "33", "Müller", "52:31,7"),
        ("17.", "29", "Ahrens", "52:31,7"),
    ]
