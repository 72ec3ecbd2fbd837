"""HTML pages: every `<table>` and every `<pre>` block is a table of the grid, read with lxml.

libxml2's HTML parser builds the page as a browser would (unclosed cells and rows, stray tags).
Then, in document order:

* a table whose rows stand around nested tables or `<pre>` blocks is page layout: it is
  skipped, and the tables and blocks inside it are read instead (a nested table beside other
  cells of its row is that cell's text, such as a crew written as a small table);
* a table that asks for input (a form) or holds nothing but links (navigation) is skipped;
* every other table is read cell by cell, keeping what a cell shows besides its text: its
  lines, its link, a picture's `alt` text (a flag alone in its cell reads as its `alt`), its spans;
* a `<pre>` block is read as the text it holds (space-aligned or delimited), at its lines.

A heading (or `<caption>`) just before a table is its title. Each skip is an info issue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lxml import etree

from results.parsing.codes import level_of
from results.parsing.grid import Grid, Mark, Row, Source
from results.parsing.model import Issue, ParseError
from results.parsing.readers.cells import build_grid
from results.parsing.readers.html_divs import grid_rows
from results.parsing.readers.html_nodes import hidden, is_layout, own, skip_reason, tag_of
from results.parsing.readers.limits import LIMITS, Budget
from results.parsing.readers.text_block import read_text_table

_HEADINGS = frozenset({"h1", "h2", "h3", "h4"})
# Tags that break a line when a browser renders them; inline ones (b, span, a) do not.
_BREAKS = frozenset(
    {"br", "p", "div", "li", "ul", "ol", "hr", "tr", "table", "h1", "h2", "h3",
     "h4", "h5", "h6", "caption", "dt", "dd", "blockquote", "pre"}
)  # fmt: skip
_RAW = frozenset(
    {"script", "style", "noscript", "template", "head", "select", "option", "textarea", "button"}
)
#: A page of results is far smaller; beyond, the page is refused before it is parsed.
MAX_HTML_CHARS = 5_000_000

Raw = tuple[int, list[str], list[Mark | None]]


def has_table(text: str) -> bool:
    """Whether the text holds a `<table` or `<pre` tag (not `<tables>` or `<prefix`)."""
    if "<" not in text:  # no character but `<` lowers to `<`: no tag at all
        return False
    lowered = text.lower()
    for tag in ("<table", "<pre"):
        start = lowered.find(tag)
        while start != -1:
            after = lowered[start + len(tag) : start + len(tag) + 1]
            if after == "" or after in " \t\n\f/>":
                return True
            start = lowered.find(tag, start + 1)
    return False


def is_page(text: str) -> bool:
    """Whether the text is an HTML page (whatever it holds), by how it starts."""
    # Lower case maps each character to one or more: the first 14 characters decide.
    head = text.lstrip("\ufeff \t\n")[:14].lower()
    return head.startswith(("<!doctype html", "<html"))


def _span(node: Any, name: str, cap: int) -> int:
    digits = (node.get(name) or "").strip()
    if digits.isdecimal() and len(digits) < 10:
        return min(max(1, int(digits)), cap)
    return 1


def _cell(cell: Any) -> tuple[list[str], Mark | None]:
    """The lines of a cell as a browser shows them, and what else it carries."""
    lines: list[list[str]] = [[]]
    href = alt = None
    stack: list[tuple[Any, bool]] = [(child, False) for child in reversed(cell)]
    if cell.text:
        lines[-1].append(cell.text)
    # Two spans side by side (`<span>RC2</span><span>Rally2</span>`) are two fields that the
    # page's style sets apart: a space between them, as a reader sees them.
    after_span = False
    while stack:
        node, closing = stack.pop()
        tag = tag_of(node)
        if closing:
            if tag in _BREAKS:
                lines.append([])
            if node.tail:
                lines[-1].append(node.tail)
            after_span = tag == "span" and not node.tail
            continue
        if tag == "span" and after_span:
            lines[-1].append(" ")
        after_span = False
        if tag is None or tag in _RAW or hidden(node) or _note_mark(tag, lines[-1]):
            if node.tail:
                lines[-1].append(node.tail)
            continue
        if tag in _BREAKS:
            lines.append([])
        if tag == "img" and (node.get("alt") or "").strip():
            alt = alt or " ".join(node.get("alt").split())
        elif tag == "a" and href is None and node.get("href"):
            href = node.get("href")
        if node.text:
            lines[-1].append(node.text)
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(node))
    texts = [" ".join("".join(parts).split()) for parts in lines]
    texts = [t for t in texts if t]
    if not texts and alt:
        texts = [alt]  # a picture alone in its cell (a flag) says what its `alt` says
    rowspan = _span(cell, "rowspan", LIMITS.span)
    colspan = _span(cell, "colspan", LIMITS.cells + 1)  # one more: refused, not cut
    if len(texts) < 2 and href is None and alt is None and rowspan == colspan == 1:
        return texts, None
    return texts, Mark(tuple(texts) if len(texts) > 1 else (), href, alt, rowspan, colspan)


def _note_mark(tag: str, parts: list[str]) -> bool:
    """A superscript right after a word (`Giuseppe<sup>U25</sup>`, `Dupont<sup>*</sup>`): a
    note's mark, no part of the name; after a digit (`1<sup>er</sup>`) it is part of it."""
    return tag == "sup" and bool(parts) and parts[-1][-1:].isalpha()


