"""Name order: decided once per column, from the evidence of all its names.

A sheet writes its names one way. Casing says it where a name mixes cases (`DUPONT Jean` is
surname first, `Jean DUPONT` first name first); the first-name lists say it where a name is in
one case (`Jakob Steira Bjerkli`: a known first name at the start, none at the end); a comma
says it (`Dupont, Jean`). The column's order, once most of its names agree, reads the names
that show no evidence of their own, so a column never mixes both orders.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from results.parsing.fields._limits import MAX_CELL
from results.parsing.fields.first_names import is_first_name
from results.parsing.fields.joins import split_parts
from results.parsing.fields.names import FIRST, OTHER, SURNAME, classify_all, is_initial

NameOrder = Literal["surname_first", "first_name_first"]
_ORDERS: tuple[NameOrder, NameOrder] = ("surname_first", "first_name_first")


@dataclass(frozen=True, slots=True)
class ColumnOrder:
    """A column's name order, how many names show it and how many show the other one."""

    order: NameOrder = "surname_first"
    agree: int = 0
    disagree: int = 0

    @property
    def settled(self) -> bool:
        """Most names that show an order show this one: the names that show none follow it."""
        return self.agree >= 3 and self.disagree * 5 <= self.agree


def _known(token: str) -> bool:
    return is_first_name(token) and not is_initial(token)


def part_evidence(part: str) -> tuple[str, NameOrder] | None:
    """What one name says of the order: ("casing" | "table", order), or None."""
    if "," in part:
        left, _, right = part.partition(",")
        return ("casing", "surname_first") if left.strip() and right.strip() else None
    tokens = part.split()
    if len(tokens) < 2:
        return None
    classes = classify_all(tokens)
    if OTHER in classes:
        return None
    if SURNAME in classes and FIRST in classes:
        return "casing", "surname_first" if classes[0] == SURNAME else "first_name_first"
    first, last = _known(tokens[0]), _known(tokens[-1])
    if first == last:
        return None
    return "table", "first_name_first" if first else "surname_first"


def column_order(values: Iterable[str]) -> ColumnOrder:
    """The name order of a column, from the casing of all its names, then the first names."""
    counts = {"casing": dict.fromkeys(_ORDERS, 0), "table": dict.fromkeys(_ORDERS, 0)}
    for value in values:
        if not value or len(value) > MAX_CELL:
            continue
        for part in split_parts(value):
            evidence = part_evidence(part)
            if evidence is not None:
                counts[evidence[0]][evidence[1]] += 1
    agree = {key: counts["casing"][key] + counts["table"][key] for key in _ORDERS}
    for kind in ("casing", "table"):
        one, other = counts[kind]["surname_first"], counts[kind]["first_name_first"]
        if one != other:
            order: NameOrder = "first_name_first" if other > one else "surname_first"
            against: NameOrder = (
                "surname_first" if order == "first_name_first" else "first_name_first"
            )
            return ColumnOrder(order, agree[order], agree[against])
    return ColumnOrder()


def name_order_support(values: Iterable[str]) -> tuple[NameOrder, int, int]:
    """The name order of a column, with how many names agree with it and how many do not."""
    found = column_order(values)
    return found.order, found.agree, found.disagree


def detect_name_order(values: Iterable[str]) -> NameOrder:
    """The name order of a column, from the casing of all its values, then the first names."""
    return column_order(values).order


def segments(words: list[str], order: NameOrder) -> list[list[str]]:
    """Words in one case cut into people by the first-name lists, in the column's order: in
    `Heino Mejer Bo Mølgaard Jensen` (first name first) a known first name after a word that is
    none starts a person. Each person keeps two words at least."""
    known = [_known(w) or is_initial(w) for w in words]
    starts = [0]
    for i in range(2, len(words) - 1):
        # first name first: a first name after a surname starts a person; surname first: a
        # surname after a first name does.
        boundary = (
            (known[i] and not known[i - 1])
            if order == "first_name_first"
            else (not known[i] and known[i - 1])
        )
        if boundary and i - starts[-1] >= 2:
            starts.append(i)
    bounds = [*starts, len(words)]
    return [words[a:b] for a, b in itertools.pairwise(bounds)]


def in_order(words: list[str], order: NameOrder) -> tuple[list[str], list[str]]:
    """(surname words, first-name words) of one person in the column's order. First name first:
    the last word is the surname (`Thomas Wiel Bjørkøy`). Surname first: the words before the
    first known first name (`Garcia Bueno Juan`), the first word at least."""
    if len(words) < 2:
        return words, []
    if order == "first_name_first":
        return words[-1:], words[:-1]
    cut = next((i for i in range(1, len(words)) if _known(words[i])), 1)
    return words[:cut], words[cut:]
