"""Fixes remembered: the reading profile an organiser set for a layout, offered again; and the
choices of person made for spellings several people share, made again.

A re-upload of the same layout (same headings table by table), to any event of the same club,
is read with the profile its last published reading was given (the column roles and header
choice, and which classification each table went into, or left out), so confirming it does not
silently lose them; the preview says so in one line, and reading again without them is one
click. The values fixed in the preview of a classification apply to its next readings through
the corrections' layer (`services.decisions`). A seat
spelled like several people, at an event where an organiser already chose who that spelling
is, goes to the same person again (`remembered_choices`), still changeable on its row.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from results.models import Classification, Decision, ResultImport, person_key
from results.parsing import Hints
from results.services.choices import Choices, flagged_seats
from results.services.plans import choices_from_json, plan_of

Layout = tuple[tuple[int, int, tuple[str, ...]], ...]


def layout_of(sheet: Mapping[str, Any] | None) -> Layout | None:
    """The layout's signature: per table, its index, its column count and its headings.
    None for a sheet without a single heading (nothing tells two such layouts apart)."""
    if not sheet:
        return None
    tables = sheet.get("tables") or [
        {"table": 0, "columns": sheet.get("columns", []), "headings": sheet.get("headings")}
    ]
    out = []
    for table in tables:
        columns = table.get("columns") or []
        headings = tuple((h or "").strip().casefold() for h in table.get("headings") or ())
        out.append((int(table.get("table", 0)), len(columns), headings))
    if not any(h for _, _, headings in out for h in headings):
        return None
    return tuple(out)


def has_fixes(hints: Mapping[str, Any] | None, targets: Mapping[str, str] | None = None) -> bool:
    """Whether stored hints hold a correction (a role or the header choice), or the tables
    were sent into other classifications or left out (`targets`)."""
    parsed = Hints.from_dict(hints)
    return bool(parsed.roles or parsed.tables or parsed.header is not None or targets)


def targets_of(result_import: ResultImport) -> dict[str, str]:
    """Where the upload sent its tables (a part answers for its lead); empty: all into one."""
    lead = result_import.lead if result_import.lead_id else result_import
    return dict(lead.targets or {})


@dataclass(frozen=True, slots=True)
class Profile:
    """What an organiser set for a layout: the reading's hints and where its tables went."""

    source: ResultImport
    hints: Hints
    targets: dict[str, str]


def fixes_for(
    *, classification: Classification, sheet: Mapping[str, Any] | None, before: int | None = None
) -> Profile | None:
    """The reading profile of the layout of `sheet`: from the club's latest published reading
    with that layout (the event's, when it has no club; made before import `before` when
    given), when it carries fixes."""
    layout = layout_of(sheet)
    if layout is None:
        return None
    for earlier in ResultImport.objects.published_readings_of(classification.event, before=before):
        if layout_of(earlier.sheet) == layout:
            # The latest reading of the layout decides: read without fixes (the organiser
            # dropped them), it brings back none of an older one's.
            targets = targets_of(earlier)
            if not has_fixes(earlier.hints, targets) and not _values_fixed(earlier):
                return None
            return Profile(earlier, Hints.from_dict(earlier.hints), targets)
    return None


def _values_fixed(result_import: ResultImport) -> bool:
    """Whether values were fixed on that upload (its lead or parts)."""
    lead = result_import.lead_id or result_import.pk
    group = Q(result_import_id=lead) | Q(result_import__lead_id=lead)
    return Decision.objects.filter(group, kind=Decision.Kind.CELL_FIX).exists()


def remembered_from(result_import: ResultImport) -> ResultImport | None:
    """The earlier reading whose profile this preview carries again, if it carries it: its
    hints and tables' targets, or values it fixed, offered again."""
    state = result_import.state
    if state != ResultImport.State.PREVIEWED or result_import.lead_id is not None:
        return None
    offered = Decision.objects.filter(
        Q(result_import=result_import) | Q(result_import__lead=result_import),
        copied_from__isnull=False,
    ).exists()
    if not offered and not has_fixes(result_import.hints, result_import.targets):
        return None
    profile = fixes_for(
        classification=result_import.classification,
        sheet=result_import.sheet,
        before=result_import.pk,
    )
    if profile is None:
        return None
    same = profile.hints == Hints.from_dict(result_import.hints) and profile.targets == dict(
        result_import.targets or {}
    )
    if not same or not (offered or has_fixes(result_import.hints, result_import.targets)):
        return None
    return profile.source


def remembered_choices(result_import: ResultImport) -> Choices:
    """Choices of person for the preview's flagged seats, remembered from the event's published
    imports: a seat spelled as one an organiser chose for (the latest choice), by the same race
    number when that spelling went to several people, goes to the same person again, if that
    person is still one of the seat's candidates. One query; none without a flagged seat."""
    plan = plan_of(result_import)
    seats = flagged_seats(plan)
    if not seats or not result_import.sheet:
        return {}
    earlier = (
        ResultImport.objects.filter(
            classification__event_id=result_import.classification.event_id,
            applied_at__isnull=False,
        )
        .exclude(pk=result_import.pk)
        .exclude(choices=[])
        .only("choices", "sheet")
        .order_by("-pk")[:_EARLIER_IMPORTS]
    )
    by_number: dict[tuple[str, str], int] = {}
    by_key: dict[str, set[int]] = {}
    for item in earlier:
        records = (item.sheet or {}).get("entries") or []
        for choice in choices_from_json(item.choices):
            if not 0 <= choice.entry < len(records):
                continue
            key, number = _seat_key(records[choice.entry], choice.seat)
            by_number.setdefault((key, number), choice.person)
            by_key.setdefault(key, set()).add(choice.person)
    found: dict[tuple[int, int], int] = {}
    records = result_import.sheet["entries"]
    for (order, seat), candidates in seats.items():
        key, number = _seat_key(records[order], seat)
        person = by_number.get((key, number))
        if person is None and len(by_key.get(key, ())) == 1:
            (person,) = by_key[key]
        if person is not None and person in candidates:
            found[(order, seat)] = person
    return found


#: How many of the event's latest imports with choices are read for them.
_EARLIER_IMPORTS = 20


def _seat_key(record: Mapping[str, Any], seat: int) -> tuple[str, str]:
    member = record["crew"][seat - 1] if 0 < seat <= len(record["crew"]) else {}
    number = "" if record.get("number") is None else str(record["number"])
    return person_key(member.get("surname") or "", member.get("first_name")), number
