"""Cut the rows of a grid into tables: header rows, title lines, footers, data rows.

One paste may hold several tables (a title per class, then the retirements). Each `Block` is
one table body; blocks that share a header share a layout.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from results.parsing.codes import level_of
from results.parsing.fields import title_status
from results.parsing.grid import Row
from results.parsing.layout.crew_lines import status_under
from results.parsing.layout.header_rows import (
    heading_over,
    heading_under,
    is_header,
    is_header_cells,
    names_records,
    numbers_under,
    same_header,
)
from results.parsing.layout.line_kinds import (
    LEGEND,
    NOTE_WORDS,
    is_footer,
    is_sentence,
    looks_like_title,
    page_foot,
    signatories,
    signs,
    title_text,
)
from results.parsing.layout.profile import kind
from results.parsing.layout.title_words import is_crew_count
from results.parsing.model import Issue

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
    """Whether every one of `titles` is on a page before `header`'s (pages known), none of
    them reading as a table's title (`ABANDONS`, `Classe N2` left at the foot of a page)."""
    return header.page is not None and all(
        t.page is not None and t.page < header.page and not looks_like_title(t.cells_text)
        for t in titles
    )


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
    signed = 0  # the cells of the officials' titles on the line above (a signature's)
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
        if len(filled) > 1 and page_foot(filled):
            # `Chronométrage : … | Edité le 22/06/2024 | Page 1 / 3`: the page's foot.
            said = f"page footer skipped: {row.cells_text!r}"
            issues.append(_issue(row.line, "line-skipped", said, row.page))
            signed = len(filled) if signs(filled) else 0
            continue
        if signed and signatories(filled, signed):
            # `Avv. Giorgio Bellone | Rag. Lorenza Pia` under `Il Direttore di Gara | …`: the
            # officials who sign, by name.
            said = f"the officials' names under their titles skipped: {row.cells_text!r}"
            issues.append(_issue(row.line, "line-skipped", said, row.page))
            signed = 0
            continue
        signed = 0
        if first and header_hint is not None:
            if header_hint:
                current = Block(header=row)
                blocks.append(current)
                continue
        elif is_header_cells(filled):
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
                upper = current.header
                if (joined := heading_over(upper, row)) is not None:
                    # `Paras` over `kierros`, `Kierr.` over `nro`: a heading's first words
                    # on the line above, each over a heading of its own.
                    said = f"{upper.cells_text!r}: the header's first line"
                    issues.append(_issue(upper.line, "header-continued", said, upper.page))
                    row = joined
                else:
                    # Headings naming no position, number or crew over a header that does (a
                    # page's menu: `Gesamtwertung  Klassenwertung  WP-Zeiten`): no header.
                    said = f"not a header: {upper.cells_text!r} names no position, number or crew"
                    issues.append(_issue(upper.line, "line-skipped", said, upper.page))
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
            and (
                numbers_under(current.header, current.second, row)
                or heading_under(
                    current.header, current.second, row, nonempty[index + 1 : index + 9]
                )
            )
        ):
            # `1  2` under `Essais`, `1  2  3` under `Montée`: the runs a heading spans.
            said = f"{row.cells_text!r}: the header's second line"
            issues.append(_issue(row.line, "header-continued", said, row.page))
            current.second = row
            continue
        if filled[0][0] in _RULE_CHARS and all(_RULE.fullmatch(c) for c in filled):
            # `|---|:---:|` under a Markdown header, `=====` or `-----` rules between tables.
            continue
        if _title_in_cells(filled, nonempty[index + 1] if index + 1 < len(nonempty) else None):
            # `EXCLUS | / UITGESLOTEN` over the header again: a title the table's gutters cut.
            titles.append(row)
            continue
        if len(filled) == 1 or (len(filled) == 2 and is_crew_count(filled[1])):
            text = filled[0]
            if titles and is_sentence(text):
                # Between a table's title and its rows, a sentence saying how it was made
                # (`Temps = temps des ES + pénalités.`): a note, the title stays.
                said = f"a note, not a result: {text!r}"
                issues.append(_issue(row.line, "line-skipped", said, row.page))
                continue
            if is_footer(text):
                issues.append(
                    _issue(row.line, "line-skipped", f"not a results row: {text!r}", row.page)
                )
                signed = 1 if signs(filled) else 0
                continue
            next_row = nonempty[index + 1] if index + 1 < len(nonempty) else None
            # A lone value in a column past the first, where the table's records run over
            # two lines (earlier rows hold that column alone too), is the second line of the
            # record above (its co-driver), even right over a header: no title.
            continues = current is not None and (
                _second_line(row, current.rows) or bool(current.rows and _own_status(current, row))
            )
            if (
                not continues
                and (
                    current is None
                    or (next_row is not None and is_header(next_row))
                    or looks_like_title(text)
                )
                and kind(text) in {"text", "code"}
            ):
                titles.append(row)
                continue
        if current is None or titles:
            header = current.header if current is not None else None
            # Under the header's two lines, a title (`Klasse 1`) starts a part of the same
            # table: the same headings on both lines.
            second = current.second if current is not None else None
            current = Block(header=header, second=second)
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


