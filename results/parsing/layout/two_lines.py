"""Records whose cells hold two fields, one per line, and headers that say so.

A header's second line (`Fahrzeug` under `Club/Bewerber`) or a heading cell on two lines
(`Driver / Co-driver` over `Car`, split by `<br>`) that names another field than the line above
it: the records' second lines hold that field, not more of the first. And a crew cell whose
lines each name a whole person (`Jean Dupont<br>Paul Martin`): each line is a seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from results.parsing.codes import level_of
from results.parsing.fields import is_car_line, parse_status
from results.parsing.fields.clubs import is_club
from results.parsing.fields.crews import without_badge
from results.parsing.fields.teams import team_before_people
from results.parsing.grid import Row
from results.parsing.layout.crew_lines import is_reason_line, name_shaped, whole_name
from results.parsing.layout.splits import part_heading
from results.parsing.layout.synonyms import names_the_total, roles_for_heading
from results.parsing.model import Issue
from results.parsing.text import fold

_PERSON_ROLES = frozenset({"crew", "driver", "codriver", "surname", "first_name"})
# Most records must show two lines in the column for the heading's two lines to be two fields.
_MOST = 0.8


def _two_fields(above: str, below: str) -> bool:
    """Two headings that name different fields (a second person under a person is more of
    the crew, not a field of its own)."""
    # A field Podium does not keep (`Période` under `Gr./Cl.`) is still one of its own.
    below_roles = roles_for_heading(below) if below else ()
    above_roles = roles_for_heading(above) if above else ()
    under, over = set(below_roles), set(above_roles)
    # Headings that may name the same field name two when each names first another
    # (`Ecart préc.`, the gap to the car ahead, under `Ecart 1er`, the gap to the leader).
    if not under or (under & over and below_roles[0] == above_roles[0]):
        return False
    # A person under a person is more of the crew; the drivers under a team are its crew.
    return not (set(above_roles[:1]) & _PERSON_ROLES and under & _PERSON_ROLES)


def second_seat_columns(header: Row | None, second: Row | None) -> list[int]:
    """The columns whose heading on the header's second line is a person under a person
    (`Pilot` under `Kierowca`), or whose one heading names the crew (`Posádka`, `Equipage`):
    a record's second line there is the next seat of its crew."""
    if header is None:
        return []
    below_cells = second.cells if second is not None else ()
    out = []
    for j, heading in enumerate(header.cells):
        above = roles_for_heading(heading)[:1] if heading else ()
        below = below_cells[j] if j < len(below_cells) else ""
        under = roles_for_heading(below)[:1] if below else ()
        person_under_person = bool(set(above) & _PERSON_ROLES and set(under) & _PERSON_ROLES)
        if person_under_person or (above == ("crew",) and not below):
            out.append(j)
    return out


def second_line_columns(header: Row | None, second: Row | None) -> list[int]:
    """The columns whose heading on the header's second line names something else than the
    heading above it (`Fahrzeug` under `Club/Bewerber`): a record's second line holds a value
    of its own there, not more of the first line's. A second person under a person (`Beifahrer`
    under `Fahrer`) is more of the crew."""
    if header is None or second is None:
        return []
    return [
        j
        for j, below in enumerate(second.cells[: len(header.cells)])
        # A heading made of the one below (`Manche 1 Tempo`, `Temps` under nothing) heads a
        # column of the first line.
        if header.cells[j]
        and not _ends_with_words(header.cells[j], below)
        and _two_fields(header.cells[j], below)
    ]


def second_persons_fields(
    header: Row | None, second: Row | None, rows: Sequence[Row]
) -> tuple[list[Row], list[Issue]]:
    """`rows` without what their second lines hold under a heading repeated on the header's
    second line beside a person under a person (`A.S.A.` under `A.S.A.`, `Copilote` under
    `Pilote`): the second person's club, which no field of an entry keeps (the first line's
    is the entry's); an info line says so once."""
    if header is None or second is None:
        return list(rows), []
    lower = second.cells[: len(header.cells)]
    people = _people_below(header, lower)
    copies = [j for j, below in enumerate(lower) if people and below and below == header.cells[j]]
    copies = [j for j in copies if j not in people]
    if not copies:
        return list(rows), []
    out = []
    cleared = False
    for row in rows:
        cells = list(row.cells)
        if len(cells) > 1 and not (cells[0] or cells[1]):
            for j in copies:
                if j < len(cells):
                    cells[j] = ""
        cleared = cleared or cells != list(row.cells)
        out.append(replace(row, cells=tuple(cells)) if cells != list(row.cells) else row)
    if not cleared:
        return out, []  # no second line holds anything there: nothing to say
    names = ", ".join(repr(header.cells[j]) for j in copies)
    said = f"{names} on the second lines is the second person's: not kept"
    return out, [Issue(line=second.line, code="header-continued", message=said,
                       level=level_of("header-continued"))]  # fmt: skip


