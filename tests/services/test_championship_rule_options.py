"""Rule options real rulebooks differ on, on hand-worked examples (no database).

Every expected table below was worked out by hand from the results in the comments.
"""

from decimal import Decimal

from results.standings import EntryData, Member, RoundData, Rules, ScopeRules, compute_standings
from results.standings.rules import (
    COUNTBACK_ALL,
    COUNTBACK_KEPT,
    DEAD_HEAT_PLACE,
    DEAD_HEAT_SHARE,
)

D = Decimal
CREWS = {name: (Member(pk, 1, name),) for pk, name in enumerate("ABCD", 1)}


def entry(crew: str, position: int | None):
    return EntryData(position=position, status="classified", group="", klass="", crew=CREWS[crew])


def table(rules: Rules, rounds) -> list[tuple[int, str, Decimal]]:
    return [(row.position, row.name, row.total) for row in compute_standings(rules, rounds)]


# Points 10-6-4 overall, the best 2 of 3 results count.
# R1 ×0.5: 1 C (5), 2 A (3), 3 B (2)
# R2 ×1:   1 A (10), 2 D (6), 3 B (4)
# R3 ×1:   1 B (10), 2 D (6), 3 A (4)
# A: 3, 10, 4 → keeps 10 + 4 = 14, drops R1's 2nd.   B: 2, 4, 10 → keeps 14, drops R1's 3rd.
# D: 6 + 6 = 12. C: 5.
# Count-back over all results: A has a 2nd (R1), B none → A first.
# Over the results kept: A {1st, 3rd}, B {3rd, 1st}, a tie; the last event (R3: B 1st, A 3rd)
# puts B first.
SEASON = (
    RoundData(1, D("0.5"), (entry("C", 1), entry("A", 2), entry("B", 3))),
    RoundData(2, D(1), (entry("A", 1), entry("D", 2), entry("B", 3))),
    RoundData(3, D(1), (entry("B", 1), entry("D", 2), entry("A", 3))),
)
SCALE = ScopeRules(key=1, overall_points=(D(10), D(6), D(4)))


def test_countback_over_all_results_counts_the_dropped_ones():
    rules = Rules(scopes=(SCALE,), best_results=2, countback=COUNTBACK_ALL)
    assert table(rules, SEASON) == [(1, "A", D(14)), (2, "B", D(14)), (3, "D", D(12)),
                                    (4, "C", D(5))]  # fmt: skip


def test_countback_over_the_results_kept_leaves_the_dropped_ones_out():
    rules = Rules(scopes=(SCALE,), best_results=2, countback=COUNTBACK_KEPT)
    assert table(rules, SEASON) == [(1, "B", D(14)), (2, "A", D(14)), (3, "D", D(12)),
                                    (4, "C", D(5))]  # fmt: skip


# One round on 25-18-15-12: 1 A, B and C tied 2nd, D 4th.
# The place's points: B 18, C 18, D 12. Shared: B and C share 2nd and 3rd, (18 + 15) / 2
# = 16.5 each; D, 4th, 12.
DEAD_HEAT = (RoundData(1, D(1), (entry("A", 1), entry("B", 2), entry("C", 2), entry("D", 4))),)
FOUR = ScopeRules(key=1, overall_points=(D(25), D(18), D(15), D(12)))


def test_a_dead_heat_scores_the_places_points_for_each():
    rules = Rules(scopes=(FOUR,), dead_heat=DEAD_HEAT_PLACE)
    assert table(rules, DEAD_HEAT) == [(1, "A", D(25)), (2, "B", D(18)), (2, "C", D(18)),
                                       (4, "D", D(12))]  # fmt: skip


def test_a_dead_heat_shares_the_points_of_the_places_covered():
    rules = Rules(scopes=(FOUR,), dead_heat=DEAD_HEAT_SHARE)
    assert table(rules, DEAD_HEAT) == [(1, "A", D(25)), (2, "B", D("16.5")), (2, "C", D("16.5")),
                                       (4, "D", D(12))]  # fmt: skip


def test_a_dead_heat_at_the_end_of_the_scale_shares_with_a_place_that_scores_nothing():
    # On 25-18 only, B and C tied 2nd cover 2nd (18) and 3rd (0): 9 each.
    rules = Rules(scopes=(ScopeRules(key=1, overall_points=(D(25), D(18))),),
                  dead_heat=DEAD_HEAT_SHARE)  # fmt: skip
    assert [row[2] for row in table(rules, DEAD_HEAT)] == [D(25), D(9), D(9), D(0)]
