"""The points arithmetic on hand-worked examples, over plain data (no database).

Every expected table below was worked out by hand from the results in the comments, not
produced by the code.
"""

from decimal import Decimal

import pytest

from results.standings import (
    EntryData,
    Member,
    RoundData,
    Rules,
    ScopeRules,
    compute_standings,
    parse_scale,
)

D = Decimal

# Five crews of two; person ids 1-10.
CREWS = {
    "A": (Member(1, 1, "ARNAUD Alain", "arnaud-alain"), Member(2, 2, "AUBRY Anne", "aubry")),
    "B": (Member(3, 1, "BLANC Bruno", "blanc"), Member(4, 2, "BRUN Berthe", "brun")),
    "C": (Member(5, 1, "COLIN Cyril", "colin"), Member(6, 2, "CARON Claire", "caron")),
    "D": (Member(7, 1, "DUVAL Denis", "duval"), Member(8, 2, "DUMAS Diane", "dumas")),
    "E": (Member(9, 1, "EVRARD Eric", "evrard"), Member(10, 2, "ESTEVE Emma", "esteve")),
}
CREW_KEYS = {"A": "c:1-2", "B": "c:3-4", "C": "c:5-6", "D": "c:7-8", "E": "c:9-10"}


def entry(crew: str, position: int | None, group: str, klass: str, status="classified"):
    return EntryData(position=position, status=status, group=group, klass=klass, crew=CREWS[crew])


# The four-event season. Class F2 14 is written "F2000 14" in round 2, and group N "FN".
#
# R1 ×1: 1 A (F2 14), 2 B (F2 14), 3 C (N 4), D retired (F2 14)
# R2 ×1: 1 B (F2000 14), 2 A (F2000 14), 3 D (F2000 14), 4 C (FN 4)
# R3 ×2: 1 A (F2 14), 2 C (N 4), 3 E (A 7), 4 B (F2 14)
# R4 ×1: 1 A (F2 14), 2 C (N 4), 3 B (F2 14), D did not start (F2 14)
SEASON = (
    RoundData(
        1,
        D(1),
        (
            entry("A", 1, "F2", "14"),
            entry("B", 2, "F2", "14"),
            entry("C", 3, "N", "4"),
            entry("D", None, "F2", "14", status="retired"),
        ),
    ),
    RoundData(
        2,
        D(1),
        (
            entry("B", 1, "F2000", "14"),
            entry("A", 2, "F2000", "14"),
            entry("D", 3, "F2000", "14"),
            entry("C", 4, "FN", "4"),
        ),
    ),
    RoundData(
        3,
        D(2),
        (
            entry("A", 1, "F2", "14"),
            entry("C", 2, "N", "4"),
            entry("E", 3, "A", "7"),
            entry("B", 4, "F2", "14"),
        ),
    ),
    RoundData(
        4,
        D(1),
        (
            entry("A", 1, "F2", "14"),
            entry("C", 2, "N", "4"),
            entry("B", 3, "F2", "14"),
            entry("D", None, "F2", "14", status="dns"),
        ),
    ),
)

OVERALL = ScopeRules(key=1, name="Général", overall_points=parse_scale("10-6-4-3-2-1"))
CLASSES = ScopeRules(key=2, name="Classes", class_points=parse_scale("5-3-1"), split_by="class")


def season_rules(**changes) -> Rules:
    rules = {
        "scopes": (OVERALL, CLASSES),
        "best_results": 3,
        "min_starters": 2,
        "short_field_factor": D("0.5"),
        "equivalences": {("F2000", "14"): ("F2", "14"), ("FN", ""): ("N", "")},
        **changes,
    }
    return Rules(**rules)


def table(rows, scope: int, section: str = "", role: str = "") -> list[tuple]:
    """(position, crew, total, {round: points}, {rounds dropped}) for one table."""
    found = [r for r in rows if r.scope == scope and r.section == section and r.role == role]
    names = {key: letter for letter, key in CREW_KEYS.items()}
    return [
        (
            row.position,
            names.get(row.competitor, row.competitor),
            row.total,
            {r.round: r.points for r in row.results},
            {r.round for r in row.results if r.dropped},
        )
        for row in sorted(found, key=lambda r: (r.position, r.competitor))
    ]


