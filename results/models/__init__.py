"""Podium's data model, one module per aggregate."""

from results.models.audit import CarAlias, NameChange
from results.models.cars import Car, CarMake, CarMakeSpelling
from results.models.championships import (
    Championship,
    ClassEquivalence,
    Round,
    ScoringScope,
)
from results.models.clubs import Club
from results.models.entries import CrewMember, Entry, Status
from results.models.events import Classification, Event
from results.models.freshness import DataVersion
from results.models.imports import ResultImport
from results.models.jobs import ImportJob
from results.models.people import (
    NotSamePerson,
    Person,
    PersonAlias,
    PersonRedirect,
    SharedSpelling,
    person_key,
)
from results.models.person_words import PersonWord
from results.models.revisions import Decision, Revision
from results.models.stages import Split, SplitStatus
from results.models.standings import Standing

__all__ = [
    "Car",
    "CarAlias",
    "CarMake",
    "CarMakeSpelling",
    "Championship",
    "ClassEquivalence",
    "Classification",
    "Club",
    "CrewMember",
    "DataVersion",
    "Decision",
    "Entry",
    "Event",
    "ImportJob",
    "NameChange",
    "NotSamePerson",
    "Person",
    "PersonAlias",
    "PersonRedirect",
    "PersonWord",
    "ResultImport",
    "Revision",
    "Round",
    "ScoringScope",
    "SharedSpelling",
    "Split",
    "SplitStatus",
    "Standing",
    "Status",
    "person_key",
]
