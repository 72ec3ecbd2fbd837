import pytest

from results.parsing import Entry, Hints, Issue, Person, Sheet


def test_sheet_to_dict_uses_the_contract_field_names():
    entry = Entry(line=1, position=1, crew=(Person("GAGNIERE", "Patrick"),), klass="4")
    sheet = Sheet("pipe", ("position", "crew", "class"), (entry,), (Issue(1, "x", "y"),))
    data = sheet.to_dict()
    assert list(data) == ["format", "columns", "headings", "entries", "issues", "tables"]
    assert list(data["entries"][0]) == [
        "line", "page", "category", "position", "number", "crew", "car", "group", "class",
        "club", "time_ms", "gap_ms", "status", "laps", "best_lap_ms", "best_lap_no",
        "speed_kmh", "capacity", "class_position", "team", "nationality", "reason",
        "retired_at", "penalty_ms", "points", "distance", "table", "splits",
    ]  # fmt: skip
    assert data["entries"][0]["class"] == "4"
    assert data["entries"][0]["crew"] == [{"surname": "GAGNIERE", "first_name": "Patrick"}]
    assert data["issues"][0] == {
        "line": 1, "page": None, "column": None, "level": "info", "code": "x", "message": "y",
        "lines": None,
    }  # fmt: skip


def test_hints_refuse_an_unknown_role():
    with pytest.raises(ValueError, match="unknown column role"):
        Hints(roles={0: "pilot"})


def test_hints_round_trip_through_a_dict():
    hints = Hints(roles={2: "gap"}, header=False)
    assert Hints.from_dict(hints.to_dict()) == hints


def test_hints_address_a_column_within_its_table():
    hints = Hints(roles={0: "position"}, tables={2: {1: "crew"}})
    assert hints.for_table(0) == {0: "position"}
    assert hints.for_table(2) == {1: "crew"}
    assert hints.for_table(1) == {}
    assert Hints.from_dict(hints.to_dict()) == hints
    with pytest.raises(ValueError, match="unknown column role"):
        Hints(tables={1: {0: "pilot"}})


def test_a_table_lists_its_own_columns():
    from results.parsing import Table

    table = Table(3, "Classe 2", ("position", "crew"), ("Pos", None))
    assert table.to_dict() == {
        "table": 3, "title": "Classe 2", "columns": ["position", "crew"], "headings": ["Pos", None],
        "splits_rule": None, "stage": None, "after_stage": None,
    }  # fmt: skip
