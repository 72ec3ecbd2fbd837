"""A record being read: every value its cells gave, before the checks make it an Entry."""

from __future__ import annotations

from dataclasses import dataclass

from results.parsing.fields.retirements import StatusDetails
from results.parsing.model import Person, Split


@dataclass(slots=True)
class Draft:
    line: int
    page: int | None
    category: str | None
    position: int | None = None
    tied: bool = False
    number: str | None = None
    # The people of each person column: tuples from the crew cache, shared, not copied.
    seat_driver: tuple[Person, ...] = ()
    seat_crew: tuple[Person, ...] = ()
    seat_codriver: tuple[Person, ...] = ()
    # Surname and first name from columns of their own, one [surname, first name] per seat.
    named: list[list[str | None]] | None = None
    car: str | None = None
    group: str | None = None
    klass: str | None = None
    club: str | None = None
    time_ms: int | None = None
    time_gap_ms: int | None = None  # a gap written in the time column (leader's time + gap)
    gap_ms: int | None = None  # the gap to the leader as the sheet writes it
    lapped: int | None = None
    gap_prev_ms: int | None = None
    status: str | None = None
    zero_time: bool = False  # the time column read 0:00.0
    aside_status: str | None = None  # a status word in a column Podium does not keep
    # Cells of the columns Podium does not keep, and how many of them are not-started words.
    aside_cells: int = 0
    aside_unstarted: int = 0
    # Where and why the crew stopped, as a column Podium does not keep says it (`RZ 4 -
    # motor` under the stage times): the crew's own when it stopped.
    aside_where: StatusDetails | None = None
    laps: int | None = None
    best_lap_ms: int | None = None
    best_lap_no: int | None = None
    speed_kmh: float | None = None
    capacity: str | None = None
    class_position: int | None = None
    team: str | None = None
    nationality: str | None = None
    reason: str | None = None
    retired_at: str | None = None
    penalty_ms: int | None = None
    points: float | None = None
    distance: str | None = None
    table: int = 0
    splits: list[Split] | None = None

    @property
    def crew(self) -> tuple[Person, ...]:
        """The driver first, whatever the order of the columns."""
        return self.seat_driver + self.seat_crew + self.seat_named + self.seat_codriver

    @property
    def seat_named(self) -> tuple[Person, ...]:
        """The people of the surname and first-name columns, in seat order."""
        if not self.named:
            return ()
        return tuple(
            Person(surname.upper(), first) if surname else Person(first.upper())
            for surname, first in self.named
            if surname or first
        )

    @property
    def has_people(self) -> bool:
        return bool(self.seat_driver or self.seat_crew or self.seat_codriver or self.named)
