"""Duplicate suggestions: each kind of evidence, never two people of one event, "not the same"."""

import random
import string

import pytest

from results.models import NotSamePerson, Person
from results.services.importing import apply_import, preview_import
from results.services.loading import load_samples
from results.services.suggestions import (
    Candidate,
    candidate_pairs,
    find_pairs,
    first_names_relation,
    normalise,
    suggest_duplicates,
)
from tests.conftest import SAMPLES
from tests.services.sheets import pipe_sheet


def pairs_of(*people: Candidate, not_same=()) -> list[tuple[str, str, tuple[str, ...]]]:
    by_pk = {p.pk: p for p in people}
    return [
        (str_of(by_pk[p.first]), str_of(by_pk[p.second]), p.reasons)
        for p in find_pairs(people, not_same=not_same)
    ]


def str_of(c: Candidate) -> str:
    return f"{c.surname} {c.first_name or ''}".strip()


def person(pk, surname, first_name=None, *, events=(), cars=(), partners=()):
    return Candidate(
        pk=pk,
        surname=surname,
        first_name=first_name,
        events=frozenset(events),
        cars=frozenset(cars),
        partners=frozenset(partners),
    )


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        (("ANDRÉ", "Gérard"), ("ANDRE", "Gerard"), "same name"),
        (("BABAY", "Thierry."), ("BABAY", "Thierry"), "same name"),
        (("MARTIN", "J."), ("MARTIN", "Jean"), "initials"),
        (("ROY", "J.L"), ("ROY", "Jean-Luc"), "initials"),
        (("LEDUC", "J-Marie"), ("LEDUC", "Jean-Marie"), "initials"),
        (("DUBREUIL", None), ("DUBREUIL", "Jean-Bernard"), "no first name"),
        (("BOQUET", "Jean-Paul"), ("BOUQUET", "Jean-Paul"), "one letter in the surname"),
        (("FONTAINE", "Jeoffrey"), ("FONTAINE", "Geoffrey"), "one letter in the first name"),
        (("MARTIN", "Jean"), ("JEAN", "Martin"), "surname and first name swapped"),
    ],
)
def test_it_finds_each_kind_of_duplicate(a, b, reason):
    found = pairs_of(person(1, *a, events=[1]), person(2, *b, events=[2]))
    assert len(found) == 1
    assert reason in found[0][2]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (("SAVRE", "G."), ("SAVRE", "Julien")),
        (("MARTIN", "Jean"), ("MARTIN", "Paul")),
        (("GY", "Pascal"), ("GAY", "Pascal")),
        (("HECKLY", "N."), ("HECKLY", "Lucie")),
        (("BERNARD", "Jean"), ("DURAND", "Jean")),
    ],
)
def test_different_people_are_not_suggested(a, b):
    assert pairs_of(person(1, *a, events=[1]), person(2, *b, events=[2])) == []


def test_two_people_of_one_event_are_never_suggested():
    same_event = pairs_of(
        person(1, "EOUZAN", "Pascal", events=[7]), person(2, "EOUZAN", "Pascale", events=[7, 8])
    )
    assert same_event == []


def test_a_pair_marked_different_is_not_suggested():
    a, b = person(1, "MARTIN", "J.", events=[1]), person(2, "MARTIN", "Jean", events=[2])
    assert pairs_of(a, b, not_same=[(2, 1)]) == []


def test_cars_and_co_drivers_in_common_raise_the_score_and_are_shown():
    plain = find_pairs(
        [person(1, "MARTIN", "J.", events=[1]), person(2, "MARTIN", "Jean", events=[2])]
    )
    shared = find_pairs(
        [
            person(1, "MARTIN", "J.", events=[1], cars=[5], partners=[9]),
            person(2, "MARTIN", "Jean", events=[2], cars=[5], partners=[9]),
        ]
    )
    assert shared[0].score > plain[0].score
    assert (shared[0].cars, shared[0].partners) == ({5}, {9})


def test_blocking_does_not_compare_every_pair():
    rng = random.Random(6)
    surnames = ["".join(rng.choices(string.ascii_uppercase, k=8)) for _ in range(2000)]
    people = [person(i, surname, "Jean", events=[i]) for i, surname in enumerate(surnames)]
    people += [person(5000, "DUPONT", "J.", events=[1]), person(5001, "DUPONT", "Jean", events=[2])]
    pairs = candidate_pairs(people)
    assert len(pairs) < len(people)  # all pairs would be two million
    assert (2000, 2001) in pairs


def test_helpers_fold_and_relate_first_names():
    assert normalise("J.-Rémi") == "j remi"
    assert first_names_relation("j", "jean luc") == "initials"
    assert first_names_relation("jean", "paul") is None


@pytest.mark.django_db
def test_not_the_same_is_remembered_in_the_database(classification):
    apply_import(
        preview_import(
            classification=classification,
            data=pipe_sheet("| 1 | 5 | MARTIN J. | BMW M3 | A8 | 10:00,0 | |"),
            source_name="r",
        )
    )
    Person.objects.create(
        surname="MARTIN", first_name="Jean", slug="jean-martin", search_key="martin jean"
    )
    [pair] = suggest_duplicates()
    NotSamePerson.objects.create(first_id=pair.first, second_id=pair.second)
    assert suggest_duplicates() == []


@pytest.mark.django_db
def test_what_the_samples_give(car_makes):
    load_samples(directory=SAMPLES)
    people = Person.objects.in_bulk()
    found = [(str(people[p.first]), str(people[p.second]), p.reasons) for p in suggest_duplicates()]
    # DOUSSOT A./Alexandre, DUBREUIL/DUBREUIL J-Bernard and EOUZAN Pascal/Pascale look alike
    # but each pair raced in one event: never suggested.
    assert found == [("BOQUET Jean-Paul", "BOUQUET Jean-Paul", ("one letter in the surname",))]
