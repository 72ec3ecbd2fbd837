"""Times, gaps and labels as the public pages show them: one notation for the whole site."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.formats import get_format
from django.utils.translation import gettext_lazy as _

from results.catalogue import STATUSES
from results.parsing.fields import format_ms

# Read from the status catalogue (the model choices label one entry, for the admin).
STATUS_LABELS = {status.code: status.label.lazy() for status in STATUSES}
# What a results sheet prints in the position cell of an unplaced crew.
STATUS_SHORT = {status.code: status.short.lazy() if status.short else "" for status in STATUSES}
# Section titles, in the order sheets list them after the classified crews.
SECTION_TITLES = {
    status.code: status.section.lazy() if status.section else ""
    for status in sorted(STATUSES, key=lambda status: status.order)
}
STATUS_ORDER = {status.code: status.order for status in STATUSES}
STATE_LABELS = {"provisional": _("provisional"), "official": _("official")}
DISCIPLINE_LABELS = {
    "rally": _("Rally"),
    "historic_rally": _("Historic rally"),
    "hill_climb": _("Hill climb"),
    "endurance": _("Endurance"),
    "slalom": _("Slalom"),
    "circuit": _("Circuit"),
}


def decimal_separator() -> str:
    """The active language's decimal separator: `,` in French, `.` in English."""
    return get_format("DECIMAL_SEPARATOR")


def decimals_for(values: Iterable[int | None], *, minimum: int = 1) -> int:
    """How many decimals the stored times need: tenths for most rallies, thousandths for laps.

    Derived from the values themselves, so a table shows what its sheet gave and no more;
    never fewer than `minimum`, the site's `m:ss.t` (a whole-second time is still `5:00.0`).
    """
    needed = minimum
    for value in values:
        if value is None:
            continue
        fraction = value % 1000
        if fraction % 10:
            return 3
        if fraction % 100:
            needed = max(needed, 2)
        elif fraction:
            needed = max(needed, 1)
    return needed


def clock(ms: int, *, decimals: int = 1, sep: str = ".") -> str:
    """`h:mm:ss.t` or `m:ss.t`; below a minute still `0:ss.t`, so every time reads alike."""
    text = format_ms(ms, decimals=decimals, sep=sep)
    if ":" in text:
        return text
    sign, body = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, _sep, fraction = body.partition(sep)
    return f"{sign}0:{int(whole):02d}{sep + fraction if fraction else ''}"


def gap(ms: int, *, decimals: int = 1, sep: str = ".") -> str:
    """`+m:ss.t`: a gap always says it is one."""
    return (
        clock(ms, decimals=decimals, sep=sep)
        if ms < 0
        else "+" + clock(ms, decimals=decimals, sep=sep)
    )


def clock_formatter(*, decimals: int = 1, sep: str = ".") -> Callable[[int], str]:
    """`clock` with its decimals and separator fixed: the same text, for a table's thousands of
    times (the arguments are checked once, and no text is cut apart again afterwards)."""
    if not 0 <= decimals <= 3:
        raise ValueError("decimals must be between 0 and 3")
    unit = 10 ** (3 - decimals)
    half, per_second = unit // 2, 10**decimals
    tail = f"{sep}%0{decimals}d" if decimals else ""
    short, long = f"%s%d:%02d{tail}", f"%s%d:%02d:%02d{tail}"

    def text(ms: int) -> str:
        sign = ""
        if ms < 0:
            sign, ms = "-", -ms
        seconds, fraction = divmod((ms + half) // unit, per_second)
        minutes, seconds = divmod(seconds, 60)
        if minutes < 60:
            return short % (
                (sign, minutes, seconds, fraction) if decimals else (sign, minutes, seconds)
            )
        hours, minutes = divmod(minutes, 60)
        if decimals:
            return long % (sign, hours, minutes, seconds, fraction)
        return long % (sign, hours, minutes, seconds)

    return text


def gap_formatter(*, decimals: int = 1, sep: str = ".") -> Callable[[int], str]:
    """`gap` with its decimals and separator fixed (see `clock_formatter`)."""
    clock_text = clock_formatter(decimals=decimals, sep=sep)
    return lambda ms: clock_text(ms) if ms < 0 else "+" + clock_text(ms)


CLASS_POSITION = _("Class pos.")
GROUP_POSITION = _("Group pos.")
DRIVER = _("Driver")
CODRIVER = _("Co-driver")
CREW_MEMBER = _("Crew member")
