"""The standings page follows the field catalogue: header, body cells and CSV alike."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.utils import translation

from results.catalogue import COLUMNS, Kind
from results.models import Entry
from results.tables import StandingsTable
from tests.views.conftest import import_rows

pytestmark = pytest.mark.django_db

# Sample 004 is a karting best-lap table: it has the lap column the rally sheet lacks.
BEST_LAPS = "004_83dea01faf2b23b0.txt"


def _labels(language: str, names: list[str]) -> list[str]:
    by_name = {f.column: f for f in COLUMNS}
    with translation.override(language):
        return [str(by_name[name].label) for name in names]


def test_the_table_has_the_catalogue_columns_in_its_order():
    assert list(StandingsTable.base_columns) == [f.column for f in COLUMNS]


def _columns_with_values(classification) -> list[str]:
    """Columns a page of this classification shows: the catalogue's, less the optional ones
    no stored entry has a value for (and the columns that follow those)."""
    entries = Entry.objects.filter(classification=classification)
    empty = {
        f.column
        for f in COLUMNS
        if f.optional
        and not entries.exclude(**{f.model: "" if f.kind is Kind.TEXT else None}).exists()
    }
    return [f.column for f in COLUMNS if f.column not in empty and f.follows not in empty]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_csv_header_is_the_catalogue_labels_of_the_columns_shown(
    client, classification, samples_dir, language
):
    import_rows(classification, data=(samples_dir / BEST_LAPS).read_bytes())
    response = client.get(f"/{language}/events/{classification.event.slug}/?_export=csv")
    text = response.content.decode("utf-8").lstrip("\ufeff")
    header = next(csv.reader(io.StringIO(text), delimiter=";" if language == "fr" else ","))

    shown = _columns_with_values(classification)
    assert "best_lap_no" in shown and "club" not in shown
    assert header == _labels(language, shown)


def test_every_shown_cell_has_the_catalogue_class_in_the_catalogue_order(
    client, classification, samples_dir
):
    import_rows(classification, data=(samples_dir / BEST_LAPS).read_bytes())
    page = client.get(f"/fr/events/{classification.event.slug}/").content.decode()
    row = re.search(r"<tr class=\"st-classified\">(.*?)</tr>", page).group(1)
    classes = [c for c in re.findall(r"<td(?: class=\"([^\"]*)\")?>", row) if c]
    order = [f.cell_css for f in COLUMNS if f.cell_css]
    assert classes == [css for css in order if css in classes]
    assert "col-best_lap_no" in classes
