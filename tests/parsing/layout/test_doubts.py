"""A close call about a whole column is one warning covering every line of its table."""

from __future__ import annotations

from results.parsing import parse
from results.parsing.layout.doubts import classes_of_bare_numbers, close_calls


def test_a_column_no_heading_vouches_for_and_close_to_a_rival_is_one_doubt_over_its_lines():
    issues = close_calls(
        roles=("position", "gap"),
        scores=[{"position": 0.9}, {"gap": 0.62, "gap_prev": 0.55}],
        vouched={0},
        headings=("Pos", None),
        lines=(3, 4, 5),
        first_line=2,
    )
    assert len(issues) == 1
    doubt = issues[0]
    assert (doubt.code, doubt.level, doubt.column, doubt.lines) == (
        "role-doubt",
        "warning",
        "gap",
        (3, 4, 5),
    )
    assert "gap_prev" in doubt.message and "column 2" in doubt.message


def test_no_doubt_where_a_heading_vouches_or_the_rival_is_far_or_taken():
    common = {"headings": (None, None), "lines": (1, 2), "first_line": 1}
    scores = [{"gap": 0.62, "gap_prev": 0.55}, {"gap_prev": 0.9}]
    assert not close_calls(roles=("gap", "gap_prev"), scores=scores, vouched=(), **common)
    assert not close_calls(roles=("gap", "ignore"), scores=scores, vouched={0}, **common)
    far = [{"gap": 0.9, "gap_prev": 0.55}, {}]
    assert not close_calls(roles=("gap", "ignore"), scores=far, vouched=(), **common)


def test_a_time_column_holding_gaps_is_no_doubt():
    # `en 17'24"6` then `à 0'08"3`: the time column reads the gaps written in it.
    scores = [{"time": 0.7, "gap": 0.65}]
    assert not close_calls(
        roles=("time",), scores=scores, vouched=(), headings=(None,), lines=(1,), first_line=1
    )


def test_the_contract_carries_the_lines_of_a_doubt():
    data = b"Pos;Name;Time\n1;HOLT Maren;3:27.0\n2;LUND Ida;3:37.0\n"
    issues = parse(data).to_dict()["issues"]
    assert all("lines" in i for i in issues)


def test_a_column_of_gaps_that_disagrees_with_the_times_loses_its_role():
    # Each rider's last lap, not a gap: read as gaps, it would raise a mismatch on every row.
    data = (
        b"Pos;No;Name;Zorglub;Total\n"
        b"1;5;HOLT Maren;+1:02.1;17:02.5\n"
        b"2;2;LUND Ida;+1:05.9;17:45.0\n"
        b"3;9;BERG Siri;+1:03.0;18:30.2\n"
        b"4;4;DAHL Kari;+1:04.4;19:01.7\n"
    )
    sheet = parse(data)
    assert sheet.columns[3] == "ignore"
    assert [e.gap_ms for e in sheet.entries] == [0, 42_500, 87_700, 119_200]
    assert not [i for i in sheet.issues if i.code == "gap-mismatch"]
    dropped = [i for i in sheet.issues if i.code == "column-unknown"]
    assert len(dropped) == 1 and "does not agree with the times" in dropped[0].message


def test_a_class_read_from_bare_numbers_alone_is_one_doubt_over_its_lines():
    columns = [["1", "2", "3"], ["0", "2", "0"], ["N4", "A8", "N4"]]
    common = {"headings": (None, None, "Cl"), "lines": (5, 6, 7), "first_line": 4}
    issues = classes_of_bare_numbers(columns, ("position", "class", "ignore"), {0}, **common)
    assert [(i.code, i.column, i.lines) for i in issues] == [("role-doubt", "class", (5, 6, 7))]
    # Codes that are no bare numbers, or a heading that vouches for the class: no doubt.
    assert not classes_of_bare_numbers(columns, ("position", "ignore", "class"), {0}, **common)
    assert not classes_of_bare_numbers(columns, ("position", "class", "ignore"), {0, 1}, **common)
