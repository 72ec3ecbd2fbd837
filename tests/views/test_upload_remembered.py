"""Fixes remembered: a re-upload of the same layout is offered the role fixes of the last one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from results.models import Entry, ResultImport
from tests.views.test_upload_confirm import FIRST, upload

pytestmark = pytest.mark.django_db
REMEMBERED = "Les corrections faites pour cette présentation"


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


def _publish_with_car_as_club(client, event) -> ResultImport:
    first = upload(client, event, FIRST)
    columns = first.sheet["columns"]
    post = {f"role_{i}": role for i, role in enumerate(columns)}
    post[f"role_{columns.index('car')}"] = "club"
    client.post(reverse("uploads:reparse", args=[first.pk]), {**post, "header": ""})
    fixed = ResultImport.objects.order_by("-pk").first()
    client.post(reverse("uploads:confirm", args=[fixed.pk]))
    fixed.refresh_from_db()
    assert fixed.state == ResultImport.State.APPLIED
    return fixed


def test_a_reupload_of_the_same_layout_is_read_with_the_fixes_made_the_first_time(
    organiser_client, club_event
):
    fixed = _publish_with_car_as_club(organiser_client, club_event)
    again = upload(organiser_client, club_event, FIRST)
    assert again.pk != fixed.pk and again.state == ResultImport.State.PREVIEWED
    assert again.hints == fixed.hints
    assert again.sheet["entries"][0]["club"] == "Peugeot 106 S16"
    html = organiser_client.get(reverse("uploads:preview", args=[again.pk])).content.decode()
    assert REMEMBERED in html
    assert html.count(REMEMBERED) == 1
    # The menu is pre-filled with the fix.
    assert '<option value="club" selected>' in html
    # Only the fixed reading was kept: no plain preview left beside it.
    assert ResultImport.objects.filter(state=ResultImport.State.PREVIEWED).count() == 1
    organiser_client.post(reverse("uploads:confirm", args=[again.pk]))
    assert set(Entry.objects.values_list("club", flat=True)) == {
        "Peugeot 106 S16", "Citroën Saxo VTS", "BMW M3 E30"
    }  # fmt: skip


def test_one_click_reads_the_reupload_without_the_remembered_fixes(organiser_client, club_event):
    _publish_with_car_as_club(organiser_client, club_event)
    again = upload(organiser_client, club_event, FIRST)
    response = organiser_client.post(reverse("uploads:reparse", args=[again.pk]), {"forget": "1"})
    plain = ResultImport.objects.order_by("-pk").first()
    assert response["Location"] == reverse("uploads:preview", args=[plain.pk])
    assert plain.hints == {"roles": {}, "header": None}
    assert plain.sheet["entries"][0]["car"] == "Peugeot 106 S16"
    html = organiser_client.get(response["Location"]).content.decode()
    assert REMEMBERED not in html


def test_another_layout_is_read_without_fixes(organiser_client, club_event):
    _publish_with_car_as_club(organiser_client, club_event)
    fields = {"event": club_event.pk, "classification": "Général", "discipline": "rally"}
    header = "| Cl. | N° | Equipage | Auto | Gr/Cl | Temps | Ecart |"  # other headings
    paste = "\n".join([header, *FIRST])
    organiser_client.post(reverse("uploads:upload"), {**fields, "paste": paste})
    again = ResultImport.objects.order_by("-pk").first()
    assert again.state == ResultImport.State.PREVIEWED
    assert again.hints == {}
    assert again.sheet["entries"][0]["car"] == "Peugeot 106 S16"
    html = organiser_client.get(reverse("uploads:preview", args=[again.pk])).content.decode()
    assert REMEMBERED not in html


def test_fixes_dropped_on_the_last_upload_do_not_come_back(organiser_client, club_event):
    _publish_with_car_as_club(organiser_client, club_event)
    again = upload(organiser_client, club_event, FIRST)
    organiser_client.post(reverse("uploads:reparse", args=[again.pk]), {"forget": "1"})
    plain = ResultImport.objects.order_by("-pk").first()
    organiser_client.post(reverse("uploads:confirm", args=[plain.pk]))
    third = upload(organiser_client, club_event, FIRST)
    assert third.sheet["entries"][0]["car"] == "Peugeot 106 S16"
    assert not third.hints


def test_the_fixes_are_offered_at_another_event_of_the_same_club(organiser_client, club_event):
    import datetime

    from results.models import Event

    fixed = _publish_with_car_as_club(organiser_client, club_event)
    other = Event.objects.create(
        name="Rallye Suivant", slug="rallye-suivant-2024", date=datetime.date(2024, 6, 1),
        club=club_event.club,
    )  # fmt: skip
    again = upload(organiser_client, other, FIRST)
    assert again.classification.event_id == other.pk
    assert again.hints == fixed.hints
    html = organiser_client.get(reverse("uploads:preview", args=[again.pk])).content.decode()
    assert REMEMBERED in html


def test_another_club_is_not_offered_the_fixes(organiser_client, club_event):
    import datetime

    from results.models import Classification, Event
    from results.services.remembering import fixes_for

    fixed = _publish_with_car_as_club(organiser_client, club_event)
    # Whatever model clubs are, another one of them.
    elsewhere = type(club_event.club).objects.create(name="Another club")
    other = Event.objects.create(
        name="Rallye Ailleurs", slug="rallye-ailleurs-2024", date=datetime.date(2024, 6, 1),
        club=elsewhere,
    )  # fmt: skip
    mine = Event.objects.create(
        name="Rallye Suivant", slug="rallye-suivant-2024", date=datetime.date(2024, 6, 1),
        club=club_event.club,
    )  # fmt: skip
    for event, found in ((other, None), (mine, fixed.pk)):
        classification = Classification.objects.create(event=event, slug="general")
        profile = fixes_for(classification=classification, sheet=fixed.sheet)
        assert (profile and profile.source.pk) == found
