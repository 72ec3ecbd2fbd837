"""Status words (`Abandon`, `DNF`, `Rallye 2`, `Non partant`, `Exclu`, `NC`) as status codes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from results.parsing.fields._limits import MAX_CELL, quick_fold
from results.parsing.fields.status_words import SYNONYMS as _SYNONYMS

_STRIP = re.compile(r"[.\u2019'’]")
_SPACE_LIKE = re.compile(r"[\s\-_:]+")
_WORD = re.compile(r"[^\s(\[:,;/\-]+")
_DETAIL_OPENERS = frozenset("([:,;/-")
# A stage or lap reference may follow even a short code: `Ab ES4`, `NP SS 2`, `DNF L12`.
_STAGE = re.compile(r"(?:es|ss|ps|sp|ep|tour|lap|l|t)\s?\d{1,3}\b")
_SHORT = 3
_MAX_WORDS = 3


def status_key(text: str) -> str:
    """A status word as `STATUS_TITLES` keys it: folded, dots dropped, hyphens as spaces."""
    return _SPACE_LIKE.sub(" ", _STRIP.sub("", quick_fold(text))).strip()


_key = status_key


def _table() -> dict[str, str]:
    table: dict[str, str] = {}
    for code, words in _SYNONYMS.items():
        for word in words:
            key = _key(word)
            table[key] = code
            # Table titles name the crews in the plural (`Abandons`, `Non partants`).
            if len(key) > _SHORT and key[-1].isalpha() and key[-1] not in "sx":
                table.setdefault(key + "s", code)
    return table


#: Folded synonym (dots dropped, hyphens as spaces, plurals included) -> status code. Used on
#: cells and on table titles alike.
STATUS_TITLES: Mapping[str, str] = MappingProxyType(_table())
# First words of all synonyms (`rallye2` and `rallye` alike): most cells (names, cars, times)
# are rejected on their first word before the whole text is folded.
_FIRST_WORDS: frozenset[str] = frozenset(k.split(" ", 1)[0] for k in STATUS_TITLES)


def parse_status(text: str) -> str | None:
    """The status code for a status word, possibly followed by details (`Abandon ES4`)."""
    if len(text) > MAX_CELL:
        return None
    text = text.strip()
    if not text or text[0].isdigit():
        return None
    first_word = _WORD.match(text)
    if not first_word or _key(first_word[0]) not in _FIRST_WORDS:
        return None
    key = _key(text)
    code = STATUS_TITLES.get(key)
    if code or not key:
        return code
    words = key.split(" ", _MAX_WORDS)
    for n in range(min(_MAX_WORDS, len(words) - 1), 0, -1):
        head = " ".join(words[:n])
        code = STATUS_TITLES.get(head)
        if code is None:
            continue
        rest = " ".join(words[n:])
        # Short codes (`NC`, `HC`, `Ab`) followed by a bare word could be anything (a name);
        # they take details only in brackets or as a stage reference.
        if len(head) > _SHORT or _STAGE.match(rest):
            return code
        tail = text[first_word.end() :].lstrip()
        return code if tail[:1] in _DETAIL_OPENERS and tail else None
    # `Abandon(moteur)`: details glued on with a bracket.
    head, bracket, _ = key.partition("(")
    if bracket:
        return STATUS_TITLES.get(head.strip())
    # `Ausfall/Abandon`, `n.g./n.p.`: one word in two languages; where the two say different
    # things (`n.g.` is not started or not classified), neither is taken.
    if "/" in key:
        found = {STATUS_TITLES.get(part.strip()) for part in key.split("/") if part.strip()}
        found.discard(None)
        return found.pop() if len(found) == 1 else None
    return None


def title_status(title: str) -> str | None:
    """The status a table's title gives its crews: the title a status word (`Abandons`), or
    ending with one (`Classement des abandons`, `Liste der Ausfälle`, `Classement Rallye 2`).
    The cars' class `Rally2` ends a title too (`Classe R5 / Rally2`): no status."""
    code = parse_status(title)
    if code is not None or len(title) > MAX_CELL:
        return code
    # What a bracket after the title says of it (`CLASSEMENT RALLYE 2 (nouveau départ après
    # abandon)`) is no part of its ending.
    head, bracket, _ = title.partition("(")
    if bracket and head.strip():
        title = head
    words = status_key(title).split()
    for n in range(min(3, len(words) - 1), 0, -1):
        tail = " ".join(words[-n:])
        code = STATUS_TITLES.get(tail)
        if code is not None and (code != "rally2" or tail.startswith(("rallye", "rali", "super"))):
            return code
    return None


#: What a timing program's status column writes of a crew that finished (`Classified`,
#: `Running` at the flag), folded as `status_key` folds: no status of its own, the classified.
_FINISHED = frozenset(
    "classified classe classee finished finisher running gewertet klassiert classificato "
    "clasificado geklasseerd klassifisert klassificerad zavrsio zavrsila zavrsili dokoncil "
    "dokoncila befejezte lapped maali maalissa".split()
)


def is_finisher_word(text: str) -> bool:
    """`Classified`, `Running`, `Classé`: a status column's word for a crew that finished."""
    return len(text) <= MAX_CELL and status_key(text) in _FINISHED


#: Statuses that say why a crew has no place, which a mere `not classified` does not.
_SAYS_WHY = frozenset({"retired", "dns", "dsq"})


def status_under_title(status: str | None, title: str | None) -> str | None:
    """A row's status in a table whose title gives one (`title_status`): the title's where the
    row says none, or says less. Restarted under Rallye 2, then listed among the retired:
    retired; not classified (`n.g.`, nicht gewertet or nicht gestartet) under `Nicht
    gestartet`: not started."""
    if status is None or (status == "rally2" and title) or (status == "nc" and title in _SAYS_WHY):
        return title
    return status
