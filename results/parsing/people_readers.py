"""The readers of the columns naming people: a crew cell (its seats, and what else it holds:
a team before a colon, a car or a club on its last line, a Rallye 2 mark, a number or a
nationality beside a name) and one part of one person's name."""

from __future__ import annotations

from collections.abc import Sequence

from results.parsing.cell_reading import LOOKED_AT, Reader, Remembered, said_status
from results.parsing.draft import Draft
from results.parsing.fields import (
    LONG_NAME,
    ORDER_FROM_COLUMN,
    cars_on_last_lines,
    clean_text,
    column_order,
    is_car_line,
    numbers_in_names,
    parse_number,
    parse_status,
    split_crew,
)
from results.parsing.fields.clubs import is_club
from results.parsing.fields.teams import team_before_people
from results.parsing.layout.crew_lines import is_reason_line, reason_after_dash
from results.parsing.layout.synonyms import is_rally2_mark

#: Roles of a column naming one person a line.
_ONE_PERSON = frozenset({"driver", "codriver"})


def people_reader(role: str, values: Sequence[str], numbered: bool) -> Reader:
    # A name with no casing of its own is read in the column's order; when most names of the
    # column show that order, the reading is settled, not a doubt.
    found = column_order(values[:LOOKED_AT])
    order, settled = found.order, found.settled
    # A number in front of nearly every name, in a table with no number column: the race
    # numbers, printed beside the riders.
    numbered = numbered and numbers_in_names(values[:LOOKED_AT])

    seat = f"seat_{role}"
    cars_below = cars_on_last_lines(values[:LOOKED_AT])

    def read(d: Draft, cell: str) -> tuple[str, str] | None:
        team, cell = team_before_people(cell)
        d.team = d.team or team
        names, _, below = cell.rpartition("\n")
        if names and (status := parse_status(below)) is not None:
            # `nicht gestartet` on the line under the drivers: the crew's status.
            d.status = d.status or status
            cell = names
            names, _, below = cell.rpartition("\n")
        elif names and is_reason_line(below, names.split("\n")):
            # `Getriebe` on the line under the drivers: why the crew stopped.
            d.reason = d.reason or clean_text(below)
            cell = names
            names, _, below = cell.rpartition("\n")
        if names and cars_below and is_car_line(below):
            # The crew, then its car, a line each (`Pilote / Copilote / Voiture`).
            d.car = d.car or below.strip()
            cell = names
        elif names and is_club(below):
            # `BLANCHARD Julien<br>ASA Dauphinoise`: the driver's club on the cell's last line.
            d.club = d.club or below.strip()
            cell = names
        lines, _, last_line = cell.rpartition("\n")
        if (dashed := reason_after_dash(last_line)) is not None:
            # `GOOSSENS Stijn — motorschade`: why the crew stopped, after its people.
            cell = f"{lines}\n{dashed[0]}" if lines else dashed[0]
            if (status := parse_status(dashed[1])) is not None:
                said_status(d, status, dashed[1])
            else:
                d.reason = d.reason or clean_text(dashed[1])
        head, _, last = cell.rpartition(" ")
        if head and is_rally2_mark(last):
            # `PONS Xavier  R2`: the crew restarted under the Rallye 2 rules, marked after it.
            d.status = d.status or "rally2"
            cell = head
        split = split_crew(cell, order=order, settled=settled)
        seated = getattr(d, seat)  # two columns may share a role: theirs add up
        setattr(d, seat, seated + split.people if seated else split.people)
        if split.nationality is not None and d.nationality is None:
            d.nationality = split.nationality
        doubts = []
        if split.number is not None:
            if numbered and d.number is None:
                d.number = parse_number(split.number)
            else:
                doubts.append(f"the number {split.number} beside the name")
        if split.uncertain and not (
            (settled and split.uncertain == ORDER_FROM_COLUMN)
            # A column of one person a line (`Piloto`): a long name is one person's.
            or (role in _ONE_PERSON and split.uncertain == LONG_NAME)
        ):
            doubts.append(split.uncertain)
        return ("crew-uncertain", f"{cell!r}: {'; '.join(doubts)}") if doubts else None

    return read


def name_part_reader(seat: int, part: int) -> Reader:
    """The `part` (0: surname, 1: first name) of the person in `seat` (0-based)."""
    clean = Remembered(clean_text)

    def read(d: Draft, cell: str) -> None:
        if d.named is None:
            d.named = []
        while len(d.named) <= seat:
            d.named.append([None, None])
        d.named[seat][part] = clean[cell]

    return read