def _people_below(header: Row, lower: Sequence[str]) -> set[int]:
    """Columns where the header's second line names a person under a person."""
    return {
        j
        for j, below in enumerate(lower)
        if below
        and header.cells[j]
        and set(roles_for_heading(below)[:1]) & _PERSON_ROLES
        and set(roles_for_heading(header.cells[j])[:1]) & _PERSON_ROLES
    }


def _ends_with_words(heading: str, below: str) -> bool:
    tail = below.split()
    return bool(tail) and heading.split()[-len(tail) :] == tail


def headings_below(header: Row, second: Row | None) -> Row:
    """The header with the headings its second line gives under nothing (`Clt`, `Temps` on the
    lower line, `Pilote` over `Copilote` on both): a header printed over two lines."""
    if second is None:
        return header
    cells = list(header.cells) + [""] * max(0, len(second.cells) - len(header.cells))
    lower = list(second.cells) + [""] * (len(cells) - len(second.cells))
    spanned = _spanned(header, lower)
    over = ""  # the heading spanning the numbers under it (`Montée` over 1, 2, 3)
    filled = False
    for j, below in enumerate(second.cells):
        over = cells[j] or over
        if below.isdigit() and over:
            cells[j], filled = f"{over} {below}", True
        elif below and spanned.get(j):
            # Under a heading a page spans over several (`Manche 1` over `Tempo  Bir.
            # Totale`): each of that run's columns.
            cells[j], filled = f"{spanned[j]} {below}", True
        elif below and j in spanned:
            # Under a heading spanning the parts of what it names (`Catégorie` over
            # `Gr.  Cl.`): each part by its own heading.
            cells[j], filled = below, True
        elif below and cells[j] and names_the_total(below) and not names_the_total(cells[j]):
            # `Tempo` over `Totale`: one heading over two lines, the total.
            cells[j], filled = f"{cells[j]} {below}", True
        elif below and (not cells[j] or _spans(cells, lower, j)):
            # Under nothing, or under a heading spanning it and the next (`Prove speciali`
            # over `PS1  PS2  PS3`): the column's own heading.
            cells[j], filled = below, True
    return replace(header, cells=tuple(cells), marks=()) if filled else header


def _spanned(header: Row, lower: Sequence[str]) -> dict[int, str]:
    """Column → the heading spanning it, where the header says so (an HTML `colspan`), and
    the columns under it are no runs of one series (`PS1  PS2  PS3` under `Prove speciali`
    name themselves); "" where they are the parts of what it names."""
    out: dict[int, str] = {}
    for j, mark in enumerate(header.marks):
        if mark is None or mark.colspan < 2 or j >= len(header.cells) or not header.cells[j]:
            continue
        under = range(j, min(j + mark.colspan, len(lower)))
        if _one_series([lower[k] for k in under]):
            continue
        parts = _parts_of(header.cells[j], [lower[k] for k in under])
        out.update(dict.fromkeys(under, "" if parts else header.cells[j]))
    return out


#: Fields a heading spans the parts of: `Catégorie` over `Gr.  Cl.`, `Équipage` over
#: `Pilote  Copilote`.
_PARTS = {
    "category": {"group", "class"},
    "group": {"group", "class"},
    "group_class": {"group", "class"},
    "crew": {"driver", "codriver"},
}


def _parts_of(heading: str, below: Sequence[str]) -> bool:
    """Whether the headings under `heading` each name a part of what it names, and two parts
    at least: the columns are named by their own headings, not the spanning one's."""
    parts = _PARTS.get(next(iter(roles_for_heading(heading)), ""), set())
    named = [set(roles_for_heading(h)[:2]) & parts for h in below if h]
    return len(named) >= 2 and all(named) and len(set().union(*named)) >= 2


