import datetime

import pytest

from results.models import Entry, Event
from results.services.importing import apply_import, preview_import
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("count", [10, 100])
def test_standings_cost_two_queries_whatever_the_size(
    classification, count, django_assert_num_queries
):
    sheet = pipe_sheet(*generated_rows(count))
    apply_import(preview_import(classification=classification, data=sheet, source_name="r"))
    with django_assert_num_queries(2):
        rows = [
            (e.position, e.car.name, [m.person.slug for m in e.crew.all()])
            for e in Entry.objects.standings(classification)
        ]
    assert len(rows) == count
    assert [position for position, _, _ in rows] == list(range(1, count + 1))


def test_standings_put_unclassified_crews_last_in_sheet_order(classification):
    sheet = pipe_sheet(
        "| Abandon | 9 | DURAND Luc/PETIT Anne | BMW M3 | N2 | | |",
        "| 1 | 1 | DUPONT Jean/MARTIN Paul | BMW M3 | N2 | 10:00,0 | |",
        "| 2 | 3 | THOMAS Luc/ROBERT Anne | BMW M3 | N2 | 10:02,0 | +00:02,0 |",
    )
    apply_import(preview_import(classification=classification, data=sheet, source_name="r"))
    assert [e.number for e in Entry.objects.standings(classification)] == ["1", "3", "9"]


def test_the_listing_counts_entries_and_hides_unpublished_events(classification):
    Event.objects.create(name="Hidden", slug="hidden", date=datetime.date(2030, 1, 1))
    sheet = pipe_sheet(*generated_rows(4))
    apply_import(preview_import(classification=classification, data=sheet, source_name="r"))
    listed = list(Event.objects.published().for_listing())
    assert [(e.slug, e.entries_count) for e in listed] == [("rallye-des-tests-2024", 4)]
