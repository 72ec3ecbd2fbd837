"""Durations and gaps: `17'24"6`, `05:14,4`, `1:05:21,10`, `2h01'07"5`, `+3 tours`..."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from results.parsing.fields._limits import MAX_CELL, QUOTES
from results.parsing.fields.numbers import ungrouped

# Longest plausible time text, `12h 59' 59" 999` with some slack; longer cells are not times.
_MAX_TIME = 40
_FRACTION_SCALE = (0, 100, 10, 1)  # ms per unit for 1, 2, 3 fraction digits

# Two colon parts are always minutes:seconds (`75:02.3`); three are h:mm:ss. `2h01:07.5` writes
# the hours with an `h`.
# Timing programs print ten-thousandths too (`31:45.7760`): read to the millisecond.
_COLON = re.compile(r"(?:(\d{1,3})\s?[h:]\s?)?(\d{1,4}):(\d{2})(?:[.,](\d{1,4}))?")
# `41.26.45`: hours, minutes and seconds with dots, as rally-raid totals run past a day. Read
# so only when the whole column says so (`dotted_hours`): `1.23.45` is as often m.ss.cc.
_DOTTED = re.compile(r"(\d{1,3})\.(\d{2})\.(\d{2})")
# `59.48,2`, `1.00.12,9`: dots between hours, minutes and seconds and a decimal comma, as
# Finnish and Swedish sheets write times. The comma takes the fraction, so the dots cannot.
_DOT_COMMA = re.compile(r"(?:(\d{1,3})\.)?(\d{1,2})\.(\d{2}),(\d{1,3})")
# Footnote marks after a time: `1:30.913*` (fastest lap), `1:31.2R` (lap record), `9:20N` (a
# notional time a stage gave the crews it could not time).
_TIME_MARKS = "*RrN"
# Minute and second marks: `17'24"6`, `4'12"`, `12"5`, `2h01'07"5`, `3m12s4`, `17'24.6`, and
# hours before a colon when marked minutes follow (`1:02'17.4`).
_MARKS = re.compile(
    r"(?:(\d{1,3})\s?(?:h|:(?=\d{1,2}\s?'))\s?)?(?:(\d{1,4})\s?(?:'|mn|min|m)\s?)?(\d{1,2})"
    r"(?:\s?(\"|s)\s?(\d{1,3})?|[.,](\d{1,3}))?"
)
_BARE = re.compile(r"(\d{1,6})(?:[.,](\d{1,3}))?")
_LEADING_EN = re.compile(r"en\s", re.IGNORECASE)
# `2 tours`, `1 Lap`, `4 Runden`, `1 giro`, `1 omg.`: laps behind, in the languages of the sheets
# seen.
_LAPPED = re.compile(
    r"(\d{1,4})\s?(?:tours?|laps?|lps?|l|trs?|t|runden?|rnds?|rdn|rd|ronden?|rondes?|giri|"
    r"giro|vueltas?|voltas?|varv|kierr?os(?:ta)?|kierr|okr|kol[ao]?|omg(?:ange?)?|omgang(?:en)?|"
    r"runder?)\.?",
    re.IGNORECASE,
)
_GAP_SIGNS = frozenset("+-\u2212\u2013àÀaA")


def _ms(hours: str | None, minutes: str | None, seconds: str, fraction: str | None) -> int | None:
    sec = int(seconds)
    if sec >= 60:
        return None
    mins = int(minutes) if minutes else 0
    if hours:
        if mins >= 60:
            return None
        mins += int(hours) * 60
    total = (mins * 60 + sec) * 1000
    if fraction:
        total += _fraction_ms(fraction)
    return total


def _fraction_ms(fraction: str) -> int:
    if len(fraction) <= 3:
        return int(fraction) * _FRACTION_SCALE[len(fraction)]
    return (int(fraction[:4]) + 5) // 10  # ten-thousandths, rounded half up


def _normalise(text: str) -> str | None:
    if len(text) > MAX_CELL:
        return None
    if not text.isascii() or "`" in text:  # the only ASCII character QUOTES maps
        text = text.translate(QUOTES)
    text = text.replace("''", '"').strip()
    if len(text) > _MAX_TIME:
        return None
    return text


_SECONDS_MILLIS = re.compile(r"(\d{1,2}):(\d{3})")
# A time, then the speed it was set at (`1:36.936  149.294 km/h`).
_SPEED_AFTER = re.compile(r"(\d.{0,15}?\d)\s+\d{1,3}(?:[.,]\d{1,3})?\s*(?:km/h|kph|kmh|mph)", re.I)


def _parse_clean(text: str, bare_seconds: bool, dotted_hours: bool = False) -> int | None:
    if text and text[-1] in _TIME_MARKS and len(text) > 1:
        # `27.64*`, `27.64 *`: the fastest time of the day or a record, marked after it.
        if text[-2].isdigit():
            text = text[:-1]
        elif text[-2] == " " and len(text) > 2 and text[-3].isdigit():
            text = text[:-2]
    if not text or not text[0].isdigit() or text[-1] not in "0123456789'\"sS":
        return None
    m = _COLON.fullmatch(text)
    if m:
        return _ms(*m.groups())
    m = _DOT_COMMA.fullmatch(text)
    if m:
        return _ms(*m.groups())
    if dotted_hours and (m := _DOTTED.fullmatch(text)):
        hours, minutes, seconds = m.groups()
        return _ms(hours, minutes, seconds, None)
    m = _SECONDS_MILLIS.fullmatch(text)
    if m:
        # `2:402`: three digits after a colon are no minutes and seconds, only thousandths.
        return int(m[1]) * 1000 + int(m[2])
    m = _MARKS.fullmatch(text)
    if m:
        hours, minutes, seconds, mark, frac1, frac2 = m.groups()
        if hours and not minutes:
            return None  # `2h01`: minutes or seconds? Not a time we can trust.
        if hours or minutes or mark:
            return _ms(hours, minutes, seconds, frac1 or frac2)
        # No unit at all: a plain number, only a time when the caller says so.
    if bare_seconds:
        m = _BARE.fullmatch(text)
        if m:
            whole, fraction = m.groups()
            ms = int(whole) * 1000
            if fraction:
                ms += int(fraction) * _FRACTION_SCALE[len(fraction)]
            return ms
    return None


def parse_time(text: str, *, bare_seconds: bool = False, dotted_hours: bool = False) -> int | None:
    """A duration in integer milliseconds, or None when the text is not a time. `dotted_hours`
    reads `41.26.45` as 41 h 26 min 45 s (see `reads_dotted_hours`). A speed after the time
    (`1:36.936  149.294 km/h`, a best lap and its speed in one cell) is set aside."""
    if text[-1:] in ("h", "H") and (fused := _SPEED_AFTER.fullmatch(text.strip())):
        text = fused[1]
    clean = _normalise(text)
    if not clean:
        return None
    if clean[0] in "eE" and _LEADING_EN.match(clean):
        clean = clean[3:].lstrip()
    return _parse_clean(clean, bare_seconds, dotted_hours)


# Fewer dotted times than this prove nothing: three m.ss.cc values all end below 60 one time
# in five; eight of them, one time in sixty.
_DOTTED_PROOF = 4


def reads_dotted_hours(values: Sequence[str]) -> bool:
    """True when a column's dotted times (`41.26.45`, `+ 01.45.27`) are h.mm.ss: enough of
    them, and never a last part of 60 or more (hundredths would reach it in any long list)."""
    seen = 0
    for v in values:
        text = v.strip().lstrip("+").strip()
        m = _DOTTED.fullmatch(text) if len(text) <= 9 else None
        if m is None:
            continue
        if int(m[2]) >= 60 or int(m[3]) >= 60:
            return False
        seen += 1
    return seen >= _DOTTED_PROOF


@dataclass(frozen=True, slots=True)
class Gap:
    """A gap to another crew: a duration, or a number of laps behind."""

    ms: int | None
    laps: int | None = None


def has_gap_marker(text: str) -> bool:
    """True when the text starts with a gap sign (`+`, `à`, `a `), unlike a plain time."""
    text = text.lstrip()
    if not text:
        return False
    first = text[0]
    if first in "+àÀ":
        return True
    return first in "aA" and len(text) > 1 and text[1] in " \u00a0\t"


def parse_gap(text: str, *, dotted_hours: bool = False) -> Gap | None:
    """A gap: `+7.4`, `à 0'08"3`, `+02:42,0`, `2.160`, `+3 tours`, `+2T`; None otherwise."""
    clean = _normalise(text)
    if not clean:
        return None
    if clean[0] in _GAP_SIGNS:
        # A plain `a` is a sign only before a space: `A8` is a class, `avant` a word.
        if clean[0] in "aA" and clean[1:2] != " ":
            return None
        clean = clean[1:].lstrip()
        if not clean:
            return None
    if not clean[0].isdigit():
        return None
    # A lap count ends with its unit (`+3 tours`, `2T`), never with a digit.
    m = None if clean[-1].isdigit() else _LAPPED.fullmatch(clean)
    if m:
        return Gap(None, int(m[1]))
    ms = _parse_clean(clean, True, dotted_hours)
    return None if ms is None else Gap(ms)


# `13 1:31.141`: the lap a best lap was set on, then the lap time, in one cell.
_LAP_AND_TIME = re.compile(r"(\d{1,4})\s+(\d.*)")
# `57.606 (T244)`, `1:36.968 (12)`, `1:36.9 (lap 12)`: the time, then its lap in brackets.
_TIME_AND_LAP = re.compile(r"(\d\S*)\s*\((?:[A-Za-z]{1,4}\.?\s?)?(\d{1,4})\)")


def parse_lap_and_time(text: str) -> tuple[int | None, int] | None:
    """A best-lap cell: `1:31.141`, `13 1:31.141*` (lap number first) or `57.606 (T244)`,
    `1:36.968 (12)` (lap number after, in brackets); (lap, ms) or None."""
    ms = parse_time(text, bare_seconds=True)
    if ms is not None:
        return None, ms
    if len(text) > _MAX_TIME:
        return None
    m = _LAP_AND_TIME.fullmatch(text.strip())
    if m is not None and (ms := parse_time(m[2])) is not None:
        return int(m[1]), ms
    m = _TIME_AND_LAP.fullmatch(text.strip())
    if m is not None and (ms := parse_time(m[1], bare_seconds=True)) is not None:
        return int(m[2]), ms
    return None


def parse_gap_pair(text: str) -> tuple[Gap, Gap] | None:
    """Two gaps in one cell, `+24:03.0 +5:06.9`: to the leader, then to the crew ahead (as
    eWRC-style pages print them); None unless both halves are gaps with a sign."""
    halves = text.split()
    if len(halves) != 2 or not all(h[:1] in "+-" for h in halves):
        return None
    first, second = parse_gap(halves[0]), parse_gap(halves[1])
    if first is None or second is None:
        return None
    return first, second


def format_ms(ms: int, *, decimals: int = 3, sep: str = ".") -> str:
    """`h:mm:ss.fff`, `m:ss.fff` below an hour, `s.fff` below a minute; rounds half up."""
    if not 0 <= decimals <= 3:
        raise ValueError("decimals must be between 0 and 3")
    sign = "-" if ms < 0 else ""
    ms = abs(ms)
    unit = 10 ** (3 - decimals)
    units = (ms + unit // 2) // unit if unit > 1 else ms
    per_second = 10**decimals
    seconds, fraction = divmod(units, per_second)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    tail = f"{sep}{fraction:0{decimals}d}" if decimals else ""
    if hours:
        return f"{sign}{hours}:{minutes:02d}:{seconds:02d}{tail}"
    if minutes:
        return f"{sign}{minutes}:{seconds:02d}{tail}"
    return f"{sign}{seconds}{tail}"


# `kara 0:10.0`, `Pén. 10`: the word a penalty cell may start with.
_PENALTY_WORD = re.compile(r"(?i)(?:kara|kary|p[eé]nalit[eé]|penalty|p[eé]n\.?|strafe)\s*:?\s*")


def parse_penalty(text: str) -> int | None:
    """A penalty in ms: `10` (seconds alone, the common way), `0:10`, `+1'00"`, `+5s`, after
    a word saying it is one (`kara 0:10.0`)."""
    if text[:1].isalpha() and (word := _PENALTY_WORD.match(text)) is not None:
        text = text[word.end() :]
    if not text:
        return None
    text = ungrouped(text)
    if has_gap_marker(text):
        gap = parse_gap(text)
        return gap.ms if gap is not None else None
    return parse_time(text, bare_seconds=True)


# A total with the penalty it holds after it in brackets: `58:45.2 (0:10)`, `1:02:11.3 (+10")`,
# `1:09.509 (dont 5" pén.)` (of which 5 s of penalty), `(incl. 10s pen)`, and a gap so
# (`à 5'00"8 (dont 10" de pén.)`).
_PENALTY_AFTER = re.compile(
    r"([^()]*?\d[^()]*?)\s*\(\s*"
    r"(?P<said>(?:dont|incl\.?|inkl\.?|including|inclus|compris|compresi|incluidos?)\s*)?"
    r"(\+?\d[^()]{0,10}?)\s*(?:de\s+)?"
    r"(?:p[ée]n\.?|pen\.?|p[ée]nalit[ée]s?|penalty|strafe|penalit[àa])?\s*\)",
    re.IGNORECASE,
)
#: What a penalty in brackets shows that a rank in brackets (`5:12.3 (1)`) does not: a time's
#: marks, decimals, a sign or seconds.
_MEASURED = re.compile(r"[:'’\"”+]|\d[.,]\d|\ds\b")


def penalty_after(text: str, *, measured: bool = False) -> tuple[str, int | None, bool] | None:
    """(the value before a penalty in brackets, the penalty in ms, whether the bracket says
    the value includes it: `dont`, `incl.`); None where no bracket ends the text. `measured`:
    only a penalty written as a time, not a bare number (a stage's rank)."""
    found = _PENALTY_AFTER.fullmatch(text.strip()) if len(text) <= _MAX_TIME else None
    if found is None or (measured and not _MEASURED.search(found[3])):
        return None
    return found[1], parse_penalty(found[3]), found["said"] is not None


def parse_time_and_penalty(
    text: str, *, bare_seconds: bool = False
) -> tuple[int, int | None] | None:
    """`58:45.2 (0:10)`: the total and the penalty it holds, in ms; None unless the cell is a
    time followed by a bracket."""
    found = penalty_after(text)
    if found is None or (ms := parse_time(found[0], bare_seconds=bare_seconds)) is None:
        return None
    return ms, found[1]


# A spreadsheet's time of day stored as the day's fraction and shown as a bare number where
# the cell is formatted as text (`0.0434375` is 1:02:33.0): below one, with the six decimals or
# more a division by 86,400 seconds leaves, which no count of seconds is written with.
_DAY_FRACTION = re.compile(r"0[.,](\d{6,})")


def parse_day_fraction(text: str) -> int | None:
    """The ms of a time written as a fraction of a day (`0.0434375`, `0,0434375` where the
    decimal mark is a comma), to the millisecond a timing program keeps; None for anything
    else."""
    found = _DAY_FRACTION.fullmatch(text.strip())
    if found is None:
        return None
    ms = round(float(f"0.{found[1]}") * 86_400_000)
    return ms or None