def _fill(
    cells: list[str],
    marks: list[Mark | None],
    spans: dict[int, int],
    to_end: bool = False,
    covered: list[int] | None = None,
) -> None:
    """An empty cell where a cell of a row above spans down, keeping columns aligned; `to_end`
    also pads a short row out to the last column still spanned. The columns so filled are
    added to `covered`."""
    while True:
        column = len(cells)
        if column in spans:
            cells.append("")
            marks.append(None)
            if covered is not None:
                covered.append(column)
            spans[column] -= 1
            if not spans[column]:
                del spans[column]
        elif to_end and spans and max(spans) > column:
            cells.append("")
            marks.append(None)
        else:
            return


def _table_rows(table: Any, budget: Budget, shut: list[int]) -> list[Raw]:
    rows: list[Raw] = []
    caption = next(iter(own(table, "caption")), None)
    if caption is not None:
        text = " ".join("".join(caption.itertext()).split())
        if text:
            rows.append((caption.sourceline or 1, [text], [None]))
    spans: dict[int, int] = {}  # column → rows a rowspan above still covers
    # column → the spanning cell's text and how many other cells its row filled
    origins: dict[int, tuple[str, int]] = {}
    for tr in own(table, "tr"):
        if hidden(tr):
            # A row the page does not show (a template, a filtered class): not read (its line
            # goes to `shut` where it holds text), but the cells spanning down span it too.
            if "".join(tr.itertext()).strip():
                shut.append(tr.sourceline or 1)
            for column in list(spans):
                spans[column] -= 1
                if not spans[column]:
                    del spans[column]
            continue
        cells: list[str] = []
        marks: list[Mark | None] = []
        covered: list[int] = []
        started: list[int] = []
        for cell in tr:
            if tag_of(cell) not in ("td", "th") or hidden(cell):
                continue
            _fill(cells, marks, spans, covered=covered)
            texts, mark = _cell(cell)
            column = len(cells)
            colspan = mark.colspan if mark else 1
            if column + colspan > LIMITS.cells:
                budget.row(column + colspan, tr.sourceline)  # refused, naming the row
            cells.append(" ".join(texts))
            marks.append(mark)
            cells.extend([""] * (colspan - 1))
            marks.extend([None] * (colspan - 1))
            if mark and mark.rowspan > 1:
                for offset in range(colspan):
                    spans[column + offset] = mark.rowspan - 1
                if colspan == 1:
                    started.append(column)
        _fill(cells, marks, spans, to_end=True, covered=covered)
        budget.row(len(cells), tr.sourceline)
        _carry_down(cells, covered, origins)
        filled = sum(1 for cell in cells if cell)
        for column in started:
            origins[column] = (cells[column], filled - 1)
        rows.append((tr.sourceline or 1, cells, marks))
    return rows


