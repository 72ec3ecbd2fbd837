"""Every sample sheet through preview and apply, twice."""

import pytest

from results.models import Car, CrewMember, Entry, Person
from results.services.importing import apply_import, preview_import
from tests.conftest import SAMPLES
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db

SAMPLE_NAMES = sorted(path.name for path in SAMPLES.glob("*.txt"))

ENTRY_FIELDS = (
    "sheet_order",
    "line",
    "number",
    "position",
    "status",
    "group",
    "klass",
    "class_position",
    "club",
    "category",
    "time_ms",
    "gap_ms",
    "laps",
    "best_lap_ms",
    "best_lap_no",
    "speed_kmh",
    "capacity",
    "car_id",
    "car_text",
    "raw",
    "issues",
)


def import_sample(classification, samples_dir, name):
    data = (samples_dir / name).read_bytes()
    return apply_import(preview_import(classification=classification, data=data, source_name=name))


def rows():
    return (
        list(Entry.objects.order_by("sheet_order").values_list(*ENTRY_FIELDS)),
        list(
            CrewMember.objects.order_by("entry__sheet_order", "seat").values_list(
                "seat", "person_id", "surname", "first_name"
            )
        ),
        list(Person.objects.order_by("pk").values_list("pk", "surname", "first_name", "slug")),
        list(Car.objects.order_by("pk").values_list("pk", "make_id", "model")),
    )


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_importing_a_sample_twice_gives_identical_rows_and_people(
    classification, samples_dir, name
):
    first = import_sample(classification, samples_dir, name)
    assert first.counts["entries"] > 0
    once = rows()
    second = import_sample(classification, samples_dir, name)
    assert second.counts["people_new"] == 0
    assert second.counts["cars_new"] == 0
    assert rows() == once


def test_class_positions_keep_groups_apart_in_sample_000(classification, samples_dir):
    import_sample(classification, samples_dir, "000_d4f1e76bf8a4d4ec.txt")
    by_class = {}
    for entry in Entry.objects.standings(classification):
        if entry.class_position is not None:
            by_class.setdefault((entry.group, entry.klass), []).append(
                (entry.position, entry.class_position)
            )
    # N 2, FN 2 and R 2 are three classes, each ranked from 1 in overall order.
    assert by_class[("FN", "2")][:3] == [(13, 1), (15, 2), (16, 3)]
    assert by_class[("N", "2")][:2] == [(20, 1), (21, 2)]
    assert by_class[("R", "2")][0] == (18, 1)
    for ranks in by_class.values():
        assert [rank for _, rank in ranks] == list(range(1, len(ranks) + 1))


def test_class_positions_count_classified_crews_only(classification):
    sheet = pipe_sheet(
        "| 1 | 1 | DUPONT Jean/MARTIN Paul | BMW M3 | N2 | 10:00,0 | |",
        "| Abandon | 2 | DURAND Luc/PETIT Anne | BMW M3 | N2 | | |",
        "| 2 | 3 | THOMAS Luc/ROBERT Anne | BMW M3 | N2 | 10:02,0 | +00:02,0 |",
    )
    apply_import(preview_import(classification=classification, data=sheet, source_name="r"))
    assert list(Entry.objects.order_by("sheet_order").values_list("status", "class_position")) == [
        ("classified", 1),
        ("retired", None),
        ("classified", 2),
    ]
