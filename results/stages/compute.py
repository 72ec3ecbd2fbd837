"""Each stage's ranking, winners and fastest per class, and the positions after each stage.

A stage's time is its time plus its penalty. The position after stage k ranks the crews by
what the sheet's rule makes of their first k stages: their sum (a rally, an enduro), the best
of them (a hill climb's best run), or their sum less the worst; the rule is read from which
runs the sheet counted (`counted`), the sum where it does not say. A crew that did not finish
a stage drops out of the sum's positions from that stage on, not out of the best run's.
Ties share a position (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

SUM, BEST, SUM_LESS_WORST = "sum", "best", "sum_less_worst"


@dataclass(frozen=True, slots=True)
class Crew:
    """One entry of the classification, as the stage pages name it."""

    entry_id: int
    key: str  # the `crew=` of the crew's page: its door number, else `row-<sheet order>`
    label: str
    klass: str | None  # the class as the page names it (group and class), None without
    position: int | None  # in the final classification
    class_key: str | None = None  # the class's `class=` in addresses (`N-4`), None without


@dataclass(frozen=True, slots=True)
class RunTime:
    """One split as stored."""

    order: int
    name: str
    time_ms: int | None
    penalty_ms: int | None
    status: str
    counted: bool | None

    @property
    def total_ms(self) -> int | None:
        if self.time_ms is None or self.status not in ("finished", ""):
            return None
        return self.time_ms + (self.penalty_ms or 0)


@dataclass(slots=True)
class CrewStage:
    """A crew on one stage: its time, its rank on the stage, its position after it."""

    run: RunTime | None
    rank: int | None = None
    gap_ms: int | None = None  # to the stage's winner
    position_after: int | None = None
    running_ms: int | None = None  # what the position after the stage ranks on


@dataclass(slots=True)
class Stage:
    order: int
    name: str
    #: The crews in the stage's order (finished first, by time), with their time.
    ranking: list[tuple[Crew, int]] = field(default_factory=list)
    #: The fastest of each class on the stage: class → (crew, time).
    fastest: dict[str, tuple[Crew, int]] = field(default_factory=dict)

    @property
    def winners(self) -> list[tuple[Crew, int]]:
        """Every crew with the stage's best time (several on a tie)."""
        if not self.ranking:
            return []
        best = self.ranking[0][1]
        return [(crew, ms) for crew, ms in self.ranking if ms == best]


@dataclass(slots=True)
class StageTable:
    rule: str
    stages: list[Stage]
    crews: list[Crew]
    #: Per entry, one CrewStage per stage (in `stages` order).
    cells: dict[int, list[CrewStage]]


def competition_ranks(values: Mapping[int, int]) -> dict[int, int]:
    """Competition ranking of entry → value, lowest first: 1, 2, 2, 4."""
    ordered = sorted(values.items(), key=lambda item: item[1])
    ranks: dict[int, int] = {}
    for i, (entry_id, value) in enumerate(ordered):
        if i and value == ordered[i - 1][1]:
            ranks[entry_id] = ranks[ordered[i - 1][0]]
        else:
            ranks[entry_id] = i + 1
    return ranks


def rule_of(runs: Iterable[Sequence[RunTime]]) -> str:
    """The rule the sheet's `counted` flags show: one run counted per crew is the best run,
    all but one the sum less the worst, otherwise (or unknown) the sum."""
    shapes = set()
    for crew_runs in runs:
        flags = [r.counted for r in crew_runs if r.total_ms is not None]
        if len(flags) < 2 or None in flags:
            continue
        kept = sum(1 for f in flags if f)
        shapes.add(BEST if kept == 1 else SUM_LESS_WORST if kept == len(flags) - 1 else SUM)
    return shapes.pop() if len(shapes) == 1 else SUM


class _Running:
    """A crew's running value under a rule, one stage at a time (None once it cannot rank)."""

    __slots__ = ("best", "broken", "count", "rule", "total", "worst")

    def __init__(self, rule: str):
        self.rule, self.total, self.worst, self.count = rule, 0, 0, 0
        self.best: int | None = None
        self.broken = False

    def add(self, ms: int | None) -> int | None:
        if self.rule == BEST:
            if ms is not None and (self.best is None or ms < self.best):
                self.best = ms
            return self.best
        if ms is None or self.broken:
            self.broken = True
            return None
        self.total += ms
        self.count += 1
        self.worst = max(self.worst, ms)
        if self.rule == SUM_LESS_WORST and self.count >= 2:
            return self.total - self.worst
        return self.total


def class_table(table: StageTable, class_key: str) -> StageTable:
    """The stage table of one class of `table`: its crews, ranked and placed among
    themselves after each stage, under the same rule as the whole table."""
    crews = [c for c in table.crews if c.class_key == class_key]
    runs = {c.entry_id: [cell.run for cell in table.cells[c.entry_id] if cell.run] for c in crews}
    return stage_table(crews, runs, rule=table.rule)


def stage_table(
    crews: Sequence[Crew], splits: Mapping[int, Sequence[RunTime]], *, rule: str | None = None
) -> StageTable:
    """The stage table of a classification: `splits` maps an entry to its runs by order."""
    names: dict[int, str] = {}
    for runs in splits.values():
        for run in runs:
            names.setdefault(run.order, run.name)
    orders = sorted(names)
    rule = rule or rule_of(splits.values())
    cells: dict[int, list[CrewStage]] = {}
    totals: dict[int, list[int | None]] = {}
    for c in crews:
        mine = {r.order: r for r in splits.get(c.entry_id, ())}
        row = [CrewStage(mine.get(o)) for o in orders]
        cells[c.entry_id] = row
        totals[c.entry_id] = [cell.run.total_ms if cell.run else None for cell in row]
    running = {c.entry_id: _Running(rule) for c in crews}
    crew_of = {c.entry_id: c for c in crews}
    stages = []
    for k, order in enumerate(orders):
        stage = Stage(order, names[order])
        times = {eid: t[k] for eid, t in totals.items() if t[k] is not None}
        best = min(times.values(), default=0)
        for entry_id, rank in sorted(competition_ranks(times).items(), key=lambda item: item[1]):
            ms = times[entry_id]
            cell = cells[entry_id][k]
            cell.rank, cell.gap_ms = rank, ms - best
            crew = crew_of[entry_id]
            stage.ranking.append((crew, ms))
            if crew.klass and crew.klass not in stage.fastest:
                stage.fastest[crew.klass] = (crew, ms)
        after = {}
        for entry_id, value in running.items():
            ms = value.add(totals[entry_id][k])
            cells[entry_id][k].running_ms = ms
            if ms is not None:
                after[entry_id] = ms
        for entry_id, position in competition_ranks(after).items():
            cells[entry_id][k].position_after = position
        stages.append(stage)
    return StageTable(rule, stages, list(crews), cells)
