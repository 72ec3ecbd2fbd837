import datetime

import pytest

from results.models import Event
from results.services.events import EventSpec, ensure_classification, ensure_event
from results.services.freshness import version_of

pytestmark = pytest.mark.django_db

SPEC = EventSpec(name="Rallye de la Lys", date=datetime.date(2024, 9, 8), place="Merville")


def test_the_slug_comes_from_the_name_and_the_year():
    assert ensure_event(spec=SPEC).slug == "rallye-de-la-lys-2024"
    named = EventSpec(name="Rallye 2025 des Côtes", date=datetime.date(2025, 3, 1))
    assert named.resolved_slug() == "rallye-2025-des-cotes"


def test_an_unchanged_event_is_not_written_again():
    event = ensure_event(spec=SPEC)
    version = version_of()
    assert ensure_event(spec=SPEC).pk == event.pk
    assert version_of() == version


def test_a_changed_event_is_updated_but_stays_unpublished_if_an_admin_said_so():
    event = ensure_event(spec=SPEC)
    Event.objects.filter(pk=event.pk).update(published=False)
    moved = EventSpec(name=SPEC.name, date=SPEC.date, place="Estaires")
    event = ensure_event(spec=moved)
    assert (event.place, event.published) == ("Estaires", False)


def test_a_classification_is_found_by_its_folded_name(event):
    first = ensure_classification(event=event, name="Général")
    assert first.slug == "general"
    assert ensure_classification(event=event, name="GENERAL").pk == first.pk
