"""A table pasted with one space between its cells (text copied out of a PDF viewer or a web
page that dropped the tabs): no delimiter and no gutter tell the cells apart, but the header
names them in order, and what each word is tells where each cell ends (`word_cut`).

The header's words part into headings in several ways (`Equipage Voiture` is one heading or
two; `Pilote / Copilote` one or two): the few likeliest partings are each tried on the first
rows, and the one that cuts them best is kept. A row that fits no cut (a title, a section's
name) is kept whole, as one cell.
"""

from __future__ import annotations

from collections.abc import Sequence

from results.parsing.codes import level_of
from results.parsing.grid import Grid
from results.parsing.layout.heading_words import concepts
from results.parsing.layout.synonyms import is_known_heading, roles_for_heading
from results.parsing.model import Issue
from results.parsing.readers.cells import build_grid
from results.parsing.readers.word_cut import ONE_WORD, SPLIT, UNKNOWN, cut_words

#: Lines looked at for the header.
_HEADER_WITHIN = 40
#: A heading is at most this many words (`Temps total`, `Pilote / Copilote`).
_HEADING_WORDS = 3
#: A header line of more words is none.
_HEADER_WORDS = 40
#: Partings of the header tried on the rows, and the rows they are tried on.
_PARTINGS = 16
_TRIED_ROWS = 30
#: What a row no parting cuts costs it.
_UNCUT = -5.0

Parting = tuple[tuple[str, ...], tuple[str, ...]]  # headings, roles


def read_single_spaced(lines: Sequence[str], issues: Sequence[Issue] = ()) -> Grid | None:
    """The lines as a table whose cells are parted by single spaces, cut by the kinds of
    their words under a header that names them; None when no line reads as such a header."""
    found = _header(lines)
    if found is None:
        return None
    at, (headings, roles) = found
    records: list[tuple[int, list[str]]] = [(at + 1, list(headings))]
    rows: set[int] = set()  # the lines cut into cells
    for number, line in enumerate(lines[at + 1 :], start=at + 2):
        cut = cut_words(line.split(), roles)
        if cut is None:
            records.append((number, [line.strip()] if line.strip() else []))
            continue
        rows.add(number)
        records.append((number, cut[0]))
    if len(rows) < 2:
        return None
    records = [(number, [line.strip()]) for number, line in enumerate(lines[:at], 1)] + records
    width = max(len(cells) for _, cells in records)
    if width > len(headings):
        # Words past the last heading on some rows (a reason after `Abandon`): a column of
        # their own, unnamed, for the layout to read by its content.
        records = [
            (number, [*cells, *[""] * (width - len(cells))])
            if number in rows or number == at + 1
            else (number, cells)
            for number, cells in records
        ]
    said = Issue(
        line=at + 1,
        code="cells-by-kind",
        message="no tab, delimiter or gutter parts the cells: each row was cut into the "
        "header's columns by what its words are (numbers, names, times, codes); check the "
        "names and cars",
        level=level_of("cells-by-kind"),
    )
    return build_grid("spaced", records, [*issues, said])


def _header(lines: Sequence[str]) -> tuple[int, Parting] | None:
    """The first line read whole as three headings or more (two of one word each: a place, a
    time), and the parting of it that cuts the rows below best."""
    for at, line in enumerate(lines[:_HEADER_WITHIN]):
        partings = [
            parting
            for parting in _partings(line.split())
            if len(parting[0]) >= 3 and _one_word_roles(parting[1]) >= 2
        ]
        if not partings:
            continue
        below = [line.split() for line in lines[at + 1 : at + 1 + _TRIED_ROWS] if line.strip()]
        if not below:
            continue
        # How well a parting cuts the rows, less what it costs to read the header so: a
        # heading no vocabulary knows takes any word, and must earn its place.
        fits = [_fit(roles, below) for _, roles, _ in partings]
        worth = [
            (fit / len(below) - 0.5 * cost, -rank)
            for rank, (fit, (_, _, cost)) in enumerate(zip(fits, partings, strict=True))
        ]
        best = max(range(len(partings)), key=worth.__getitem__)
        if fits[best] > _UNCUT * len(below):
            headings, roles, _ = partings[best]
            return at, (headings, roles)
    return None


