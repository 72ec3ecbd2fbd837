"""What every reader shares: limits, cell clean-up, mojibake flags and the Grid assembly."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from results.parsing.codes import level_of
from results.parsing.grid import Grid, Mark, Row
from results.parsing.model import Issue, ParseError
from results.parsing.readers.limits import LIMITS

# The names the readers used before the limit table; see `limits.py` for each limit's reason.
MAX_CELLS = LIMITS.cells
MAX_ROWS = LIMITS.rows
MAX_BYTES = LIMITS.bytes

# UTF-8 continuation bytes (0x80-0xBF) as they appear once the UTF-8 text was decoded again as
# Windows-1252 or Latin-1; after a lead letter they betray double encoding.
_CONTINUATIONS = "".join(
    sorted(
        {
            *bytes(range(0x80, 0xC0)).decode("latin-1"),
            *bytes(range(0x80, 0xC0)).decode("cp1252", "ignore"),
        }
    )
)
# Lead bytes C2-C5 cover Latin-1 symbols, accented letters and œ/Š; E2 80 covers ’ “ ” – — …
# A plain character class: matching is linear in the text, whatever the input.
_MOJIBAKE = re.compile(f"[ÂÃÄÅ][{re.escape(_CONTINUATIONS)}]|â€")
_MOJIBAKE_LEADS = "ÂÃÄÅâ"


# Control characters (NUL included, which XLSX escapes such as `_x0000_` can produce) are
# read as white space: no cell ever carries one.
_CONTROLS = dict.fromkeys([*range(0x20), 0x7F], " ")


def clean(text: str) -> str:
    """Strip and collapse every run of white space (NBSP, tabs, line breaks, control
    characters) to one space."""
    if not text.isprintable():  # only then can it hold a control character
        text = text.translate(_CONTROLS)
    return " ".join(text.split())


def mojibake_in(text: str) -> str | None:
    """The first double-encoded sequence in `text`, None when there is none."""
    # Every sequence starts with one of these letters: a text with none of them (most text)
    # is cleared by a few plain substring searches, far cheaper than the pattern.
    if not any(lead in text for lead in _MOJIBAKE_LEADS):
        return None
    found = _MOJIBAKE.search(text)
    return found.group(0) if found else None


def _mojibake_issue(line: int, sample: str) -> Issue:
    try:
        meant = sample.encode("cp1252").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        meant = None
    hint = f" (probably '{meant}')" if meant else ""
    return Issue(
        line=line,
        code="mojibake",
        message=f"text looks double-encoded: '{sample.strip()}'{hint}",
        level=level_of("mojibake"),
    )


def too_many_cells(line: int) -> ParseError:
    return ParseError(
        f"more than {MAX_CELLS} cells in one row: this is not a results table",
        code="too-large",
        line=line,
    )


def _tidy(cells: Sequence[str]) -> tuple[str, ...]:
    """`clean` for cells whose only white space is spaces and line breaks (the common case): a
    stripped cell with no double space and no line break is already clean, and most are."""
    # `|` breaks any run of spaces, so the joined row holds a double space or a line break
    # only where a cell does: most rows are then stripped in one go.
    joined = "|".join(cells)
    if "  " not in joined and "\n" not in joined:
        return tuple(map(str.strip, cells))
    return tuple(
        [
            " ".join(cell.split()) if "  " in cell or "\n" in cell else cell
            for cell in map(str.strip, cells)
        ]
    )


def build_grid(
    fmt: str,
    raw_rows: Iterable[tuple[int, Sequence[str]]],
    issues: Sequence[Issue] = (),
    *,
    may_have_mojibake: bool = True,
    printable: bool = False,
) -> Grid:
    """Clean the raw cells of each (line, cells) pair into Rows and flag mojibake per row.

    The raw text is checked before clean-up, so an NBSP inside a double-encoded letter
    (`Ã` + NBSP for `à`) is still seen. A reader that has searched its whole text for
    mojibake and found none says so with `may_have_mojibake=False`; one whose whole text is
    printable but for line breaks (so is every cell cut from it) says so with `printable=True`.
    """
    rows: list[Row] = []
    found: list[Issue] = list(issues)
    for line, cells in raw_rows:
        if len(cells) > MAX_CELLS:
            raise too_many_cells(line)
        marks = _line_marks(cells)
        if not may_have_mojibake and printable:
            rows.append(Row(line, _tidy(cells), marks=marks))
            continue
        # One look at the whole row: mojibake, and whether any cell needs more than a strip.
        text = "\n".join(cells)
        if may_have_mojibake and (sample := mojibake_in(text)):
            found.append(_mojibake_issue(line, sample))
        if printable or text.replace("\n", " ").isprintable():
            rows.append(Row(line, _tidy(cells), marks=marks))
        else:
            rows.append(Row(line, tuple([clean(cell) for cell in cells]), marks=marks))
    return Grid(format=fmt, rows=tuple(rows), issues=tuple(found))


def _line_marks(cells: Sequence[str]) -> tuple[Mark | None, ...]:
    """The lines of each cell written on several (a line break in a spreadsheet's cell), kept
    as an HTML cell's `<br>` keeps them; () for a row with none, most rows."""
    joined = "".join(cells)
    if "\n" not in joined and "\r" not in joined:
        return ()
    marks: list[Mark | None] = []
    for cell in cells:
        lines = [text for text in map(clean, cell.splitlines()) if text]
        marks.append(Mark(tuple(lines)) if len(lines) > 1 else None)
    return tuple(marks) if any(marks) else ()