def _spans(upper: Sequence[str], lower: Sequence[str], j: int) -> bool:
    """Whether the heading at `j` spans the next column too: nothing beside it on its line,
    and under the two on the line below, runs of one series (`PS1  PS2`, `ES 3  ES 4`)."""
    if j + 1 >= len(upper) or upper[j + 1]:
        return False
    return _one_series(lower[j : j + 2])


#: A run of a series by its number (`PS1`, `ES 3`, `SS.4`, `Run 2`).
_RUN = re.compile(r"([^\W\d]{1,8})[.\s]?\s*(\d{1,2})")


def _one_series(headings: Sequence[str]) -> bool:
    """Runs of one series, each by its number (`PS1  PS2  PS3`)."""
    found = [_RUN.fullmatch(h) for h in headings]
    return bool(found) and all(found) and len({fold(m[1]) for m in found if m}) == 1


def _slashed(cell: str) -> tuple[str, ...]:
    """`Equipaggio / Scuderia`: a heading naming two fields on one line, parted by a slash."""
    parts = tuple(p.strip() for p in cell.split(" / "))
    return parts if len(parts) == 2 and all(parts) else ()


def lines_apart(header: Row, records: Sequence[Row]) -> tuple[Row, Callable[[Row], Row]] | None:
    """Heading cells on two lines (or parted by a slash) naming two fields, over cells of two
    lines on most records:
    the header with each such column's second heading added after its cells, and how a record
    gets its second lines there. None where no column is so."""
    marks = header.marks
    apart = []
    headings: dict[int, tuple[str, str]] = {}
    for j, cell in enumerate(header.cells):
        mark = marks[j] if j < len(marks) else None
        two = tuple(mark.lines) if mark is not None and len(mark.lines) == 2 else _slashed(cell)
        if len(two) != 2 or not _two_fields(*two):
            continue
        headings[j] = two  # type: ignore[assignment]
        split = sum(
            1
            for r in records
            if len(r.marks) > j and r.marks[j] is not None and len(r.marks[j].lines) == 2
        )
        if records and split >= _MOST * len(records):
            apart.append(j)
    if not apart:
        return None
    width = len(header.cells)
    cells = list(header.cells)
    for j in apart:
        cells[j] = headings[j][0]
    extra = tuple(headings[j][1] for j in apart)
    new_header = replace(header, cells=(*cells, *extra), marks=())

    def split_record(record: Row) -> Row:
        row = list(record.cells[:width]) + [""] * (width - len(record.cells))
        seconds = []
        for j in apart:
            mark = record.marks[j] if len(record.marks) > j else None
            if mark is not None and len(mark.lines) == 2:
                row[j], second = mark.lines
            else:
                second = ""
            seconds.append(second)
        return replace(record, cells=(*row, *seconds, *record.cells[width:]), marks=())

    return new_header, split_record


def _with_nations(lines: Sequence[str]) -> list[str]:
    """The lines with a country code alone on its line (`FRA` under `Jean Dupont`) put after
    the name above it, in brackets, as sheets write it on one line (`Jean Dupont (FRA)`)."""
    out: list[str] = []
    for line in map(without_badge, lines):
        if out and len(line) == 3 and line.isupper() and line.isalpha() and whole_name(out[-1]):
            out[-1] = f"{out[-1]} ({line})"
        else:
            out.append(line)
    return out


