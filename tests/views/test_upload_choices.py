"""The preview asks who a crew member spelled like several people is; confirm applies the choice."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from results.models import Classification, Club, CrewMember, Event, Person, ResultImport
from results.services.importing import apply_import, preview_import
from results.services.names import split_person
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db
State = ResultImport.State
UPLOAD = reverse("uploads:upload")

# Line 2 is a Jean DUPONT, a spelling two people share since a split; line 3 is nobody's double.
ROWS = [
    "| 1 | 9 | DUPONT Jean/PETIT Anne | Renault Clio | A7 | 10:00,0 | |",
    "| 2 | 14 | MOREAU Luc/ROUX Lea | Peugeot 205 | A6 | 10:30,0 | +30,0 |",
]


@pytest.fixture
def homonyms(car_makes, club_event) -> tuple[Person, Person]:
    """Jean DUPONT of another rally, and the namesake split off for the club's event."""
    elsewhere = Event.objects.create(
        name="Rallye Voisin", slug="rallye-voisin-2023", date=datetime.date(2023, 9, 2)
    )
    for event, row in [
        (elsewhere, "| 1 | 5 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |"),
        (club_event, ROWS[0]),
    ]:
        classification, _ = Classification.objects.get_or_create(event=event, slug="general")
        apply_import(
            preview_import(
                classification=classification, data=pipe_sheet(row), source_name="old.txt"
            )
        )
    elder = Person.objects.get(search_key="dupont jean")
    seat = CrewMember.objects.get(person=elder, entry__classification__event=club_event)
    return elder, split_person(person=elder, entries=[seat.entry_id])


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


@pytest.fixture
def previewed(organiser_client, club_event, homonyms) -> ResultImport:
    fields = {"event": club_event.pk, "classification": "Général", "discipline": "rally"}
    response = organiser_client.post(UPLOAD, {**fields, "paste": pipe_sheet(*ROWS).decode()})
    assert response.status_code == 302
    return ResultImport.objects.get(state=State.PREVIEWED)


def confirm_url(result_import: ResultImport) -> str:
    return reverse("uploads:confirm", args=[result_import.pk])


def rows_of(html: str) -> dict[str, str]:
    """Each entry row of the preview table by its source line."""
    rows = re.findall(r'<tr class="podium-row[^"]*" data-line="(\d+)">(.*?)</tr>', html, re.S)
    return dict(rows)


def driver(club_event) -> Person:
    return CrewMember.objects.get(
        entry__classification__event=club_event, entry__sheet_order=0, seat=1
    ).person


def test_the_choice_is_offered_on_the_flagged_row_only(organiser_client, previewed, homonyms):
    elder, younger = homonyms
    html = organiser_client.get(reverse("uploads:preview", args=[previewed.pk])).content.decode()
    rows = rows_of(html)
    assert set(rows) == {"2", "3"}
    radios = re.findall(
        r'<input type="radio" name="([^"]+)" value="(\d+)" form="podium-confirm"( checked)?',
        rows["2"],
    )
    # Both Jean DUPONTs, the default (the elder) checked.
    assert radios == [
        ("choice-0-1", str(elder.pk), " checked"),
        ("choice-0-1", str(younger.pk), ""),
    ]
    for person in (elder, younger):
        assert reverse("results:person_detail", kwargs={"slug": person.slug}) in rows["2"]
    assert "Rallye Voisin" in rows["2"] and "Rallye des Tests" in rows["2"]
    assert "choice-" not in rows["3"]
    assert html.count('name="choice-') == 2
    # The radios belong to the confirm form, which posts with its CSRF token.
    confirm_form = re.search(r'<form method="post" action="([^"]+)" id="podium-confirm">', html)
    assert confirm_form and confirm_form.group(1) == confirm_url(previewed)


