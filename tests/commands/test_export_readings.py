"""`manage.py export_readings DIR`: each confirmed import as a corpus case, its source and its
reading as published (corrections applied), anonymised people left out."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from results.models import Classification, Decision, Entry, Event, Person, ResultImport
from results.parsing import parse
from results.services.anonymising import anonymise_person
from results.services.decisions import record_decision
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db

ROWS = (
    "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | A6 | 10:00,0 | |",
    "| 2 | 7 | DURAND Luc/PETIT Anne | Citroën Saxo VTS | A6 | 10:05,0 | +00:05,0 |",
    "| 3 | 9 | ROBERT Anne/LEROY Paul | Citroën Saxo VTS | A6 | 10:09,0 | +00:09,0 |",
    "| Abandon | 3 | SIMON Marc/GIRARD Léa | BMW M3 | N4 | | |",
)


def load(classification: Classification, *rows: str, name: str = "resultats.txt"):
    data = pipe_sheet(*rows)
    return apply_import(preview_import(classification=classification, data=data, source_name=name))


def export(directory: Path) -> str:
    from io import StringIO

    out = StringIO()
    call_command("export_readings", str(directory), stdout=out, stderr=out)
    return out.getvalue()


def cases(directory: Path) -> dict[str, dict]:
    return {
        path.name[: -len(".expected.json")]: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(directory.glob("*.expected.json"))
    }


def test_each_confirmed_import_is_written_with_its_source_and_published_reading(
    classification, tmp_path
):
    applied = load(classification, *ROWS)
    # A preview never confirmed is no reading of Podium's: not exported.
    other = Classification.objects.create(event=classification.event, slug="vhc", name="VHC")
    preview_import(classification=other, data=pipe_sheet(*ROWS[:2]), source_name="vhc.csv")
    said = export(tmp_path)

    [(stem, case)] = cases(tmp_path).items()
    assert stem.startswith(f"{applied.pk:05d}_")
    assert (tmp_path / f"{stem}.txt").read_bytes() == bytes(applied.source)
    assert str(applied.pk) in case["source"] and applied.sha256 in case["source"]
    first, *_rest, retired = case["entries"]
    assert first == {
        "position": 1,
        "number": "12",
        "crew": ["DUPONT Jean", "MARTIN Paul"],
        "car": "Peugeot 306 S16",
        "group": "A",
        "class": "6",
        "time_ms": 600_000,
        "gap_ms": 0,
        "status": "classified",
    }
    assert (retired["position"], retired["status"], retired["time_ms"]) == (None, "retired", None)
    assert [e["number"] for e in case["entries"]] == ["12", "7", "9", "3"]  # sheet order
    assert "1 import(s) written" in said


def test_the_exported_source_reads_back_to_the_exported_crews(classification, tmp_path):
    load(classification, *ROWS)
    export(tmp_path)
    [(stem, case)] = cases(tmp_path).items()
    sheet = parse((tmp_path / f"{stem}.txt").read_bytes(), filename=f"{stem}.txt").to_dict()
    read = [[f"{p['surname']} {p['first_name']}" for p in e["crew"]] for e in sheet["entries"]]
    assert read == [e["crew"] for e in case["entries"]]


def test_the_reading_is_the_published_one_decisions_applied(classification, superuser, tmp_path):
    load(classification, *ROWS)
    record_decision(
        entry=Entry.objects.get(classification=classification, number="12"),
        kind=Decision.Kind.EXCLUSION,
        reason="Non-conformité technique",
        decided_on=datetime.date(2024, 5, 4),
        user=superuser,
    )
    export(tmp_path)
    [case] = cases(tmp_path).values()
    by_number = {e["number"]: e for e in case["entries"]}
    assert by_number["12"]["status"] == "dsq" and by_number["12"]["position"] is None
    assert (by_number["7"]["position"], by_number["7"]["gap_ms"]) == (1, 0)


def test_a_reimport_replaces_the_reading_it_supersedes(classification, tmp_path):
    load(classification, *ROWS, name="v1.txt")
    again = load(classification, *ROWS[:3], name="v2.csv")
    export(tmp_path)
    [(stem, case)] = cases(tmp_path).items()
    assert stem.startswith(f"{again.pk:05d}_")
    assert (tmp_path / f"{stem}.csv").exists()  # the source keeps its own kind of name
    assert len(case["entries"]) == 3


def test_anonymised_people_are_left_out(classification, tmp_path):
    load(classification, *ROWS)
    anonymise_person(person=Person.objects.get(search_key="petit anne"))
    said = export(tmp_path)
    [(stem, case)] = cases(tmp_path).items()
    written = (tmp_path / f"{stem}.expected.json").read_text(encoding="utf-8")
    source = (tmp_path / f"{stem}.txt").read_bytes().decode()
    assert "PETIT" not in written.upper() and "PETIT" not in source.upper()
    assert case["entries"][1]["crew"] == ["DURAND Luc"]
    assert "1 seat(s) of anonymised people" in case["notes"]
    assert "1 anonymised seat(s) left out" in said


def test_an_import_without_its_source_is_skipped(classification, tmp_path):
    applied = load(classification, *ROWS)
    ResultImport.objects.filter(pk=applied.pk).update(source=b"", source_removed=True)
    said = export(tmp_path)
    assert not list(tmp_path.iterdir())
    assert f"import {applied.pk} skipped" in said


def test_exporting_twice_gives_the_same_files(classification, tmp_path):
    load(classification, *ROWS)
    export(tmp_path / "a")
    export(tmp_path / "a")
    export(tmp_path / "b")
    a = {p.name: p.read_bytes() for p in (tmp_path / "a").iterdir()}
    assert a == {p.name: p.read_bytes() for p in (tmp_path / "b").iterdir()}
    assert len(a) == 2


def test_a_file_in_the_way_is_a_clear_error(tmp_path, db):
    blocker = tmp_path / "taken"
    blocker.write_text("x")
    with pytest.raises(CommandError, match="not a directory"):
        call_command("export_readings", str(blocker))


def test_no_import_writes_nothing(tmp_path, db):
    Event.objects.create(name="Vide", slug="vide", date=datetime.date(2024, 1, 1))
    assert "0 import(s) written" in export(tmp_path / "out")
    assert list((tmp_path / "out").iterdir()) == []
