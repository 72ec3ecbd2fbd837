import pytest

from results.models import Car, Entry, Person, ResultImport
from results.parsing import Hints, ParseError
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db

SHEET = pipe_sheet(
    "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 206 | N3 | 10:00,0 | |",
    "| 2 | 7 | DURAND Luc/PETIT Anne | Citroën Saxo VTS | A6 | 10:05,5 | +00:05,5 |",
    "| 3 | 3 | DUPONT Jean/BERNARD Marc | Peugeot 206 | N3 | 10:09,0 | +00:09,0 |",
)


def test_preview_writes_its_import_and_nothing_else(classification, organiser, table_snapshot):
    before = table_snapshot()
    result_import = preview_import(
        classification=classification, data=SHEET, source_name="rallye.txt", user=organiser
    )
    after = table_snapshot()
    changed = {table for table in after if after[table] != before[table]}
    assert changed == {ResultImport._meta.db_table}
    assert ResultImport.objects.get() == result_import


def test_preview_stores_the_source_the_sheet_and_the_counts(classification, organiser):
    result_import = preview_import(
        classification=classification, data=SHEET, source_name="rallye.txt", user=organiser
    )
    result_import.refresh_from_db()
    assert result_import.state == ResultImport.State.PREVIEWED
    assert bytes(result_import.source) == SHEET
    assert len(result_import.sha256) == 64
    assert result_import.user == organiser
    assert result_import.source_name == "rallye.txt"
    assert result_import.sheet["entries"][0]["crew"][0] == {
        "surname": "DUPONT",
        "first_name": "Jean",
    }
    assert result_import.issues == result_import.sheet["issues"]
    assert result_import.counts == {
        "entries": 3,
        "people_matched": 0,
        "people_matched_by_alias": 0,
        # DUPONT Jean drives twice: one person.
        "people_new": 5,
        "cars_new": 2,
        "entries_replaced": 0,
        "problems": 0,
    }


def test_preview_keeps_the_hints_it_was_given(classification):
    hints = Hints(roles={5: "time"})
    result_import = preview_import(
        classification=classification, data=SHEET, source_name="r.txt", hints=hints
    )
    result_import.refresh_from_db()
    assert result_import.hints == {"roles": {"5": "time"}, "header": None}


def test_an_unreadable_sheet_gives_a_failed_import_and_raises(classification):
    with pytest.raises(ParseError) as caught:
        preview_import(classification=classification, data=b"hello\n", source_name="bad.txt")
    failed = caught.value.result_import
    failed.refresh_from_db()
    assert failed.state == ResultImport.State.FAILED
    assert failed.error["reason"] == caught.value.reason
    assert set(failed.error) == {"code", "line", "page", "reason", "params"}
    assert failed.error["code"] == caught.value.code == "no-table"
    assert failed.plan is None


def test_an_unreadable_sheet_can_be_returned_instead(classification):
    failed = preview_import(
        classification=classification, data=b"hello\n", source_name="bad.txt", raise_on_error=False
    )
    assert failed.state == ResultImport.State.FAILED
    assert ResultImport.objects.get().pk == failed.pk


def test_apply_writes_exactly_what_preview_counted(classification):
    result_import = preview_import(classification=classification, data=SHEET, source_name="r.txt")
    counts = result_import.counts
    apply_import(result_import)
    assert Entry.objects.filter(classification=classification).count() == counts["entries"]
    assert Person.objects.count() == counts["people_new"]
    assert Car.objects.count() == counts["cars_new"]


def test_a_duplicate_race_number_is_a_problem_named_by_its_line(classification):
    sheet = pipe_sheet(
        "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 206 | N3 | 10:00,0 | |",
        "| 2 | 12 | DURAND Luc/PETIT Anne | Peugeot 206 | N3 | 10:05,0 | +00:05,0 |",
    )
    result_import = preview_import(classification=classification, data=sheet, source_name="r")
    assert result_import.plan["problems"] == [
        {"line": 3, "reason": "race number 12 is also on line 2"}
    ]
    assert result_import.counts["problems"] == 1
