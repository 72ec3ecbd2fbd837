"""Aliases are the memory: imports after a merge, undo after a re-import, anonymise, cars."""

import datetime

import pytest

from results.models import (
    Car,
    Classification,
    CrewMember,
    Entry,
    Event,
    NameChange,
    Person,
    PersonAlias,
    PersonRedirect,
)
from results.services.anonymising import anonymise_person
from results.services.cars import merge_cars, rename_car
from results.services.freshness import version_of
from results.services.importing import apply_import, preview_import
from results.services.names import (
    NameFixRefused,
    merge_people,
    rename_person,
    resolve_slug,
    split_person,
)
from results.services.undoing import undo_change
from tests.conftest import SAMPLES
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db
SAMPLE = "001_3c2131422dfc3f44.txt"


def load_bytes(classification, data: bytes):
    return apply_import(
        preview_import(classification=classification, data=data, source_name="r.txt")
    )


def load_sample(classification):
    return load_bytes(classification, (SAMPLES / SAMPLE).read_bytes())


def person(key: str) -> Person:
    return Person.objects.get(search_key=key)


def dump() -> dict:
    """People, aliases, redirects and who sits where, by what survives a re-import."""
    seats = CrewMember.objects.values_list(
        "entry__classification__event__slug",
        "entry__classification__slug",
        "entry__sheet_order",
        "seat",
        "surname",
        "first_name",
        "person__slug",
    )
    return {
        "people": sorted(
            Person.objects.values_list("pk", "surname", "first_name", "slug", "search_key")
        ),
        "aliases": sorted(PersonAlias.objects.values_list("key", "surname", "person__slug")),
        "redirects": sorted(PersonRedirect.objects.values_list("old_slug", "person__slug")),
        "seats": sorted(seats),
    }


@pytest.fixture
def other_classification(car_makes):
    event = Event.objects.create(
        name="Rallye Suivant", slug="rallye-suivant-2024", date=datetime.date(2024, 6, 1)
    )
    return Classification.objects.create(event=event, slug="general")


def test_an_import_after_a_merge_lands_on_the_kept_person(classification):
    load_sample(classification)
    people = Person.objects.count()
    # Two people of the sample, from two different crews.
    keep, drop = person("lebrun jean jacques"), person("pepin pascal")
    merge_people(keep=keep, drop=drop)
    assert Person.objects.count() == people - 1

    result_import = load_sample(classification)
    assert result_import.counts["people_new"] == 0
    assert result_import.counts["people_matched_by_alias"] == 1
    assert Person.objects.count() == people - 1
    assert CrewMember.objects.filter(person=keep).count() == 2


def test_undo_after_a_re_import_restores_the_state_before_the_merge(
    classification, other_classification, superuser
):
    load_sample(classification)
    load_bytes(
        other_classification,
        pipe_sheet("| 1 | 3 | LEBRUN J.J./PEPIN P. | BMW M3 | A8 | 10:00,0 | |"),
    )
    keep, drop = person("lebrun jean jacques"), person("lebrun j.j.")
    PersonAlias.objects.create(person=drop, surname="LEBRUN", first_name="JJ", key="lebrun jj")
    before = dump()
    change = merge_people(keep=keep, drop=drop, user=superuser)
    # The sheet is imported again after the merge: new entries, new seat ids.
    load_bytes(
        other_classification,
        pipe_sheet("| 1 | 3 | LEBRUN J.J./PEPIN P. | BMW M3 | A8 | 10:00,0 | |"),
    )
    assert CrewMember.objects.get(entry__classification=other_classification, seat=1).person == keep

    undo_change(change=change, user=superuser)
    assert dump() == before
    change.refresh_from_db()
    assert change.undone_at is not None and change.undone_by == superuser
    assert not change.can_undo
    # The page of the dropped person no longer redirects.
    assert resolve_slug(drop.slug).pk == drop.pk
    with pytest.raises(NameFixRefused):
        undo_change(change=change)


def test_undo_of_a_merge_bumps_the_data_version(classification, other_classification):
    load_bytes(classification, pipe_sheet("| 1 | 3 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |"))
    load_bytes(other_classification, pipe_sheet("| 1 | 3 | DUPONT J. | BMW M3 | A8 | 10:00,0 | |"))
    change = merge_people(keep=person("dupont jean"), drop=person("dupont j."))
    version = version_of()
    undo_change(change=change)
    assert version_of() == version + 1


def test_undo_of_a_rename_gives_the_old_name_back(classification):
    load_bytes(classification, pipe_sheet("| 1 | 3 | DUPONT Jena | BMW M3 | A8 | 10:00,0 | |"))
    dupont = person("dupont jena")
    change = rename_person(person=dupont, surname="DUPONT", first_name="Jean")
    undo_change(change=change)
    dupont.refresh_from_db()
    assert (dupont.surname, dupont.first_name) == ("DUPONT", "Jena")
    assert list(dupont.aliases.values_list("key", flat=True)) == ["dupont jean"]


