"""Anonymising a person scrubs the name from what imports stored, not only from the people.

Real imports on a real database: the stored files, parsed sheets, plans and issues, the
entries' records and issues, the log, the aliases, the history's downloads and the public pages
must not show any spelling of the name afterwards, in any case.
"""

import datetime
import io
import json

import openpyxl
import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from results.models import (
    Classification,
    CrewMember,
    Entry,
    Event,
    NameChange,
    Person,
    PersonAlias,
    ResultImport,
)
from results.parsing import Hints, parse
from results.services.anonymising import SOURCE_REMOVED, anonymise_person
from results.services.importing import apply_import, preview_import
from results.services.names import merge_people, split_person
from results.services.redacting import Placeholder
from results.services.uploads import UnreadableSheet, reapply, reparse
from results.text import fold
from tests.conftest import ROOT
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db
State = ResultImport.State

PETIT = "| 2 | 4 | PETIT Luc/ROBERT Anne | Peugeot 106 | N2 | 10:05,0 | +5,0 |"
# The sheet as finally applied: the name in a crew and in a footer line the parser skips
# (its issue quotes the line).
MAIN = pipe_sheet(
    "| 1 | 3 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |",
    PETIT,
    "Classement établi par DUPONT Jean",
)
# An earlier version, superseded by MAIN: the name spelled otherwise.
EARLIER = pipe_sheet("| 1 | 3 | DUPONT  JEAN/MARTIN Paul | BMW M3 | A8 | 10:01,0 | |", PETIT)
# First name first, with no surname for the co-driver: the doubt on the entry's line quotes it.
DOUBT = pipe_sheet("| 1 | 7 | Jean Dupont Martin | Renault Clio | A7 | 11:00,0 | |", PETIT)
# Another event, where an initial stands for the first name.
INITIAL = pipe_sheet("| 1 | 9 | Dupont J./DURAND Luc | Citroën Saxo | A6 | 12:00,0 | |", PETIT)
# A file that could not be read at all.
UNREADABLE = b"Resultats provisoires\nDUPONT Jean, MARTIN Paul\n"


def load(classification, data: bytes, name: str = "resultats.txt") -> ResultImport:
    return apply_import(preview_import(classification=classification, data=data, source_name=name))


def other_event(slug: str) -> Classification:
    event = Event.objects.create(
        name=slug, slug=slug, date=datetime.date(2024, 6, 1), place="Lure", published=True
    )
    return Classification.objects.create(event=event, slug="general")


def named(value) -> bool:
    """Whether a stored value shows the name, whatever its case and accents."""
    if isinstance(value, memoryview | bytes):
        value = bytes(value).decode("utf-8", errors="replace")
    if not isinstance(value, str):
        value = json.dumps(value, ensure_ascii=False)
    return "dupont" in fold(value)


def dupont() -> Person:
    return Person.objects.get(search_key="dupont jean")


def workbook(rows: list[list[str]]) -> bytes:
    book = openpyxl.Workbook()
    for row in [["Cl.", "N°", "Pilote/ Copilote", "Voiture", "Gr/Cl", "Temps"], *rows]:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@pytest.fixture
def scene(classification, superuser):
    """DUPONT Jean in every kind of import: applied, superseded, previewed, failed, merged in;
    and in the admin's history of the person."""
    load(classification, EARLIER)
    main = load(classification, MAIN, name="DUPONT Jean - resultats.txt")
    load(other_event("course-de-cote"), DOUBT)
    initial = other_event("slalom")
    load(initial, INITIAL)
    merge_people(keep=dupont(), drop=Person.objects.get(search_key="dupont j."))
    preview_import(classification=initial, data=MAIN, source_name="resultats.txt")
    failed = preview_import(
        classification=classification,
        data=UNREADABLE,
        source_name="provisoire.txt",
        raise_on_error=False,
    )
    assert failed.state == State.FAILED
    person = dupont()
    LogEntry.objects.create(
        user=superuser,
        content_type=ContentType.objects.get_for_model(Person),
        object_id=str(person.pk),
        object_repr=str(person),
        action_flag=CHANGE,
        change_message=json.dumps(
            [{"added": {"name": "alias", "object": "dupont j. → DUPONT Jean"}}]
        ),
    )
    return {"main": main, "person": person}