def test_the_overall_table_of_the_four_event_season():
    # Overall points 10-6-4-3-2-1, round 3 ×2, best 3 of 4:
    #   A: 10, 6, 20, 10 → 20 + 10 + 10 = 40, round 2 (6) dropped
    #   B:  6, 10, 6, 4  → 10 + 6 + 6   = 22, round 4 (4) dropped (of two 6s, the earlier
    #                                         rounds 1 and 3 are both kept)
    #   C:  4, 3, 12, 6  → 12 + 6 + 4   = 22, round 2 (3) dropped
    #   E:  8 (round 3)                 = 8
    #   D:  0 (retired), 4              = 4
    # B and C tie on 22: count-back, B has a win (round 2) and C none, so B is second.
    rows = compute_standings(season_rules(), SEASON)
    assert table(rows, scope=1) == [
        (1, "A", D(40), {1: D(10), 2: D(6), 3: D(20), 4: D(10)}, {2}),
        (2, "B", D(22), {1: D(6), 2: D(10), 3: D(6), 4: D(4)}, {4}),
        (3, "C", D(22), {1: D(4), 2: D(3), 3: D(12), 4: D(6)}, {2}),
        (4, "E", D(8), {3: D(8)}, set()),
        (5, "D", D(4), {1: D(0), 2: D(4)}, set()),
    ]


def test_the_class_tables_group_a_class_written_two_ways_and_halve_small_classes():
    # Class points 5-3-1 by place in the class, at least 2 starters or half points.
    # F2 14 (written F2000 14 in round 2; 3 starters in rounds 1-2, 2 in rounds 3-4, since
    # a retired crew started and one that did not start did not):
    #   A: 5, 3, 10, 5 → 10 + 5 + 5 = 20, round 2 dropped
    #   B: 3, 5, 6, 3  → 6 + 5 + 3  = 14, round 4 dropped (the earlier 3 is kept)
    #   D: 0 (retired), 1           = 1
    # N 4 (FN in round 2): C alone every time, half points: 2.5, 2.5, 5 (×2), 2.5
    #   → 5 + 2.5 + 2.5 = 10, round 4 dropped
    # A 7: E alone in round 3: 5 × 0.5 × 2 = 5
    rows = compute_standings(season_rules(), SEASON)
    assert table(rows, scope=2, section="F2 14") == [
        (1, "A", D(20), {1: D(5), 2: D(3), 3: D(10), 4: D(5)}, {2}),
        (2, "B", D(14), {1: D(3), 2: D(5), 3: D(6), 4: D(3)}, {4}),
        (3, "D", D(1), {1: D(0), 2: D(1)}, set()),
    ]
    assert table(rows, scope=2, section="N 4") == [
        (1, "C", D(10), {1: D("2.5"), 2: D("2.5"), 3: D(5), 4: D("2.5")}, {4}),
    ]
    assert table(rows, scope=2, section="A 7") == [(1, "E", D(5), {3: D(5)}, set())]
    assert {r.section for r in rows if r.scope == 2} == {"F2 14", "N 4", "A 7"}


def test_the_retired_crew_scores_nothing_and_has_no_place():
    rows = compute_standings(season_rules(), SEASON)
    d = next(r for r in rows if r.scope == 1 and r.competitor == CREW_KEYS["D"])
    first = d.results[0]
    assert (first.round, first.status, first.points, first.place) == (1, "retired", D(0), None)
    # Round 4, which D did not start, is no result at all.
    assert [r.round for r in d.results] == [1, 2]


def test_the_last_event_breaks_the_tie_when_it_comes_first():
    # B and C on 22: in round 4, C was 2nd and B 3rd.
    rows = compute_standings(season_rules(tie_breaks=("last_event",)), SEASON)
    assert [(p, c) for p, c, *_ in table(rows, scope=1)][1:3] == [(2, "C"), (3, "B")]


