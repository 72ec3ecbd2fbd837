"""Fixing a value in the preview: an organiser's correction, in the decisions' layer."""

from __future__ import annotations

import pytest
from django.urls import reverse

from results.models import CrewMember, Decision, Entry, ResultImport, Revision
from tests.views.test_upload_confirm import FIRST, upload

pytestmark = pytest.mark.django_db
State = ResultImport.State
#: The value the row already has.
SAME = object()


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


def _fix(client, result_import, order, field, value):
    url = reverse("uploads:fix", args=[result_import.pk])
    return client.post(url, {"order": order, "field": field, "value": value})


def test_a_name_fixed_on_its_row_is_published_and_listed_in_the_history(
    organiser_client, club_event
):
    preview = upload(organiser_client, club_event, FIRST)
    response = _fix(organiser_client, preview, 1, "surname:1", "PETITJEAN")
    assert response.status_code == 302
    assert response["Location"].endswith("#row-1")
    fix = Decision.objects.get()
    assert (fix.kind, fix.field) == ("cell_fix", "surname:1")
    assert (fix.base, fix.fixed) == ("PETIT", "PETITJEAN")
    assert fix.result_import_id == preview.pk and fix.number == "7"
    html = organiser_client.get(reverse("uploads:preview", args=[preview.pk])).content.decode()
    assert "PETITJEAN" in html and "is-fixed" in html
    assert organiser_client.post(reverse("uploads:confirm", args=[preview.pk])).status_code == 302
    names = set(CrewMember.objects.values_list("surname", flat=True))
    assert "PETITJEAN" in names and "PETIT" not in names
    # The person is the fixed spelling, not the sheet's.
    assert CrewMember.objects.get(surname="PETITJEAN").person.surname == "PETITJEAN"
    history = organiser_client.get(reverse("uploads:history", args=[club_event.pk]))
    assert "PETIT → PETITJEAN" in history.content.decode()


def test_a_time_fix_ranks_the_crews_again(organiser_client, club_event):
    preview = upload(organiser_client, club_event, FIRST)
    assert _fix(organiser_client, preview, 0, "time_ms", "05:09,0").status_code == 302
    organiser_client.post(reverse("uploads:confirm", args=[preview.pk]))
    by_number = {e.number: (e.position, e.time_ms, e.gap_ms) for e in Entry.objects.all()}
    assert by_number["7"] == (1, 308_300, 0)
    assert by_number["12"] == (2, 309_000, 700)
    assert by_number["3"] == (3, 310_000, 1_700)


def test_a_fix_holds_when_the_preview_is_read_again_and_on_a_reupload(organiser_client, club_event):
    preview = upload(organiser_client, club_event, FIRST)
    _fix(organiser_client, preview, 2, "class", "N3")
    columns = preview.sheet["columns"]
    post = {f"role_{i}": role for i, role in enumerate(columns)}
    organiser_client.post(reverse("uploads:reparse", args=[preview.pk]), {**post, "header": "0"})
    fresh = ResultImport.objects.order_by("-pk").first()
    assert fresh.pk != preview.pk
    assert Decision.objects.get().result_import_id == fresh.pk
    organiser_client.post(reverse("uploads:confirm", args=[fresh.pk]))
    assert Entry.objects.get(number="3").klass == "N3"
    # The same layout again: the fix, published, applies to the new reading too.
    again = upload(organiser_client, club_event, FIRST)
    html = organiser_client.get(reverse("uploads:preview", args=[again.pk])).content.decode()
    assert "is-fixed" in html
    organiser_client.post(reverse("uploads:confirm", args=[again.pk]))
    assert Entry.objects.get(number="3").klass == "N3"
    assert Revision.objects.filter(classification=fresh.classification).count() == 2


def test_a_discarded_preview_takes_its_fixes_with_it(organiser_client, club_event):
    preview = upload(organiser_client, club_event, FIRST)
    _fix(organiser_client, preview, 0, "car", "Peugeot 205 GTI")
    organiser_client.post(reverse("uploads:cancel", args=[preview.pk]))
    assert not Decision.objects.exists()


@pytest.mark.parametrize(
    ("post", "status"),
    [
        ({"order": 0, "field": "time_ms", "value": "not a time"}, 400),
        ({"order": 0, "field": "status", "value": "gone"}, 400),
        ({"order": 0, "field": "surname:1", "value": ""}, 400),
        ({"order": 99, "field": "class", "value": "N3"}, 400),
        ({"order": "x", "field": "class", "value": "N3"}, 400),
        ({"order": 0, "field": "nationality", "value": "FR"}, 400),
        ({"order": 0, "field": "surname:3", "value": "NOBODY"}, 409),
        ({"order": 0, "field": "car", "value": SAME}, 409),
    ],
)
def test_a_fix_that_cannot_be_made_says_why_and_writes_nothing(
    organiser_client, club_event, post, status
):
    preview = upload(organiser_client, club_event, FIRST)
    plan = ResultImport.objects.get(pk=preview.pk).plan
    if post["value"] is SAME:
        post = {**post, "value": preview.sheet["entries"][0][post["field"]]}
    response = organiser_client.post(reverse("uploads:fix", args=[preview.pk]), post)
    assert response.status_code == status
    assert "errornote" in response.content.decode()
    assert not Decision.objects.exists()
    assert ResultImport.objects.get(pk=preview.pk).plan == plan


