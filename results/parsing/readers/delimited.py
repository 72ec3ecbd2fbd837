"""Delimited text: pipe tables, TSV and CSV, the delimiter chosen by scoring each candidate."""

from __future__ import annotations

import csv
import re
from collections import Counter
from collections.abc import Iterator, Sequence

from results.parsing.codes import level_of
from results.parsing.grid import Grid
from results.parsing.model import Issue, ParseError
from results.parsing.readers.cells import MAX_CELLS, MAX_ROWS, build_grid, mojibake_in
from results.parsing.readers.typed_tokens import read_single_spaced

#: The delimiter of text whose cells are parted by runs of spaces, each line its own way.
SPACES = "  "
_FORMATS = {"|": "pipe", "\t": "tsv", ";": "csv", ",": "csv", SPACES: "spaced"}
#: Lines scored per candidate: enough to see the shape, bounded for huge inputs.
_SAMPLE = 2000
#: A comma must beat `;` and tab by this much: decimal commas (`05:14,4`) sit inside fields.
_COMMA_MARGIN = 0.2
#: Runs of spaces are the delimiter of last resort: most lines split by them, into as many
#: cells most often, and enough of them for a record (a place, a crew, a time at least).
_SPACED_SCORE = 0.6
_SPACED_CELLS = 3
#: Lines one quoted cell may span (a cell with a line break in a spreadsheet export); a longer
#: run means a stray quote, and the lines are then read one by one.
_RECORD_LINES = 10

# States of the quote scanner, the same as `csv.reader` with skipinitialspace and strict=False.
_START, _FIELD, _QUOTED, _QUOTE_SEEN = range(4)

#: Cells parted by runs of two spaces or more, not lined up (each line spaced as it came).
_SPACE_RUN = re.compile(r" {2,}")


def pipe_cells(line: str) -> list[str]:
    """`| a | b |` → a, b; `| | x |` → "", x; `a | b` → a, b; `x |` → x; `|` → nothing."""
    stripped = line.strip()
    if not stripped:
        return []
    pieces = stripped.split("|", MAX_CELLS + 2)  # beyond that, enough to report the row
    if stripped[0] == "|":
        del pieces[0]
    if stripped[-1] == "|" and pieces:
        pieces.pop()
    return pieces


#: A cell set in bold or italics in Markdown (`**1:08.42**`, `_Abandon_`).
_EMPHASIS = re.compile(r"\s*(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1\s*")


def _markdown_cells(line: str) -> list[str]:
    """`pipe_cells`, each cell without the Markdown emphasis wrapping it whole."""
    return [_unemphasised(cell) for cell in pipe_cells(line)]


def _unemphasised(cell: str) -> str:
    if "*" not in cell and "_" not in cell:
        return cell
    m = _EMPHASIS.fullmatch(cell)
    return m[2] if m else cell


def ragged(lines: Sequence[str]) -> bool:
    """Whether the lines part into cells by runs of spaces, as many on most lines, but the
    cells do not line up (each line spaced its own way, `1  12  DUPONT Jean` over `2    7
    ROUX Marc`): a table to cut at the runs, not at columns. Lined up, a column's cells start
    (or, for numbers, end) at the same place on nearly every line."""
    # Each page of a printout (after a form feed) may be laid out a few places over: pages
    # are looked at one by one.
    page, pages = 0, []
    for line in lines[: _SAMPLE * 2]:
        page += line.count("\f")
        if line.strip():
            pages.append((page, [m.span() for m in _SPACED_CELL.finditer(line.replace("\f", ""))]))
    counts = Counter(len(s) for _, s in pages if len(s) >= _SPACED_CELLS)
    if not counts:
        return False
    usual, seen = counts.most_common(1)[0]
    if seen * 2 < len(pages):
        return False
    lined = 0
    for i in range(usual):
        starts: Counter[tuple[int, int]] = Counter()
        ends: Counter[tuple[int, int]] = Counter()
        for number, s in pages:
            if len(s) == usual:
                starts[number, s[i][0]] += 1
                ends[number, s[i][1]] += 1
        # The lines on which the column starts (or ends) where it does on most of its page.
        best: dict[int, int] = {}
        for (number, _), n in [*starts.items(), *ends.items()]:
            best[number] = max(best.get(number, 0), n)
        lined += sum(best.values()) >= _LINED_UP * seen
    return lined * 2 < usual