def test_without_tie_breaks_tied_crews_share_the_position():
    rows = compute_standings(season_rules(tie_breaks=()), SEASON)
    assert [(p, c) for p, c, *_ in table(rows, scope=1)][1:4] == [(2, "B"), (2, "C"), (4, "E")]


def test_every_result_counts_without_a_best_n_rule():
    # A: 10 + 6 + 20 + 10 = 46; B: 6 + 10 + 6 + 4 = 26; C: 4 + 3 + 12 + 6 = 25.
    rows = compute_standings(season_rules(best_results=None), SEASON)
    assert [(p, c, t) for p, c, t, *_ in table(rows, scope=1)][:3] == [
        (1, "A", D(46)),
        (2, "B", D(26)),
        (3, "C", D(25)),
    ]


def test_without_the_equivalence_the_two_spellings_are_two_classes():
    rows = compute_standings(season_rules(equivalences={}), SEASON)
    sections = {r.section for r in rows if r.scope == 2}
    assert sections == {"F2 14", "F2000 14", "N 4", "FN 4", "A 7"}


def test_drivers_and_codrivers_are_ranked_separately():
    # X drives both rounds, with Y then Z beside him; points 10-6-4.
    # R1: 1 X/Y, 2 V/W. R2: 1 V/W, 2 X/Z.
    # Drivers: X 10 + 6 = 16, V 6 + 10 = 16: tied, V won the last event → V 1st, X 2nd.
    # Co-drivers: W 16, Y 10, Z 6.
    x, y, z = Member(1, 1, "X", "x"), Member(2, 2, "Y", "y"), Member(3, 2, "Z", "z")
    v, w = Member(4, 1, "V", "v"), Member(5, 2, "W", "w")
    season = (
        RoundData(1, D(1), (EntryData(1, "classified", "A", "7", (x, y)),
                            EntryData(2, "classified", "A", "7", (v, w)))),
        RoundData(2, D(1), (EntryData(1, "classified", "A", "7", (v, w)),
                            EntryData(2, "classified", "A", "7", (x, z)))),
    )  # fmt: skip
    rules = Rules(
        scopes=(ScopeRules(key=1, overall_points=parse_scale("10 6 4")),),
        ranking="person",
        tie_breaks=("last_event",),
    )
    rows = compute_standings(rules, season)
    drivers = [(r.position, r.name, r.total) for r in rows if r.role == "driver"]
    codrivers = [(r.position, r.name, r.total) for r in rows if r.role == "codriver"]
    assert sorted(drivers) == [(1, "V", D(16)), (2, "X", D(16))]
    assert sorted(codrivers) == [(1, "W", D(16)), (2, "Y", D(10)), (3, "Z", D(6))]


def test_a_rally2_crew_scores_only_when_unclassified_crews_may_score():
    # R1: 1 A, 2 B (Rallye 2, keeps its place), 3 C; points 10-6-4.
    # Classified only: B is skipped and C moves up to 2nd place: A 10, C 6, B 0.
    # Otherwise: A 10, B 6, C 4.
    season = (
        RoundData(1, D(1), (entry("A", 1, "N", "4"), entry("B", 2, "N", "4", "rally2"),
                            entry("C", 3, "N", "4"))),
    )  # fmt: skip
    scope = ScopeRules(key=1, overall_points=parse_scale("10-6-4"))
    strict = compute_standings(Rules(scopes=(scope,)), season)
    loose = compute_standings(Rules(scopes=(scope,), rally2="place"), season)
    assert [c for _, c, *_ in table(strict, 1)] == ["A", "C", "B"]
    assert [t for _, _, t, *_ in table(strict, 1)] == [D(10), D(6), D(0)]
    assert [t for _, _, t, *_ in table(loose, 1)] == [D(10), D(6), D(4)]


