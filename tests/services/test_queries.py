"""Preview and apply cost the same few queries for 10 entries or 100 (bulk batches aside)."""

import pytest

from results.services.importing import apply_import, preview_import
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db

# Includes the classification's decisions, applied to the sheet, and the marks of what the
# plan read (one query: the data version and the newest row of each table), which apply checks.
PREVIEW_QUERIES = 9
# Includes finding the championships touched, locking and re-reading the import, the
# decisions, the replaced version read for its revision (entries, crews) and the revision row;
# on Postgres each bulk write is a COPY after taking its ids from the sequence (two
# statements, not one), and on SQLite (999 parameters a statement) one insert per 30-odd
# entries of 33 columns; then the people's "has a published result" flags (two updates) and
# search words (the people, their aliases and their words read; the words that changed
# deleted and written, in batches on SQLite).
APPLY_QUERIES = 44


@pytest.fixture(params=[10, 100], ids=["10-entries", "100-entries"])
def sheet(request) -> bytes:
    return pipe_sheet(*generated_rows(request.param))


@pytest.fixture
def replaced(classification, sheet):
    """A first import in place, so the measured one also deletes and matches."""
    apply_import(preview_import(classification=classification, data=sheet, source_name="r"))


def test_preview_queries_do_not_grow_with_entries(
    classification, sheet, replaced, django_assert_max_num_queries
):
    with django_assert_max_num_queries(PREVIEW_QUERIES):
        preview_import(classification=classification, data=sheet, source_name="r")


def test_apply_queries_do_not_grow_with_entries(
    classification, sheet, replaced, django_assert_max_num_queries
):
    result_import = preview_import(classification=classification, data=sheet, source_name="r")
    with django_assert_max_num_queries(APPLY_QUERIES):
        apply_import(result_import)


def test_a_first_apply_creating_everyone_stays_within_the_bound(
    classification, sheet, django_assert_max_num_queries
):
    result_import = preview_import(classification=classification, data=sheet, source_name="r")
    with django_assert_max_num_queries(APPLY_QUERIES):
        apply_import(result_import)


#: A sheet naming an anonymised person: its placeholders, then whom the scrubbed spellings
#: name (aliases, names); the rest of the plan is made once, from the scrubbed sheet.
SCRUBBED_PREVIEW_QUERIES = PREVIEW_QUERIES + 3


def test_a_preview_naming_an_anonymised_person_plans_once(
    classification, superuser, django_assert_max_num_queries
):
    from results.models import Person
    from results.services.anonymising import anonymise_person

    sheet = pipe_sheet(
        "| 1 | 3 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |",
        "| 2 | 4 | PETIT Luc/ROBERT Anne | Peugeot 106 | N2 | 10:05,0 | +5,0 |",
    )
    apply_import(preview_import(classification=classification, data=sheet, source_name="r"))
    anonymise_person(person=Person.objects.get(search_key="dupont jean"), user=superuser)
    with django_assert_max_num_queries(SCRUBBED_PREVIEW_QUERIES):
        preview = preview_import(classification=classification, data=sheet, source_name="r")
    assert "DUPONT" not in bytes(preview.source).decode()
    assert [p["match"] for p in preview.plan["people"]].count("alias") == 1