#: A cell of a line parted by runs of spaces: words with single spaces between them.
_SPACED_CELL = re.compile(r"\S+(?: \S+)*")
#: Share of the lines on which a lined-up column's cells start (or end) at one place.
_LINED_UP = 0.8


def spaced_cells(line: str) -> list[str]:
    """`1  12   DUPONT Jean / MARTIN Léa  Clio  24:35,2` → its five cells."""
    stripped = line.strip()
    return _SPACE_RUN.split(stripped, MAX_CELLS + 2) if stripped else []


def _csv_cells(text: str, delimiter: str) -> list[str]:
    reader = csv.reader([text], delimiter=delimiter, skipinitialspace=True, strict=False)
    return next(reader, [])


def _scan(state: int, text: str, delimiter: str) -> int:
    for char in text:
        if state == _QUOTED:
            if char == '"':
                state = _QUOTE_SEEN
        elif state == _QUOTE_SEEN:
            state = _QUOTED if char == '"' else _START if char == delimiter else _FIELD
        elif char == delimiter:
            state = _START
        elif state == _START and char != " ":
            state = _QUOTED if char == '"' else _FIELD
    return state


def _parsed(text: str, delimiter: str, line: int) -> list[str]:
    try:
        return _csv_cells(text, delimiter) if text.strip() else []
    except csv.Error as error:
        raise ParseError(
            f"this line cannot be read as CSV: {error}", code="csv-broken", line=line
        ) from None


def _records(lines: Sequence[str], delimiter: str, usual: int) -> Iterator[tuple[int, list[str]]]:
    """(first line, cells) per record. A quoted cell spanning lines (a cell with a line break,
    from a spreadsheet) makes one record, but only when the line alone is short of the usual
    field count and the joined lines give it exactly: a stray quote joins nothing."""
    index = 0
    while index < len(lines):
        line = lines[index]
        if delimiter == "\t" and "\t" not in line and len(spaced := spaced_cells(line)) >= 3:
            # A block of a tabbed paste whose cells runs of spaces part instead (a table of
            # the page copied another way): its cells all the same.
            yield index + 1, spaced
            index += 1
            continue
        cells = _parsed(line, delimiter, index + 1)
        end = index + 1
        if len(cells) < usual and (spanned := _spanned(lines, index, delimiter)) > end:
            joined = _parsed("\n".join(lines[index:spanned]), delimiter, index + 1)
            if len(joined) == usual:
                cells, end = joined, spanned
        yield index + 1, cells
        index = end


def _spanned(lines: Sequence[str], index: int, delimiter: str) -> int:
    """Where the record starting at `lines[index]` ends (exclusive): past the lines a quoted
    cell opened on it runs over, at most `_RECORD_LINES`; the next line when the quote is never
    closed (a stray one, as in `17'24"6`)."""
    line = lines[index]
    # An even number of quotes closes every quote it opens: most lines, seen at once.
    if line.count('"') % 2 == 0 or _scan(_START, line, delimiter) != _QUOTED:
        return index + 1
    state, end = _QUOTED, index + 1
    while state == _QUOTED and end < len(lines) and end - index < _RECORD_LINES:
        state = _scan(state, "\n" + lines[end], delimiter)
        end += 1
    return index + 1 if state == _QUOTED else end


def _counts(lines: Sequence[str], delimiter: str) -> list[int]:
    """The number of fields of each record: a quoted cell over several lines (every crew on
    two lines, in a spreadsheet's export) makes one record of them."""
    if delimiter == "|":
        return [len(pipe_cells(line)) for line in lines]
    if delimiter == SPACES:
        return [len(spaced_cells(line)) for line in lines]
    counts = []
    index = 0
    while index < len(lines):
        end = _spanned(lines, index, delimiter)
        try:
            counts.append(len(_csv_cells("\n".join(lines[index:end]), delimiter)))
        except csv.Error:  # a field over the csv size limit: not evidence either way
            counts.append(1)
        index = end
    return counts


