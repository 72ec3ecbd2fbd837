"""A block of text (a whole file, or a `<pre>` block of a page) read as one table: aligned with
spaces, or delimited (pipe, tab, semicolon, comma)."""

from __future__ import annotations

from collections.abc import Sequence

from results.parsing.grid import Grid
from results.parsing.model import Issue
from results.parsing.readers.delimited import ragged, read_delimited, tab_aligned
from results.parsing.readers.fixed_width import (
    explained_by_delimiter,
    looks_aligned,
    read_fixed_width,
)


def read_text_table(text: str, issues: Sequence[Issue] = ()) -> Grid:
    """Text whose lines are rows; ParseError when no column structure splits them."""
    lines = text.split("\n")
    # Cells lined up with runs of tabs are cut at the tabs, however many lines of prose
    # stand around the table (an e-mail's).
    if "\t" in text and tab_aligned(lines):
        return read_delimited(text, issues)
    if not explained_by_delimiter(lines) and looks_aligned(lines) and not ragged(lines):
        return read_fixed_width(text, issues)
    return read_delimited(text, issues)