def _own_status(block: Block, row: Row) -> bool:
    """A status set in under the last crew of a block (`status_under`) is that crew's own,
    unless the block's rows are a section a status titles (`Abandons`, then `Non partants`
    over the next crews in the name column of a spreadsheet: the next section's title)."""
    if block.title is not None and title_status(block.title) is not None:
        return False
    return status_under(block.rows[-1], row.cells)


def _under_second_heading(block: Block, cells: Sequence[str]) -> bool:
    """A lone value in a column the header's second line heads (and not the first column)."""
    second = block.second.cells if block.second is not None else ()
    at = next(j for j, c in enumerate(cells) if c)
    return 0 < at < len(second) and bool(second[at])


def _cut_sentence(cells: Sequence[str], filled: Sequence[str]) -> bool:
    """A few cells, from the first column on, of words making a sentence together."""
    if not cells[0] or len(filled) > 3 or kind(cells[0]) not in {"text", "code"}:
        return False
    return is_sentence(" ".join(filled))


def _title_in_cells(filled: Sequence[str], next_row: Row | None) -> bool:
    """A title set across the table's columns (`EXCLUS / UITGESLOTEN` in two cells), right
    over a header: words only, a few cells, reading as a title together."""
    if not 2 <= len(filled) <= 3 or next_row is None or not is_header(next_row):
        return False
    if any(kind(c) not in {"text", "code"} or any(ch.isdigit() for ch in c) for c in filled):
        return False
    return looks_like_title(" ".join(filled))


def _naming(titles: Sequence[Row]) -> Row:
    """The title line that names the table: the last one that is no sentence (`CLASSEMENT
    RALLYE 2` over `Temps = temps des ES + pénalités.`) and counts no crews, else the last."""
    return next(
        (t for t in reversed(titles) if not is_sentence(t.cells_text) and not _counts(t)),
        titles[-1],
    )


def _counts(title: Row) -> bool:
    """`Partiti: 40 Arrivati: 36 Classificati: 36`: the crews counted, two counts at least (not
    `Classe : 3`), no name of the table."""
    return _COUNTS.fullmatch(title.cells_text.strip()) is not None


_COUNTS = re.compile(r"(?:[^\W\d_]+\.?\s*:\s*\d+[\s,;/-]*){2,}")


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
        if len(filled) != 1 and _cut_sentence(cells, filled):
            # `aux CH: | 10 sec par minute / 10 sec per minuut.`: a note the table's gutters
            # cut into cells, read as the one sentence it is.
            filled = [" ".join(filled)]
        if len(filled) != 1:
            break
        if _under_second_heading(block, cells):
            break
        if (
            end >= 2
            and sum(map(bool, block.rows[end - 2].cells)) >= 3
            and not is_sentence(filled[0])
            and _second_line(block.rows[end - 1], block.rows[: end - 1])
        ):
            # The last record's second line (its drivers under `Pilotes`, right under it, in
            # the column the records above hold theirs in): no note.
            record = 2
            break
        if len(filled[0].split()) >= NOTE_WORDS or LEGEND.match(filled[0]):
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