def _score(lines: Sequence[str], delimiter: str) -> tuple[float, int]:
    """(score in 0..1, usual field count): the share of lines split into 2+ fields and the
    share of lines with the most common count, averaged."""
    counts = _counts(lines, delimiter)
    multi = [count for count in counts if count >= 2]
    if len(multi) < min(2, len(counts)):
        return 0.0, 0
    usual, seen = Counter(multi).most_common(1)[0]
    return (len(multi) / len(counts) + seen / len(counts)) / 2, usual


def choose_delimiter(lines: Sequence[str]) -> tuple[str, int]:
    """The delimiter that best explains the non-empty lines and the usual number of fields
    it gives a line; ParseError when none does."""
    filled = [line for line in lines if line.strip()]
    if not filled:
        raise ParseError("the file is empty: it holds no text", code="file-empty")
    pipes = sum(1 for line in filled if "|" in line)
    starts = sum(1 for line in filled if line.lstrip().startswith("|"))
    if starts * 2 > len(filled):
        return "|", 0  # a Markdown or box-drawn table: its rows start with the delimiter
    sample = filled[:_SAMPLE]
    tab, semicolon, comma = (_score(sample, d) for d in ("\t", ";", ","))
    if pipes * 2 > len(filled):
        # Pipes in most lines may still be inside cells ("MARTIN | DUBOIS" in a `;` file):
        # the delimiter is the one that splits the lines the most consistently.
        pipe = _score(sample, "|")
        if all(pipe >= other for other in (tab, semicolon, comma)):
            return "|", 0
    other, best = max((tab, "\t"), (semicolon, ";"))
    if _decimal_commas(sample) or _commas_in_text(sample):
        # `52:18,40`: decimal marks; `1 12 JANSSEN, Peter MSC Venlo…`: a name's comma in a
        # line whose cells one space parts. Neither is a delimiter.
        comma = (0.0, 0)
    if comma[0] > 0 and (
        comma[0] > other[0] + _COMMA_MARGIN
        or (comma[0] >= other[0] - 0.05 and comma[1] >= 2 * other[1])
    ):
        return ",", comma[1]
    if other[0] > 0:
        return best, other[1]
    if pipes >= 2:
        return "|", 0
    spaced = _score(sample, SPACES)
    if spaced[0] >= _SPACED_SCORE and spaced[1] >= _SPACED_CELLS:
        return SPACES, spaced[1]
    raise ParseError(
        "no table found: no |, tab, semicolon or comma splits the lines into columns",
        code="no-table",
    )


def read_delimited(text: str, issues: Sequence[Issue] = ()) -> Grid:
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    if len(lines) > MAX_ROWS:
        raise ParseError(
            f"more than {MAX_ROWS:,} lines: this is not a results sheet", code="too-large"
        )
    try:
        delimiter, usual = choose_delimiter(lines)
    except ParseError as error:
        # One space between cells (text copied out of a PDF): the words' kinds part them.
        typed = read_single_spaced(lines, issues) if error.code == "no-table" else None
        if typed is None:
            raise
        return typed
    if delimiter in ("|", SPACES):
        cut = _markdown_cells if delimiter == "|" else spaced_cells
        records: Iterator[tuple[int, list[str]]] = (
            (number, cut(line)) for number, line in enumerate(lines, start=1)
        )
    else:
        if delimiter == "\t" and tab_aligned(lines):
            lines = [_one_tab(line) for line in lines]
            issues = [*issues, _TABS_ALIGNED]
        records = _records(lines, delimiter, usual)
    clean = mojibake_in(text) is None
    # Every cell is cut from the text (CSV only drops quotes): a printable text, line breaks
    # aside, has printable cells.
    printable = text.replace("\n", " ").isprintable()
    return build_grid(
        _FORMATS[delimiter], records, issues, may_have_mojibake=not clean, printable=printable
    )


