"""Cut the rows of a grid into tables: header rows, title lines, footers, data rows.

One paste may hold several tables (a title per class, then the retirements). Each `Block` is
one table body; blocks that share a header share a layout.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from results.parsing.codes import level_of
from results.parsing.fields import parse_status
from results.parsing.grid import Row
from results.parsing.layout.profile import kind
from results.parsing.layout.synonyms import normalise_heading, roles_for_heading
from results.parsing.layout.title_words import (
    TITLE_WORDS,
    is_crew_count,
    without_crew_count,
)
from results.parsing.model import Issue
from results.parsing.text import fold

# Lines that are no part of any table: page furniture, signatures, software credits.
_FOOTER = re.compile(
    r"\bpage\s*\d+(\s*(/|sur|of)\s*\d+)?\b|^(imprim|edit|publi|print|generat|genere|affich)"
    # `Pág. 1/2`, `Seite 1 von 2`, `Pag. 2 di 3`, `Sivu 1/2`, `Strona 1 z 2`: page n of m
    r"|\b(pag|pagina|seite|blatt|sivu|strona|str|sida|side|blad)\.?\s*\d+\s*"
    r"(/|von|di|de|z|ze|av|af|van|of)\s*\d+\b"
    r"|www\.|https?://|@|^©|^\(c\)|^(heure|date) (d'affichage|de publication)"
    r"|^(le |la |les )?(directeur|commissaire|college|president|chronometr|secretaire)"
    r"|logiciel|software|timing by|chrono by|powered by|^signature"
    # `… Sports Timing  Printed: 6/9/2024 3:42 PM`: when the page was printed, anywhere on it
    r"|\b(printed|imprime|gedruckt|stampato|impreso)( le| am| on| il| el)?\s*:?\s*\d",
)
_RULE_CHARS = "-=:+_ "
_RULE = re.compile(f"[{_RULE_CHARS}]{{2,}}")


@dataclass(slots=True)
class Block:
    header: Row | None
    title: str | None = None
    title_line: int | None = None
    rows: list[Row] = field(default_factory=list)
    #: Every title line above the block, in order (`title` is the last of them).
    titles: list[str] = field(default_factory=list)
    #: The header's second line (`Beifahrer` under `Fahrer`, `Fahrzeug` under `Club`): the
    #: headings of what each record's second line holds.
    second: Row | None = None


def _issue(line: int, code: str, message: str, page: int | None = None) -> Issue:
    return Issue(line=line, code=code, message=message, level=level_of(code), page=page)


def header_roles(row: Row) -> list[tuple[str, ...]]:
    return [roles_for_heading(c) for c in row.cells]


_VALUE_KINDS = frozenset({"int", "num.", "num,", "time"})


_RECORD_KEYS = frozenset({"position", "number", "crew", "driver", "surname"})


def _numbers_under(block: Block, row: Row) -> bool:
    """A row of run numbers under a header that spans them: two or more small numbers, each
    under an empty heading or a heading with an empty one after it (`Essais` over 1 and 2)."""
    header = block.header
    if header is None or block.second is not None:
        return False
    at = [j for j, c in enumerate(row.cells) if c]
    if len(at) < 2 or not all(row.cells[j].isdigit() and len(row.cells[j]) <= 2 for j in at):
        return False
    cells = header.cells
    return all(
        j < len(cells) and (not cells[j] or (j + 1 < len(cells) and not cells[j + 1])) for j in at
    )


def _heading_under(block: Block, row: Row) -> bool:
    """A heading right under a header's heading (`Verein` under `Fahrer`), with nothing else
    on its line but the stages' lengths under theirs (`8,20 km` under `ES1`) or the heading
    above again: what the records' second lines hold in that column."""
    header = block.header
    if header is None or block.second is not None:
        return False
    at = [j for j, c in enumerate(row.cells) if c]
    # Past the first column: a title over the rows (`Classe N2`) stands at the left.
    if not at or at[0] == 0 or at[-1] >= len(header.cells):
        return False
    if not all(header.cells[j] for j in at):
        return False
    # The heading over the second lines of a column whose first lines it heads as well
    # (`A.S.A.` under `A.S.A.`: the co-driver's club under the driver's) goes with it.
    words = [
        row.cells[j]
        for j in at
        if not _LENGTH.fullmatch(row.cells[j]) and row.cells[j] != header.cells[j]
    ]
    if len(words) != 1:
        return False
    text = words[0]
    # A word, not a bracketed note of the records' second lines (`(Kl.-Pl.)`, read with them).
    if not text[0].isalpha() or _sentence(text) or _looks_like_title(text):
        return False
    return bool(roles_for_heading(text, strict=True))


