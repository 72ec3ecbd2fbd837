"""Properties of the points arithmetic over generated seasons (no database)."""

import itertools
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from results.standings import (
    EntryData,
    Member,
    RoundData,
    Rules,
    ScopeRules,
    compute_standings,
    parse_scale,
)

PEOPLE = [Member(pk, 1, f"P{pk}", f"p{pk}") for pk in range(1, 13)]
SCOPES = (
    ScopeRules(key=1, overall_points=parse_scale("25-18-15-12-10-8-6-4-2-1")),
    ScopeRules(key=2, group_points=parse_scale("5-4-3-2-1"), class_points=parse_scale("15-12-9")),
    ScopeRules(key=3, class_points=parse_scale("10-8-6"), split_by="class"),
)
STATUSES = ["classified", "classified", "classified", "retired", "rally2", "dns", "dsq"]


@st.composite
def rounds(draw, order: int) -> RoundData:
    drivers = draw(st.lists(st.sampled_from(PEOPLE), min_size=1, max_size=10, unique=True))
    entries = []
    for position, driver in enumerate(drivers, 1):
        status = draw(st.sampled_from(STATUSES))
        placed = status in ("classified", "rally2")
        entries.append(
            EntryData(
                position=position if placed else None,
                status=status,
                group=draw(st.sampled_from(["N", "FN", "A"])),
                klass=draw(st.sampled_from(["", "2", "4"])),
                crew=(driver,),
            )
        )
    coefficient = draw(st.sampled_from([Decimal(1), Decimal("1.5"), Decimal(2)]))
    return RoundData(order=order, coefficient=coefficient, entries=tuple(entries))


@st.composite
def seasons(draw, min_rounds: int = 1) -> list[RoundData]:
    count = draw(st.integers(min_value=min_rounds, max_value=6))
    return [draw(rounds(order)) for order in range(1, count + 1)]


def rules(**changes) -> Rules:
    return Rules(
        scopes=SCOPES,
        min_starters=2,
        equivalences={("FN", ""): ("N", "")},
        **changes,
    )


@settings(max_examples=100, deadline=None)
@given(seasons(), st.none() | st.integers(min_value=1, max_value=4))
def test_a_total_is_the_sum_of_the_counted_results(season, best):
    for row in compute_standings(rules(best_results=best), season):
        assert row.total == sum(r.points for r in row.results if r.counted)
        counted = [r for r in row.results if r.counted]
        assert best is None or len(counted) <= best
        # No dropped result is worth more than a counted one.
        dropped = [r.points for r in row.results if r.dropped]
        assert not dropped or max(dropped) <= min(r.points for r in counted)


@settings(max_examples=100, deadline=None)
@given(seasons(min_rounds=2))
def test_adding_an_event_never_lowers_a_total_when_all_results_count(season):
    def totals(rounds_):
        return {
            (row.scope, row.section, row.competitor): row.total
            for row in compute_standings(rules(), rounds_)
        }

    before, after = totals(season[:-1]), totals(season)
    for line, total in before.items():
        assert after[line] >= total


@settings(max_examples=100, deadline=None)
@given(seasons())
def test_positions_follow_the_totals_in_every_table(season):
    tables: dict = {}
    for row in compute_standings(rules(), season):
        tables.setdefault((row.scope, row.role, row.section), []).append(row)
    for rows in tables.values():
        rows.sort(key=lambda row: row.position)
        assert rows[0].position == 1
        for previous, row in itertools.pairwise(rows):
            assert previous.total >= row.total
            assert row.position > previous.position or row.total == previous.total
        # Every competitor appears once per table.
        assert len({row.competitor for row in rows}) == len(rows)