def assert_nothing_stored_names_the_person() -> None:
    for ri in ResultImport.objects.all():
        for field in ("source", "source_name", "sheet", "plan", "issues", "error", "hints"):
            assert not named(getattr(ri, field)), (ri.pk, field)
    for entry in Entry.objects.all():
        assert not named(entry.raw) and not named(entry.issues), entry.line
    for change in NameChange.objects.all():
        assert not named([change.summary, change.before, change.after, change.undo])
    for alias in PersonAlias.objects.all():
        assert not named([alias.surname, alias.first_name, alias.key])
    assert not named(list(CrewMember.objects.values_list("surname", "first_name")))
    assert not named(list(Person.objects.values_list("surname", "first_name", "slug")))
    assert not named(list(LogEntry.objects.values_list("object_repr", "change_message")))


def test_no_stored_import_field_entry_log_or_alias_names_the_person(scene, superuser):
    assert ResultImport.objects.count() == 6
    assert all(named(ri.source) for ri in ResultImport.objects.all())
    anonymise_person(person=scene["person"], user=superuser)

    assert_nothing_stored_names_the_person()
    assert Entry.objects.filter(issues__icontains="Martin").exists()  # the doubt, scrubbed
    # Everyone else keeps their name, in the files too.
    main = ResultImport.objects.get(pk=scene["main"].pk)
    assert b"MARTIN Paul" in bytes(main.source) and b"PETIT Luc" in bytes(main.source)


def test_every_text_source_is_kept_scrubbed_and_still_reads_as_stored(scene):
    anonymise_person(person=scene["person"])
    for ri in ResultImport.objects.exclude(state=State.FAILED):
        assert not ri.source_removed
        stored = parse(bytes(ri.source)).to_dict()
        assert stored["entries"] == ri.sheet["entries"]
    main = ResultImport.objects.get(pk=scene["main"].pk)
    assert b"| ANONYME X" in bytes(main.source)
    # The digest of the file as received stays: it names which file was sent.
    assert main.sha256 == scene["main"].sha256


def test_the_history_downloads_serve_the_scrubbed_files(scene, client, superuser):
    anonymise_person(person=scene["person"])
    client.force_login(superuser)
    for ri in ResultImport.objects.all():
        response = client.get(reverse("uploads:source", args=[ri.pk]))
        assert response.status_code == 200
        assert not named(response.content)
        assert not named(response["Content-Disposition"])
    event = scene["main"].classification.event
    assert not named(client.get(reverse("uploads:history", args=[event.pk])).content)


def test_the_public_pages_do_not_show_the_name(scene, client):
    person = scene["person"]
    anonymise_person(person=person)
    person.refresh_from_db()
    pages = [reverse("results:person_detail", kwargs={"slug": person.slug})]
    pages += [
        reverse("results:event_detail", kwargs={"slug": slug})
        for slug in Event.objects.values_list("slug", flat=True)
    ]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert not named(response.content), page
    # The query is echoed in the page: search for the start of the name only.
    response = client.get(reverse("results:search"), {"q": "dupon"})
    assert response.status_code == 200
    assert not named(response.content)


def test_a_re_import_of_the_original_file_lands_on_the_anonymised_person(scene, classification):
    person = scene["person"]
    anonymise_person(person=person)
    people = Person.objects.count()
    again = load(classification, MAIN)
    assert again.counts["people_new"] == 0
    assert Person.objects.count() == people
    assert not Person.objects.filter(search_key__contains="dupont").exists()
    assert CrewMember.objects.filter(person=person, entry__result_import=again).count() == 1


def test_the_scrubbed_import_can_be_applied_again_and_seats_the_anonymised_person(scene, superuser):
    person = scene["person"]
    anonymise_person(person=person)
    people = Person.objects.count()
    main = ResultImport.objects.get(pk=scene["main"].pk)
    fresh = apply_import(reapply(result_import=main, user=superuser))
    # Read from the scrubbed file: the placeholder is an alias of the anonymised person.
    assert not named(fresh.source) and not named(fresh.sheet)
    placeholder = next(item for item in fresh.plan["people"] if item["surname"] == "ANONYME")
    assert (placeholder["match"], placeholder["person"]) == ("alias", person.pk)
    assert fresh.counts["people_new"] == 0
    assert Person.objects.count() == people
    seat = CrewMember.objects.get(entry__result_import=fresh, seat=1, entry__number=3)
    assert seat.person_id == person.pk


