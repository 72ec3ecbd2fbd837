import pytest

from results.parsing.fields import (
    Gap,
    format_ms,
    has_gap_marker,
    parse_gap,
    parse_lap_and_time,
    parse_penalty,
    parse_time,
    reads_dotted_hours,
)


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("17'24\"6", 1_044_600),
        # Dots between hours, minutes and seconds, and a decimal comma (Finnish sheets).
        ("59.48,2", 3_588_200),
        ("1.00.12,9", 3_612_900),
        ("en 17'24\"6", 1_044_600),
        ("EN 17'24\"6", 1_044_600),
        ("05:14,4", 314_400),
        ("1:05:21,10", 3_921_100),
        ("1:09:59,0", 4_199_000),
        ("00:09.2", 9_200),
        ("2:48.108", 168_108),
        ("2h01'07\"5", 7_267_500),
        ("2h01:07.5", 7_267_500),
        ("1:05:21", 3_921_000),
        ('12"5', 12_500),
        ("4'12\"", 252_000),
        ("75:02.3", 4_502_300),
        ("0'08\"3", 8_300),
        ("17'24''6", 1_044_600),  # two single quotes for the seconds mark
        ("17\u201924\u201d6", 1_044_600),  # typographic quotes
        ("  05:14,4  ", 314_400),
        ("10:00:00.000", 36_000_000),
        ("01:17,20", 77_200),
        ("02:12,0", 132_000),
        ("31:45.7760", 1_905_776),  # ten-thousandths, as timing programs print them
        ("0:00.7335", 734),  # rounded half up to the millisecond
        ("1:30.9130*", 90_913),  # a footnote mark: the fastest lap
        ("1:52.772R", 112_772),  # a lap record mark
        ("1:02'17.4", 3_737_400),  # hours before a colon, then marked minutes (Italian prints)
        ("1:00'01.1", 3_601_100),
    ],
)
def test_parse_time_notations(text, ms):
    assert parse_time(text) == ms


@pytest.mark.parametrize(
    "text",
    [
        "",
        "A8",
        "R2",
        "Abandon",
        "Rallye 2",
        "52",  # a plain number is a time only when the caller allows bare seconds
        "52.3",
        "1:60.0",  # seconds >= 60 in a composite notation
        "1:05:60",
        "1:60:00",  # minutes >= 60 with hours
        "17'60\"0",
        "2h01",
        "4/5",
        "F2-14",
        "+02:42,0",  # a gap, not a time
        "1.",
        "12:5",
        "en",
        "1:02.34567",  # five decimals: no timing program prints them
        "1:02.3*5",
        "41.26.45",  # dotted h.mm.ss only where the column says so
        "1" * 100,
        "1:60'00.0",  # minutes >= 60 after the hours
    ],
)
def test_parse_time_rejects(text):
    assert parse_time(text) is None


@pytest.mark.parametrize(
    ("text", "ms"),
    [("52.3", 52_300), ("58,123", 58_123), ("52", 52_000), ("9.25", 9_250), ("05:14,4", 314_400)],
)
def test_parse_time_bare_seconds(text, ms):
    assert parse_time(text, bare_seconds=True) == ms


@pytest.mark.parametrize(
    ("text", "gap"),
    [
        ("+7", Gap(7_000)),
        ("+7.4", Gap(7_400)),
        ("2.160", Gap(2_160)),
        ("27,839", Gap(27_839)),
        ("+02:42,0", Gap(162_000)),
        ("à 0'08\"3", Gap(8_300)),
        ("à0'08\"3", Gap(8_300)),
        ("a 1'02\"9", Gap(62_900)),
        ("- 1:02.3", Gap(62_300)),
        ("+ 12.948", Gap(12_948)),
        ("1:10.491", Gap(70_491)),
        ("+3 tours", Gap(None, 3)),
        ("3 tours", Gap(None, 3)),
        ("+1 tour", Gap(None, 1)),
        ("+1 lap", Gap(None, 1)),
        ("2 laps", Gap(None, 2)),
        ("+2T", Gap(None, 2)),
        ("+2 Tr", Gap(None, 2)),
        ("4 Runden", Gap(None, 4)),  # German, Dutch, Italian, Spanish, Czech laps behind
        ("1 Runde", Gap(None, 1)),
        ("2 ronden", Gap(None, 2)),
        ("1 giro", Gap(None, 1)),
        ("3 vueltas", Gap(None, 3)),
        ("1 kolo", Gap(None, 1)),
        ("+1L", Gap(None, 1)),  # circuit timing's short forms
        ("2 Lps", Gap(None, 2)),
        ("1 Rnd", Gap(None, 1)),
        ("+2 Rdn", Gap(None, 2)),
        ("3 kierrosta", Gap(None, 3)),
        ("+0", Gap(0)),
    ],
)
def test_parse_gap(text, gap):
    assert parse_gap(text) == gap


@pytest.mark.parametrize(
    "text", ["", " ", "+", "-", "à", "Rallye 2", "Abandon", "abc", "A8", "+ tours", "avant"]
)
def test_parse_gap_rejects(text):
    assert parse_gap(text) is None


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        ("+7.4", True),
        ("à 0'08\"3", True),
        ("À 0'08\"3", True),
        ("a 0'08\"3", True),
        (" +1 tour", True),
        ("en 17'24\"6", False),
        ("17'24\"6", False),
        ("Abandon", False),
        ("avant", False),
        ("", False),
    ],
)
def test_has_gap_marker(text, marked):
    assert has_gap_marker(text) is marked


