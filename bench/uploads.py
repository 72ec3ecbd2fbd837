"""Upload speed: a generated 1,000-entry sheet through the organiser's preview and confirm.

Each step is timed through what the upload pages call (`start_upload`, the preview page's
GET through the test client, `confirm`), next to a baseline measured in the same run and
database: the parse alone for the preview, a raw `bulk_create` of the same Entry rows for the
confirm.
"""

from __future__ import annotations

import datetime
import time

from bench import Metric
from bench.database import throwaway_database
from bench.importing import generated_sheet, raw_entry_rows

ENTRIES = 1_000


def run() -> list[Metric]:
    with throwaway_database():
        return _measure(ENTRIES)


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _measure(count: int) -> list[Metric]:
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.db import transaction
    from django.test import Client
    from django.urls import reverse

    from results import parsing
    from results.models import Classification, Entry, Event
    from results.services.uploads import confirm, start_upload

    user = User.objects.create_superuser("bench", "bench@example.org", "pw")
    event = Event.objects.create(name="Bench", slug="bench", date=datetime.date(2025, 1, 1))
    raw = Classification.objects.create(event=event, name="Raw", slug="raw")
    data = generated_sheet(count)

    started = time.perf_counter()
    parsing.parse(data, filename="bench.txt")
    parse_ms = _ms(started)

    started = time.perf_counter()
    result_import = start_upload(user=user, data=data, source_name="bench.txt", event=event)
    preview_ms = _ms(started)

    client = Client()
    client.force_login(user)
    url = reverse("uploads:preview", args=[result_import.pk])
    started = time.perf_counter()
    response = client.get(url)
    page_ms = _ms(started)
    # The page shows its first page of rows (PODIUM_PREVIEW_ROWS_PER_PAGE, doubts first).
    shown = min(count, settings.PODIUM_PREVIEW_ROWS_PER_PAGE)
    assert response.status_code == 200 and response.content.count(b"podium-row") == shown

    started = time.perf_counter()
    confirm(result_import=result_import)
    confirm_ms = _ms(started)
    assert Entry.objects.filter(classification=result_import.classification).count() == count

    rows = raw_entry_rows(result_import, raw)
    started = time.perf_counter()
    with transaction.atomic():
        Entry.objects.bulk_create(rows)
    bulk_ms = _ms(started)

    parse_only = "parse only"
    return [
        Metric("upload_preview_ms_1000", preview_ms, "ms", parse_only, parse_ms),
        Metric("upload_preview_page_ms_1000", page_ms, "ms", parse_only, parse_ms),
        Metric("upload_confirm_ms_1000", confirm_ms, "ms", "bulk_create Entry rows", bulk_ms),
    ]
