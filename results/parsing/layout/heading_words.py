"""Headings read word by word, as timing programs write them, in several languages.

A heading the whole-heading table (`synonyms.py`) does not know is cut into words: CamelCase,
`_`, `/`, `.`, `-` and digits all separate words (`DiffTimeWinner` → diff time winner,
`Driver1_Surname` → driver 1 surname, `Nom du copilote` → nom du copilote). Each word names a
concept (`rank`, `surname`, `gap`…) in French, English, German, Spanish, Italian, Dutch or a
Scandinavian language; the set of concepts of a heading then proposes roles. A synonym table
of words, not of whole headings: `Startnummer`, `Start No.` and `start_number` need no entry
of their own.
"""

from __future__ import annotations

import re
from functools import lru_cache

from results.parsing.layout.heading_vocabulary import CONCEPT_WORDS, FILLER, GREEK_WORDS
from results.parsing.text import fold

# `FirstName` → `First Name`, `RANKTotal` → `RANK Total`; before folding, which loses case.
_CAMEL = re.compile(r"(?<=[a-zà-ÿ])(?=[A-ZÀ-Þ])|(?<=[A-ZÀ-Þ])(?=[A-ZÀ-Þ][a-zà-ÿ])")
_DIGITS = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")
# Any letters (Greek headings too), digits and `#`; everything else separates words.
_SPLIT = re.compile(r"[^\w#]+|_")

# Word → the concepts it names.
WORDS: dict[str, frozenset[str]] = {}
for _concept, _spelled in [*CONCEPT_WORDS.items(), *GREEK_WORDS.items()]:
    for _word in _spelled.split():
        WORDS.setdefault(_word, frozenset())
        WORDS[_word] = WORDS[_word] | {_concept}


def heading_words(text: str) -> tuple[str, ...]:
    """The heading's words, folded: `DiffTimeWinner` → ('diff', 'time', 'winner')."""
    spaced = _CAMEL.sub(" ", text.replace("°", "o ").replace("º", "o "))
    folded = _DIGITS.sub(" ", fold(spaced).replace("ς", "σ"))
    words = [w for w in _SPLIT.split(folded) if w and w not in FILLER]
    # `Co-Driver`, `co pilote`: one word, the second seat.
    for i in range(len(words) - 2, -1, -1):
        if words[i] == "co" and words[i + 1].isalpha():
            words[i : i + 2] = ["co" + words[i + 1]]
    return tuple(words)


# Compounds are tried on words no longer than this (`Gesamtzeitdifferenz` is 19 letters):
# cutting a longer one costs a lookup per letter and names no heading anyway.
_LONGEST_COMPOUND = 30
# A heading is a few words; a longer cell is data, read by no heading rule.
LONGEST_HEADING = 80


def _lookup(word: str) -> frozenset[str] | None:
    """A word's concepts, or its singular's (`laps`, `Klassen`, `Zeiten`)."""
    named = WORDS.get(word)
    if named is not None or len(word) <= 3:
        return named
    for ending in ("s", "en", "n", "e"):
        if word.endswith(ending) and (named := WORDS.get(word[: -len(ending)])) is not None:
            return named
    return None


def _known(word: str) -> frozenset[str] | None:
    """The concepts of a word, or of the two words it is compounded of (`Rundenzeiten`,
    `Klassenrang`, `Startnummer`: German, Dutch and Scandinavian headings join their words,
    with or without a linking `s`)."""
    named = _lookup(word)
    if named is not None or not 6 <= len(word) <= _LONGEST_COMPOUND:
        return named
    for cut in range(3, len(word) - 2):
        head = _lookup(word[:cut])
        if head is None:
            continue
        tail = word[cut:]
        rest = _lookup(tail) or (_lookup(tail[1:]) if tail.startswith("s") else None)
        if rest is not None:
            return head | rest
    return None