def test_a_homonyms_imports_keep_their_name(classification):
    load(classification, MAIN)
    elsewhere = other_event("rallye-du-jura")
    theirs = load(elsewhere, MAIN)
    person = dupont()
    homonym = split_person(person=person, entries=Entry.objects.filter(classification=elsewhere))
    anonymise_person(person=person)
    theirs.refresh_from_db()
    assert b"DUPONT Jean" in bytes(theirs.source)
    assert named(theirs.sheet) and not theirs.source_removed
    homonym.refresh_from_db()
    assert (homonym.surname, homonym.first_name) == ("DUPONT", "Jean")


def test_an_aligned_text_keeps_its_columns(classification):
    data = (ROOT / "tests/parsing/fixed_width/rallye_sprint_deux_pages.txt").read_bytes()
    result_import = load(classification, data, name="sprint.txt")
    first = result_import.sheet["entries"][0]["crew"][0]
    person = Person.objects.get(
        crew_seats__entry__result_import=result_import,
        crew_seats__seat=1,
        crew_seats__entry__sheet_order=0,
    )
    anonymise_person(person=person)
    result_import.refresh_from_db()
    assert not result_import.source_removed
    source = bytes(result_import.source)
    assert first["surname"].encode() not in source
    lines = data.decode().splitlines()
    assert [len(line) for line in source.decode().splitlines()] == [len(line) for line in lines]
    assert parse(source).to_dict()["entries"] == result_import.sheet["entries"]


def test_a_workbook_source_is_removed_and_the_history_says_so(classification, client, superuser):
    data = workbook(
        [
            ["1", "3", "DUPONT Jean/MARTIN Paul", "BMW M3", "A8", "10:00,0"],
            ["2", "4", "PETIT Luc/ROBERT Anne", "Peugeot 106", "N2", "10:05,0"],
        ]
    )
    result_import = load(classification, data, name="resultats.xlsx")
    person = dupont()
    anonymise_person(person=person)

    result_import.refresh_from_db()
    assert result_import.source_removed and bytes(result_import.source) == b""
    for field in ("sheet", "plan", "issues", "source_name"):
        assert not named(getattr(result_import, field)), field
    assert not named(list(Entry.objects.values_list("raw", "issues")))

    client.force_login(superuser)
    download = client.get(reverse("uploads:source", args=[result_import.pk]))
    assert download.status_code == 410
    assert "supprimé lors de l&#x27;anonymisation" in download.content.decode()
    history = client.get(reverse("uploads:history", args=[classification.event.pk]))
    html = history.content.decode()
    assert history.status_code == 200
    assert "fichier supprimé : anonymisation" in html
    assert reverse("uploads:source", args=[result_import.pk]) not in html
    assert reverse("uploads:reapply", args=[result_import.pk]) not in html

    with pytest.raises(UnreadableSheet) as refused:
        reapply(result_import=result_import, user=superuser)
    assert refused.value.reason == SOURCE_REMOVED
    response = client.post(reverse("uploads:reapply", args=[result_import.pk]))
    assert response.status_code == 409
    assert "the original file was removed" in response.content.decode()

    # The workbook sent again lands on the anonymised person, as a text sheet would.
    people = Person.objects.count()
    again = load(classification, data, name="resultats.xlsx")
    assert again.counts["people_new"] == 0 and Person.objects.count() == people
    assert CrewMember.objects.filter(person=person, entry__result_import=again).exists()


def test_a_preview_whose_workbook_was_removed_cannot_be_read_again(classification, superuser):
    load(
        classification, pipe_sheet("| 1 | 3 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |")
    )
    data = workbook([["1", "3", "DUPONT Jean/MARTIN Paul", "BMW M3", "A8", "10:00,0"]])
    preview = preview_import(classification=classification, data=data, source_name="r.xlsx")
    anonymise_person(person=dupont())
    preview.refresh_from_db()
    assert preview.state == State.PREVIEWED and preview.source_removed
    assert not named(preview.sheet) and not named(preview.plan)
    with pytest.raises(UnreadableSheet) as refused:
        reparse(result_import=preview, hints=Hints(header=True), user=superuser)
    assert refused.value.reason == SOURCE_REMOVED


