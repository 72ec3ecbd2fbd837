"""Crews listed under their entry: an endurance team's line (position, number, team, laps, total)
followed by a line per driver (the driver's name and their own laps or best lap, nothing that
places or numbers an entry). Each driver is a seat of the entry above; their own laps and times
are theirs, not the entry's, and are left out. A team name where the crew would be is the team.
"""

from __future__ import annotations

from results.parsing.draft import Draft
from results.parsing.fields.crews import looks_like_person

# A crew cell that reads as a person less than this is a team's name.
_PERSON = 0.5


def is_member(entry: Draft, draft: Draft) -> bool:
    """Whether `draft` is a line naming one more of `entry`'s crew: it names people and has no
    position, number, total time, gap or status of its own, under an entry that has a position
    or a number."""
    return (
        (entry.position is not None or entry.number is not None)
        and draft.has_people
        and draft.position is None
        and draft.number is None
        and draft.time_ms is None
        and draft.time_gap_ms is None
        and draft.gap_ms is None
        and draft.status is None
        and draft.car is None
    )


def join_member(entry: Draft, member: Draft, own_cell: str | None) -> None:
    """`member`'s people seated in `entry`'s crew, after those already there. `own_cell` is the
    entry's own crew cell as written: a name there that reads as no person (`Kart Team Braga`)
    is the entry's team, not one of its crew."""
    alone = entry.team is None and not entry.seat_codriver and not entry.named
    # Words with no first name over people named in full (`Ketting & Co` over `Smets Jonas`):
    # the team's name, whatever its words look like.
    bare = all(p.first_name is None for p in (*entry.seat_driver, *entry.seat_crew))
    full = bool(member.crew) and all(p.first_name for p in member.crew)
    if own_cell and alone and (looks_like_person(own_cell) < _PERSON or (bare and full)):
        entry.team = own_cell
        entry.seat_driver = entry.seat_crew = ()
    entry.seat_crew = entry.seat_crew + member.crew
