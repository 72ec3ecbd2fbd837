"""A club autotest's scoring sheet with no header: eight tests in seconds and their total.
The column that is the sum of the others on every row, with the rows in its order, is the
time the table is ranked on; the others are its parts. `RTD` is a retirement, `WT` (a wrong
test) a mark no time reads."""

from __future__ import annotations

from results.parsing import parse

SHEET = """\
1,24,James Rogers,Caterham 7,D,40.2,38.8,41.7,38.8,39.9,46.6,38.7,37.5,322.2
2,33,Ffion Owen,Buggy 1300,S,36.4,38.1,42.3,38.1,44.4,40.1,46.9,41.5,327.8
3,37,Mike Gray,Ginetta G15,S,37.3,42.5,45.5,40.7,40.1,44.8,38.2,44.5,333.6
=4,32,Mark Wilson,Mini Special,S,41.0,43.6,45.1,39.4,36.9,45.0,38.9,44.1,334.0
=4,36,Jamie Johnson,Buggy 1300,S,48.4,43.3,43.1,42.5,42.7,38.0,37.3,38.7,334.0
6,16,Dylan Hall,Rover Mini Cooper,B,38.2,40.6,40.1,46.8,43.1,47.8,44.7,38.4,339.7
7,28,Mike Hurst,Caterham 7,D,44.3,49.3,36.9,48.6,45.9,38.6,37.0,43.2,343.8
8,4A,Sian Hughes,Mazda MX-5,C,45.1,WT,44.0,47.2,46.3,44.9,45.5,46.1,379.1
,35,Chris Young,Mini Special,S,47.0,39.9,42.4,45.4,37.1,RTD,,,RTD
,19,Mark Meredith,Mazda MX-5,C,,,,,,,,,DNS
"""


def test_the_sum_of_the_tests_is_the_time():
    sheet = parse(SHEET.encode())
    entries = sheet.entries
    assert [(e.position, e.number, e.time_ms, e.gap_ms, e.status) for e in entries] == [
        (1, "24", 322_200, 0, "classified"),
        (2, "33", 327_800, 5_600, "classified"),
        (3, "37", 333_600, 11_400, "classified"),
        (4, "32", 334_000, 11_800, "classified"),
        (4, "36", 334_000, 11_800, "classified"),
        (6, "16", 339_700, 17_500, "classified"),
        (7, "28", 343_800, 21_600, "classified"),
        (8, "4A", 379_100, 56_900, "classified"),
        (None, "35", None, None, "retired"),
        (None, "19", None, None, "dns"),
    ]
    assert [len(e.splits) for e in entries][:2] == [8, 8]
    assert [s.time_ms for s in entries[0].splits] == [
        40_200, 38_800, 41_700, 38_800, 39_900, 46_600, 38_700, 37_500,
    ]  # fmt: skip
    # The sum vouches for the total: no doubt about it is raised on every row.
    assert "role-doubt" not in [i.code for i in sheet.issues]
