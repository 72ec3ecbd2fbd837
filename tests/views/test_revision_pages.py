"""Revisions through the pages: the preview's changes, the staff comparison, making results
official, and what fans read on the standings page."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from results.models import Classification, ResultImport, Revision
from tests.views.test_upload_confirm import FIRST, upload

pytestmark = pytest.mark.django_db

#: Crew 7 slower, crew 3 gone.
SECOND = [FIRST[0], "| 2 | 7 | PETIT Luc/ROBERT Anne | Citroën Saxo VTS | A6 | 05:18,3 | +18,3 |"]


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


def confirm(client, result_import, **data):
    return client.post(reverse("uploads:confirm", args=[result_import.pk]), data)


def test_the_preview_of_a_re_upload_says_what_changes(organiser_client, club_event):
    confirm(organiser_client, upload(organiser_client, club_event, FIRST))
    second = upload(organiser_client, club_event, SECOND)
    html = organiser_client.get(reverse("uploads:preview", args=[second.pk])).content.decode()
    assert re.search(r'class="podium-changes-removed">1<', html)
    assert re.search(r'class="podium-changes-changed">1<', html)
    assert re.search(r'class="podium-changes-unchanged">1<', html)
    changed = re.findall(
        r'podium-change-field">([^<]*)</td><td class="podium-change-old">([^<]*)</td>'
        r'<td class="podium-change-new">([^<]*)<',
        html,
    )
    assert changed == [("Temps", "5:08,3", "5:18,3"), ("Écart", "+0:08,3", "+0:18,3")]
    assert "#3 Paul DURAND / Claire THOMAS" in html


def test_replacing_official_results_asks_a_reason_and_fans_see_it(
    organiser_client, club_event, client
):
    confirm(organiser_client, upload(organiser_client, club_event, FIRST))
    classification = Classification.objects.get(event=club_event)
    response = organiser_client.post(reverse("uploads:official", args=[classification.pk]))
    assert response.status_code == 302
    moment = timezone.make_aware(datetime.datetime(2025, 3, 12, 18, 40))
    Classification.objects.filter(pk=classification.pk).update(official_at=moment)

    second = upload(organiser_client, club_event, SECOND)
    refused = confirm(organiser_client, second)
    assert refused.status_code == 400
    assert "dites pourquoi" in refused.content.decode()
    assert ResultImport.objects.get(pk=second.pk).state == ResultImport.State.PREVIEWED
    reason = "Pénalité de 10 s (décision n° 4)"
    assert confirm(organiser_client, second, reason=reason).status_code == 302

    client.logout()
    page = client.get(f"/fr/events/{club_event.slug}/").content.decode()
    assert "Officiel depuis le 12 mars 2025, 18 h 40" in page
    assert "Pénalité de 10 s (décision n° 4)" in page
    assert "#7 Luc PETIT / Anne ROBERT — Temps 5:08,3 → 5:18,3" in page
    english = client.get(f"/en/events/{club_event.slug}/").content.decode()
    assert "Official since 12 March 2025, 18:40" in english
    assert [r.kind for r in Revision.objects.order_by("pk")] == ["published", "official", "revised"]


def test_a_provisional_classification_says_so(client, classification):
    from tests.views.conftest import RALLY_ROWS, import_rows

    import_rows(classification, *RALLY_ROWS)
    html = client.get(f"/fr/events/{classification.event.slug}/").content.decode()
    assert '<p class="official-state state-provisional">Provisoire</p>' in html


def test_the_staff_compare_any_two_versions_of_the_history(organiser_client, club_event):
    confirm(organiser_client, upload(organiser_client, club_event, FIRST))
    confirm(organiser_client, upload(organiser_client, club_event, SECOND))
    first, second = ResultImport.objects.filter(state__in=["applied", "superseded"]).order_by("pk")
    history = organiser_client.get(reverse("uploads:history", args=[club_event.pk])).content
    url = reverse("uploads:compare", args=[club_event.pk])
    assert f"{url}?old={first.pk}&amp;new={second.pk}".encode() in history
    html = organiser_client.get(url, {"old": first.pk, "new": second.pk}).content.decode()
    assert re.search(r'class="podium-changes-removed">1<', html)
    assert re.search(r'class="podium-changes-changed">1<', html)


@pytest.mark.parametrize("query", ["?old=x&new=1", "?old=999999&new=", "?old=1" + "9" * 40])
def test_a_bad_comparison_is_a_400_not_an_error(organiser_client, club_event, query):
    url = reverse("uploads:compare", args=[club_event.pk])
    assert organiser_client.get(url + query).status_code == 400


def test_another_clubs_organiser_cannot_make_results_official(client, organiser, classification):
    from tests.views.conftest import RALLY_ROWS, import_rows

    import_rows(classification, *RALLY_ROWS)
    client.force_login(organiser)
    response = client.post(reverse("uploads:official", args=[classification.pk]))
    assert response.status_code == 403
    classification.refresh_from_db()
    assert classification.state == Classification.State.PROVISIONAL


def test_revisions_cost_the_standings_page_no_query(
    client, classification, superuser, django_assert_max_num_queries
):
    from results.services.importing import apply_import, preview_import
    from results.services.revising import make_official
    from tests.services.sheets import generated_rows, pipe_sheet
    from tests.views.conftest import import_rows

    import_rows(classification, *generated_rows(20))
    make_official(classification=classification, user=superuser)
    sheet = pipe_sheet(*generated_rows(19))
    again = preview_import(classification=classification, data=sheet, source_name="r.txt")
    apply_import(again, reason="Crew 20 excluded")
    with django_assert_max_num_queries(5):
        html = client.get(f"/fr/events/{classification.event.slug}/").content.decode()
    assert html.count('class="revision ') == 3


def test_staff_record_a_penalty_on_the_decisions_page_and_fans_see_it(
    organiser_client, club_event, client
):
    from results.models import Decision, Entry

    confirm(organiser_client, upload(organiser_client, club_event, FIRST))
    classification = Classification.objects.get(event=club_event)
    url = reverse("uploads:decisions", args=[classification.pk])
    page = organiser_client.get(url)
    assert page.status_code == 200
    crew = Entry.objects.get(classification=classification, number=12)
    data = {"entry": crew.pk, "kind": "time_penalty", "value": "11", "reason": "Retard au CH",
            "reference": "Décision n° 2", "decided_on": "2024-05-04"}  # fmt: skip
    assert organiser_client.post(url, data).status_code == 302
    decision = Decision.objects.get()
    assert (decision.value, decision.base, decision.number) == (11000, 300000, "12")
    assert [e.number for e in Entry.objects.standings(classification)] == ["7", "3", "12"]
    html = client.get(f"/fr/events/{club_event.slug}/").content.decode()
    assert "Retard au CH (Décision n° 2)" in html
    # The decisions page says the kind in French, never the code.
    listed = organiser_client.get(url).content.decode()
    assert "Pénalité en temps +11 s" in listed and "time penalty" not in listed

    bad = organiser_client.post(url, {**data, "value": "soon"})
    assert bad.status_code == 400
    assert Decision.objects.count() == 1

    retire = reverse("uploads:retire_decision", args=[decision.pk])
    assert organiser_client.post(retire).status_code == 302
    assert [e.number for e in Entry.objects.standings(classification)] == ["12", "7", "3"]
    # The revision it made says, in the staff's language, that the decision was withdrawn.
    html = client.get(f"/fr/events/{club_event.slug}/").content.decode()
    assert "Retard au CH (Décision n° 2) — retirée" in html and "— retired" not in html


def test_another_clubs_organiser_cannot_see_the_decisions_page(client, organiser, classification):
    from tests.views.conftest import RALLY_ROWS, import_rows

    import_rows(classification, *RALLY_ROWS)
    client.force_login(organiser)
    url = reverse("uploads:decisions", args=[classification.pk])
    assert client.get(url).status_code == 403


def test_the_admin_shows_an_entry_without_offering_to_edit_it(client, superuser, classification):
    from results.models import Entry
    from tests.views.conftest import RALLY_ROWS, import_rows

    import_rows(classification, *RALLY_ROWS)
    client.force_login(superuser)
    entry = Entry.objects.filter(classification=classification).first()
    url = reverse("admin:results_entry_change", args=[entry.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert reverse("uploads:decisions", args=[classification.pk]) in page.content.decode()
    assert client.post(url, {"position": 99}).status_code == 403
    entry.refresh_from_db()
    assert entry.position != 99


def test_the_admin_does_not_make_results_official_by_editing_the_state(
    client, superuser, classification
):
    client.force_login(superuser)
    url = reverse("admin:results_classification_change", args=[classification.pk])
    data = {"event": classification.event_id, "name": "Général", "slug": "general",
            "state": "official"}  # fmt: skip
    assert client.post(url, data).status_code == 302
    classification.refresh_from_db()
    assert classification.state == Classification.State.PROVISIONAL
    assert not Revision.objects.exists()
