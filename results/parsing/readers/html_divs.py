"""Tables a page draws without `<table>`: rows of cells laid out with `<div>`, `<li>` or
`<span>` and styled into columns (`display: grid`, a framework's row and column classes).

An element is such a table when most of its children are rows of the same number of cells,
three or more rows of three or more short cells, some of them with a place, a race number or a
time: a results table has them, a menu, a page's layout or a list of dated news has not.
A child with no cells of its own but text (`Classe N2` between the rows) is a row of one cell,
a title for the layout stage to read as such.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

#: Rows and cells a table must have, at the least.
_MIN_ROWS = 3
_MIN_CELLS = 3
#: A cell longer than this is a paragraph, not a value of a table.
_MAX_CELL_CHARS = 160
# A place, a race number or a time: what a results row holds (a date or a postcode does not).
_RESULT_VALUE = re.compile(r"\d{1,4}\.?|[+-]?\d{1,2}[:'.,h]\d{2}(?:\S*)")
_SKIPPED = frozenset({"br", "hr", "script", "style", "noscript", "template", "img", "input"})


def _elements(node: Any) -> list[Any]:
    return [
        child for child in node if isinstance(child.tag, str) and child.tag.lower() not in _SKIPPED
    ]


def _text(node: Any) -> str | None:
    """The cell's text, None past `_MAX_CELL_CHARS` (read no further: a page's whole body may
    be under a node looked at)."""
    parts, size = [], 0
    for part in node.itertext():
        size += len(part)
        if size > 4 * _MAX_CELL_CHARS:
            return None
        parts.append(part)
    text = " ".join("".join(parts).split())
    return text if len(text) <= _MAX_CELL_CHARS else None


def grid_rows(node: Any) -> list[tuple[Any, list[Any]]] | None:
    """The rows of `node`, each with its cell elements (a title row's cell is the row itself),
    when its children are rows of cells; else None."""
    children = _elements(node)
    if len(children) < _MIN_ROWS:
        return None
    cells = [_elements(child) for child in children]
    width, count = Counter(len(c) for c in cells).most_common(1)[0]
    if width < _MIN_CELLS or count < _MIN_ROWS or count * 10 < len(children) * 6:
        return None
    rows = [c for c in cells if len(c) == width]
    # Children of other widths are titles between the rows, not tables of their own (an
    # outer box around facts and the results: the results are read, not the box).
    for child, row in zip(children, cells, strict=True):
        if len(row) != width and (grid_rows(child) is not None or _text(child) is None):
            return None
    numbered = 0
    for row in rows:
        texts = [_text(cell) for cell in row]
        if None in texts:
            return None
        numbered += any(_RESULT_VALUE.fullmatch(text) for text in texts if text)
    if numbered < _MIN_ROWS:
        return None
    if any(True for _ in node.iter("table", "pre")):
        return None
    return [(child, row or [child]) for child, row in zip(children, cells, strict=True)]
