"""Podium's data model, one module per aggregate."""

from results.models.cars import Car, CarMake, CarMakeSpelling
from results.models.championships import Championship, Round
from results.models.entries import CrewMember, Entry, Status
from results.models.events import Classification, Event
from results.models.freshness import DataVersion
from results.models.imports import ResultImport
from results.models.people import Person, PersonAlias, person_key

__all__ = [
    "Car",
    "CarMake",
    "CarMakeSpelling",
    "Championship",
    "Classification",
    "CrewMember",
    "DataVersion",
    "Entry",
    "Event",
    "Person",
    "PersonAlias",
    "ResultImport",
    "Round",
    "Status",
    "person_key",
]
