"""HTML: every `<tr>` of every table is a row, read with the standard library's HTML parser."""

from __future__ import annotations

from collections.abc import Sequence
from html.parser import HTMLParser

from results.parsing.grid import Grid
from results.parsing.model import Issue, ParseError
from results.parsing.readers.cells import MAX_CELLS, build_grid, too_many_cells

_HEADINGS = frozenset({"h1", "h2", "h3", "h4"})
# Tags that break words apart when a browser renders them; inline ones (b, span, a) do not.
_BREAKS = frozenset(
    {"br", "p", "div", "li", "ul", "ol", "hr", "tr", "td", "th", "table", "h1", "h2", "h3",
     "h4", "h5", "h6", "caption", "dt", "dd", "blockquote", "pre"}
)  # fmt: skip
_RAW = frozenset({"script", "style"})
#: The standard parser reads about a megabyte a second; results pages are far smaller.
MAX_HTML_CHARS = 5_000_000


def has_table(text: str) -> bool:
    """Whether the text holds a `<table` tag (not `<tables>` or `<tablet`)."""
    if "<" not in text:  # no character but `<` lowers to `<`: no tag at all
        return False
    lowered = text.lower()
    start = lowered.find("<table")
    while start != -1:
        after = lowered[start + 6 : start + 7]
        if after == "" or after in " \t\n\f/>":
            return True
        start = lowered.find("<table", start + 1)
    return False


def is_page(text: str) -> bool:
    """Whether the text is an HTML page (whatever it holds), by how it starts."""
    # Lower case maps each character to one or more: the first 14 characters decide.
    head = text.lstrip("\ufeff \t\n")[:14].lower()
    return head.startswith(("<!doctype html", "<html"))


def _last_comment_close(text: str) -> int:
    """Where the last `--` + spaces + `>` (a comment's end, to the parser) starts; -1: none."""
    gt = text.rfind(">")
    while gt != -1:
        before = gt
        while before and text[before - 1].isspace():
            before -= 1
        if before >= 2 and text[before - 2 : before] == "--":
            return before - 2
        gt = text.rfind(">", 0, gt)
    return -1


def defuse(text: str) -> str:
    """Escape each `<` that opens no markup, that opens markup never closed further on, or
    that opens a `<![` section.

    Left as is, the parser rescans the rest of the document from each unclosed `<` (a page
    of unclosed `<!--` takes minutes) and hands over stray `<` one by one; escaped, they are
    read as the text they are, in one pass. Each `<` is judged in constant time against where
    the last `>` and the last comment end are, so this pass is linear too.
    """
    last_gt = text.rfind(">")
    last_close = _last_comment_close(text)
    parts: list[str] = []
    done = 0
    start = text.find("<")
    while start != -1:
        after = text[start + 1 : start + 2]
        if text.startswith("<!--", start):
            escape = last_close < start + 4
        elif text.startswith("<![", start):
            escape = True  # marked sections: no use in a results page, and fragile to parse
        elif after and after.isascii() and (after.isalpha() or after in "!?/"):
            escape = start > last_gt
        else:
            escape = bool(after)  # a lone `<` is text anyway; a final one is left to the parser
        if escape:
            parts.append(text[done:start])
            parts.append("&lt;")
            done = start + 1
        start = text.find("<", start + 1)
    parts.append(text[done:])
    return "".join(parts)


def _span(attrs: list[tuple[str, str | None]], name: str) -> int:
    for key, value in attrs:
        if key == name and value:
            digits = value.strip()
            if digits.isdecimal() and len(digits) < 7:
                return max(1, int(digits))
    return 1


