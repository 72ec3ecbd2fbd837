"""Stage rankings and positions after each stage, on worked examples."""

from results.stages import Crew, RunTime, stage_table


def crew(entry_id, label, klass=None, position=None):
    return Crew(entry_id, str(entry_id), label, klass, position)


def runs(*cells, counted=None):
    out = []
    for order, cell in enumerate(cells, 1):
        time_ms, status = (cell, "finished") if isinstance(cell, int) else (None, cell)
        flag = None if counted is None else counted[order - 1]
        out.append(RunTime(order, f"ES{order}", time_ms, None, status, flag))
    return out


# The rally of tests/parsing/sheets/splits/rallye_es_pipe.txt: DURAND leads after ES2 by a
# tenth, MARTIN wins in the end; BLANC retires on ES2.
CREWS = [crew(1, "MARTIN", "A7", 1), crew(2, "DURAND", "R3", 2), crew(3, "LEROY", "R2", 3),
         crew(4, "BLANC", "R2", None)]  # fmt: skip
RALLY = {
    1: runs(301200, 250000, 360300),
    2: runs(303000, 248100, 361000),
    3: runs(310000, 245500, 370000),
    4: runs(320000, "retired", "dns"),
}


def test_positions_after_each_stage_rank_the_sum_so_far():
    table = stage_table(CREWS, RALLY)
    assert table.rule == "sum"
    after = {c.label: [cell.position_after for cell in table.cells[c.entry_id]] for c in CREWS}
    assert after == {
        "MARTIN": [1, 2, 1],
        "DURAND": [2, 1, 2],
        "LEROY": [3, 3, 3],
        "BLANC": [4, None, None],
    }
    assert [cell.running_ms for cell in table.cells[2]] == [303000, 551100, 912100]


def test_each_stage_has_its_winner_ranks_gaps_and_fastest_per_class():
    table = stage_table(CREWS, RALLY)
    assert [[c.label for c, _ in s.winners] for s in table.stages] == [
        ["MARTIN"], ["LEROY"], ["MARTIN"]
    ]  # fmt: skip
    es2 = table.stages[1]
    assert [(c.label, ms) for c, ms in es2.ranking] == [
        ("LEROY", 245500), ("DURAND", 248100), ("MARTIN", 250000)
    ]  # fmt: skip
    assert {k: c.label for k, (c, _) in es2.fastest.items()} == {
        "R2": "LEROY", "R3": "DURAND", "A7": "MARTIN"
    }  # fmt: skip
    assert [(cell.rank, cell.gap_ms) for cell in table.cells[1]] == [
        (1, 0), (3, 4500), (1, 0)
    ]  # fmt: skip
    assert table.cells[4][1].rank is None


def test_a_tie_on_a_stage_shares_the_rank():
    table = stage_table(CREWS[:3], {1: runs(300000), 2: runs(300000), 3: runs(301000)})
    assert [table.cells[i][0].rank for i in (1, 2, 3)] == [1, 1, 3]
    assert len(table.stages[0].winners) == 2


def test_a_best_run_rule_ranks_the_best_run_so_far():
    crews = [crew(1, "SMITH", "E1"), crew(2, "JONES", "E2"), crew(3, "BROWN", "E1")]
    best = {
        1: runs(62500, 61200, "retired", counted=[False, True, False]),
        2: runs(63100, 64000, 62800, counted=[False, False, True]),
        3: runs(65000, 63900, 64100, counted=[False, True, False]),
    }
    table = stage_table(crews, best)
    assert table.rule == "best"
    after = [[cell.position_after for cell in table.cells[i]] for i in (1, 2, 3)]
    assert after == [[1, 1, 1], [2, 2, 2], [3, 3, 3]]
    assert table.cells[3][1].running_ms == 63900


def test_a_sum_less_the_worst_drops_the_worst_run_so_far():
    crews = [crew(1, "GARCIA"), crew(2, "FAURE")]
    table = stage_table(
        crews,
        {
            1: runs(65200, 66800, 64100, counted=[True, False, True]),
            2: runs(67300, 70900, 66100, counted=[True, False, True]),
        },
    )
    assert table.rule == "sum_less_worst"
    assert [cell.running_ms for cell in table.cells[1]] == [65200, 65200, 129300]


def test_a_class_table_places_its_crews_among_themselves_under_the_same_rule():
    from results.stages import Crew, RunTime, class_table, stage_table

    crews = [
        Crew(1, "1", "A", "N 2", 1, "N-2"),
        Crew(2, "2", "B", "A 7", 2, "A-7"),
        Crew(3, "3", "C", "N 2", 3, "N-2"),
    ]
    runs = {
        1: [RunTime(1, "ES1", 60_000, None, "finished", True),
            RunTime(2, "ES2", 61_000, None, "finished", True)],
        2: [RunTime(1, "ES1", 59_000, None, "finished", True),
            RunTime(2, "ES2", 63_000, None, "finished", True)],
        3: [RunTime(1, "ES1", 58_000, None, "finished", True),
            RunTime(2, "ES2", 65_000, None, "finished", True)],
    }  # fmt: skip
    table = stage_table(crews, runs)
    assert [table.cells[3][k].position_after for k in (0, 1)] == [1, 3]
    n2 = class_table(table, "N-2")
    assert [c.entry_id for c in n2.crews] == [1, 3]
    assert [n2.cells[1][k].position_after for k in (0, 1)] == [2, 1]
    assert [n2.cells[3][k].position_after for k in (0, 1)] == [1, 2]
    assert [n2.cells[3][k].rank for k in (0, 1)] == [1, 2]
    assert n2.rule == table.rule and class_table(table, "Z-9").crews == []