def seats_on_lines(records: Sequence[Row], roles: Sequence[str]) -> list[Row]:
    """Records whose crew cell is written on several lines, each a whole name (`Jean Dupont`
    over `Paul Martin`, a `<br>` or a spreadsheet's line break between them): the lines kept
    apart by a line break, which the crew reader takes as the mark between two people, instead
    of run together into one name; a country code alone on a line (`FRA`) is the nationality of
    the name above it. A surname over its first name (`DUPONT` over `Jean`) is one person."""
    crew = [j for j, role in enumerate(roles) if role in ("crew", "driver", "codriver")]
    if not crew:
        return list(records)
    lines_of = {j: [_cell_lines(record, j) for record in records] for j in crew}
    # A column where some cell's lines are surely names, each line of the others shaped as a
    # name: their lines are names too (first names no list knows: `Šťastný Radovan`).
    shaped = {
        j: any(ls and all(map(name_shaped, ls)) and any(map(whole_name, ls)) for ls in found)
        for j, found in lines_of.items()
    }
    out = []
    for i, record in enumerate(records):
        cells = list(record.cells)
        for j in crew:
            lines = lines_of[j][i]
            # The crew's car may end the cell (`Pilote / Copilote / Voiture`): the crew
            # reader takes it there, where the column's cells end so.
            names = lines[:-1] if len(lines) > 2 and is_car_line(lines[-1]) else lines
            # A status or a reason on the last line (`nicht gestartet`, `Getriebe` under the
            # drivers): the crew reader tells it.
            if len(names) > 1 and (
                parse_status(names[-1]) is not None or is_reason_line(names[-1], names[:-1])
            ):
                names = names[:-1]
            # A team's name may head the people (`Ketting & Co` over its riders, a line each):
            # the crew reader tells it.
            people = (
                names[1:] if len(names) > 2 and team_before_people("\n".join(names))[0] else names
            )
            if people and (
                all(map(whole_name, people)) or (shaped[j] and all(map(name_shaped, people)))
            ):
                cells[j] = "\n".join(lines)
            elif len(names) > 1 and is_club(names[-1]) and not is_club(names[0]):
                # `Gethin Rowlands / Iwan Hughes` over `Mid Wales MC`: the crew, then its
                # club, which the crew reader takes from the cell's last line.
                cells[j] = "\n".join(lines)
        out.append(replace(record, cells=tuple(cells)) if cells != list(record.cells) else record)
    return out


def _cell_lines(record: Row, j: int) -> list[str]:
    """The lines of the record's cell `j` as read (a country code alone joined to the name
    above it); none where the cell moved or was joined since it was read."""
    mark = record.marks[j] if j < len(record.marks) else None
    if mark is None or len(mark.lines) < 2 or " ".join(mark.lines) != record.cells[j]:
        return []
    return _with_nations(mark.lines)


def slashed_second_line(header: Row, rows: Sequence[Row]) -> tuple[Row, Row] | None:
    """A header naming two fields in one cell with a slash (`Vůz / Soutěžící`) over records
    on two lines that fill that column on their second line (the car, then the entrant under
    it): the header as printed over two lines, its first headings above the second (None
    where no column is so)."""
    below = ["" for _ in header.cells]
    cells = list(header.cells)
    # A record's second line leaves empty the first two columns (its place and number).
    seconds = [r.cells for r in rows if len(r.cells) > 2 and not (r.cells[0] or r.cells[1])]
    for j, cell in enumerate(header.cells):
        two = _slashed(cell)
        filled = sum(1 for c in seconds if len(c) > j and c[j])
        if (
            two
            and _two_fields(*two)
            and seconds
            and filled * 2 >= len(seconds)
            and not _three_lines(rows, j)
        ):
            cells[j], below[j] = two
    if not any(below) or len(seconds) * 3 < len(rows):
        return None
    return replace(header, cells=tuple(cells), marks=()), Row(header.line, tuple(below))


def _three_lines(rows: Sequence[Row], j: int) -> bool:
    """Whether most records fill column `j` on two lines or more below their first (`DUVAL
    Pierre`, then `LEMAIRE Jacques`, then `Porsche 911 SC` under `Équipage / Voiture`): the
    heading's first field runs over several lines, the cell is read whole, not parted."""
    counts: list[int] = []
    for row in rows:
        cells = row.cells
        if len(cells) > 1 and (cells[0] or cells[1]):
            counts.append(0)
        elif counts and len(cells) > j and cells[j]:
            counts[-1] += 1
    return bool(counts) and sum(1 for n in counts if n >= 2) * 2 > len(counts)


def heading_below(above: str, below: str) -> str:
    """The heading of a column set apart for records' second lines: the second line's, named
    after the stage above it where it says what of that stage it holds (`Pos.` under `TC1`:
    the stage's place, not the table's)."""
    return f"{above} {below}" if part_heading(above) is not None else below
