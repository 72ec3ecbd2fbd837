"""The writer stores what the catalogue declares: every stored field, from its contract name."""

from __future__ import annotations

import dataclasses

import pytest

from results.catalogue import STORED, Kind
from results.models import ResultImport
from results.parsing import Entry as ContractEntry
from results.parsing import Person
from results.services.writing import entry_row

pytestmark = pytest.mark.django_db

# A record with a value in every field, each told apart from the others.
RECORD = ContractEntry(
    line=7,
    page=2,
    category="Scratch",
    position=3,
    number="041B",
    crew=(Person("DUPONT", "Jean"),),
    car="Peugeot 106",
    group="N",
    klass="2",
    club="ASA Vesoul",
    time_ms=611_500,
    gap_ms=11_500,
    status="classified",
    laps=12,
    best_lap_ms=48_123,
    best_lap_no=9,
    speed_kmh=101.5,
    capacity="1600",
    class_position=1,
    team="Team Vosges",
    nationality="FRA",
    reason="moteur",
    retired_at="ES4",
    penalty_ms=10_000,
    points=12.5,
    distance="123,4 km",
)


def _row(record: dict, classification):
    return entry_row(
        record,
        order=0,
        classification=classification,
        result_import=ResultImport(classification=classification),
        car_id=None,
        class_position=record.get("class_position"),  # the plan: the sheet's, where given
        issues=[],
    )


def test_every_stored_field_is_written_from_its_contract_name(classification):
    record = RECORD.to_dict()
    entry = _row(record, classification)
    for field in STORED:
        assert getattr(entry, field.model) == record[field.contract], field.contract
    assert (entry.line, entry.page, entry.class_position) == (7, 2, 1)
    assert entry.raw == record
    # The door number as written, and its numeric part that sorts it.
    assert (entry.number, entry.number_sort) == ("041B", 41)


def test_a_number_an_older_preview_stored_as_an_integer_is_written_as_its_text(classification):
    record = {**RECORD.to_dict(), "number": 7}
    for name in ("team", "reason", "retired_at", "points"):
        del record[name]  # a preview stored before these fields existed
    entry = _row(record, classification)
    assert (entry.number, entry.number_sort) == ("7", 7)
    assert (entry.team, entry.reason, entry.retired_at, entry.points) == ("", "", "", None)


def test_text_a_sheet_leaves_out_is_stored_blank_and_the_rest_as_null(classification):
    empty = {f.name: None for f in dataclasses.fields(ContractEntry) if f.name not in ("line",)}
    record = dataclasses.replace(RECORD, **{**empty, "crew": (), "status": "retired"}).to_dict()
    entry = _row(record, classification)
    for field in STORED:
        expected = "retired" if field.kind is Kind.STATUS else None
        expected = "" if field.kind is Kind.TEXT else expected
        assert getattr(entry, field.model) == expected, field.contract
