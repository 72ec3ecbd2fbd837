"""What a printed page repeats: the sheet's title over every page's header, running footers.

A title repeated over the header of each page would otherwise read as the title of a new table
and cut one classification in pieces. Only lines that repeat what the first page printed are
dropped, each with an issue on its line; the layout stage skips the repeated header itself.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from results.parsing.codes import level_of
from results.parsing.grid import Row
from results.parsing.layout.header_rows import is_header
from results.parsing.layout.line_kinds import is_footer
from results.parsing.layout.synonyms import normalise_heading
from results.parsing.model import Issue
from results.parsing.readers.aligned import Line, line_text, phrases

_DIGITS = re.compile(r"\d+")
_PAGE = re.compile(
    r"\b(page|seite|pagina|blatt|side|sida|sivu|strona|strana|stranka|oldal)\b|\d+\s*/\s*\d+"
)
#: A line that only numbers its page: `Pagina 2/2`, `Page 3 of 5`, `Seite 2`, `2/3`, `- 2 -`.
_PAGE_LABEL = re.compile(
    r"(?:(?:page|pagina|pag|seite|blatt|side|sida|sivu|strona|strana|stranka|oldal|p)\.?\s*\d+"
    r"(?:\s*(?:/|of|von|de|di|van|sur|af|av|z)\s*\d+)?"
    r"|\d+\s*(?:/|of|von|sur)\s*\d+|-\s*\d+\s*-)",
    re.IGNORECASE,
)
#: Lines at the top or bottom of a page that may be running heads or footers.
_EDGE = 4


def _key(line: Line, space: int) -> str:
    # Page numbers and dates change from page to page; the rest of the line does not.
    return _DIGITS.sub("#", " ".join(line_text(line, space).split()).casefold())


def _title_key(line: Line, space: int) -> str:
    # `_key` with its digits: a table's title names its class or stage by number.
    return "=" + " ".join(line_text(line, space).split()).casefold()


def _header_key(line: Line, space: int) -> tuple[str, ...] | None:
    parts = phrases(line.words, space)
    if len(parts) < 2 or not is_header(Row(line.number, tuple(p.text for p in parts))):
        return None
    return tuple(normalise_heading(p.text) for p in parts)


def _footer_key(line: Line, space: int) -> str | None:
    """The key of a line at the bottom of a page; None for a row of a table (several columns,
    led by a position or a number) that does not read as page furniture: the last rows of two
    tables of the same crews (run 1 and run 2) repeat each other but for their digits, and
    are no footer."""
    parts = phrases(line.words, space)
    text = line_text(line, space)
    if len(parts) > 1 and parts[0].text[:1].isdigit() and not is_footer(text):
        return None
    return _key(line, space)


def _header_line_key(line: Line, space: int) -> str | None:
    """The key of a line at the top of a page. A table row is none (see `_footer_key`); a
    title in one run of text keeps its digits unless it names the page: "Klasse 3" over one
    page and "Klasse 4" over the next are two tables' titles, not a running head."""
    parts = phrases(line.words, space)
    if len(parts) > 1:
        return _footer_key(line, space)
    text = " ".join(line_text(line, space).split()).casefold()
    return _DIGITS.sub("#", text) if _PAGE.search(text) else text


def _blank(line: Line) -> Line:
    return Line(line.number, line.page, ())


def _skipped(line: Line, space: int, what: str) -> Issue:
    return Issue(
        line=line.number,
        code="line-skipped",
        message=f"{what} skipped: {line_text(line, space)!r}",
        level=level_of("line-skipped"),
        page=line.page,
    )


def drop_repeated_headings(lines: Sequence[Line], space: int) -> tuple[list[Line], list[Issue]]:
    """Blank the lines above a repeated header that repeat the lines above the first one."""
    out = list(lines)
    issues: list[Issue] = []
    first = next((i for i, line in enumerate(out) if line.words and _header_key(line, space)), None)
    if first is None:
        return out, issues
    key = _header_key(out[first], space)
    above = [line for line in out[:first] if line.words]
    if not above:
        return out, issues
    # The line right over the header may be the table's own title (`Klasse 1`): repeated only
    # as written, digits and all (`Klasse 2` over the next table is that table's title).
    heading = {_key(line, space) for line in above[:-1]} | {_title_key(above[-1], space)}

    def repeated(line: Line) -> bool:
        return _key(line, space) in heading or _title_key(line, space) in heading

    def blank(lines: range) -> None:
        """Blank the repeated heading lines of `lines`, up to the first line of anything else."""
        for j in lines:
            if out[j].words and not repeated(out[j]):
                return
            if out[j].words:
                issues.append(_skipped(out[j], space, "page heading repeated"))
                out[j] = _blank(out[j])

    for i in range(first + 1, len(out)):
        if out[i].words and _header_key(out[i], space) == key:
            blank(range(i - 1, first, -1))  # up from a header repeated
    # The top of each later page repeating the first page's heading, whatever follows it (a
    # class's title before the header, or the rows themselves).
    for i in range(first + 1, len(out)):
        if out[i].page != out[i - 1].page:
            blank(range(i, min(len(out), i + 3 * _EDGE)))  # a page's top only
    return out, issues


def drop_running_lines(
    pages: Sequence[Sequence[Line]], space: int
) -> tuple[list[list[Line]], list[Issue]]:
    """Blank the lines at the top or bottom of pages that recur on other pages (page
    numbers aside): running heads and footers of a printed document."""
    counts: Counter[str | None] = Counter()
    for page in pages:
        edge = {_header_line_key(line, space) for line in page[:_EDGE] if line.words}
        edge |= {_footer_key(line, space) for line in page[-_EDGE:] if line.words}
        counts.update(edge - {None})
    out: list[list[Line]] = []
    issues: list[Issue] = []
    for number, page in enumerate(pages):
        kept = list(page)
        for index in [*range(min(_EDGE, len(kept))), *range(max(0, len(kept) - _EDGE), len(kept))]:
            line = kept[index]
            top = index < _EDGE
            key = _header_line_key(line, space) if top else _footer_key(line, space)
            if not line.words or key is None or counts[key] < 2:
                continue
            if top and (number == 0 or _header_key(line, space) is not None):
                continue  # the first page's title and every page's header stay
            above = next((kept[j] for j in range(index - 1, -1, -1) if kept[j].words), None)
            if top and above is not None and _header_key(above, space) is not None:
                continue  # the header's second line (`Verein` under `Fahrer`) stays with it
            issues.append(_skipped(line, space, "page header" if top else "page footer"))
            kept[index] = _blank(line)
        out.append(kept)
    return out, issues


def drop_page_labels(lines: Sequence[Line], space: int) -> tuple[list[Line], list[Issue]]:
    """Blank the lines that only number their page (`Pagina 2/2`): page furniture, never the
    title of a table, which would cut the classification in two at the page break."""
    out = list(lines)
    issues: list[Issue] = []
    for i, line in enumerate(out):
        if line.words and _PAGE_LABEL.fullmatch(" ".join(line_text(line, space).split())):
            issues.append(_skipped(line, space, "page number"))
            out[i] = _blank(line)
    return out, issues