@pytest.mark.parametrize(
    ("ms", "kwargs", "text"),
    [
        (3_921_100, {}, "1:05:21.100"),
        (314_400, {}, "5:14.400"),
        (9_200, {}, "9.200"),
        (0, {}, "0.000"),
        (60_000, {}, "1:00.000"),
        (3_600_000, {}, "1:00:00.000"),
        (9_250, {"decimals": 1}, "9.3"),  # half up
        (9_249, {"decimals": 1}, "9.2"),
        (59_995, {"decimals": 2}, "1:00.00"),  # rounding carries into the minute
        (314_400, {"decimals": 1, "sep": ","}, "5:14,4"),
        (3_921_100, {"decimals": 2, "sep": ","}, "1:05:21,10"),
        (-8_300, {"decimals": 1}, "-8.3"),
        (61_500, {"decimals": 0}, "1:02"),
    ],
)
def test_format_ms(ms, kwargs, text):
    assert format_ms(ms, **kwargs) == text


def test_format_ms_rejects_bad_decimals():
    with pytest.raises(ValueError):
        format_ms(1000, decimals=4)


def test_two_signed_gaps_in_one_cell_are_to_the_leader_then_to_the_crew_ahead():
    from results.parsing.fields import parse_gap_pair

    pair = parse_gap_pair("+24:03.0\u00a0+5:06.9")
    assert pair is not None and (pair[0].ms, pair[1].ms) == (1_443_000, 306_900)
    assert parse_gap_pair("+24:03.0") is None
    assert parse_gap_pair("24:03.0 5:06.9") is None


def test_three_digits_after_a_colon_are_thousandths_of_a_second():
    assert parse_time("2:402") == 2_402
    assert parse_time("12:045") == 12_045
    assert parse_time("2:40") == 160_000  # two digits: minutes and seconds, as always


@pytest.mark.parametrize(
    ("text", "ms"),
    [("38.12.09", 137_529_000), ("7.05.59", 25_559_000), ("1:02.5", 62_500)],
)
def test_parse_time_dotted_hours(text, ms):
    assert parse_time(text, dotted_hours=True) == ms


@pytest.mark.parametrize("text", ["7.60.00", "7.05.60", "7.5.09", "7.05"])
def test_parse_time_dotted_hours_rejects(text):
    assert parse_time(text, dotted_hours=True) is None


def test_parse_gap_dotted_hours():
    assert parse_gap("+ 02.17.48", dotted_hours=True) == Gap(8_268_000)
    assert parse_gap("+ 02.17.48") is None


@pytest.mark.parametrize(
    ("values", "dotted"),
    [
        # a rally-raid total and its gaps: no last part reaches 60, in enough values
        (["38.12.09", "+ 00.52.11", "+ 03.07.40", "+ 05.59.02"], True),
        (["38.12.09", "+ 00.52.11", "", "Abandon", "+ 03.07.40", "+ 05.59.02"], True),
        # hundredths reach 60 and more: m.ss.cc, never hours
        (["1.23.45", "1.23.87", "1.24.02", "1.25.33"], False),
        # too few to tell
        (["38.12.09", "+ 00.52.11", "+ 03.07.40"], False),
        (["1:02.3", "1:03.4", "1:04.5", "1:05.6"], False),
    ],
)
def test_reads_dotted_hours(values, dotted):
    assert reads_dotted_hours(values) is dotted


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("1:31.141", (None, 91_141)),
        ("13 1:31.1410", (13, 91_141)),
        ("2 1:30.9130*", (2, 90_913)),
        ("58.204", (None, 58_204)),
        ("", None),
        ("13", (None, 13_000)),  # bare seconds, as a best-lap column may write them
        ("13 laps", None),
        ("13 14", None),
    ],
)
def test_parse_lap_and_time(text, read):
    assert parse_lap_and_time(text) == read


@pytest.mark.parametrize(
    ("text", "ms"),
    [("27.64 *", 27_640), ("27.64*", 27_640), ("1:02.3 *", 62_300), ("1:02.3 R", 62_300)],
)
def test_a_mark_after_a_time_is_no_part_of_it(text, ms):
    # `*` beside the fastest time of the day, `R` beside a record: after the time, or a space on.
    assert parse_time(text, bare_seconds=True) == ms


def test_a_speed_after_a_time_is_set_aside():
    assert parse_time("1:36.936  149.294 km/h") == 96_936
    assert parse_time("1:36.936 149.3 MPH") == 96_936
    assert parse_time("149.294 km/h") is None


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("10", 10_000),
        ("0:10", 10_000),
        ("+5s", 5_000),
        ("+1'00\"", 60_000),
        ("kara 0:10.0", 10_000),
        ("Pén. 20", 20_000),
        ("penalty: 1:00", 60_000),
        ("kara", None),
        ("moteur", None),
    ],
)
def test_parse_penalty(text: str, ms: int | None):
    assert parse_penalty(text) == ms


@pytest.mark.parametrize(
    ("text", "lap_and_ms"),
    [
        ("1:31.141", (None, 91_141)),
        ("13 1:31.141", (13, 91_141)),  # the lap first
        ("57.606 (T244)", (244, 57_606)),  # the lap after, in brackets
        ("1:36.968 (12)", (12, 96_968)),
        ("1:36.9 (lap 12)", (12, 96_900)),
    ],
)
def test_a_best_lap_with_the_lap_it_was_set_on(text, lap_and_ms):
    assert parse_lap_and_time(text) == lap_and_ms
