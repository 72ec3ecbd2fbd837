"""An event created in the upload form, unpublished until its first import is confirmed."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Max

from results.models import Championship, Club, Event, Round
from results.services.events import EventSpec
from results.services.freshness import data_changed


class EventExists(ValueError):
    """A new event would take the address of an existing one."""

    def __init__(self, event: Event):
        self.event = event
        super().__init__(f"an event with the address {event.slug!r} already exists")


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event created in the upload form."""

    name: str
    date: datetime.date
    place: str = ""
    discipline: str = Event.Discipline.RALLY
    championship: Championship | None = None
    club: Club | None = None

    def slug(self) -> str:
        return EventSpec(name=self.name, date=self.date).resolved_slug()


def create_event(*, new: NewEvent) -> Event:
    """Create the event, unpublished until its first import is confirmed; round if asked."""
    existing = Event.objects.filter(slug=new.slug()).first()
    if existing is not None:
        raise EventExists(existing)
    event = Event.objects.create(
        name=new.name,
        slug=new.slug(),
        date=new.date,
        place=new.place,
        discipline=new.discipline,
        club=new.club,
        published=False,
    )
    if new.championship is not None:
        last = new.championship.rounds.aggregate(last=Max("order"))["last"] or 0
        Round.objects.create(championship=new.championship, event=event, order=last + 1)
    data_changed(events=[event])
    return event
