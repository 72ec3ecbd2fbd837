"""Whether a row is a table's header, or its second line, and whether two headers are one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from results.parsing.fields import parse_status
from results.parsing.fields.crews import looks_like_person
from results.parsing.fields.first_names import is_first_name
from results.parsing.grid import Row
from results.parsing.layout.line_kinds import is_sentence, looks_like_title
from results.parsing.layout.profile import VALUE_KINDS, kind
from results.parsing.layout.synonyms import normalise_heading, roles_for_heading
from results.parsing.layout.title_words import is_crew_count


def header_roles(row: Row) -> list[tuple[str, ...]]:
    return [roles_for_heading(c) for c in row.cells]


def header_proposals(cells: Sequence[str]) -> list[tuple[str, ...]]:
    """The roles each heading of a header proposes, read beside its neighbours."""
    # `P.C.` with its stops: the place in the category (Spanish, Catalan); `PC 1` is an
    # Italian regularity trial, and the two read alike once the stops are gone.
    props = [
        ("class_position",) if _PLACE_IN_CATEGORY.fullmatch(c.strip()) else roles_for_heading(c)
        for c in cells
    ]
    # `Clt` beside `Clt Scr.` (a class's table): its own place is the plain one, and the place
    # overall beside it no column of this table.
    overall = [bool(_OVERALL.search(normalise_heading(c))) for c in cells]
    if any(p[:1] == ("position",) and not o for p, o in zip(props, overall, strict=True)):
        props = [
            ("ignore",) if o and p[:1] == ("position",) else p
            for p, o in zip(props, overall, strict=True)
        ]
    # `Gr.  Cl.`: right after the group's heading, `Cl.` (a place, or a class) is the class.
    before = [(), *(p[:1] for p in props)]
    return [
        ("class", "position") if found == ("position", "class") and ahead == ("group",) else found
        for ahead, found in zip(before, props, strict=False)
    ]


_PLACE_IN_CATEGORY = re.compile(r"P\.\s?C\.", re.IGNORECASE)
_OVERALL = re.compile(r"\b(scr|scratch|overall|general|gen|abs|assoluta)\b")


_RECORD_KEYS = frozenset({"position", "number", "crew", "driver", "surname"})


def numbers_under(header: Row | None, second: Row | None, row: Row) -> bool:
    """A row of run numbers under a header that spans them: two or more small numbers, each
    under an empty heading or a heading with an empty one after it (`Essais` over 1 and 2)."""
    if header is None or second is not None:
        return False
    at = [j for j, c in enumerate(row.cells) if c]
    if len(at) < 2 or not all(row.cells[j].isdigit() and len(row.cells[j]) <= 2 for j in at):
        return False
    cells = header.cells
    return all(
        j < len(cells) and (not cells[j] or (j + 1 < len(cells) and not cells[j + 1])) for j in at
    )


def heading_over(upper: Row, header: Row) -> Row | None:
    """The header with the words of the line above it put before its headings (`Paras` over
    `kierros`: `Paras kierros`), where that line holds a few headings, none in the first
    column, each right over a heading of the header; None otherwise."""
    at = [j for j, c in enumerate(upper.cells) if c]
    cells = header.cells
    if not at or at[0] == 0 or len(at) * 2 > len(list(filter(None, cells))):
        return None
    if not all(j < len(cells) and cells[j] for j in at):
        return None
    joined = tuple(f"{upper.cells[j]} {c}" if j in at else c for j, c in enumerate(cells))
    return replace(header, cells=joined, marks=())


def heading_under(
    header: Row | None, second: Row | None, row: Row, following: Sequence[Row] = ()
) -> bool:
    """A heading right under a header's heading (`Verein` under `Fahrer`), with nothing else
    on its line but the stages' lengths under theirs (`8,20 km` under `ES1`) or the heading
    above again: what the records' second lines hold in that column."""
    if header is None or second is not None:
        return False
    at = [j for j, c in enumerate(row.cells) if c]
    # Past the first column: a title over the rows (`Classe N2`) stands at the left.
    if not at or at[0] == 0 or at[-1] >= len(header.cells):
        return False
    if not all(header.cells[j] for j in at):
        return False
    # The heading over the second lines of a column whose first lines it heads as well
    # (`A.S.A.` under `A.S.A.`: the co-driver's club under the driver's) goes with it.
    words = [
        row.cells[j]
        for j in at
        if not _LENGTH.fullmatch(row.cells[j]) and row.cells[j] != header.cells[j]
    ]
    if len(words) != 1:
        return False
    text = words[0]
    # A word, not a bracketed note of the records' second lines (`(Kl.-Pl.)`, read with them).
    if not text[0].isalpha() or is_sentence(text) or looks_like_title(text):
        return False
    roles = roles_for_heading(text, strict=True)
    if not roles:
        return False
    # A section of the table (`Autos` over crews whose second lines name their co-drivers) is
    # no heading of those lines: they hold people, and it names none.
    j = row.cells.index(text)
    below = [r.cells[j] for r in following if len(r.cells) > j and r.cells[j] and not r.cells[0]]
    people = sum(1 for cell in below if looks_like_person(cell) >= _PERSON_SCORE)
    return not (below and people * 2 > len(below) and not set(roles) & _PERSON_ROLES)


