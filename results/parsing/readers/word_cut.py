"""Rows of words cut into the cells of a header's columns by what each word is.

Each word of a row is a number, a time, a gap (`+0:13.7`), a status (`Abandon`), a code
(`R5/Rally2`) or a word. A place, a number, a time, a gap or a class take one word each, or
none; names, cars, clubs take the words between. Two columns of words side by side (the crew,
then the car) part where a car's make starts, names being two or three words with the
surname's capitals at one end. The cut that fits best wins (`cut_words`); rows of a table share
a few shapes of words, and so their cuts (cached on the shapes).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from results.parsing.fields import make_of, parse_status, parse_time

#: Rows of more words than this are not cut, and a cell of words holds this many at most
#: (the search is columns × words × cell words for each row).
_MOST_WORDS = 40
_CELL_WORDS = 10

#: Laps behind, after their count (`+1 Lap`, `2 tours`): one word with it.
_LAP_WORDS = re.compile(
    r"(?:laps?|tours?|tr|t|runden?|rnd|giri|giro|vueltas?|rondes?|varv|kierros|kierrosta|kola?)"
    r"\.?",
    re.IGNORECASE,
)
_SIGNED_INT = re.compile(r"[+-]?\d{1,3}")
_INT = re.compile(r"\d{1,5}\.?")
_NUMBER = re.compile(r"#?\d{1,4}[A-Za-z]?")
_GAP = re.compile(r"[+-]\s?\d[\d:.,'\"h]*|[+-]?\d+ " + _LAP_WORDS.pattern, re.IGNORECASE)
_DECIMAL = re.compile(r"\d{1,6}(?:[.,]\d{1,3})?")
_NATION = re.compile(r"[A-Z]{2,3}|\([A-Z]{2,3}\)")
#: A time has one of these between its digits (`1:05:21,10`, `17'24"6`, `2h01`, `48.108`).
_TIME_MARKS = frozenset(":'\".,h’″′")
_CODE = re.compile(r"[\w/+.-]{1,14}")

#: The role of a heading no vocabulary knows, and of a run's or a stage's time.
UNKNOWN = "?"
SPLIT = "split"
#: The kind of word each role's cell is: one word of a kind, or words (None).
ONE_WORD = {
    "position": "place",
    "number": "number",
    "time": "time",
    "best_lap": "time",
    "penalty": "time",
    "gap": "gap",
    "gap_prev": "gap",
    "laps": "int",
    "best_lap_no": "int",
    "class_position": "int",
    "points": "decimal",
    "speed": "decimal",
    "capacity": "decimal",
    "group_class": "code",
    "class": "code",
    "group": "code",
    "nationality": "nation",
    # a heading no vocabulary knows (`Pér.`): a word of any kind, the column's own
    UNKNOWN: "any",
    SPLIT: "time",
}
_NAMES = frozenset({"crew", "driver", "codriver", "surname", "first_name"})


class _Shape(NamedTuple):
    """What the cut needs to know of a word: rows of a table share a few shapes, and so
    their cuts (`_best_cut` is cached on them)."""

    kinds: frozenset[str]
    upper: bool  # `MERCIER`: a surname's capitals
    digit: bool
    make: bool  # `Peugeot`: a car's make (not a surname in capitals)
    make_starts: bool  # a car's make starts here (`Alfa Romeo 147`)
    slashed: bool  # `R5/Rally2`: a slash inside the word
    signed: bool  # `+2.714`
    between: bool  # `/`: between two people


def _shapes(words: tuple[str, ...]) -> tuple[_Shape, ...]:
    shapes = [_shape(word) for word in words]
    for i, shape in enumerate(shapes):
        if not shape.make and i + 1 < len(words) and _two_word_make(words[i], words[i + 1]):
            shapes[i] = shape._replace(make_starts=True)  # `Alfa Romeo`, `Aston Martin`
    return tuple(shapes)


@lru_cache(maxsize=16384)
def _shape(word: str) -> _Shape:
    digits = any(c.isdigit() for c in word)
    # A make is letters (`Peugeot`, `Citroën`), not a surname in capitals.
    make = not digits and not word.isupper() and make_of(word) is not None
    return _Shape(
        _kinds(word, digits),
        len(word) > 1 and word.isupper(),
        digits,
        make,
        make,
        "/" in word[1:-1],
        word[0] in "+-",
        word in _BETWEEN_PEOPLE,
    )


@lru_cache(maxsize=4096)
def _two_word_make(first: str, second: str) -> bool:
    # A make's first word is letters (`Alfa`, `Aston`, `Land`).
    return first[:1].isupper() and first.isalpha() and make_of(f"{first} {second}") is not None


def _kinds(word: str, digits: bool) -> frozenset[str]:
    """What a word may be."""
    if not digits:
        kinds = set()
        if parse_status(word) not in (None, "rally2"):
            kinds.add("status")  # not `Rally2`, a car's model as often as a restart
        if _NATION.fullmatch(word):
            kinds.add("nation")
        if "/" in word[1:-1] or (len(word) <= 2 and word.isupper() and word.isalpha()):
            kinds.add("code")  # `N/A` (a class); a group alone: `A`, `N`, `FA`
        return frozenset(kinds)
    if _INT.fullmatch(word):
        return _WHOLE_NUMBER
    kinds = {"code"} if _CODE.fullmatch(word) or "/" in word[1:-1] else set()
    if _NUMBER.fullmatch(word):
        kinds.add("number")
    if _DECIMAL.fullmatch(word):
        kinds.add("decimal")
    if word[0] in "+-" and _GAP.fullmatch(word):
        kinds.add("gap")
    elif _LAP_WORDS.search(word) and _GAP.fullmatch(word):
        kinds.add("gap")  # `1 Lap`, `2 tours`
    if _TIME_MARKS.intersection(word) and parse_time(word) is not None:
        kinds |= {"time", "gap"}
    return frozenset(kinds)


_WHOLE_NUMBER = frozenset({"place", "int", "number", "decimal", "code"})


def _takes(kind: str, kinds: frozenset[str]) -> bool:
    # A status stands where the place or the time would (`Ab.`, `Abandon`, `NP`).
    return kind in kinds or kind == "any" or ("status" in kinds and kind in ("place", "time"))


def _worth(kind: str, shape: _Shape, timed: bool) -> float:
    """What taking this word into a one-word cell of this kind is worth."""
    if kind == "place" and not timed and "status" not in shape.kinds:
        # A place is given to crews with a result: in a row with no time, a lone number at
        # the start is rather the crew's (`50 LAMBERT Pierre … Abandon`).
        return 0.5
    if kind == "gap" and not shape.signed and "time" in shape.kinds:
        return 2.0  # a bare time may be a gap, but is rather the time or best lap beside it
    if kind == "any":
        # An unknown column's word: a code, a number, a country's letters (`CZE` under
        # `Stát`) more surely its own than a word that may run on from the next cell.
        return 1.5 if shape.kinds else 0.5
    if kind == "code" and shape.slashed:
        return 3.5  # `R5/Rally2`, `N/4`: surely a class, where a model's `C3` may not be
    return 3.0


def cut_words(words: Sequence[str], roles: tuple[str, ...]) -> tuple[list[str], float] | None:
    """The row's words cut into the roles' cells (one more cell for words left after the
    last), and how well the cut fits; None when none fits (fewer than two one-word cells
    filled, or too many words)."""
    if len(words) > _MOST_WORDS:
        return None
    joined = _laps_behind(tuple(words))
    found = _best_cut(_shapes(joined), roles)
    if found is None:
        return None
    ends, score = found
    cells, start = [], 0
    for end in ends:
        cells.append(" ".join(joined[start:end]))
        start = end
    return cells, score


@lru_cache(maxsize=4096)
def _best_cut(shapes: tuple[_Shape, ...], roles: tuple[str, ...]) -> tuple[list[int], float] | None:
    """Where each cell of the best cut of a row of words of these shapes ends (one more for
    the words left after the last), and its score; None when no cut fills two one-word
    cells or more."""
    n, m = len(shapes), len(roles)
    # best[c][i]: the best score of cells c.. from word i on, the end of cell c, and how
    # many one-word cells those fill.
    minus = float("-inf")
    best: list[list[tuple[float, int, int]]] = [[(minus, 0, 0)] * (n + 1) for _ in range(m + 1)]
    for i in range(n + 1):
        # Words left after the last cell: a note, a reason (`Sortie de route`).
        best[m][i] = (-0.3 * (n - i), n, 0)
    timed = any("time" in shape.kinds for shape in shapes)
    for c in range(m - 1, -1, -1):
        role = roles[c]
        kind = ONE_WORD.get(role)
        for i in range(n, -1, -1):
            options = []
            if kind is not None:
                after = best[c + 1][i]
                # An empty cell; a column no heading names may well be empty.
                options.append((after[0] - (kind != "any"), i, after[2]))
                if i < n and _takes(kind, shapes[i].kinds):
                    after = best[c + 1][i + 1]
                    worth = _worth(kind, shapes[i], timed)
                    options.append((after[0] + worth, i + 1, after[2] + 1))
            else:
                for end in range(i, min(n, i + _CELL_WORDS) + 1):
                    after = best[c + 1][end]
                    if after[0] != minus:
                        fit = _words_fit(role, shapes[i:end])
                        options.append((after[0] + fit, end, after[2]))
            best[c][i] = max(options, default=(minus, i, 0))
    score, _, filled = best[0][0]
    if score == minus or filled < 2:
        return None
    ends, i = [], 0
    for c in range(m):
        i = best[c][i][1]
        ends.append(i)
    if i < n:
        ends.append(n)
    return ends, score


def _words_fit(role: str, shapes: tuple[_Shape, ...]) -> float:
    """How well words of these shapes fill a cell of words of this role."""
    if not shapes:
        return -2.0
    score = 1.0
    if shapes[0].between or shapes[-1].between:
        score -= 3.0  # two people parted by `/` stand in one cell
    if role in _NAMES:
        score -= 2.0 * sum(1 for shape in shapes if shape.digit)
        # `Peugeot`: a car's make, past the names
        score -= 1.5 * sum(1 for shape in shapes if shape.make and not shape.digit)
        part: list[_Shape] = []
        for shape in shapes:
            if shape.between:
                score += _person_fit(part)
                part = []
            else:
                part.append(shape)
        score += _person_fit(part)
    elif role == "car":
        if shapes[0].make_starts:
            score += 2.5
        # `R5/Rally2`: a class's code, past the car (a model has no slash inside a word)
        score -= 2.0 * sum(1 for shape in shapes if shape.slashed)
    else:
        # A club's, a team's, a town's words: two such columns side by side gain nothing by
        # parting words that run on.
        score -= 0.7 + 0.1 * len(shapes)
    return score


def _laps_behind(words: tuple[str, ...]) -> tuple[str, ...]:
    """`+1`, `Lap` made one word: `+1 Lap`."""
    joined: list[str] = []
    for word in words:
        if joined and _LAP_WORDS.fullmatch(word) and _SIGNED_INT.fullmatch(joined[-1]):
            joined[-1] += " " + word
        else:
            joined.append(word)
    return tuple(joined)


_BETWEEN_PEOPLE = frozenset({"/", "-", "&", "+"})


def _person_fit(shapes: Sequence[_Shape]) -> float:
    """How much words of these shapes look like one person's name: two or three words, the
    surname's capitals at one end (`MERCIER Eric`, `James WILSON`), not amid them."""
    size = len(shapes)
    if not size:
        return -3.0
    fit = {1: 0.0, 2: 1.0, 3: 1.0, 4: -0.5}.get(size, -0.5 - 1.5 * (size - 4))
    capitals = [i for i, shape in enumerate(shapes) if shape.upper]
    if capitals and len(capitals) < size:
        ends = capitals[0] == 0 or capitals[-1] == size - 1
        together = capitals[-1] - capitals[0] == len(capitals) - 1
        fit += 1.5 if ends and together else -1.0
    elif not capitals:
        fit += 0.5 if 2 <= size <= 3 else -0.5
    return fit
