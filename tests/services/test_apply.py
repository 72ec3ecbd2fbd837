import pytest

from results.models import Car, CrewMember, DataVersion, Entry, Person, ResultImport
from results.services.errors import ImportRefused, StalePreview
from results.services.freshness import site_changed, version_of
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db

SHEET = pipe_sheet(
    "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | F2-14 | 10:00,0 | |",
    "| 2 | 7 | DURAND Luc/PETIT Anne | Citroën Saxo VTS | A6 | 10:05,5 | +00:05,5 |",
)


def imported(classification, data=SHEET, **kwargs):
    return apply_import(
        preview_import(classification=classification, data=data, source_name="r.txt", **kwargs)
    )


def test_apply_writes_entries_crews_and_cars(classification):
    result_import = imported(classification)
    first, second = Entry.objects.standings(classification)
    assert (first.position, first.number, first.group, first.klass) == (1, "12", "F2", "14")
    assert (first.time_ms, first.gap_ms, first.status) == (600000, 0, "classified")
    assert first.car.name == "Peugeot 306 S16"
    assert first.car_text == "Peugeot 306 S16"
    assert first.line == 2
    assert first.result_import == result_import
    assert first.raw["crew"][1] == {"surname": "MARTIN", "first_name": "Paul"}
    assert [(m.seat, str(m.person)) for m in first.crew.all()] == [
        (1, "DUPONT Jean"),
        (2, "MARTIN Paul"),
    ]
    assert second.gap_ms == 5500
    assert result_import.state == ResultImport.State.APPLIED
    assert result_import.applied_at is not None


def test_people_get_stable_slugs_and_folded_search_keys(classification):
    imported(classification)
    person = Person.objects.get(surname="DUPONT")
    assert (person.slug, person.search_key) == ("jean-dupont", "dupont jean")


def test_the_same_sheet_twice_gives_the_same_rows_and_no_new_people(classification):
    imported(classification)
    people = list(Person.objects.values_list("pk", "slug").order_by("pk"))
    cars = list(Car.objects.values_list("pk", flat=True).order_by("pk"))
    rows = list(Entry.objects.values("position", "number", "car_id", "time_ms", "line"))

    second = preview_import(classification=classification, data=SHEET, source_name="r.txt")
    assert second.counts["people_matched"] == 4
    assert second.counts["people_new"] == 0
    assert second.counts["entries_replaced"] == 2
    apply_import(second)

    assert list(Person.objects.values_list("pk", "slug").order_by("pk")) == people
    assert list(Car.objects.values_list("pk", flat=True).order_by("pk")) == cars
    assert list(Entry.objects.values("position", "number", "car_id", "time_ms", "line")) == rows
    assert CrewMember.objects.count() == 4


def test_applying_twice_applies_once(classification):
    result_import = imported(classification)
    version = version_of()
    entry_ids = set(Entry.objects.values_list("pk", flat=True))
    assert apply_import(result_import).state == ResultImport.State.APPLIED
    assert set(Entry.objects.values_list("pk", flat=True)) == entry_ids
    assert version_of() == version


def test_a_new_import_supersedes_the_earlier_one(classification):
    first = imported(classification)
    second = imported(classification)
    first.refresh_from_db()
    assert first.state == ResultImport.State.SUPERSEDED
    assert set(Entry.objects.values_list("result_import", flat=True)) == {second.pk}


def test_reimporting_replaces_only_that_classification(classification, event):
    from results.models import Classification

    vhc = Classification.objects.create(event=event, name="VHC", slug="vhc")
    imported(vhc)
    imported(classification)
    imported(classification)
    assert Entry.objects.filter(classification=vhc).count() == 2
    assert Entry.objects.filter(classification=classification).count() == 2


def test_cars_no_entry_uses_any_more_are_deleted(classification):
    imported(classification)
    corrected = pipe_sheet(
        "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | F2-14 | 10:00,0 | |",
        "| 2 | 7 | DURAND Luc/PETIT Anne | Peugeot 106 Rallye | A6 | 10:05,5 | +00:05,5 |",
    )
    imported(classification, data=corrected)
    assert sorted(car.name for car in Car.objects.select_related("make")) == [
        "Peugeot 106 Rallye",
        "Peugeot 306 S16",
    ]


def test_a_preview_made_stale_by_a_new_person_is_refused(classification):
    stale = preview_import(classification=classification, data=SHEET, source_name="r.txt")
    Person.objects.create(surname="DUPONT", first_name="Jean", slug="x", search_key="dupont jean")
    with pytest.raises(StalePreview):
        apply_import(stale)
    assert Entry.objects.count() == 0
    stale.refresh_from_db()
    assert stale.state == ResultImport.State.PREVIEWED


def test_a_preview_made_stale_by_another_import_is_refused(classification):
    stale = preview_import(classification=classification, data=SHEET, source_name="r.txt")
    imported(classification)
    with pytest.raises(StalePreview):
        apply_import(stale)


def test_a_preview_made_stale_by_a_change_that_adds_no_row_is_refused(classification):
    # A known person renamed in place (as the admin does, which bumps the site's version):
    # no row is added, so the data version alone says the preview must be planned again.
    dupont = Person.objects.create(
        surname="DUPONT", first_name="Jean", slug="jean-dupont", search_key="dupont jean"
    )
    stale = preview_import(classification=classification, data=SHEET, source_name="r.txt")
    Person.objects.filter(pk=dupont.pk).update(search_key="dupond jean")
    site_changed()
    with pytest.raises(StalePreview):
        apply_import(stale)
    assert Entry.objects.count() == 0


def test_a_preview_outlived_by_an_import_elsewhere_still_applies(classification, event):
    from results.models import Classification

    preview = preview_import(classification=classification, data=SHEET, source_name="r.txt")
    other = pipe_sheet("| 1 | 3 | ROUX Marc/BLANC Eva | Peugeot 208 R2 | R2 | 11:00,0 | |")
    imported(Classification.objects.create(event=event, name="VHC", slug="vhc"), data=other)
    # The version moved and people were added: planned again, the plan is the same.
    apply_import(preview)
    assert Entry.objects.filter(classification=classification).count() == 2


def test_a_failed_or_superseded_import_is_refused(classification):
    first = imported(classification)
    imported(classification)
    first.refresh_from_db()
    with pytest.raises(ImportRefused, match="superseded"):
        apply_import(first)


def test_a_sheet_with_problems_is_refused_naming_them(classification):
    sheet = pipe_sheet(
        "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 206 | N3 | 10:00,0 | |",
        "| 2 | 12 | DURAND Luc/PETIT Anne | Peugeot 206 | N3 | 10:05,0 | +00:05,0 |",
    )
    result_import = preview_import(classification=classification, data=sheet, source_name="r")
    with pytest.raises(ImportRefused) as caught:
        apply_import(result_import)
    assert caught.value.problems == [{"line": 3, "reason": "race number 12 is also on line 2"}]
    assert Entry.objects.count() == 0


def test_apply_bumps_the_data_version_of_everything_it_touched(classification):
    before = version_of()
    imported(classification)
    assert version_of() == before + 1
    assert version_of(f"event:{classification.event_id}") >= 1
    dupont = Person.objects.get(surname="DUPONT")
    assert version_of(f"person:{dupont.pk}") == 1
    assert DataVersion.objects.filter(scope__startswith="person:").count() == 4