#: A stage's length under its heading: `8,20 km`, `3.05 km`, `850 m`.
_LENGTH = re.compile(r"\d+(?:[.,]\d+)?\s?(?:km|m)", re.IGNORECASE)


def names_records(row: Row) -> bool:
    """Whether a header heads what tells a record: its position, number or crew."""
    return any(_RECORD_KEYS & set(roles) for roles in header_roles(row))


def is_header(row: Row) -> bool:
    return _is_header([c for c in row.cells if c])


def _is_header(cells: list[str]) -> bool:
    """`is_header` of a row's filled cells."""
    if len(cells) < 2:
        return False
    if len(cells) == 2 and (parse_status(cells[0]) is not None or is_crew_count(cells[1])):
        # `ABANDONS  12 équipages`, `Klasse / Classe IS -1600  8 Fahrer / pilotes`: the title
        # of the crews below, and their count
        return False
    statuses = [normalise_heading(c) for c in cells if parse_status(c) is not None]
    if len(statuses) > len(set(statuses)):
        return False  # `Abandon  NP  Abandon`: a crew's runs, each marked, not headings
    # Stage or run columns may be headed by their number alone (`1`, `2`) beside headings.
    numbered = 0
    for c in cells:
        if kind(c) in _VALUE_KINDS:
            if not (c.isdigit() and len(c) <= 2):
                return False
            numbered += 1
    roles = [roles_for_heading(c, strict=True) if not c.isdigit() else () for c in cells]
    if any(not found and _PERSON.match(c) for c, found in zip(cells, roles, strict=True)):
        return False  # `GESTOSO GÓMEZ, Daniel`: a crew's record, whatever its other words
    headings = [c for c, found in zip(cells, roles, strict=True) if found]
    matched = len(headings)
    if numbered and (matched < 3 or numbered * 2 > len(cells)):
        return False
    # Two headings at least, and not one word again and again (`DNF  DNF  DNF`: a crew that
    # never finished a run, its status in each run's column).
    distinct = len({normalise_heading(c) for c in headings})
    if distinct >= 2 and matched * 2 >= len(cells) - numbered:
        return True
    # The place, the number and the crew each under its own heading: a header, whatever the
    # others (stages by a word no list knows, `ET1  ET2  ET3`, columns of its own).
    firsts = {found[0] for found in roles if found}
    return all(firsts & keys for keys in _HEADER_KEYS)


#: A person's name, the surname in capitals and a comma first (`GESTOSO GÓMEZ, Daniel`).
_PERSON = re.compile(r"[^\W\d_a-z]{2,}(?:[ '-][^\W\d_a-z]{2,})*,\s*[^\W\d_a-z][^\W\d_A-Z]+\b")

#: What a row naming each of these (by its first role) heads: a table's records.
_HEADER_KEYS = (
    frozenset({"position"}),
    frozenset({"number"}),
    frozenset({"crew", "driver", "surname"}),
)


def same_header(a: Row | None, b: Row | None) -> bool:
    """The same headings in the same order (empty cells aside): one table's header again."""
    if a is None or b is None:
        return a is b
    strip = [normalise_heading(c) for c in a.cells]
    return [s for s in strip if s] == [s for s in (normalise_heading(c) for c in b.cells) if s]