#: A run of tabs after a cell's text, and the tabs ending a line.
_TAB_RUN = re.compile(r"(?<=[^\t])\t+")
_TRAILING_TABS = re.compile(r"\t+\Z")
_TABS_ALIGNED = Issue(
    line=None,
    code="tabs-aligned",
    message="the cells are lined up with tabs, one or several after each as its text is short "
    "or long (as a word processor or an e-mail aligns them): each run of tabs read as one "
    "step to the next cell",
    level=level_of("tabs-aligned"),
)


def tab_aligned(lines: Sequence[str]) -> bool:
    """Whether the tabs line cells up to tab stops rather than delimit them: the rows that
    fill as many cells as most rows do are cut into different numbers of cells by their
    tabs (`MARTIN Jean\t\tPeugeot` beside `LE BIHAN Maël\tPeugeot`). A spreadsheet's paste
    cuts every row into the same cells, its empty ones too."""
    counted = []
    for line in lines[:_SAMPLE]:
        if line.count("\t") >= 2:
            filled = sum(1 for cell in line.split("\t") if cell.strip())
            counted.append((filled, line.count("\t")))
    if len(counted) < 3:
        return False
    usual, seen = Counter(filled for filled, _ in counted).most_common(1)[0]
    tabs = Counter(count for filled, count in counted if filled == usual)
    return seen >= 3 and tabs.most_common(1)[0][1] < 0.8 * seen


def _one_tab(line: str) -> str:
    """The line with each run of tabs after a cell made one, and the tabs ending it dropped; a
    tab starting the line (an empty first cell) is kept."""
    return _TAB_RUN.sub("\t", _TRAILING_TABS.sub("", line))


_DECIMAL_COMMA = re.compile(r"\d,\d")


def _decimal_commas(lines: Sequence[str]) -> bool:
    """Whether nearly every comma of the lines stands between two digits, with no space after
    it, one to a word: decimal marks (`52:18,40`, `1:09,018 +0,484`), as sheets written in
    French or Czech print times. A CSV of numbers chains them in one word (`1,23,4`)."""
    commas = decimal = chained = 0
    for line in lines:
        if "," not in line:
            continue
        commas += line.count(",")
        decimal += len(_DECIMAL_COMMA.findall(line))
        chained += sum(word.count(",") for word in line.split() if word.count(",") > 1)
    return commas >= 3 and decimal >= 0.9 * commas and chained <= 0.1 * commas


#: The words a comma-separated field holds, at the median, beyond which the commas stand
#: inside a text rather than between cells.
_TEXT_WORDS = 4


#: A comma that is no decimal mark: not between two digits.
_NAME_COMMA = re.compile(r"(?<!\d),|,(?!\d)")


def _commas_in_text(lines: Sequence[str]) -> bool:
    """Whether the commas are a name's (`JANSSEN, Peter`) in lines whose cells a single space
    parts: every comma stands after a word's letter with a space after it, and the pieces
    they cut hold long runs of words (a place, a number, a first name, a club, a car, three
    times). A CSV's fields, spaced after their commas or not, hold a word or two each."""
    pieces: list[int] = []
    commas = odd = 0
    for line in lines:
        if "," not in line:
            continue
        for at in range(len(line)):
            if line[at] != ",":
                continue
            if 0 < at < len(line) - 1 and line[at - 1].isdigit() and line[at + 1].isdigit():
                continue  # a decimal mark (`59,00`) beside the names' commas
            commas += 1
            # After a word, a space after it (a note's `(nach Lauf 2), Entscheidung` too).
            after_word = 0 < at < len(line) - 1 and (line[at - 1].isalpha() or line[at - 1] in ").")
            if not (after_word and line[at + 1] == " "):
                odd += 1
        pieces += [len(piece.split()) for piece in _NAME_COMMA.split(line)]
    if commas < 3 or odd * 10 > commas:
        return False
    pieces.sort()
    return pieces[len(pieces) // 2] >= _TEXT_WORDS