def _carry_down(cells: list[str], covered: list[int], origins: dict[int, tuple[str, int]]) -> None:
    """The text of a cell spanning down from a row above (`<td rowspan="3">N2</td>`, a class
    beside the three crews of its block) written in this row too, where this row is a record
    of its own: that cell alone spans it, and it fills as many cells as the spanning cell's
    row did. A record over two rows (a crew's co-driver under its place, the place spanning
    both) fills fewer, or has several cells spanning it: left empty there."""
    if len(covered) != 1 or covered[0] not in origins:
        return
    column = covered[0]
    text, others = origins[column]
    own = sum(1 for j, cell in enumerate(cells) if cell and j != column)
    if text and own >= max(others, 2):
        cells[column] = text


def _bold_only(node: Any) -> bool:
    """A paragraph all of whose short text is bold: the heading of an older page, written
    without heading tags (`<p><b><font size="3">Desistências</font></b></p>`)."""
    bold = "".join(
        "".join(child.itertext()) for child in node.iter("b", "strong") if child is not node
    )
    whole = "".join(node.itertext())
    return 0 < len(bold.strip()) <= _TITLE_CHARS and len(whole.split()) == len(bold.split())


#: The longest text a bold paragraph may have to be a table's title.
_TITLE_CHARS = 80


def _text(node: Any) -> str:
    """A heading's or caption's text as shown: its lines (`<br>`) one space apart."""
    return " ".join(_cell(node)[0])


class _Page:
    """The sources of a page, found in document order."""

    def __init__(self) -> None:
        self.sources: list[tuple[Source, list[Row]]] = []
        self.issues: list[Issue] = []
        self.title: tuple[int, str] | None = None  # a heading with nothing after it yet
        self.budget = Budget()

    def skip(self, node: Any, what: str, why: str) -> None:
        self._say(node.sourceline, "table-skipped", f"{what} skipped: {why}")

    def _say(self, line: int | None, code: str, message: str) -> None:
        self.issues.append(Issue(line=line, code=code, level=level_of(code), message=message))

    def walk(self, root: Any) -> None:
        stack: list[tuple[Any, bool]] = [(root, False)]
        while stack:
            node, closing = stack.pop()
            if closing:
                if node.tail and node.tail.strip():
                    self.title = None  # text between a heading and the table: not its title
                continue
            stack.append((node, True))
            tag = tag_of(node)
            if tag is None or tag in _RAW:
                continue
            if tag in _HEADINGS or (tag == "p" and _bold_only(node)):
                text = _text(node)
                self.title = (node.sourceline or 1, text) if text else None
            elif tag == "table":
                self.table(node, stack)
            elif tag == "pre":
                self.pre(node)
            elif (cells := grid_rows(node)) is not None:
                self.grid(cells)
            else:
                if node.text and node.text.strip():
                    self.title = None
                stack.extend((child, False) for child in reversed(node))

    def _title_rows(self) -> tuple[list[Raw], str | None]:
        title, self.title = self.title, None
        return ([(title[0], [title[1]], [None])], title[1]) if title else ([], None)

    def table(self, node: Any, stack: list[tuple[Any, bool]]) -> None:
        if is_layout(node):
            self.skip(node, "a layout table", "its cells hold the tables and blocks read instead")
            stack.extend((child, False) for child in reversed(node))
            return
        why = skip_reason(node)
        if why:
            self.skip(node, "a table", why)
            self.title = None
            return
        shut: list[int] = []
        raw = _table_rows(node, self.budget, shut)
        if not any(any(cells) for _, cells, _ in raw):
            self.title = None
            return
        caption = next(iter(own(node, "caption")), None)
        self._add("table", raw, _text(caption) if caption is not None else None)
        if shut:
            self._say(shut[0], "rows-hidden", f"{len(shut)} rows the page hides were not read")

    def grid(self, rows: list[tuple[Any, list[Any]]]) -> None:
        """A table drawn with other tags (`html_divs`): each row's cells read as a table's."""
        raw: list[Raw] = []
        for row, cells in rows:
            if hidden(row):
                continue
            read = [_cell(cell) for cell in cells if not hidden(cell)]
            line = row.sourceline or 1
            self.budget.row(len(read), line)
            raw.append((line, [" ".join(texts) for texts, _ in read], [m for _, m in read]))
        self._add("rows", raw, None)

    def _add(self, kind: str, raw: list[Raw], caption: str | None) -> None:
        title_rows, title = self._title_rows()
        title = caption or title
        rows = title_rows + raw
        grid = build_grid("html", [(line, cells) for line, cells, _ in rows])
        self.issues.extend(grid.issues)
        index = len(self.sources)
        out = [
            Row(r.line, r.cells, None, index, tuple(marks) if any(marks) else ())
            for r, (_, _, marks) in zip(grid.rows, rows, strict=True)
        ]
        self.sources.append((Source(kind, title), out))

    def pre(self, node: Any) -> None:
        text = "".join(node.itertext())
        if not text.strip():
            return
        first = node.sourceline or 1
        try:
            grid = read_text_table(text, [])
        except ParseError as error:
            self.skip(node, "a <pre> block", error.reason)
            return
        title_rows, title = self._title_rows()
        index = len(self.sources)
        titles = [Row(line, tuple(cells), None, index) for line, cells, _ in title_rows]
        rows = [Row(r.line + first - 1, r.cells, None, index) for r in grid.rows]
        self.issues.extend(
            Issue(i.line + first - 1 if i.line else None, i.code, i.message, i.level, i.column)
            for i in grid.issues
        )
        self.sources.append((Source("pre", title), titles + rows))