def concepts(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The concepts a heading's words name, and its words that name none."""
    found: set[str] = set()
    unknown: set[str] = set()
    if len(text) > LONGEST_HEADING:
        return frozenset(), frozenset({text})
    for word in heading_words(text):
        if word.isdigit():
            found.add("digit")
            continue
        named = _known(word)
        if named is None:
            unknown.add(word)
        else:
            found |= named
    return frozenset(found), frozenset(unknown)


# Concepts that make a column one Podium does not keep, whatever else its heading says.
_NOT_KEPT = (
    "gender",
    "place_of",
    "clock",
    "id",
    "licence",
    "era",
    "practice",
    "pits",
    "joker",
    "engine",
    "imperial",
)
# Words that make a rank, a time or a gap one of a class or part of the table, not the table's.
#: Concepts of a heading naming the people of the crew.
_PERSON_HEADS = frozenset({"driver", "codriver", "crew"})
_PART_OF = frozenset({"class", "category", "group", "gender", "stage", "lap"})
_PERSON_WORDS = frozenset({"name", "digit", "formatted"})
# "First" alone heads first names (beside "Last"); with "gap" or "time" it is the leader.
_FIRST_ALONE = frozenset({"first", "leader", "driver", "codriver", "digit"})


def _wave_two(found: frozenset[str]) -> tuple[str, ...]:
    """Fields of their own: nationality, penalty, points, a retirement's reason and stage, a
    class position; () for none of them."""
    has = found.__contains__
    named = has("name") or has("surname") or has("first")
    if has("nation") and not named:
        return ("nationality",)
    if has("penalty") and not (has("including") and has("time")):
        return ("penalty",)
    if has("points") and not (found & _PART_OF):
        return ("points",)
    if has("reason"):
        return ("reason",)
    if has("retire"):
        # `Abandon ES`, `Retired on lap`: where; `Abandon` alone: where or why, by content.
        return ("retired_at",) if found & {"stage", "lap"} else ("retired_at", "reason")
    if (
        has("rank")
        and (has("class") or has("category"))
        and not (found & {"stage", "lap", "gender"})
    ):
        return ("class_position",)
    if has("distance") and not has("speed"):
        return ("distance",)
    return ()


def _both_name_parts(text: str) -> bool:
    """Whether a heading names the surname and the first name both (`Name, Vorname`, `Nom
    Prénom`, `Surname, First name`): one column of whole names. A first name is a word of its
    own (`Vorname`) or `first` and `name` together (`First name`), which then leaves no
    `name` for the surname."""
    named = [(w, _known(w) or frozenset()) for w in heading_words(text)]
    names = sum(1 for _w, found in named if "name" in found)
    firsts = [w for w, found in named if "first" in found]
    surnames = sum(1 for _w, found in named if "surname" in found)
    if not firsts:
        return False
    own = any(w != "first" for w in firsts)  # `vorname`, `prenom`: a first name by itself
    if not own:
        names -= 1  # `first name`: the `name` is the first name's
    return surnames + max(names, 0) >= 1


@lru_cache(maxsize=2048)
def _named_stage(text: str) -> bool:
    """A heading that starts with a stage and its number (`TC1`, `SS 3`), then its name."""
    words = heading_words(text)
    return len(words) > 2 and words[1].isdigit() and _known(words[0]) == frozenset({"stage"})


def roles_from_words(text: str, *, strict: bool = False) -> tuple[str, ...]:
    """The roles a heading's words propose, best first; () when its words say nothing.

    `strict`: only a heading every word of which is known (to tell a header row from data:
    `Team Martin` in a data row names a team, a heading would not)."""
    found, unknown = concepts(text)
    if found == {"digit"} and not unknown and len(text.strip()) <= 2:
        return ("ignore",)  # `1`, `2` beside headings: a stage or run by its number alone
    if unknown and _named_stage(text):
        return ("ignore",)  # `TC1 Lobeira 1`, `SS3 Hafren`: a stage's time, under its name
    if not found or len(unknown) > len(found) or (strict and unknown):
        return ()  # mostly words Podium does not know: no reading of it is better than a guess
    has = found.__contains__
    if has("total") and has("best"):
        return ("time",)  # `Total (2 meilleures montées)`: the total of the best runs
    if has("stage") and (has("digit") or found <= {"stage", "number"}):
        # ES1, FE 3 Time, Lauf 2: a part time, not the total; `ss`, `Stage No`: which stage
        # a row belongs to, a key of stacked tables.
        return ("ignore",)
    if any(has(c) for c in _NOT_KEPT) and not (has("name") or has("surname") or has("first")):
        return ("ignore",)
    if has("start") and has("time"):
        return ("ignore",)  # a start time is a time of day, not a duration
    wave_two = _wave_two(found)
    if wave_two:
        return wave_two
    if _both_name_parts(text):
        return ("crew",)  # `Name, Vorname`, `Nom Prénom`: whole names, surname first
    if has("surname") or (has("last") and has("name")):
        return ("surname",)
    if has("first") and (has("name") or found <= _FIRST_ALONE):
        return ("first_name",)
    if has("last") and found <= {"last", "digit"}:
        return ("surname",)
    if has("rank"):
        if found & _PART_OF:
            return ("ignore",)  # a class or stage rank: the table's position is elsewhere
        return ("position",)
    if has("number") and found & _PERSON_HEADS and not has("lap"):
        # `Nr Kierowca`, `No. Pilote`: the number printed before the name, in one cell (the
        # crew's reading sets the number aside).
        return ("driver", "crew", "number") if has("driver") else ("crew", "number")
    if has("number") and not has("lap"):
        return ("number",)
    if has("codriver") and has("driver"):
        return ("crew",)
    if has("codriver"):
        return ("codriver",)
    if has("driver"):
        return ("driver", "crew")
    if has("crew") or (has("name") and not unknown and found <= _PERSON_WORDS):
        return ("crew",)
    if has("gap") and has("time") and "/" in text and not found & {"prev", "leader", *_PART_OF}:
        # `Time / Gap`: the winner's time, then each other crew's gap, in one column.
        return ("time", "gap")
    if has("gap"):
        if found & _PART_OF or has("laps"):
            return ("ignore",)  # a class's gap or a lap deficit: not the gap to the leader
        if has("prev"):
            return ("gap_prev",)
        return ("gap",) if has("leader") else ("gap", "gap_prev")
    if found == {"prev"}:
        return ("gap_prev",)  # `do poprz.` under `Strata`: the gap, to the crew ahead
    if found in ({"best"}, {"best", "stage"}):
        # `Best`, `Meilleure montée`: a best lap, or the best of the runs.
        return ("best_lap", "time")
    if has("best") and (has("time") or has("lap")):
        return ("best_lap", "time")
    if has("laps") and has("time") and not has("lap"):
        return ("ignore",)  # `Rundenzeiten`, lap times: the list of a crew's laps
    if has("lap") and has("time"):
        return ("time", "best_lap")
    if has("lap") and has("number"):
        return ("best_lap_no",)
    if has("laps"):
        return ("laps", "best_lap_no")
    if has("lap"):
        return ("best_lap_no", "laps")
    if has("time") or has("total"):
        return ("ignore",) if found & _PART_OF else ("time",)
    if found == {"car", "club"}:
        return ("club",)  # `Moto Club`, `Auto Club`: a club named after its sport
    if has("car") and not has("class"):
        return ("car",)
    if (has("group") or has("category")) and has("class"):
        return ("group_class", "class")  # `Gr/Cl`, `Kat./Klasse`: one cell says both
    if has("class"):
        return ("class",)
    if has("group"):
        return ("group",)
    if has("category"):
        return ("category", "group")
    if has("club"):
        return ("club",)
    if has("team"):
        return ("team", "crew")
    if has("speed"):
        return ("speed",)
    if has("status"):
        return ("status",)
    return ()
