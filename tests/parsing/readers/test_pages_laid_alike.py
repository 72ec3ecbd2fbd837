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


def test_a_heading_over_no_column_goes_with_the_rest_of_its_phrase():
    # `Cl.` over the classes, then `Clt Cl.` over a narrow column of places: `Clt` is nearer
    # the classes' edge, but its phrase's `Cl.` stands over the places.
    header = Line(
        1,
        1,
        (Word(0, 8, "Pos"), Word(12, 40, "Pilote"), Word(60, 72, "Cl."), Word(90, 101, "Clt"),
         Word(102, 113, "Cl."), Word(130, 150, "Temps")),
    )  # fmt: skip

    def row(number: int, pos: str, name: str, klass: str, place: str) -> Line:
        return Line(
            number,
            1,
            (Word(0, 4, pos), Word(12, 12 + 4 * len(name), name),
             Word(60, 60 + 4 * len(klass), klass), Word(108, 112, place),
             Word(130, 158, "52:31,7")),
        )  # fmt: skip

    lines = [header, row(2, "1", "Roux", "RALLY2", "1"), row(3, "2", "Faure", "R5", "1")]
    rows, _ = lay_out(lines, SPACE)
    assert rows[0].cells == ("Pos", "Pilote", "Cl.", "Clt Cl.", "Temps")
    assert rows[1].cells == ("1", "Roux", "RALLY2", "1", "52:31,7")