def test_undo_of_a_split_gives_the_entries_back(classification, other_classification):
    load_bytes(classification, pipe_sheet("| 1 | 3 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |"))
    load_bytes(
        other_classification, pipe_sheet("| 1 | 3 | DUPONT Jean | BMW M3 | A8 | 10:00,0 | |")
    )
    dupont = person("dupont jean")
    entry = Entry.objects.get(classification=other_classification)
    new = split_person(person=dupont, entries=[entry])
    undo_change(change=NameChange.objects.get(kind="split"))
    assert CrewMember.objects.filter(person=dupont).count() == 2
    assert not Person.objects.filter(pk=new.pk).exists()
    assert resolve_slug(new.slug) == dupont


def test_anonymise_survives_a_re_import(classification, superuser):
    load_sample(classification)
    lebrun = person("lebrun jean jacques")
    entry = CrewMember.objects.get(person=lebrun).entry
    people = Person.objects.count()
    anonymise_person(person=lebrun, user=superuser)
    lebrun.refresh_from_db()
    assert (lebrun.surname, lebrun.first_name) == ("Anonyme", None)
    assert "lebrun" not in lebrun.slug and "lebrun" not in lebrun.search_key
    # Digests of the spellings, and the placeholder the scrubbed sheets give instead.
    aliases = lebrun.aliases.exclude(key__startswith="erased:")
    assert list(aliases.values_list("surname", flat=True)) == ["ANONYME"]
    seat = CrewMember.objects.get(person=lebrun)
    assert (seat.surname, seat.first_name, seat.entry_id) == ("Anonyme", None, entry.pk)
    assert "LEBRUN" not in str(Entry.objects.get(pk=entry.pk).raw)

    result_import = load_sample(classification)
    assert result_import.counts["people_new"] == 0
    assert Person.objects.count() == people
    assert not Person.objects.filter(search_key__contains="lebrun").exists()
    lebrun.refresh_from_db()
    assert lebrun.surname == "Anonyme"
    assert CrewMember.objects.filter(person=lebrun).count() == 1


def test_anonymise_empties_the_names_in_the_log(classification):
    load_bytes(classification, pipe_sheet("| 1 | 3 | DUPONT Jena | BMW M3 | A8 | 10:00,0 | |"))
    dupont = person("dupont jena")
    rename_person(person=dupont, surname="DUPONT", first_name="Jean")
    anonymise_person(person=dupont)
    for change in NameChange.objects.about_person(dupont):
        assert "DUPONT" not in f"{change.summary}{change.before}{change.after}{change.undo}"
        assert not change.can_undo


def test_merged_cars_stay_merged_on_the_next_import(classification, superuser):
    load_bytes(
        classification,
        pipe_sheet(
            "| 1 | 3 | DUPONT Jean | Renault Clio WiIlliams | A7 | 10:00,0 | |",
            "| 2 | 4 | MARTIN Paul | Renault Clio Williams | A7 | 10:01,0 | |",
        ),
    )
    typo, right = Car.objects.get(model="Clio WiIlliams"), Car.objects.get(model="Clio Williams")
    change = merge_cars(keep=right, drop=typo, user=superuser)
    assert change.kind == NameChange.Kind.CAR_MERGE
    assert set(Entry.objects.values_list("car_id", flat=True)) == {right.pk}
    result_import = load_bytes(
        classification,
        pipe_sheet("| 1 | 3 | DUPONT Jean | Renault Clio WiIlliams | A7 | 10:00,0 | |"),
    )
    assert result_import.counts["cars_new"] == 0
    entry = Entry.objects.get()
    assert entry.car == right and entry.car_text == "Renault Clio WiIlliams"


def test_a_renamed_car_keeps_its_old_spelling(classification):
    load_bytes(
        classification, pipe_sheet("| 1 | 3 | DUPONT Jean | Peugeot 306 s16 | A7 | 10:00,0 | |")
    )
    car = Car.objects.get()
    rename_car(car=car, make=car.make, model="306 S16")
    car.refresh_from_db()
    assert car.model == "306 S16"
    result_import = load_bytes(
        classification, pipe_sheet("| 1 | 3 | DUPONT Jean | Peugeot 306 s16 | A7 | 10:00,0 | |")
    )
    assert result_import.counts["cars_new"] == 0
    with pytest.raises(NameFixRefused):
        other = Car.objects.create(make=car.make, model="309 GTI", model_key="309 gti")
        rename_car(car=other, make=car.make, model="306 s16")