def test_only_a_preview_takes_a_fix(organiser_client, club_event):
    preview = upload(organiser_client, club_event, FIRST)
    organiser_client.post(reverse("uploads:confirm", args=[preview.pk]))
    response = _fix(organiser_client, preview, 0, "class", "N3")
    assert response.status_code == 409
    assert not Decision.objects.exists()


def test_the_decisions_page_lists_a_fix_once_published_in_the_organisers_words(
    organiser_client, club_event
):
    preview = upload(organiser_client, club_event, FIRST)
    _fix(organiser_client, preview, 1, "surname:1", "PETITJEAN")
    page = reverse("uploads:decisions", args=[preview.classification_id])
    # No entry yet: the page has nothing to decide on; after confirm the fix is listed.
    organiser_client.post(reverse("uploads:confirm", args=[preview.pk]))
    html = organiser_client.get(page).content.decode()
    assert "Corrigé par l’organisateur" in html and "Nom, équipier 1" in html
    assert "surname:1" not in html
    # Retired there, the sheet's spelling is published again.
    fix = Decision.objects.get()
    organiser_client.post(reverse("uploads:retire_decision", args=[fix.pk]))
    assert "PETIT" in set(CrewMember.objects.values_list("surname", flat=True))


def test_an_unpublished_fix_is_not_listed_among_the_decisions(organiser_client, club_event):
    first = upload(organiser_client, club_event, FIRST)
    organiser_client.post(reverse("uploads:confirm", args=[first.pk]))
    again = upload(organiser_client, club_event, FIRST)
    _fix(organiser_client, again, 1, "surname:1", "PETITJEAN")
    html = organiser_client.get(
        reverse("uploads:decisions", args=[again.classification_id])
    ).content.decode()
    assert "PETITJEAN" not in html


def test_anonymising_a_person_takes_the_name_fixed_on_their_row(organiser_client, club_event):
    from results.models import Person
    from results.services.anonymising import anonymise_person

    preview = upload(organiser_client, club_event, FIRST)
    _fix(organiser_client, preview, 1, "surname:1", "PETITJEAN")
    _fix(organiser_client, preview, 0, "class", "N3")
    organiser_client.post(reverse("uploads:confirm", args=[preview.pk]))
    anonymise_person(person=Person.objects.get(surname="PETITJEAN"))
    # The name fix went (it would write the name again); the class fix of another crew stays.
    assert list(Decision.objects.values_list("field", flat=True)) == ["class"]
    stored = " ".join(str(v) for v in Decision.objects.values_list("crew", "base", "fixed"))
    assert "PETIT" not in stored


def test_a_name_fixed_at_one_event_is_offered_at_the_next_where_it_still_applies(
    organiser_client, club_event
):
    import datetime

    from results.models import Event

    preview = upload(organiser_client, club_event, FIRST)
    _fix(organiser_client, preview, 1, "surname:1", "PETITJEAN")
    _fix(organiser_client, preview, 2, "time_ms", "05:11,0")
    organiser_client.post(reverse("uploads:confirm", args=[preview.pk]))
    other = Event.objects.create(
        name="Rallye Suivant", slug="rallye-suivant-2024", date=datetime.date(2024, 6, 1),
        club=club_event.club,
    )  # fmt: skip
    # The same crew as written, a different time: the name fix applies, the time fix not.
    rows = [FIRST[0], FIRST[1], FIRST[2].replace("05:10,0", "05:20,0")]
    again = upload(organiser_client, other, rows)
    (copy,) = Decision.objects.filter(result_import=again)
    assert (copy.field, copy.fixed) == ("surname:1", "PETITJEAN")
    assert copy.copied_from.result_import_id == preview.pk
    html = organiser_client.get(reverse("uploads:preview", args=[again.pk])).content.decode()
    assert "Les corrections faites pour cette présentation" in html
    assert "PETITJEAN" in html
    # One click reads it without them: the name as the sheet wrote it.
    organiser_client.post(reverse("uploads:reparse", args=[again.pk]), {"forget": "1"})
    plain = ResultImport.objects.order_by("-pk").first()
    assert not Decision.objects.filter(result_import=plain).exists()
    html = organiser_client.get(reverse("uploads:preview", args=[plain.pk])).content.decode()
    assert "PETITJEAN" not in html and "Les corrections faites" not in html