#: How much a cell must look like a person's name to count as one.
_PERSON_SCORE = 0.6
_PERSON_ROLES = frozenset({"crew", "driver", "codriver", "surname", "first_name"})


#: A stage's length under its heading: `8,20 km`, `3.05 km`, `850 m`.
_LENGTH = re.compile(r"\d+(?:[.,]\d+)?\s?(?:km|m)", re.IGNORECASE)


def names_records(row: Row) -> bool:
    """Whether a header heads what tells a record: its position, number or crew."""
    return any(_RECORD_KEYS & set(roles) for roles in header_roles(row))


def is_header(row: Row) -> bool:
    return is_header_cells([c for c in row.cells if c])


def is_header_cells(cells: list[str]) -> bool:
    """`is_header` of a row's filled cells."""
    if len(cells) < 2:
        return False
    if len(cells) == 2 and (parse_status(cells[0]) is not None or is_crew_count(cells[1])):
        # `ABANDONS  12 équipages`, `Klasse / Classe IS -1600  8 Fahrer / pilotes`: the title
        # of the crews below, and their count
        return False
    text = " ".join(cells)
    if "(" in text and parse_status(text.split("(", 1)[0].strip()) is not None:
        # `NON CLASSES (moins de 50 % des tours du vainqueur)`: the crews below, and why.
        return False
    statuses = [normalise_heading(c) for c in cells if parse_status(c) is not None]
    if len(statuses) > len(set(statuses)):
        return False  # `Abandon  NP  Abandon`: a crew's runs, each marked, not headings
    # Stage or run columns may be headed by their number alone (`1`, `2`) beside headings.
    numbers = []
    for c in cells:
        if kind(c) in VALUE_KINDS:
            if not (c.isdigit() and len(c) <= 2):
                return False
            numbers.append(int(c))
    if numbers and not _runs_numbered(numbers, cells):
        return False  # `Ab.  11  Fontaine …`: a crew's door number, no run's
    numbered = len(numbers)
    roles = [roles_for_heading(c, strict=True) if not c.isdigit() else () for c in cells]
    if any(
        not found and (_PERSON.match(c) or _named(c) or (is_first_name(c) and not _abbreviated(c)))
        for c, found in zip(cells, roles, strict=True)
    ):
        # `GESTOSO GÓMEZ, Daniel`, `MOTA | Pedro`, `FONTAINE Luc`: a crew's record, whatever its
        # other words.
        return False
    headings = [c for c, found in zip(cells, roles, strict=True) if found]
    matched = len(headings)
    kept = any(found and found[0] != "ignore" for found in roles)
    if numbered and matched < len(cells) - numbered and not kept:
        # `24  Eifion Rowlands / Mari Jenkins  E1  SS4  Engine`: a door number, words no
        # heading has, and only words that may head columns Podium leaves out (a stage's, a
        # car's engine), none a results table is headed by: a record.
        return False
    if numbered and (matched < 3 or numbered * 2 > len(cells)):
        return False
    # Two headings at least, and not one word again and again (`DNF  DNF  DNF`: a crew that
    # never finished a run, its status in each run's column).
    distinct = len({normalise_heading(c) for c in headings})
    if distinct >= 2 and matched * 2 >= len(cells) - numbered:
        return True
    # The place, the number and the crew each under its own heading: a header, whatever the
    # others (stages by a word no list knows, `ET1  ET2  ET3`, columns of its own).
    firsts = {found[0] for found in roles if found}
    return all(firsts & keys for keys in _HEADER_KEYS)


#: A person's name, the surname in capitals and a comma first (`GESTOSO GÓMEZ, Daniel`).
_PERSON = re.compile(r"[^\W\d_a-z]{2,}(?:[ '-][^\W\d_a-z]{2,})*,\s*[^\W\d_a-z][^\W\d_A-Z]+\b")


#: What a row naming each of these (by its first role) heads: a table's records.
_HEADER_KEYS = (
    frozenset({"position"}),
    frozenset({"number"}),
    frozenset({"crew", "driver", "surname"}),
)


def same_header(a: Row | None, b: Row | None) -> bool:
    """The same headings in the same order (empty cells aside): one table's header again."""
    if a is None or b is None:
        return a is b
    strip = [normalise_heading(c) for c in a.cells]
    return [s for s in strip if s] == [s for s in (normalise_heading(c) for c in b.cells) if s]


def _runs_numbered(numbers: list[int], cells: Sequence[str]) -> bool:
    """Headings that number runs or stages count up (`1  2  3`, `1  2  4` with a stage
    cancelled); a lone number beside a status word (`Ab.  11`) is a crew's door number."""
    if len(numbers) == 1:
        return numbers[0] <= 3 or not any(parse_status(c) is not None for c in cells)
    return all(b > a for a, b in pairwise(numbers))


def _named(cell: str) -> bool:
    """`FONTAINE Luc`, `Luc FONTAINE`: a surname in capitals beside a known first name."""
    words = cell.split()
    return (
        2 <= len(words) <= 4
        and any(len(w) >= 2 and w.isupper() and w.isalpha() for w in words)
        and any(not w.isupper() and is_first_name(w) for w in words)
    )


def _abbreviated(cell: str) -> bool:
    """`Pér.` (période), `Nat.`: a heading cut short, though its letters spell a first name
    (`Per`); an initial (`J.`) is no heading's."""
    return cell.endswith(".") and sum(1 for c in cell if c.isalpha()) >= 3