#: The rows above a lone value looked at for others like it: a table whose records run over
#: two lines shows it within a few (and a hostile sheet costs no scan of all its rows).
_SECOND_LINES_SEEN = 8


def _second_line(row: Row, rows: Sequence[Row]) -> bool:
    """Whether `row` holds one value, in a column past the first, as two of the last rows
    do."""
    at = [i for i, cell in enumerate(row.cells) if cell]
    if len(at) != 1 or at[0] == 0:
        return False
    alike = 0
    for other in rows[-_SECOND_LINES_SEEN:]:
        if len(other.cells) > at[0] and other.cells[at[0]] and sum(map(bool, other.cells)) == 1:
            alike += 1
            if alike == 2:
                return True
    return False


def _foot_of_page(titles: Sequence[Row], header: Row) -> bool:
    """Whether every one of `titles` is on a page before `header`'s (pages known)."""
    return header.page is not None and all(
        t.page is not None and t.page < header.page for t in titles
    )


def _page_foot(cells: Sequence[str]) -> bool:
    """A line of the page's foot cut into cells by the table's gutters: it reads as a footer,
    it starts with no place or number and holds no time."""
    if kind(cells[0]) == "int" or any(kind(c) == "time" for c in cells):
        return False
    return is_footer(cells[0]) or is_footer(" ".join(cells))


def is_footer(text: str) -> bool:
    return bool(_FOOTER.search(fold(text)))


def title_text(row: Row) -> str:
    """A title line's words, less the marks a forum or wiki sets around them (`**Abandons
    :**`, `== Classe 2 ==`) and the count of crews after them (`8 Fahrer / pilotes`)."""
    text = row.cells_text
    bare = without_crew_count(text.strip().strip("*_#=~ ").rstrip(":").rstrip())
    return bare or text


def _looks_like_title(text: str) -> bool:
    if kind(text) in {"int", "num.", "num,", "time"}:
        return False
    words = fold(text).replace("-", " ").split()
    return bool(words) and (words[0] in TITLE_WORDS or parse_status(text) is not None)


