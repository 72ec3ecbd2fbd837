"""What changed between two versions, in words for a page: field labels and values as the
standings show them (`results.services.diffing` computes it)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.formats import date_format, localize
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext

from results.catalogue import FIELDS, Kind
from results.services.diffing import CREW, VersionDiff
from results.views import formatting

_BY_NAME = {f.contract or f.model: f for f in FIELDS if f.contract or f.model}
# Fields without a column label of their own.
_LABELS = {"status": gettext_noop("Status"), "category": gettext_noop("Category")}
_EMPTY = "—"


@dataclass(frozen=True, slots=True)
class ShownChange:
    label: str
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class ShownCrew:
    label: str
    changes: tuple[ShownChange, ...]


@dataclass(frozen=True, slots=True)
class ShownDiff:
    counts: dict[str, int]
    added: tuple[str, ...]
    removed: tuple[str, ...]
    changed: tuple[ShownCrew, ...]
    #: `(field label, crews)` of every field that changed, most often changed first.
    fields: tuple[tuple[str, int], ...]

    @property
    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.changed)


def field_label(name: str) -> str:
    field = _BY_NAME.get(name)
    if field is not None and field.label is not None:
        return str(field.label)
    return _(_LABELS.get(name, name))


def value_text(name: str, value: Any, decimals: int = 1) -> str:
    """A changed value as the standings page writes it: `1:05:21,1`, `+0:08,3`, `Exclu`."""
    if value is None:
        return _EMPTY
    field = _BY_NAME.get(name)
    kind = field.kind if field is not None else (Kind.CREW if name == CREW else Kind.TEXT)
    sep = formatting.decimal_separator()
    if kind is Kind.TIME:
        return formatting.clock(int(value), decimals=decimals, sep=sep)
    if kind is Kind.GAP:
        return formatting.gap(int(value), decimals=decimals, sep=sep)
    if kind is Kind.STATUS:
        return str(formatting.STATUS_LABELS.get(value, value))
    if kind is Kind.CREW or isinstance(value, list | tuple):
        return " / ".join(str(item) for item in value)
    return str(localize(value))


def shown(diff: VersionDiff, *, decimals: int = 1) -> ShownDiff:
    return ShownDiff(
        counts=diff.counts,
        added=tuple(item.label for item in diff.added),
        removed=tuple(item.label for item in diff.removed),
        changed=tuple(
            ShownCrew(
                crew.label,
                tuple(
                    ShownChange(
                        field_label(c.field),
                        value_text(c.field, c.old, decimals),
                        value_text(c.field, c.new, decimals),
                    )
                    for c in crew.changes
                ),
            )
            for crew in diff.changed
        ),
        fields=tuple(
            (field_label(name), count)
            for name, count in sorted(diff.counts_by_field.items(), key=lambda kv: -kv[1])
        ),
    )


# Public page: the state of a classification and its revisions -----------------------------

_KIND_LABELS = {
    "published": gettext_noop("Published"),
    "revised": gettext_noop("Revised"),
    "official": gettext_noop("Made official"),
    "decision": gettext_noop("Decision"),
}


@dataclass(frozen=True, slots=True)
class ShownRevision:
    when: str
    iso: str
    kind: str
    label: str
    reason: str
    changes: ShownDiff | None


def moment(at: datetime.datetime) -> str:
    """`12 mars 2025, 18 h 40` in French, `12 March 2025, 18:40` in English (local time)."""
    local = localtime(at)
    # The time of day as each language writes it: `18 h 40`, `18:40`.
    time = date_format(local, pgettext("time of day", "H:i"))
    return _("%(date)s, %(time)s") % {"date": date_format(local, "DATE_FORMAT"), "time": time}


def state_line(classification: Any) -> str:
    """`Officiel depuis le 12 mars 2025, 18 h 40`, or `Provisoire`."""
    if classification.state == "official" and classification.official_at is not None:
        return _("Official since %(moment)s") % {"moment": moment(classification.official_at)}
    if classification.state == "official":
        return _("Official")
    return _("Provisional")


def revisions_of(notes: Iterable[Any], classification: int) -> list[ShownRevision]:
    """The classification's revisions, newest first, as fans read them."""
    out = []
    for note in notes:
        if note.classification != classification:
            continue
        diff = VersionDiff.from_json(note.changes) if note.changes else None
        out.append(
            ShownRevision(
                when=moment(note.at),
                iso=localtime(note.at).isoformat(timespec="minutes"),
                kind=note.kind,
                label=_(_KIND_LABELS.get(note.kind, note.kind)),
                reason=note.reason,
                changes=None if diff is None else shown(diff),
            )
        )
    return out
