import pytest
from django.template import Context, Template
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from results.views.formatting import clock, clock_formatter, decimals_for, gap, gap_formatter


@pytest.mark.parametrize(
    ("ms", "decimals", "sep", "text"),
    [
        (3921100, 1, ",", "1:05:21,1"),
        (3921100, 1, ".", "1:05:21.1"),
        (1044600, 1, ",", "17:24,6"),
        (8300, 1, ",", "0:08,3"),
        (168108, 3, ".", "2:48.108"),
        (9000, 0, ".", "0:09"),
        (0, 1, ".", "0:00.0"),
    ],
)
def test_clock_uses_one_notation(ms, decimals, sep, text):
    assert clock(ms, decimals=decimals, sep=sep) == text


def test_gaps_say_they_are_gaps():
    assert gap(8300, decimals=1, sep=",") == "+0:08,3"
    assert gap(77200, decimals=1, sep=".") == "+1:17.2"


@pytest.mark.parametrize(
    ("values", "decimals"),
    [
        ([3921100, 3998300, None], 1),
        ([168108, 170268], 3),
        ([60000, 120000], 1),
        ([1010, 100], 2),
        ([], 1),
    ],
)
def test_decimals_follow_what_the_sheet_gave_tenths_at_least(values, decimals):
    assert decimals_for(values) == decimals


def test_whole_seconds_can_drop_the_decimals_where_asked():
    assert decimals_for([60000, 120000], minimum=0) == 0


def test_the_template_filters_use_the_locale_separator():
    template = Template("{% load podium %}{{ t|race_time:1 }} {{ g|race_gap:1 }} {{ n|race_time }}")
    context = Context({"t": 3921100, "g": 8300, "n": None})
    with translation.override("fr"):
        assert template.render(context) == "1:05:21,1 +0:08,3 "
    with translation.override("en"):
        assert template.render(context) == "1:05:21.1 +0:08.3 "


@given(
    ms=st.integers(min_value=-(10**9), max_value=10**9),
    decimals=st.integers(min_value=0, max_value=3),
    sep=st.sampled_from([",", "."]),
)
def test_a_table_s_formatters_write_what_clock_and_gap_write(ms, decimals, sep):
    # The standings rows format thousands of times with these: the text must not change.
    assert clock_formatter(decimals=decimals, sep=sep)(ms) == clock(ms, decimals=decimals, sep=sep)
    assert gap_formatter(decimals=decimals, sep=sep)(ms) == gap(ms, decimals=decimals, sep=sep)


@pytest.mark.parametrize("ms", [59_950, 3_599_950, -59_950, 3_600_000, 999])
def test_a_table_s_formatters_round_across_a_minute_and_an_hour_as_clock_does(ms):
    for decimals in range(4):
        assert clock_formatter(decimals=decimals)(ms) == clock(ms, decimals=decimals)