def segment(
    rows: Sequence[Row], *, header_hint: bool | None = None
) -> tuple[list[Block], list[Issue]]:
    """Blocks of data rows, each under its header and title; skipped lines become issues."""
    issues: list[Issue] = []
    blocks: list[Block] = []
    current: Block | None = None
    titles: list[Row] = []
    seen_first = False
    nonempty = [r for r in rows if any(r.cells)]  # `not r.is_empty`, without the property
    # The line under each header (`(Kl.-Pl.)` under `Klasse`), to know it again under the
    # header repeated on a later page; and the one expected next, after a repeated header.
    under: dict[tuple[str, ...], tuple[str, ...]] = {}
    heading: tuple[str, ...] | None = None
    again: tuple[str, ...] | None = None
    for index, row in enumerate(nonempty):
        first = not seen_first
        seen_first = True
        filled = list(filter(None, row.cells))
        if heading is not None:
            under.setdefault(heading, tuple(filled))
            heading = None
        if again is not None and tuple(filled) == again:
            said = "the line under the repeated header skipped"
            issues.append(_issue(row.line, "header-repeated", said, row.page))
            again = None
            continue
        again = None
        if len(filled) > 1 and _page_foot(filled):
            # `Chronométrage : … | Edité le 22/06/2024 | Page 1 / 3`: the page's foot.
            said = f"page footer skipped: {row.cells_text!r}"
            issues.append(_issue(row.line, "line-skipped", said, row.page))
            continue
        if first and header_hint is not None:
            if header_hint:
                current = Block(header=row)
                blocks.append(current)
                continue
        elif _is_header(filled):
            if (
                titles
                and current is not None
                and current.rows
                and same_header(current.header, row)
                and _foot_of_page(titles, row)
            ):
                # Lines at the foot of a page, over the table's header again at the top of
                # the next: the page's footer (the organiser, the timekeepers), no new table.
                for title in titles:
                    said = f"page footer skipped: {title.cells_text!r}"
                    issues.append(_issue(title.line, "line-skipped", said, title.page))
                titles = []
            if (
                current is not None
                and current.header is not None
                and not titles
                and same_header(current.header, row)
            ):
                issues.append(
                    _issue(row.line, "header-repeated", "repeated header skipped", row.page)
                )
                again = under.get(tuple(filled))
                continue
            if (
                current is not None
                and current.header is not None
                and not current.rows
                and not titles
                and (names_records(current.header) or not names_records(row))
            ):
                earlier = blocks[-2] if len(blocks) > 1 else None
                if earlier is not None and same_header(earlier.header, row):
                    # The table's header again on a new page, under a heading of the page that
                    # reads like headings (`OVERALL  RAW  TIME  RESULTS`): the table goes on.
                    blocks.pop()
                    said = f"not a results row: {current.header.cells_text!r}"
                    issues.append(_issue(current.header.line, "line-skipped", said, row.page))
                    issues.append(
                        _issue(row.line, "header-repeated", "repeated header skipped", row.page)
                    )
                    current = earlier
                    continue
                # `Fahrer` over `Beifahrer`: headings of a record's second line, not a table.
                # A title between the two says the first was a heading of the page.
                said = f"{row.cells_text!r}: the header's second line"
                issues.append(_issue(row.line, "header-continued", said, row.page))
                current.second = current.second or row
                continue
            if (
                current is not None
                and current.header is not None
                and not current.rows
                and not names_records(current.header)
            ):
                # Headings naming no position, number or crew over a header that does (a page's
                # menu: `Gesamtwertung  Klassenwertung  WP-Zeiten`): no header of a table.
                said = (
                    f"not a header: {current.header.cells_text!r} names no position, number or crew"
                )
                issues.append(
                    _issue(current.header.line, "line-skipped", said, current.header.page)
                )
                blocks.pop()
            current = Block(header=row)
            heading = tuple(filled)
            if titles:
                named = _naming(titles)
                current.title, current.title_line = title_text(named), named.line
                current.titles = [title_text(t) for t in titles]
            titles = []
            blocks.append(current)
            continue
        if (
            current is not None
            and not current.rows
            and (_numbers_under(current, row) or _heading_under(current, row))
        ):
            # `1  2` under `Essais`, `1  2  3` under `Montée`: the runs a heading spans.
            said = f"{row.cells_text!r}: the header's second line"
            issues.append(_issue(row.line, "header-continued", said, row.page))
            current.second = row
            continue
        if filled[0][0] in _RULE_CHARS and all(_RULE.fullmatch(c) for c in filled):
            # `|---|:---:|` under a Markdown header, `=====` or `-----` rules between tables.
            continue
        if len(filled) == 1 or (len(filled) == 2 and is_crew_count(filled[1])):
            text = filled[0]
            if titles and _sentence(text):
                # Between a table's title and its rows, a sentence saying how it was made
                # (`Temps = temps des ES + pénalités.`): a note, the title stays.
                said = f"a note, not a result: {text!r}"
                issues.append(_issue(row.line, "line-skipped", said, row.page))
                continue
            if is_footer(text):
                issues.append(
                    _issue(row.line, "line-skipped", f"not a results row: {text!r}", row.page)
                )
                continue
            next_row = nonempty[index + 1] if index + 1 < len(nonempty) else None
            # A lone value in a column past the first, where the table's records run over
            # two lines (earlier rows hold that column alone too), is the second line of the
            # record above (its co-driver), even right over a header: no title.
            continues = current is not None and _second_line(row, current.rows)
            if (
                not continues
                and (
                    current is None
                    or (next_row is not None and is_header(next_row))
                    or _looks_like_title(text)
                )
                and kind(text) in {"text", "code"}
            ):
                titles.append(row)
                continue
        if current is None or titles:
            header = current.header if current is not None else None
            current = Block(header=header)
            if titles:
                named = _naming(titles)
                current.title, current.title_line = title_text(named), named.line
                current.titles = [title_text(t) for t in titles]
            blocks.append(current)
            titles = []
        current.rows.append(row)
    for row in titles:  # titles with no table after them
        issues.append(
            _issue(row.line, "line-skipped", f"not a results row: {row.cells_text!r}", row.page)
        )
    for block in blocks:
        _drop_notes(block, issues)
    # One line of values above the first header (`Race Time: 30 Minutes   Start Time:
    # 13:05:00`) is what the sheet says of the race, not a table of one result.
    first = blocks[0] if blocks else None
    if (
        first is not None
        and first.header is None
        and len(first.rows) == 1
        and any(b.header is not None for b in blocks[1:])
    ):
        row = first.rows.pop()
        said = f"not a results row: {row.cells_text!r}"
        issues.append(_issue(row.line, "line-skipped", said, row.page))
    return [b for b in blocks if b.rows], issues