class _TableParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[tuple[int, list[str]]] = []
        self.depth = 0  # open tables; above 1 the text belongs to the outer table's cell
        self.raw: str | None = None  # inside <script> or <style>
        self.heading: list[str] | None = None
        self.heading_line = 0
        self.title: tuple[int, str] | None = None  # a heading with nothing after it yet
        self.caption: list[str] | None = None
        self.caption_line = 0
        self.row: list[str] | None = None
        self.row_line = 0
        self.cell: list[str] | None = None
        self.colspan = self.rowspan = 1
        self.spans: dict[int, int] = {}  # column → rows a rowspan above still covers

    # --- rows and cells -------------------------------------------------------------------
    def _line(self) -> int:
        return self.getpos()[0]

    def _fill_spans(self, to_end: bool = False) -> None:
        """Put an empty cell where a cell of a row above spans down, keeping columns aligned;
        `to_end` also pads a short row out to the last column still spanned."""
        assert self.row is not None
        while True:
            column = len(self.row)
            if column in self.spans:
                self.row.append("")
                self.spans[column] -= 1
                if not self.spans[column]:
                    del self.spans[column]
            elif to_end and self.spans and max(self.spans) > column:
                self.row.append("")
            else:
                return

    def _open_row(self, line: int) -> None:
        self._close_row()
        self._close_caption()
        self.row, self.row_line = [], line

    def _close_row(self) -> None:
        self._close_cell()
        if self.row is not None:
            self._fill_spans(to_end=True)
            self.rows.append((self.row_line, self.row))
        self.row = None

    def _open_cell(self, attrs: list[tuple[str, str | None]]) -> None:
        self._close_cell()
        if self.row is None:  # a cell outside any <tr>: it still starts a row
            self._open_row(self._line())
        self.cell = []
        self.colspan = min(_span(attrs, "colspan"), MAX_CELLS + 1)
        self.rowspan = _span(attrs, "rowspan")

    def _close_cell(self) -> None:
        if self.cell is None or self.row is None:
            return
        self._fill_spans()
        column = len(self.row)
        self.row.append("".join(self.cell))
        self.row.extend([""] * (self.colspan - 1))
        if len(self.row) > MAX_CELLS:
            raise too_many_cells(self.row_line)
        if self.rowspan > 1:
            for offset in range(self.colspan):
                self.spans[column + offset] = self.rowspan - 1
        self.cell = None

    def _close_caption(self) -> None:
        if self.caption is not None and "".join(self.caption).strip():
            self.rows.append((self.caption_line, ["".join(self.caption)]))
        self.caption = None

    def _text(self, text: str) -> None:
        if self.cell is not None:
            self.cell.append(text)
        elif self.caption is not None:
            self.caption.append(text)

    # --- parser callbacks -------------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _RAW:
            self.raw = tag
        elif tag == "table":
            self._start_table()
        elif self.depth == 0:
            if tag in _HEADINGS:
                self.heading, self.heading_line = [], self._line()
        elif self.depth > 1:
            if tag in _BREAKS:
                self._text(" ")
        elif tag == "tr":
            self._open_row(self._line())
        elif tag in ("td", "th"):
            self._close_caption()
            self._open_cell(attrs)
        elif tag == "caption":
            self.caption, self.caption_line = [], self._line()
        elif tag in _BREAKS:
            self._text(" ")

    def _start_table(self) -> None:
        if self.depth:
            self.depth += 1  # nested: its text is read as the text of the enclosing cell
            self._text(" ")
            return
        self.depth = 1
        self.spans = {}
        if self.title is not None:
            self.rows.append((self.title[0], [self.title[1]]))
            self.title = None

    def handle_endtag(self, tag: str) -> None:
        if tag in _RAW:
            self.raw = None
        elif self.depth == 0:
            if tag in _HEADINGS and self.heading is not None:
                text = "".join(self.heading)
                self.title = (self.heading_line, text) if text.strip() else None
                self.heading = None
        elif tag == "table":
            self.depth -= 1
            if self.depth:
                self._text(" ")
            else:
                self._close_row()
                self._close_caption()
        elif self.depth > 1:
            if tag in _BREAKS:
                self._text(" ")
        elif tag == "tr":
            self._close_row()
        elif tag in ("td", "th"):
            self._close_cell()
        elif tag == "caption":
            self._close_caption()
        elif tag in _BREAKS:
            self._text(" ")

    def handle_data(self, data: str) -> None:
        if self.raw is not None:
            return
        if self.depth:
            self._text(data)
        elif self.heading is not None:
            self.heading.append(data)
        elif data.strip():
            self.title = None  # text between a heading and the table: not its title


def read_html(text: str, issues: Sequence[Issue] = ()) -> Grid:
    if len(text) > MAX_HTML_CHARS:
        megabytes = MAX_HTML_CHARS // 1_000_000
        raise ParseError(f"this HTML page is too large (over {megabytes} MB of text)")
    parser = _TableParser()
    try:
        parser.feed(defuse(text))
        parser.close()
    except ParseError:
        raise
    except (AssertionError, ValueError) as error:  # the parser's own complaints on bad markup
        raise ParseError(f"this HTML cannot be read: {error}") from None
    parser._close_row()
    if not any(any(cell.strip() for cell in cells) for _, cells in parser.rows):
        raise ParseError("no table found: the HTML tables hold no text")
    return build_grid("html", parser.rows, issues)