def test_posting_a_choice_lands_on_that_person(organiser_client, previewed, homonyms, club_event):
    _, younger = homonyms
    response = organiser_client.post(confirm_url(previewed), {"choice-0-1": str(younger.pk)})
    assert response.status_code == 302
    assert driver(club_event) == younger
    # Line 3's crew are new; no third Jean DUPONT.
    assert Person.objects.filter(search_key="dupont jean").count() == 2
    previewed.refresh_from_db()
    assert previewed.state == State.APPLIED
    assert previewed.choices == [{"entry": 0, "line": 2, "seat": 1, "person": younger.pk}]


def test_confirming_without_a_choice_keeps_the_default(
    organiser_client, previewed, homonyms, club_event
):
    elder, _ = homonyms
    assert organiser_client.post(confirm_url(previewed)).status_code == 302
    assert driver(club_event) == elder


@pytest.mark.parametrize(
    "forged",
    [
        pytest.param({"choice-0-1": "codriver"}, id="a person who is not a candidate"),
        pytest.param({"choice-0-1": "999999"}, id="no such person"),
        pytest.param({"choice-0-1": "jean"}, id="not a number"),
        pytest.param({"choice-0-2": "elder"}, id="a seat with no one to choose"),
        pytest.param({"choice-7-1": "elder"}, id="no such row"),
    ],
)
def test_a_forged_choice_gives_the_page_with_an_error_and_writes_nothing(
    organiser_client, previewed, homonyms, table_snapshot, forged
):
    elder, _ = homonyms
    codriver = Person.objects.get(search_key="petit anne")
    values = {"codriver": str(codriver.pk), "elder": str(elder.pk)}
    data = {name: values.get(value, value) for name, value in forged.items()}
    before = table_snapshot()
    response = organiser_client.post(confirm_url(previewed), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert '<p class="errornote" role="alert">Un choix de personne n&#x27;est pas valable' in html
    assert 'name="choice-0-1"' in html
    assert table_snapshot() == before


def test_the_history_shows_the_choice(organiser_client, previewed, homonyms, club_event):
    _, younger = homonyms
    organiser_client.post(confirm_url(previewed), {"choice-0-1": str(younger.pk)})
    html = organiser_client.get(reverse("uploads:history", args=[club_event.pk])).content.decode()
    assert "ligne 2, place 1 :" in html
    assert reverse("results:person_detail", kwargs={"slug": younger.slug}) in html


def test_restoring_an_older_version_offers_its_choice_again(
    organiser_client, previewed, homonyms, club_event
):
    _, younger = homonyms
    organiser_client.post(confirm_url(previewed), {"choice-0-1": str(younger.pk)})
    again = ResultImport.objects.get(pk=previewed.pk)
    response = organiser_client.post(reverse("uploads:reapply", args=[again.pk]))
    fresh = ResultImport.objects.get(state=State.PREVIEWED)
    assert response["Location"] == reverse("uploads:preview", args=[fresh.pk])
    html = organiser_client.get(response["Location"]).content.decode()
    assert f'value="{younger.pk}" form="podium-confirm" checked' in html
    assert organiser_client.post(confirm_url(fresh)).status_code == 302
    assert driver(club_event) == younger


@pytest.fixture
def other_club_organiser(django_user_model, club_organiser):
    user = django_user_model.objects.create_user(username="other", password="pw", is_staff=True)
    user.groups.add(Group.objects.get(name="Organisers"))
    Club.objects.create(name="ASA Autre").members.add(user)
    return user


@pytest.mark.parametrize("persona", ["anonymous", "organiser", "other_club_organiser"])
def test_only_the_events_organisers_may_post_a_choice(
    request, persona, previewed, homonyms, table_snapshot
):
    _, younger = homonyms
    client = Client()
    if persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))
    before = table_snapshot()
    response = client.post(confirm_url(previewed), {"choice-0-1": str(younger.pk)})
    if persona == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))
    else:
        assert response.status_code == 403
    assert table_snapshot() == before
