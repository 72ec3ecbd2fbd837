"""What a season's tables are computed from, digested: the same digest, the same tables."""

from __future__ import annotations

import hashlib
import marshal
from typing import Any


class Digest:
    """What a season was computed from, in two parts fed row list by row list (`marshal`: a
    season's rows in a millisecond): the results (rules, rounds, entries, crews) and the
    people's names. `hexdigest` names both, `same_results` tells whether another digest had
    the same results. Rows hold ints, strings, booleans and None; anything else (decimals)
    is fed as its text."""

    def __init__(self, salt: bytes = b"") -> None:
        self._results = hashlib.blake2b(salt, digest_size=12)
        self._names = hashlib.blake2b(salt, digest_size=12)

    def results(self, rows: list) -> list:
        _update(self._results, rows)
        return rows

    def names(self, rows: list) -> list:
        _update(self._names, rows)
        return rows

    def hexdigest(self) -> str:
        return f"{self._results.hexdigest()}.{self._names.hexdigest()}"

    def same_results(self, other: str) -> bool:
        return other.partition(".")[0] == self._results.hexdigest()


#: marshal's format 2: one byte string for the same values, whatever their identity (later
#: formats mark strings interned or seen before, which depends on the process).
_FORMAT = 2


def _update(digest: Any, rows: list) -> None:
    try:
        digest.update(marshal.dumps(rows, _FORMAT))
    except ValueError:  # a value marshal does not write, such as a Decimal
        digest.update(repr(rows).encode())
