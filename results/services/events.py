"""Finding or creating the event and classification an import targets."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.text import slugify

from results.models import Classification, Event
from results.services.freshness import data_changed
from results.text import fold


@dataclass(frozen=True, slots=True)
class EventSpec:
    """What a person says about an event when importing its results."""

    name: str
    date: datetime.date
    place: str = ""
    discipline: str = Event.Discipline.RALLY
    slug: str | None = None

    def resolved_slug(self) -> str:
        # The year keeps next season's event of the same name apart.
        year = str(self.date.year)
        text = self.name if year in self.name else f"{self.name} {year}"
        return self.slug or slugify(fold(text))[:120].strip("-") or f"event-{year}"


def ensure_event(*, spec: EventSpec, published: bool = True) -> Event:
    """The event with the spec's slug, created or brought up to date; no write if unchanged.

    `published` applies to a new event only: an admin's choice on an existing one stands.
    """
    fields = {
        "name": spec.name,
        "date": spec.date,
        "place": spec.place,
        "discipline": spec.discipline,
    }
    event, created = Event.objects.get_or_create(
        slug=spec.resolved_slug(), defaults={**fields, "published": published}
    )
    changed = [name for name, value in fields.items() if getattr(event, name) != value]
    if changed:
        for name in changed:
            setattr(event, name, fields[name])
        event.save(update_fields=changed)
    if created or changed:
        data_changed(events=[event])
    return event


def classification_slug(name: str) -> str:
    """A classification's slug: its folded name, within the slug's 100 characters (folding
    lengthens `œ`, `ß`)."""
    return slugify(fold(name))[:100].strip("-") or "classification"


def ensure_classification(
    *, event: Event, name: str = Classification.DEFAULT_NAME
) -> Classification:
    slug = classification_slug(name)
    classification, created = Classification.objects.get_or_create(
        event=event, slug=slug, defaults={"name": name}
    )
    if created:
        data_changed(events=[event])
    return classification
