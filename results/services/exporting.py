"""What organisers taught Podium: each published import as a corpus case.

`export_readings` writes, for each confirmed import still published (state `applied`), its
source file as received and the reading as published beside it, in the format of the
corpus's expected files (`NN_name.<ext>` and `NN_name.expected.json`: `source`, `notes`,
`entries`), so that real uploads can become test material for the parser.

The reading is the published one: the entries the import wrote, with the organiser's
corrections and the stewards' decisions applied, crews as the sheet wrote them (surnames
upper-cased, as the corpus writes them), in sheet order. The seats of anonymised people are
left out of the crews (their names are nowhere to export); an import whose source was
removed when a person was anonymised has no file to pair with and is skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils.text import slugify

from results.models import CrewMember, Entry, NameChange, ResultImport, Split
from results.models.people import person_name

#: The optional fields of an expected entry, from the entry's columns of the same meaning.
OPTIONAL = (
    ("category", "category"),
    ("laps", "laps"),
    ("best_lap_ms", "best_lap_ms"),
    ("club", "club"),
    ("team", "team"),
    ("nationality", "nationality"),
    ("reason", "reason"),
    ("points", "points"),
    ("penalty_ms", "penalty_ms"),
)
#: The extension of a source whose name has none.
PLAIN = ".txt"


@dataclass(slots=True)
class ExportedReading:
    """One import written out: its case name (the files' common stem) and what it holds."""

    result_import: int
    stem: str
    entries: int
    seats_left_out: int


@dataclass(slots=True)
class Export:
    written: list[ExportedReading] = field(default_factory=list)
    #: (import pk, why it was not written)
    skipped: list[tuple[int, str]] = field(default_factory=list)


def exportable_imports() -> QuerySet[ResultImport]:
    """The confirmed imports whose reading is the published one, oldest first."""
    return (
        ResultImport.objects.filter(state=ResultImport.State.APPLIED)
        .select_related("classification__event")
        .order_by("pk")
    )


def anonymised_people() -> set[int]:
    """The people anonymised on request: their names are not exported."""
    rows = NameChange.objects.filter(kind=NameChange.Kind.ANONYMISE, person__isnull=False)
    return set(rows.values_list("person_id", flat=True))


def case_stem(result_import: ResultImport) -> str:
    """`<pk>_<event>_<classification>`: unique per import, stable across exports."""
    classification = result_import.classification
    name = slugify(f"{classification.event.slug} {classification.slug}")[:80].strip("-")
    return f"{result_import.pk:05d}_{name or 'import'}"


def source_suffix(source_name: str) -> str:
    """The source's extension, lower-cased (`.xlsx`), or `.txt` for a name without one."""
    suffix = PurePath(source_name).suffix.lower()
    return suffix if suffix and suffix[1:].isalnum() else PLAIN


def expected_entry(entry: Entry, *, anonymised: set[int]) -> tuple[dict[str, Any], int]:
    """The entry as the corpus's expected files write one, and how many seats were left out."""
    seats = list(entry.crew.all())
    crew = [
        person_name(seat.surname.upper(), seat.first_name)
        for seat in seats
        if seat.person_id not in anonymised
    ]
    row: dict[str, Any] = {
        "position": entry.position,
        "number": entry.number.lstrip("#") or None,
        "crew": crew,
        "car": entry.car_text or None,
        "group": entry.group or None,
        "class": entry.klass or None,
        "time_ms": entry.time_ms,
        "gap_ms": entry.gap_ms,
        "status": entry.status,
    }
    for key, attribute in OPTIONAL:
        value = getattr(entry, attribute)
        if value not in (None, ""):
            row[key] = value
    splits = list(entry.splits.all())
    if splits:
        row["stage_times_ms"] = [split.time_ms for split in splits]
    return row, len(seats) - len(crew)


def expected_document(result_import: ResultImport, *, anonymised: set[int]) -> dict[str, Any]:
    """The import's published reading as an expected file: `source`, `notes`, `entries`."""
    entries = (
        Entry.objects.filter(result_import=result_import)
        .order_by("sheet_order", "pk")
        .prefetch_related(
            Prefetch("crew", queryset=CrewMember.objects.order_by("seat")),
            Prefetch("splits", queryset=Split.objects.order_by("order")),
        )
    )
    rows, left_out = [], 0
    for entry in entries:
        row, missing = expected_entry(entry, anonymised=anonymised)
        rows.append(row)
        left_out += missing
    classification = result_import.classification
    notes = (
        f"Published reading of {classification} ({classification.event.date:%Y-%m-%d}), "
        f"confirmed {result_import.applied_at:%Y-%m-%d}, read by parser "
        f"{result_import.parser_version}; corrections and decisions applied."
    )
    if left_out:
        notes += f" {left_out} seat(s) of anonymised people left out of the crews."
    return {
        "source": f"podium:import {result_import.pk} {result_import.source_name} "
        f"@sha256:{result_import.sha256}",
        "notes": notes,
        "entries": rows,
        "seats_left_out": left_out,
    }


def export_readings(directory: Path, imports: Iterable[ResultImport] | None = None) -> Export:
    """Write each confirmed import's source and published reading into `directory` (made if
    missing). Files of the same name are replaced: exporting again gives the same files."""
    directory.mkdir(parents=True, exist_ok=True)
    anonymised = anonymised_people()
    done = Export()
    for result_import in imports if imports is not None else exportable_imports():
        if result_import.source_removed:
            done.skipped.append((result_import.pk, "source removed when a person was anonymised"))
            continue
        document = expected_document(result_import, anonymised=anonymised)
        left_out = document.pop("seats_left_out")
        stem = case_stem(result_import)
        source = directory / f"{stem}{source_suffix(result_import.source_name)}"
        source.write_bytes(bytes(result_import.source))
        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
        (directory / f"{stem}.expected.json").write_text(text, encoding="utf-8")
        done.written.append(
            ExportedReading(
                result_import=result_import.pk,
                stem=stem,
                entries=len(document["entries"]),
                seats_left_out=left_out,
            )
        )
    return done
