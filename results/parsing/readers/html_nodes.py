"""What a page's elements are, before they are read: hidden or shown, a table's own rows, a
layout table standing around the tables read instead, a table skipped (a form, a menu)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from results.parsing.readers.html_divs import grid_rows

_INPUTS = frozenset({"select", "textarea", "button"})


def tag_of(node: Any) -> str | None:
    tag = node.tag
    return tag.lower() if isinstance(tag, str) else None  # comments, entities: no tag


def hidden(node: Any) -> bool:
    """Not shown: styled so, or classed so by the page's framework (`d-none` with no
    breakpoint showing it again, `hidden`, `sr-only`)."""
    style = (node.get("style") or "").replace(" ", "").lower()
    if "display:none" in style or node.get("hidden") is not None:
        return True
    classes = (node.get("class") or "").lower().split()
    if any(c in _HIDING for c in classes):
        return True
    # Bootstrap's `d-none d-lg-table-cell`: hidden on a phone, shown on a wider screen.
    return "d-none" in classes and not any(_SHOWN_AGAIN.fullmatch(c) for c in classes)


_HIDING = frozenset({"hidden", "sr-only", "visually-hidden", "screen-reader-text", "invisible"})
_SHOWN_AGAIN = re.compile(r"d-(?:sm|md|lg|xl|xxl)-(?!none)[a-z-]+")


def own(table: Any, tag: str) -> Iterator[Any]:
    """The `tag` elements of a table that belong to no table nested in it."""
    for node in table.iter(tag):
        if next(node.iterancestors("table"), None) is table:
            yield node


def _blocks_in(node: Any) -> bool:
    return any(True for _ in node.iter("table", "pre")) if len(node) else False


def is_layout(table: Any) -> bool:
    """Rows that stand around nested tables, `<pre>` blocks or rows of cells drawn with other
    tags: the page's layout. A nested block beside cells with text of their own is the text of
    its cell."""
    for row in own(table, "tr"):
        cells = [c for c in row if tag_of(c) in ("td", "th")]
        holders = [c for c in cells if _blocks_in(c)]
        if holders and all(c in holders or not "".join(c.itertext()).strip() for c in cells):
            return True
        # Rows of cells drawn with `<div>` in a cell, beside the page's menu at most.
        holders = [c for c in cells if _holds_grid(c)]
        if holders and all(
            c in holders or _all_link(c) or not "".join(c.itertext()).strip() for c in cells
        ):
            return True
    return False


def _holds_grid(cell: Any) -> bool:
    return any(grid_rows(node) is not None for node in cell.iter() if len(node) >= 3)


def skip_reason(table: Any) -> str | None:
    asking = {
        _row_of(node)
        for node in table.iter("input", *_INPUTS)
        if tag_of(node) in _INPUTS or (node.get("type") or "text").lower() != "hidden"
    }
    if asking:
        # Controls in one row over rows of text (a filter row under a plugin's header: a
        # search box and a list per column) filter a results table; elsewhere, a form.
        rows = [r for r in table.iter("tr") if r not in asking and "".join(r.itertext()).strip()]
        if len(asking) > 1 or len(rows) < _FILTERED_ROWS:
            return "a form: it asks for input"
    filled = [c for row in own(table, "tr") for c in row if tag_of(c) in ("td", "th")]
    filled = [c for c in filled if "".join(c.itertext()).strip()]
    linked = [c for c in filled if _all_link(c)]
    if filled and len(linked) == len(filled):
        return "navigation: every cell is a link"
    return None


#: Rows of text under a row of controls that make the table a results table with a filter.
_FILTERED_ROWS = 3


def _row_of(node: Any) -> Any:
    """The table row a node stands in (the node itself where it is in none)."""
    for parent in node.iterancestors():
        if tag_of(parent) == "tr":
            return parent
    return node


def _all_link(cell: Any) -> bool:
    text = "".join(cell.itertext()).strip()
    in_links = "".join("".join(a.itertext()) for a in cell.iter("a")).strip()
    return bool(text) and " ".join(in_links.split()) == " ".join(text.split())
