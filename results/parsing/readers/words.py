"""Words with their horizontal positions, and the lines and runs of text they make: what the
aligned-text and PDF readers lay out in columns."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Word:
    x0: int  # first position covered
    x1: int  # one past the last position covered
    text: str


@dataclass(frozen=True, slots=True)
class Line:
    number: int
    page: int | None
    words: tuple[Word, ...]


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words a single space apart: what a reader sees as one run of text."""

    x0: int
    x1: int
    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


#: A time as a column of times holds it (`8:09.58`, `1:05:21,1`, `12'04"5`).
_TIME = re.compile(r"\d{1,3}[:'’]\d\d(?:[:.,'’\"]\d{1,3}){0,2}\"?")


def phrases(words: Sequence[Word], space: int) -> list[Phrase]:
    """The runs of words a single space apart; two times a single space apart are two runs
    (a stage's time grown a digit, `8:09.58 10:10.98`, touches the column before it)."""
    out: list[Phrase] = []
    run: list[Word] = []
    for word in words:
        if run and (
            word.x0 - run[-1].x1 >= 2 * space
            or (
                word.text[:1].isdigit()
                and _TIME.fullmatch(word.text)
                and _TIME.fullmatch(run[-1].text)
            )
        ):
            out.append(Phrase(run[0].x0, run[-1].x1, tuple(run)))
            run = []
        run.append(word)
    if run:
        out.append(Phrase(run[0].x0, run[-1].x1, tuple(run)))
    return out


def line_text(line: Line, space: int) -> str:
    return " ".join(p.text for p in phrases(line.words, space))
