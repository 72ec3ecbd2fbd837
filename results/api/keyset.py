"""Cursor pages over an order of several fields, for rows no single field orders.

DRF's cursor pagination keys its cursor on the first field of the ordering and counts an
offset past the rows sharing its value. A championship's stored lines are ordered by table,
role, section, position and name: keyed on the table alone, a deep page would skip most of the
table by offset. Here the cursor holds every field of the order of the row it stops at (the
last one, or the first for `previous`), and the next page is the rows after that tuple: each
page costs the first one's single query, whatever its depth and size.
"""

from __future__ import annotations

import json
from typing import Any

from django.db.models import Q, QuerySet
from rest_framework import exceptions
from rest_framework.pagination import Cursor
from rest_framework.request import Request

from results.api.base import CursorPage

_BAD = {"cursor": ["not a cursor this API gave"]}


class KeysetPage(CursorPage):
    """Cursor pages over `keys`: (field, type) pairs, all ascending, the last one unique.

    The queryset gives named tuples (or objects) with every key as an attribute."""

    keys: tuple[tuple[str, type], ...] = ()

    def paginate_queryset(self, queryset: QuerySet, request: Request, view: Any = None) -> list:
        self.request = request
        self.base_url = request.build_absolute_uri()
        self.page_size = self.get_page_size(request)
        self.cursor = self.decode_cursor(request)
        backwards = self.cursor is not None and self.cursor.reverse
        start = self._position(self.cursor) if self.cursor is not None else None
        if start is not None:
            queryset = queryset.filter(_beyond(self.keys, start, backwards=backwards))
        names = [name for name, _kind in self.keys]
        order = [f"-{name}" if backwards else name for name in names]
        rows = list(queryset.order_by(*order)[: self.page_size + 1])
        more = len(rows) > self.page_size
        rows = rows[: self.page_size]
        if backwards:
            rows.reverse()
        # Coming back from a later page, that page is still there; going on from an earlier
        # one, so is it.
        self.has_next = True if backwards else more
        self.has_previous = more if backwards else start is not None
        first = self._key(rows[0]) if rows else start
        last = self._key(rows[-1]) if rows else start
        self.next_position = last
        self.previous_position = first
        return rows

    def get_next_link(self) -> str | None:
        if not self.has_next or self.next_position is None:
            return None
        return self._link(self.next_position, reverse=False)

    def get_previous_link(self) -> str | None:
        if not self.has_previous or self.previous_position is None:
            return None
        return self._link(self.previous_position, reverse=True)

    def _link(self, position: list, *, reverse: bool) -> str:
        text = json.dumps(position, ensure_ascii=True, separators=(",", ":"))
        return self.encode_cursor(Cursor(offset=0, reverse=reverse, position=text))

    def _key(self, row: Any) -> list:
        return [getattr(row, name) for name, _kind in self.keys]

    def _position(self, cursor: Cursor) -> list:
        """The cursor's row key, checked against `keys`: a 400 for anything this API did
        not give."""
        try:
            values = json.loads(cursor.position or "")
        except ValueError:
            raise exceptions.ValidationError(_BAD) from None
        if (
            cursor.offset
            or not isinstance(values, list)
            or len(values) != len(self.keys)
            or not all(
                _fits(value, kind) for value, (_name, kind) in zip(values, self.keys, strict=True)
            )
        ):
            raise exceptions.ValidationError(_BAD)
        return values


def _fits(value: Any, kind: type) -> bool:
    """A value the database can compare with a column of `kind`: a 64-bit whole number
    (not a boolean), or text it can store (no NUL, no lone surrogate), of a sane length."""
    if type(value) is not kind:
        return False
    if kind is int:
        return -(2**63) <= value < 2**63
    if kind is str:
        if len(value) > 1000 or "\x00" in value:
            return False
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return True


def _beyond(keys: tuple[tuple[str, type], ...], values: list, *, backwards: bool) -> Q:
    """Rows after (before, `backwards`) the tuple `values` in the order of `keys`: the first
    key greater, or equal and the second greater, and so on (a row-value comparison, written
    out so that every database runs it)."""
    lookup = "lt" if backwards else "gt"
    condition, equal = Q(), Q()
    for (name, _kind), value in zip(keys, values, strict=True):
        condition |= equal & Q(**{f"{name}__{lookup}": value})
        equal &= Q(**{name: value})
    return condition


def keyset_class(keys: tuple[tuple[str, type], ...]) -> type[KeysetPage]:
    """A keyset pagination over `keys` (see `KeysetPage`)."""
    return type("Page", (KeysetPage,), {"keys": keys})
