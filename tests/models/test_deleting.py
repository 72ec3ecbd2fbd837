"""Deleting an event or a classification takes its results with it; an applied import alone
cannot be deleted from under its entries."""

import pytest
from django.db.models import RestrictedError

from results.models import Classification, CrewMember, Entry, Event, ResultImport
from results.services.importing import apply_import, preview_import
from tests.conftest import SAMPLES

pytestmark = pytest.mark.django_db


@pytest.fixture
def imported(classification) -> ResultImport:
    data = (SAMPLES / "001_3c2131422dfc3f44.txt").read_bytes()
    return apply_import(
        preview_import(classification=classification, data=data, source_name="001.txt")
    )


def test_deleting_an_event_deletes_its_classifications_imports_and_entries(imported):
    imported.classification.event.delete()
    assert not Event.objects.exists()
    assert not Classification.objects.exists()
    assert not ResultImport.objects.exists()
    assert not Entry.objects.exists()
    assert not CrewMember.objects.exists()


def test_an_applied_import_cannot_be_deleted_alone(imported):
    with pytest.raises(RestrictedError):
        imported.delete()
    assert Entry.objects.count() == 49