#: Words of a line that reads as a sentence, not as a cell of a record spread over two lines.
_NOTE_WORDS = 4
# `*=fastest lap time`, `R = lap record`: a legend of the marks the table uses.
_LEGEND = re.compile(r"[^\w\s]{1,2}\s?=\s?[^\W\d]|[A-Za-z]\s?=\s?[^\W\d]{2}")


def _under_second_heading(block: Block, cells: Sequence[str]) -> bool:
    """A lone value in a column the header's second line heads (and not the first column)."""
    second = block.second.cells if block.second is not None else ()
    at = next(j for j, c in enumerate(cells) if c)
    return 0 < at < len(second) and bool(second[at])


def _naming(titles: Sequence[Row]) -> Row:
    """The title line that names the table: the last one that is no sentence (`CLASSEMENT
    RALLYE 2` over `Temps = temps des ES + pénalités.`), else the last one."""
    return next((t for t in reversed(titles) if not _sentence(t.cells_text)), titles[-1])


def _sentence(text: str) -> bool:
    """Words of a sentence: several words of four letters or more in lower case (`Pénalité de
    10 secondes pour vitesse…`), or a full stop at the end; names and titles capitalise theirs
    (`Classement de l'ES 3 - Col du Bœuf`)."""
    lower = sum(
        1 for word in text.split() if word[0].islower() and word.isalpha() and len(word) >= 4
    )
    return lower >= 3 or text.rstrip().endswith(".")


def _drop_notes(block: Block, issues: list[Issue]) -> None:
    """Lines below a table that are sentences in one cell (penalties applied, a timekeeper's
    credit, what an asterisk means) are notes, not records: dropped, each with an info. Only
    a run at the end of the block, and only where its records fill several cells."""
    if len(block.rows) < 2:
        return
    end = len(block.rows)
    sentences = 0
    record = 1  # how many lines the last record above the notes takes
    while end > 0:
        cells = block.rows[end - 1].cells
        filled = [c for c in cells if c]
        if len(filled) != 1:
            break
        if _under_second_heading(block, cells):
            break
        if (
            end >= 2
            and sum(map(bool, block.rows[end - 2].cells)) >= 3
            and not _sentence(filled[0])
            and _second_line(block.rows[end - 1], block.rows[: end - 1])
        ):
            # The last record's second line (its drivers under `Pilotes`, right under it, in
            # the column the records above hold theirs in): no note.
            record = 2
            break
        if len(filled[0].split()) >= _NOTE_WORDS or _LEGEND.match(filled[0]):
            sentences += 1
        elif not (sentences and filled[0].isupper()):  # a heading over notes: PENALTY APPLIED
            break
        end -= 1
    # The last record fills several cells, on one of its lines: a record of three lines (cells
    # centred on the middle one) ends on a line of two.
    above = block.rows[max(0, end - record - 2) : end - record + 1] if end else []
    if not sentences or (end and max(sum(map(bool, r.cells)) for r in above) < 3):
        return
    for row in block.rows[end:]:
        issues.append(
            _issue(row.line, "line-skipped", f"a note, not a result: {row.cells_text!r}", row.page)
        )
    del block.rows[end:]
