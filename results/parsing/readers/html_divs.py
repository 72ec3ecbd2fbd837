"""Tables a page draws without `<table>`: rows of cells laid out with `<div>`, `<li>` or
`<span>` and styled into columns (`display: grid`, a framework's row and column classes).

An element is such a table when most of its children are rows of the same number of cells,
three or more rows of three or more short cells, some of them with a digit: a results table
has numbers (places, race numbers, times), a menu or a page's layout has none or few cells.
A child with no cells of its own but text (`Classe N2` between the rows) is a row of one cell,
a title for the layout stage to read as such.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

#: Rows and cells a table must have, at the least.
_MIN_ROWS = 3
_MIN_CELLS = 3
#: A cell longer than this is a paragraph, not a value of a table.
_MAX_CELL_CHARS = 160
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
    numbered = 0
    for row in rows:
        texts = [_text(cell) for cell in row]
        if None in texts:
            return None
        numbered += any(ch.isdigit() for text in texts for ch in text)
    if numbered < _MIN_ROWS:
        return None
    if any(True for _ in node.iter("table", "pre")):
        return None
    return [(child, row or [child]) for child, row in zip(children, cells, strict=True)]
