"""Stage and run times are written with their entries, and replaced with them."""

from pathlib import Path

import pytest

from results.models import Entry, Split
from results.services import writing
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db

RALLY = (Path(__file__).parents[1] / "parsing/sheets/splits/rallye_es_pipe.txt").read_bytes()


def imported(classification, data=RALLY):
    return apply_import(
        preview_import(classification=classification, data=data, source_name="es.txt")
    )


def test_every_stage_time_is_stored_with_its_entry(classification):
    imported(classification)
    martin = Entry.objects.get(classification=classification, number=12)
    assert [
        (s.name, s.order, s.time_ms, s.penalty_ms, s.status, s.counted) for s in martin.splits.all()
    ] == [
        ("ES1", 1, 301200, None, "finished", True),
        ("ES2", 2, 250000, None, "finished", True),
        ("ES3", 3, 360300, None, "finished", True),
    ]
    blanc = Entry.objects.get(classification=classification, number=21)
    assert [(s.time_ms, s.status, s.counted) for s in blanc.splits.all()] == [
        (320000, "finished", True),
        (None, "retired", False),
        (None, "dns", False),
    ]
    assert blanc.status == "retired"


def test_a_new_import_replaces_the_splits_with_the_entries(classification):
    imported(classification)
    first_ids = set(Split.objects.values_list("pk", flat=True))
    imported(classification)
    assert Split.objects.count() == 12
    assert not first_ids & set(Split.objects.values_list("pk", flat=True))
    imported(
        classification,
        pipe_sheet("| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | F2-14 | 10:00,0 | |"),
    )
    assert Split.objects.count() == 0


def test_the_splits_are_one_bulk_write(classification, monkeypatch):
    writes = []
    real = writing.bulk_insert

    def counting(model, objs):
        writes.append((model, len(objs)))
        return real(model, objs)

    monkeypatch.setattr(writing, "bulk_insert", counting)
    imported(classification)
    assert [n for model, n in writes if model is Split] == [12]


def test_a_failure_writing_the_splits_changes_no_table(classification, table_snapshot, monkeypatch):
    imported(classification)
    result_import = preview_import(classification=classification, data=RALLY, source_name="b.txt")
    before = table_snapshot()
    real = writing.bulk_insert

    def failing(model, objs):
        if model is Split:
            raise OSError("disk full while writing the stage times")
        return real(model, objs)

    monkeypatch.setattr(writing, "bulk_insert", failing)
    with pytest.raises(OSError, match="stage times"):
        apply_import(result_import)
    assert table_snapshot() == before


def test_the_admin_shows_an_entrys_splits_read_only(client, superuser, classification):
    from django.urls import reverse

    imported(classification)
    entry = Entry.objects.get(classification=classification, number=12)
    client.force_login(superuser)
    url = reverse("admin:results_entry_change", args=[entry.pk])
    html = client.get(url).content.decode()
    assert "301200" in html and "360300" in html
    # Shown, not editable: no form field of a split, no way to add or delete one.
    assert 'name="splits-0-time_ms"' not in html and 'name="splits-0-DELETE"' not in html
    assert client.post(url, {"splits-0-time_ms": 1}).status_code == 403
    assert entry.splits.get(order=1).time_ms == 301200