def read_html(text: str, issues: Sequence[Issue] = ()) -> Grid:
    if len(text) > MAX_HTML_CHARS:
        megabytes = MAX_HTML_CHARS // 1_000_000
        raise ParseError(
            f"this HTML page is too large (over {megabytes} MB of text)", code="too-large"
        )
    _refuse_too_many_rows(text)
    parser = etree.HTMLParser(
        encoding="utf-8", remove_comments=True, remove_pis=True, no_network=True
    )
    try:
        root = etree.fromstring(text.encode("utf-8", "replace"), parser)
    except (etree.LxmlError, ValueError) as error:
        raise ParseError(f"this HTML cannot be read: {error}", code="html-broken") from None
    if root is None:
        raise ParseError("no table found: the page is empty", code="file-empty")
    page = _Page()
    page.walk(root)
    if not page.sources:
        if not has_table(text):
            raise ParseError(
                "no table found: this HTML page has no <table>, and no rows of cells drawn "
                "with other tags",
                code="no-table",
            )
        raise ParseError("no table found: the HTML tables hold no text", code="no-table")
    rows = tuple(row for _, source_rows in page.sources for row in source_rows)
    return Grid("html", rows, (*issues, *page.issues), tuple(source for source, _ in page.sources))


def _refuse_too_many_rows(text: str) -> None:
    """Count `<tr` before parsing: a page of a million empty rows is refused before its tree
    is built, at the line of the first row past the limit."""
    lowered = text.lower()
    count = lowered.count("<tr")
    if count <= LIMITS.rows:
        return
    at = -1
    for _ in range(LIMITS.rows + 1):
        at = lowered.find("<tr", at + 1)
    raise ParseError(
        f"more than {LIMITS.rows:,} table rows: this is not a results page",
        code="too-large",
        line=text.count("\n", 0, at) + 1,
    )