def _fit(roles: tuple[str, ...], rows: Sequence[list[str]]) -> float:
    total = 0.0
    for words in rows:
        cut = cut_words(words, roles)
        total += _UNCUT if cut is None else cut[1]
    return total


def _one_word_roles(roles: Sequence[str]) -> int:
    return sum(1 for role in roles if role in ONE_WORD and role not in (UNKNOWN, SPLIT))


def _partings(words: Sequence[str]) -> list[tuple[tuple[str, ...], tuple[str, ...], float]]:
    """The likeliest partings of the words into headings (headings, roles, cost), likeliest
    first (`_readings`)."""
    n = len(words)
    if not n or n > _HEADER_WORDS:
        return []
    # best[i]: the cheapest partings of words[i:], as (cost, headings, roles).
    best: list[list[tuple[float, tuple[str, ...], tuple[str, ...]]]] = [[] for _ in range(n)]
    best.append([(0.0, (), ())])
    for i in range(n - 1, -1, -1):
        options = []
        for size in range(1, min(_HEADING_WORDS, n - i) + 1):
            text = " ".join(words[i : i + size])
            for step, role in _readings(text, size):
                options += [
                    (cost + step, (text, *headings), (role, *roles))
                    for cost, headings, roles in best[i + size]
                ]
        best[i] = sorted(options, key=lambda option: option[0])[:_PARTINGS]
    # A header of unknown words alone is prose.
    return [
        (headings, roles, cost)
        for cost, headings, roles in best[0]
        if sum(1 for role in roles if role == UNKNOWN) * 3 < len(roles)
    ]


def _readings(text: str, size: int) -> list[tuple[float, str]]:
    """The roles a heading of `size` words may have, each with its cost: a heading known
    whole costs 1 (`Pilote / Copilote`, `Temps total`), one word read by its meaning 1.5, two
    words read by theirs 2 (`1. jízda`), a word no vocabulary knows 2.5 (`Pér.`); its
    second role (`Cl.`: the place, or the class) half a point more."""
    proposed = roles_for_heading(text, strict=True)
    known = concepts(text)[0]
    if proposed and proposed[0] == "ignore" and known & _TIMED:
        proposed = (SPLIT,)  # `1. jízda`, `ES 2`: a run's or a stage's time, one word
    if size > 1:
        if proposed and is_known_heading(text):
            return [(1.0, proposed[0])]
        if proposed and size == 2 and _one_heading(text):
            return [(2.0, proposed[0])]
        return []
    if not proposed or not any(c.isalpha() for c in text):
        # `Pér.`: its column's own; `1.` alone heads nothing (`1. jízda` does)
        return [(2.5, UNKNOWN)] if any(c.isalpha() for c in text) else []
    step = 1.0 if is_known_heading(text) else 1.5
    return [(step + 0.5 * rank, role) for rank, role in enumerate(proposed[:2])]


#: What a heading Podium does not keep is about when its column holds one time a row.
_TIMED = frozenset({"stage", "time", "lap", "penalty"})
#: Words that say which of a thing a heading means (`Nejlepší čas`: the best time).
_MODIFIERS = frozenset({"best", "total", "net", "prev", "leader", "digit"})


def _one_heading(text: str) -> bool:
    """Whether two words read by their meanings make one heading: each means something (or
    numbers it: `1. jízda`), and one thing between them, maybe said which (`Nejlepší čas`);
    `Temps Ecart` is two."""
    words = text.split()
    if not all(concepts(word)[0] for word in words):
        return False
    known = concepts(text)[0]
    if "digit" in known and not known & _TIMED:
        return False  # a number names a run or a stage (`1. jízda`), not a car (`Vůz 1.`)
    return len(known - _MODIFIERS) <= 1