def test_re_importing_the_original_files_stores_the_name_nowhere(scene, classification):
    person = scene["person"]
    anonymise_person(person=person)
    people = Person.objects.count()
    again = [
        load(classification, MAIN, name="DUPONT Jean - resultats.txt"),
        load(other_event("course-de-cote-2"), DOUBT),
        load(Classification.objects.get(event__slug="slalom"), INITIAL),
        preview_import(classification=classification, data=EARLIER, source_name="resultats.txt"),
    ]

    assert_nothing_stored_names_the_person()
    assert Person.objects.count() == people
    placeholder = Placeholder.for_person(person.pk)
    seats = CrewMember.objects.filter(person=person, entry__result_import__in=again)
    assert (
        list(seats.values_list("surname", "first_name"))
        == [(placeholder.surname, placeholder.first_name)] * 3
    )
    for result_import in again:
        # The files are kept, scrubbed, and read as stored: the placeholder where the name was.
        result_import.refresh_from_db()
        assert not result_import.source_removed, result_import.source_name
        stored = parse(bytes(result_import.source)).to_dict()["entries"]
        assert stored == result_import.sheet["entries"]
        item = next(i for i in result_import.plan["people"] if i["key"] == placeholder.key)
        assert (item["match"], item["person"]) == ("alias", person.pk)


# Two people spelled alike: DUPONT, whose sheets give no first name, and Marc DUPONT.
ALONE = pipe_sheet(
    "| 1 | 3 | DUPONT/DUPONT Marc | BMW M3 | A8 | 10:00,0 | |",
    "| 2 | 4 | PETIT Luc/DUPONT | Peugeot 106 | N2 | 10:05,0 | +5,0 |",
    "Classement établi par DUPONT Marc",
)


def test_a_surname_only_spelling_leaves_a_namesake_with_a_first_name_alone(classification):
    first = load(classification, ALONE)
    marc_only = load(
        other_event("slalom"),
        pipe_sheet("| 1 | 5 | DUPONT Marc/MARTIN Paul | Clio | A7 | 11:00,0 | |", PETIT),
    )
    marc = Person.objects.get(search_key="dupont marc")
    anonymise_person(person=Person.objects.get(search_key="dupont"))

    first.refresh_from_db()
    assert not first.source_removed
    source = bytes(first.source).decode()
    assert "| ANONYME X" in source and "DUPONT Marc" in source and "/DUPONT |" not in source
    crews = [entry["crew"] for entry in first.sheet["entries"]]
    assert crews[0][1] == {"surname": "DUPONT", "first_name": "Marc"}
    assert crews[0][0]["surname"] == crews[1][1]["surname"] == "ANONYME"
    assert {"key": "dupont marc", "surname": "DUPONT", "first_name": "Marc"}.items() <= next(
        item for item in first.plan["people"] if item["first_name"] == "Marc"
    ).items()
    assert "par DUPONT Marc" in json.dumps(first.issues, ensure_ascii=False)
    seat = CrewMember.objects.get(person=marc, entry__result_import=first)
    assert (seat.surname, seat.first_name) == ("DUPONT", "Marc")
    assert seat.entry.raw["crew"][1] == {"surname": "DUPONT", "first_name": "Marc"}
    marc.refresh_from_db()
    assert (marc.surname, marc.first_name) == ("DUPONT", "Marc")
    untouched = ResultImport.objects.get(pk=marc_only.pk)
    assert bytes(untouched.source) == bytes(marc_only.source)
    assert untouched.sheet == marc_only.sheet


def test_a_spelling_without_letters_does_not_stop_an_anonymisation(classification):
    load(classification, MAIN)
    person = dupont()
    PersonAlias.objects.create(person=person, surname="?", first_name=None, key="?")
    anonymise_person(person=person)
    person.refresh_from_db()
    assert person.surname == "Anonyme"
    assert not named(ResultImport.objects.get().sheet)