def test_group_and_class_points_add_up_in_the_regional_scheme():
    # Group 5-4-3-2-1 + class 15-12-9-7-5, round ×1.5:
    # 1 A (N 4), 2 B (N 3), 3 C (N 4), 4 E (A 7)
    # A: group N 1st 5 + class N 4 1st 15 = 20 → 30
    # B: group N 2nd 4 + class N 3 1st 15 = 19 → 28.5
    # C: group N 3rd 3 + class N 4 2nd 12 = 15 → 22.5
    # E: group A 1st 5 + class A 7 1st 15 = 20 → 30
    # A and E tie on 30: count-back on class places, one class win each; then the last
    # event, where both were 1st in their class: they share first place.
    season = (
        RoundData(1, D("1.5"), (entry("A", 1, "N", "4"), entry("B", 2, "N", "3"),
                                entry("C", 3, "N", "4"), entry("E", 4, "A", "7"))),
    )  # fmt: skip
    scope = ScopeRules(
        key=1, group_points=parse_scale("5-4-3-2-1"), class_points=parse_scale("15-12-9-7-5")
    )
    rows = compute_standings(Rules(scopes=(scope,)), season)
    assert [(p, c, t) for p, c, t, *_ in table(rows, 1)] == [
        (1, "A", D(30)),
        (1, "E", D(30)),
        (3, "B", D("28.5")),
        (4, "C", D("22.5")),
    ]


@pytest.mark.parametrize(
    ("text", "scale"),
    [("25-18-15", (25, 18, 15)), ("5, 4,3", (5, 4, 3)), ("", ()), ("2.5 1", (D("2.5"), 1))],
)
def test_a_scale_reads_as_written(text, scale):
    assert parse_scale(text) == tuple(D(v) for v in scale)


@pytest.mark.parametrize("text", ["25-x", "nan", "1e999999999999"])
def test_a_scale_that_is_not_numbers_is_refused(text):
    with pytest.raises(ValueError):
        parse_scale(text)


def test_the_first_stage_breaks_a_tie_when_it_comes_first():
    # Points 10-6. R1: 1 A, 2 B. R2: 1 B, 2 A: 16 each. On R2's first stage B was 3rd
    # (305.0 s) and A 1st (300.0 s, C between them), so A is ahead; countback and the last
    # event would have put B first (R2's winner) or left them tied.
    a, b, c = CREWS["A"], CREWS["B"], CREWS["C"]
    season = (
        RoundData(1, D(1), (EntryData(1, "classified", "N", "4", a, 310_000),
                            EntryData(2, "classified", "N", "4", b, 300_000))),
        RoundData(2, D(1), (EntryData(1, "classified", "N", "4", b, 305_000),
                            EntryData(2, "classified", "N", "4", a, 300_000),
                            EntryData(None, "retired", "N", "4", c, 302_000))),
    )  # fmt: skip
    scope = ScopeRules(key=1, overall_points=parse_scale("10 6"))
    first = compute_standings(Rules(scopes=(scope,), tie_breaks=("first_stage",)), season)
    assert [(r.position, r.name) for r in sorted(first, key=lambda r: r.position)] == [
        (1, "ARNAUD Alain / AUBRY Anne"),
        (2, "BLANC Bruno / BRUN Berthe"),
        (3, "COLIN Cyril / CARON Claire"),  # retired: no points
    ]
    a_results = next(r for r in first if r.name.startswith("ARNAUD")).results
    assert [r.first_stage for r in a_results] == [2, 1]
    last = compute_standings(Rules(scopes=(scope,), tie_breaks=("last_event",)), season)
    assert sorted(last, key=lambda r: r.position)[0].name.startswith("BLANC")


def test_without_stage_times_the_first_stage_leaves_a_tie():
    season = (
        RoundData(1, D(1), (entry("A", 1, "N", "4"), entry("B", 2, "N", "4"))),
        RoundData(2, D(1), (entry("B", 1, "N", "4"), entry("A", 2, "N", "4"))),
    )
    scope = ScopeRules(key=1, overall_points=parse_scale("10 6"))
    rows = compute_standings(Rules(scopes=(scope,), tie_breaks=("first_stage",)), season)
    assert [r.position for r in rows] == [1, 1]
