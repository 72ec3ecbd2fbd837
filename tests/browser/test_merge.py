"""An admin merges two people through the admin, in a real browser."""

import datetime

from django.test import Client

from results.models import Classification, CrewMember, Event, NameChange, Person
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet


def _load(classification, row):
    data = pipe_sheet(row)
    apply_import(preview_import(classification=classification, data=data, source_name="r"))


def test_an_admin_merges_two_people_from_the_person_list(
    page, live_server, db, car_makes, superuser, artifacts
):
    first = Event.objects.create(name="Rallye Un", slug="un", date=datetime.date(2024, 5, 1))
    second = Event.objects.create(name="Rallye Deux", slug="deux", date=datetime.date(2024, 6, 1))
    _load(
        Classification.objects.create(event=first, slug="general"),
        "| 1 | 5 | BOQUET Jean-Paul | BMW M3 | A8 | 10:00,0 | |",
    )
    _load(
        Classification.objects.create(event=second, slug="general"),
        "| 1 | 5 | BOUQUET Jean-Paul | BMW M3 | A8 | 10:00,0 | |",
    )
    typo, right = Person.objects.get(surname="BOQUET"), Person.objects.get(surname="BOUQUET")

    client = Client()
    client.force_login(superuser)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
    page.goto(live_server.url + "/admin/results/person/?q=quet")
    page.check(f'input[name="_selected_action"][value="{typo.pk}"]')
    page.check(f'input[name="_selected_action"][value="{right.pk}"]')
    page.select_option('select[name="action"]', "merge_selected")
    page.click('button[name="index"]')

    page.wait_for_selector("#merge-form")
    body = page.inner_text("body")
    assert "Rallye Un" in body and "Rallye Deux" in body
    page.check(f'input[name="keep"][value="{right.pk}"]')
    page.screenshot(path=str(artifacts / "names-merge.png"), full_page=True)
    page.click("#merge-submit")

    page.wait_for_selector("text=Personnes fusionnées dans")  # a fr-FR browser
    assert not Person.objects.filter(pk=typo.pk).exists()
    assert CrewMember.objects.filter(person=right).count() == 2
    assert NameChange.objects.get(kind="merge").person == right
    assert "BOQUET Jean-Paul → BOUQUET Jean-Paul" in page.inner_text("body")
