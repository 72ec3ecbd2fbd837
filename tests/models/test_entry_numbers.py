"""The race number as written: existing integer numbers become their text on migrating, with
their numeric part to sort on."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("results", "0011_stage_times")
AFTER = ("results", "0012_entry_fields")


@pytest.mark.django_db(transaction=True)
def test_migrating_turns_integer_numbers_into_their_text_and_fills_their_sort_key():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    Event = old.get_model("results", "Event")
    Classification = old.get_model("results", "Classification")
    ResultImport = old.get_model("results", "ResultImport")
    OldEntry = old.get_model("results", "Entry")
    event = Event.objects.create(name="Rallye", slug="rallye", date="2024-06-01")
    classification = Classification.objects.create(event=event, name="Général", slug="general")
    result_import = ResultImport.objects.create(
        classification=classification, source_name="x.txt", sha256="0" * 64, source=b""
    )
    for order, number in enumerate([12, None, 7]):
        OldEntry.objects.create(
            classification=classification,
            result_import=result_import,
            sheet_order=order,
            line=order + 1,
            number=number,
        )

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([AFTER])
    new = executor.loader.project_state([AFTER]).apps.get_model("results", "Entry")
    rows = new.objects.order_by("sheet_order").values_list("number", "number_sort")
    assert list(rows) == [("12", 12), ("", None), ("7", 7)]
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
