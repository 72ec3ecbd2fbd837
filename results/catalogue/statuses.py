"""The status catalogue: every status an entry can have, declared once.

The Entry model's choices, the public labels, the short mark in the position cell, the section
titles and their order, the championship cells and the CSV export all read these. The parser
keeps its own list of codes (`results.parsing.STATUSES`): a test holds the two equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from results.catalogue.text import Text, gettext_noop, pgettext_lazy


@dataclass(frozen=True, slots=True)
class EntryStatus:
    """One status. `order` is where its crews stand: sheets list the classified crews first,
    then Rallye 2, retirements, non-classified, disqualified and non-starters."""

    code: str
    #: What the public pages call an entry with this status (`Abandon`).
    label: Text
    #: The mark a sheet prints in the position cell of such a crew (`Ab.`); empty if none.
    short: Text | None
    #: The title of the block of such crews below the classified ones (`Abandons`).
    section: Text | None
    order: int
    #: Ranked among the classified crews: class positions, group ranks and tab gaps count it.
    classified: bool = False


STATUSES: tuple[EntryStatus, ...] = (
    EntryStatus(
        "classified",
        label=gettext_noop("Classified"),
        short=None,
        section=None,
        order=0,
        classified=True,
    ),
    EntryStatus(
        "rally2",
        label=gettext_noop("Rally 2"),
        short=pgettext_lazy("status, short", "R2"),
        section=gettext_noop("Rally 2"),
        order=1,
    ),
    EntryStatus(
        "retired",
        label=gettext_noop("Retired"),
        short=pgettext_lazy("status, short", "Ret."),
        section=gettext_noop("Retirements"),
        order=2,
    ),
    EntryStatus(
        "nc",
        label=gettext_noop("Not classified"),
        short=pgettext_lazy("status, short", "NC"),
        section=gettext_noop("Not classified"),
        order=3,
    ),
    EntryStatus(
        "dsq",
        label=gettext_noop("Disqualified"),
        short=pgettext_lazy("status, short", "DSQ"),
        section=gettext_noop("Disqualified"),
        order=4,
    ),
    EntryStatus(
        "dns",
        label=gettext_noop("Non-starter"),
        short=pgettext_lazy("status, short", "DNS"),
        section=gettext_noop("Non-starters"),
        order=5,
    ),
)

#: code → status.
STATUS: MappingProxyType[str, EntryStatus] = MappingProxyType({s.code: s for s in STATUSES})
#: The one status whose crews are ranked (`classified`).
CLASSIFIED: str = next(s.code for s in STATUSES if s.classified)
