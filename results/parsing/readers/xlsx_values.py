"""XLSX cell values as the text a person sees in the spreadsheet."""

from __future__ import annotations

import datetime as dt
import math
from functools import lru_cache
from typing import Any

_MS_PER_DAY = 86_400_000


def duration(total_ms: int) -> str:
    """`h:mm:ss.fff` with what adds nothing trimmed: 314400 ms → `5:14.4`, 3921100 → `1:05:21.1`."""
    sign = "-" if total_ms < 0 else ""
    seconds, millis = divmod(abs(total_ms), 1000)
    minutes, secs = divmod(seconds, 60)
    hours, mins = divmod(minutes, 60)
    fraction = f".{millis:03d}".rstrip("0") if millis else ""
    if hours:
        return f"{sign}{hours}:{mins:02d}:{secs:02d}{fraction}"
    return f"{sign}{mins}:{secs:02d}{fraction}"


def _format_letters(number_format: str) -> str:
    """The format's letters outside quoted text, escapes and `[...]` sections (colours, locales),
    except the elapsed-time sections `[h]`, `[mm]`, `[ss]`."""
    letters: list[str] = []
    index, size = 0, len(number_format)
    while index < size:
        char = number_format[index]
        if char == '"':
            end = number_format.find('"', index + 1)
            index = size if end == -1 else end + 1
            continue
        if char in "\\_*":  # an escaped or padding character follows
            index += 2
            continue
        if char == "[":
            end = number_format.find("]", index + 1)
            inside = number_format[index + 1 : size if end == -1 else end].lower()
            if inside and set(inside) <= set("hms"):
                letters.append(inside)
            index = size if end == -1 else end + 1
            continue
        letters.append(char.lower())
        index += 1
    return "".join(letters)


@lru_cache(maxsize=512)  # a workbook uses a handful of formats, on thousands of cells
def is_time_format(number_format: str | None) -> bool:
    """Whether a number format shows a time of day or a duration (hours or seconds)."""
    if not number_format:
        return False
    letters = _format_letters(number_format.split(";")[0])
    return "h" in letters or "s" in letters


def _shows_date(number_format: str | None) -> bool:
    letters = _format_letters((number_format or "").split(";")[0])
    return any(letter in letters for letter in "dy") or not is_time_format(number_format)


def _clock(value: dt.time | dt.datetime) -> int:
    seconds = (value.hour * 60 + value.minute) * 60 + value.second
    return seconds * 1000 + round(value.microsecond / 1000)


def _number(value: float) -> str:
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return format(value, ".15g")  # the digits a spreadsheet shows, without float noise


def cell_text(value: Any, number_format: str | None = None) -> str:
    """The text of a cell value: `12`, `12.5`, `5:14.4`, `12/05/2024`, "" for None."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        # A fraction of a day under a time format the workbook reader did not convert.
        if is_time_format(number_format) and math.isfinite(value) and abs(value) < 1e6:
            return duration(round(value * _MS_PER_DAY))
        return _number(value)
    if isinstance(value, dt.datetime):
        if not _shows_date(number_format):
            return duration(_clock(value))
        day = value.strftime("%d/%m/%Y")
        return day if value.time() == dt.time() else f"{day} {value.strftime('%H:%M:%S')}"
    if isinstance(value, dt.date):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, dt.time):
        return duration(_clock(value))
    if isinstance(value, dt.timedelta):
        return duration(round(value.total_seconds() * 1000))
    return str(value)
