"""Who the candidates of a shared spelling are, told apart for the organiser (read-only).

Homonyms have one name: the preview shows each with what sets them apart, their number of
results and their latest event, and links to their page.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, OuterRef, Subquery

from results.models import CrewMember, Person


@dataclass(frozen=True, slots=True)
class Candidate:
    pk: int
    name: str
    slug: str
    entries: int
    last_event: str | None
    last_date: datetime.date | None


def candidate_people(pks: Iterable[int]) -> dict[int, Candidate]:
    """pk → Candidate for these people, in one query; people that no longer exist are left out."""
    seats = CrewMember.objects.filter(person=OuterRef("pk")).order_by(
        "-entry__classification__event__date", "-entry__classification__event_id"
    )
    event = "entry__classification__event__"
    people = (
        Person.objects.filter(pk__in=sorted(set(pks)))
        .annotate(
            entry_count=Count("crew_seats"),
            last_event=Subquery(seats.values(f"{event}name")[:1]),
            last_date=Subquery(seats.values(f"{event}date")[:1]),
        )
        .order_by("pk")
    )
    return {
        person.pk: Candidate(
            pk=person.pk,
            name=str(person),
            slug=person.slug,
            entries=person.entry_count,
            last_event=person.last_event,
            last_date=person.last_date,
        )
        for person in people
    }
