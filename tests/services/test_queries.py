"""Preview and apply cost the same few queries for 10 entries or 100 (bulk batches aside)."""

import pytest

from results.services.importing import apply_import, preview_import
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db

PREVIEW_QUERIES = 7
APPLY_QUERIES = 31  # includes finding the championships touched, locking and re-reading the import


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
