"""Rule options real rulebooks differ on, on hand-worked examples (no database).

Every expected table below was worked out by hand from the results in the comments.
"""

from decimal import Decimal

from results.standings import EntryData, Member, RoundData, Rules, ScopeRules, compute_standings
from results.standings.rules import (
    COUNTBACK,
    COUNTBACK_ALL,
    COUNTBACK_KEPT,
    DEAD_HEAT_PLACE,
    DEAD_HEAT_SHARE,
    RALLY2_AFTER,
    RALLY2_NONE,
    RALLY2_PLACE,
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


def rally2(crew: str, position: int | None):
    return EntryData(position=position, status="rally2", group="", klass="", crew=CREWS[crew])


# One round on 10-6-4-3. The sheet ranks the Rallye 2 crews apart and numbers them again:
# 1 A, 2 B classified, then Rallye 2: 1 C, 2 D.
# Not scoring: A 10, B 6; C and D nothing, and no place.
# After the classified: A 10, B 6, then C 3rd (4), D 4th (3).
# At the sheet's place: C ties 1st with A (10 each), B and D tie 3rd (4 each).
APART = (RoundData(1, D(1), (entry("A", 1), entry("B", 2), rally2("C", 1), rally2("D", 2))),)
# The sheet ranks everyone by time: 1 A, 2 C (Rallye 2), 3 B, 4 D (Rallye 2).
# At the sheet's place: A 10, C 6, B 4, D 3. After the classified: A 10, B 6, C 4, D 3.
AMONG = (RoundData(1, D(1), (entry("A", 1), rally2("C", 2), entry("B", 3), rally2("D", 4))),)
TEN = ScopeRules(key=1, overall_points=(D(10), D(6), D(4), D(3)))


def places(rules: Rules, rounds) -> list[tuple[str, Decimal, int | None]]:
    return [(row.name, row.total, row.results[0].place) for row in compute_standings(rules, rounds)]


def test_a_rally2_result_that_does_not_score_takes_no_place():
    rules = Rules(scopes=(TEN,), rally2=RALLY2_NONE)
    assert places(rules, AMONG) == [("A", D(10), 1), ("B", D(6), 2), ("C", D(0), None),
                                    ("D", D(0), None)]  # fmt: skip


def test_a_rally2_result_scores_after_every_classified_crew():
    rules = Rules(scopes=(TEN,), rally2=RALLY2_AFTER)
    expected = [("A", D(10), 1), ("B", D(6), 2), ("C", D(4), 3), ("D", D(3), 4)]
    assert places(rules, APART) == expected
    assert places(rules, AMONG) == expected


def test_a_rally2_result_scores_at_the_place_the_sheet_gives_it():
    rules = Rules(scopes=(TEN,), rally2=RALLY2_PLACE)
    assert places(rules, AMONG) == [("A", D(10), 1), ("C", D(6), 2), ("B", D(4), 3),
                                    ("D", D(3), 4)]  # fmt: skip
    # Numbered again from 1 in its own block, C shares 1st with A, and B and D, both 2nd,
    # come 3rd after that dead heat (4 each): such sheets need the rule "after the classified".
    assert sorted(places(rules, APART)) == [("A", D(10), 1), ("B", D(4), 3), ("C", D(10), 1),
                                            ("D", D(4), 3)]  # fmt: skip


def test_the_tie_break_that_decided_a_position_is_named_on_both_lines():
    # SEASON, count-back over all results: A and B level on 14, A ahead by count-back (its
    # dropped 2nd); D and C are alone on their points.
    rules = Rules(scopes=(SCALE,), best_results=2, countback=COUNTBACK_ALL)
    decided = {row.name: row.tie_breaks for row in compute_standings(rules, SEASON)}
    assert decided == {"A": ("countback",), "B": ("countback",), "D": (), "C": ()}
    # Over the results kept, count-back leaves them level and the last event decides.
    rules = Rules(scopes=(SCALE,), best_results=2, countback=COUNTBACK_KEPT)
    decided = {row.name: row.tie_breaks for row in compute_standings(rules, SEASON)}
    assert decided == {"B": ("last_event",), "A": ("last_event",), "D": (), "C": ()}


def test_a_tie_no_tie_break_parts_names_none():
    rules = Rules(scopes=(FOUR,), tie_breaks=(COUNTBACK,))
    rows = compute_standings(rules, DEAD_HEAT)
    assert [(row.position, row.name, row.tie_breaks) for row in rows] == [
        (1, "A", ()), (2, "B", ()), (2, "C", ()), (4, "D", ())
    ]  # fmt: skip


def test_three_level_on_points_name_each_tie_break_that_parted_them():
    # 10-6-4 over two rounds. R1: 1 A, 2 B, 3 C. R2: 1 C, 2 B, 3 A.
    # A 10 + 4 = 14, B 6 + 6 = 12, C 4 + 10 = 14. A and C level: count-back equal (one 1st
    # and one 3rd each), the last event (R2: C 1st) puts C first. B alone on 12.
    season = (
        RoundData(1, D(1), (entry("A", 1), entry("B", 2), entry("C", 3))),
        RoundData(2, D(1), (entry("C", 1), entry("B", 2), entry("A", 3))),
    )
    rows = compute_standings(Rules(scopes=(SCALE,)), season)
    assert [(row.position, row.name, row.total, row.tie_breaks) for row in rows] == [
        (1, "C", D(14), ("last_event",)), (2, "A", D(14), ("last_event",)), (3, "B", D(12), ())
    ]  # fmt: skip
