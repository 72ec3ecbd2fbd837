"""The decisions layer over sheet records, without a database."""

from hypothesis import given
from hypothesis import strategies as st

from results.services.deciding import (
    EXCLUSION,
    POSITION_CHANGE,
    REINSTATEMENT,
    TIME_CORRECTION,
    TIME_PENALTY,
    DecisionRule,
    apply_decisions,
)


def record(line, number, time, *, position=None, status="classified", klass="A", table=0):
    return {"line": line, "number": number, "position": position, "status": status,
            "time_ms": time, "gap_ms": None, "laps": None, "class": klass, "group": None,
            "table": table, "category": None,
            "crew": [{"surname": f"S{number}", "first_name": None}]}  # fmt: skip


SHEET = [record(2, 1, 1000, position=1), record(3, 2, 1500, position=2),
         record(4, 3, 2000, position=3)]  # fmt: skip


def rule(kind, number, value=None, base=None, id=1):
    return DecisionRule(id=id, kind=kind, number=str(number), crew=(), value=value, base=base)


def test_a_penalty_moves_the_crew_behind_and_the_others_up():
    done = apply_decisions(SHEET, [rule(TIME_PENALTY, 1, 800, 1000)])
    assert [(r["number"], r["position"], r["time_ms"], r["gap_ms"]) for r in done.entries] == [
        (1, 2, 1800, 300), (2, 1, 1500, 0), (3, 3, 2000, 500),
    ]  # fmt: skip
    assert done.order == (1, 0, 2)
    assert done.applied == (1,)
    assert [f.code for f in done.flags] == ["decision-applied"]


def test_an_exclusion_leaves_the_classified_and_loses_its_place():
    done = apply_decisions(SHEET, [rule(EXCLUSION, 2, base="classified")])
    assert [(r["position"], r["status"]) for r in done.entries] == [
        (1, "classified"), (None, "dsq"), (2, "classified"),
    ]  # fmt: skip
    assert done.order == (0, 2, 1)


def test_a_sheet_that_includes_the_decision_is_not_changed_again():
    penalised = [record(2, 2, 1500, position=1), record(3, 3, 2000, position=2),
                 record(4, 1, 2200, position=3)]  # fmt: skip
    done = apply_decisions(penalised, [rule(TIME_PENALTY, 1, 1200, 1000)])
    assert done.entries == penalised
    assert done.order is None and done.applied == ()
    assert [(f.line, f.code) for f in done.flags] == [(4, "decision-included")]


def test_a_sheet_that_changed_the_decided_value_is_flagged_and_the_decision_still_applies():
    changed = [record(2, 1, 1100, position=1), *SHEET[1:]]
    done = apply_decisions(changed, [rule(TIME_CORRECTION, 1, 1700, 1000)])
    assert done.entries[0]["time_ms"] == 1700
    assert [f.code for f in done.flags] == ["decision-contradicted"]


def test_a_decision_on_a_crew_the_sheet_lacks_is_flagged_without_a_line():
    done = apply_decisions(SHEET, [rule(TIME_PENALTY, 99, 1000, 5000)])
    assert [(f.line, f.code) for f in done.flags] == [(None, "decision-missing")]
    assert done.entries == SHEET


def test_a_crew_without_number_is_found_by_its_crew_as_written():
    sheet = [{**r, "number": None} for r in SHEET]
    decision = DecisionRule(id=1, kind=TIME_PENALTY, number=None, crew=("s1",), value=800,
                            base=1000)  # fmt: skip
    assert apply_decisions(sheet, [decision]).entries[0]["time_ms"] == 1800


def test_a_reinstated_crew_is_ranked_by_its_time():
    sheet = [SHEET[0], record(3, 2, 1500, status="dsq"), record(4, 3, 2000, position=2)]
    done = apply_decisions(sheet, [rule(REINSTATEMENT, 2, base="dsq")])
    assert [(r["number"], r["position"]) for r in done.entries] == [(1, 1), (2, 2), (3, 3)]


