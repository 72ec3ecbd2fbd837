"""A write failing halfway through apply leaves every table exactly as it was."""

import pytest

from results.models import Entry, ResultImport
from results.services import writing
from results.services.importing import apply_import, preview_import
from tests.services.sheets import generated_rows, pipe_sheet


def fail_on_20th_entry(monkeypatch) -> None:
    """Really write 19 entries, then fail as a full disk or a lost connection would."""
    real = writing.bulk_insert

    def failing(model, objs):
        if model is Entry:
            real(model, objs[:19])
            raise OSError("disk full while writing the 20th entry")
        return real(model, objs)

    monkeypatch.setattr(writing, "bulk_insert", failing)


@pytest.mark.django_db(transaction=True)
def test_a_failure_on_the_20th_entry_changes_no_table(classification, table_snapshot, monkeypatch):
    # An import is in place, so the failing apply has entries, people and cars to replace.
    in_place = apply_import(
        preview_import(
            classification=classification,
            data=pipe_sheet(*generated_rows(25, offset=1000)),
            source_name="before.txt",
        )
    )
    result_import = preview_import(
        classification=classification,
        # Five crews of the earlier sheet come back, the rest are new people with new cars.
        data=pipe_sheet(*generated_rows(5, offset=1000), *generated_rows(25, offset=2000)),
        source_name="after.txt",
    )
    assert result_import.counts["people_new"] == 50
    before = table_snapshot()
    fail_on_20th_entry(monkeypatch)

    with pytest.raises(OSError, match="20th entry"):
        apply_import(result_import)

    assert table_snapshot() == before
    result_import.refresh_from_db()
    assert result_import.state == ResultImport.State.PREVIEWED
    assert set(Entry.objects.values_list("result_import", flat=True)) == {in_place.pk}