def test_a_position_change_wins_over_the_times():
    done = apply_decisions(SHEET, [rule(POSITION_CHANGE, 3, 1, 3)])
    assert [(r["number"], r["position"]) for r in done.entries] == [(1, 2), (2, 3), (3, 1)]


def test_stacked_tables_keep_their_own_positions():
    sheet = [*SHEET, record(5, 4, 900, position=1, table=1), record(6, 5, 950, position=2, table=1)]
    done = apply_decisions(sheet, [rule(TIME_PENALTY, 4, 100, 900)])
    assert [r["position"] for r in done.entries] == [1, 2, 3, 2, 1]


def test_without_times_the_sheets_order_is_kept_and_crews_behind_move_up():
    sheet = [record(2, 1, None, position=1), record(3, 2, None, position=2),
             record(4, 3, None, position=3)]  # fmt: skip
    done = apply_decisions(sheet, [rule(EXCLUSION, 1, base="classified")])
    assert [r["position"] for r in done.entries] == [None, 1, 2]


@given(st.lists(st.integers(1000, 5000), min_size=1, max_size=8), st.data())
def test_positions_stay_one_to_n_whatever_the_penalties(times, data):
    sheet = [record(i + 2, i + 1, t, position=i + 1) for i, t in enumerate(sorted(times))]
    rules = [
        rule(TIME_PENALTY, n, data.draw(st.integers(1, 3000)), sheet[n - 1]["time_ms"], id=n)
        for n in data.draw(st.sets(st.integers(1, len(sheet))))
    ]
    done = apply_decisions(sheet, rules)
    positions = [r["position"] for r in done.entries]
    assert sorted(positions) == list(range(1, len(sheet) + 1))
    by_position = sorted(done.entries, key=lambda r: r["position"])
    assert [r["time_ms"] for r in by_position] == sorted(r["time_ms"] for r in done.entries)


def fix(number, field, base, fixed, id=1):
    from results.services.deciding import CELL_FIX

    return DecisionRule(
        id=id, kind=CELL_FIX, number=str(number), crew=(), value=None, base=base,
        field=field, fixed=fixed,
    )  # fmt: skip


def test_a_name_fix_renames_its_seat_only_and_ranks_nothing_again():
    done = apply_decisions(SHEET, [fix(2, "surname:1", "S2", "SMITH")])
    assert [r["crew"][0]["surname"] for r in done.entries] == ["S1", "SMITH", "S3"]
    assert SHEET[1]["crew"][0]["surname"] == "S2"  # the sheet as read is left alone
    assert done.order is None and [f.code for f in done.flags] == ["fix-applied"]


def test_a_fix_the_sheet_already_has_is_not_applied_twice_and_one_it_contradicts_is_flagged():
    fixed_sheet = [*SHEET[:2], record(4, 3, 2000, position=3, klass="B")]
    done = apply_decisions(fixed_sheet, [fix(3, "class", "A", "B")])
    assert [f.code for f in done.flags] == ["decision-included"] and done.applied == ()
    other = [*SHEET[:2], record(4, 3, 2000, position=3, klass="C")]
    done = apply_decisions(other, [fix(3, "class", "A", "B")])
    assert [f.code for f in done.flags] == ["decision-contradicted"]
    assert done.entries[2]["class"] == "B"


def test_a_status_fixed_to_retired_takes_the_crew_out_of_the_ranking():
    done = apply_decisions(SHEET, [fix(1, "status", "classified", "retired")])
    assert [(r["number"], r["position"], r["gap_ms"]) for r in done.entries] == [
        (1, None, None), (2, 1, 0), (3, 2, 500),
    ]  # fmt: skip


def test_a_fix_of_a_seat_the_crew_lacks_is_not_applied():
    done = apply_decisions(SHEET, [fix(1, "surname:2", "X", "Y")])
    assert done.applied == () and [f.code for f in done.flags] == ["decision-contradicted"]
    assert done.entries == SHEET
