"""Stage classifications and interim ones: a stage's sheet goes to a classification of its
own beside the overall one, an interim sheet is the overall classification labelled as such,
and the organiser may say otherwise in the upload form or on the preview."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from results.models import Classification, Entry, ResultImport
from results.services.uploads import confirm
from tests.views.test_upload_pages import UPLOAD, latest

pytestmark = pytest.mark.django_db
SHEETS = Path(__file__).parents[1] / "parsing/sheets"
STAGE = (SHEETS / "stages/classement_es3.txt").read_bytes()
INTERIM = (SHEETS / "stages/apres_es5.txt").read_bytes()
OVERALL = (SHEETS / "splits/rallye_es_pipe.txt").read_bytes()


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


def upload(client, event, data: bytes, name: str = "sheet.txt", **extra):
    fields = {"event": event.pk, "classification": "Général", "discipline": "rally", **extra}
    response = client.post(UPLOAD, {**fields, "file": SimpleUploadedFile(name, data)})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert "/imports/" in response["Location"]
    return latest()


def published(client, event, data: bytes, **extra) -> ResultImport:
    result_import = upload(client, event, data, **extra)
    confirm(result_import=result_import)
    return result_import


def test_a_stage_sheet_and_an_overall_sheet_make_two_classifications(organiser_client, club_event):
    published(organiser_client, club_event, OVERALL)
    stage_import = published(organiser_client, club_event, STAGE)
    tables = {c.slug: c for c in Classification.objects.filter(event=club_event)}
    assert sorted(tables) == ["es3", "general"]
    es3, general = tables["es3"], tables["general"]
    assert (es3.name, es3.stage_name, es3.stage_order) == ("ES3", "ES3", 3)
    assert (general.stage_name, general.stage_order, general.after_stage) == ("", None, "")
    assert stage_import.classification == es3
    # Each keeps its own entries: the stage's four crews, the overall's four with their splits.
    assert Entry.objects.filter(classification=es3).count() == 4
    assert Entry.objects.filter(classification=general).count() == 4
    martin = Entry.objects.get(classification=es3, number="12")
    assert (martin.position, martin.time_ms) == (1, 360300)


def test_a_stage_sheet_of_a_new_event_leaves_no_empty_overall_classification(
    organiser_client, club
):
    response = organiser_client.post(
        UPLOAD,
        {"classification": "Général", "name": "Rallye Neuf", "date": "2024-06-01",
         "discipline": "rally", "club": club.pk,
         "file": SimpleUploadedFile("es3.txt", STAGE)},
    )  # fmt: skip
    assert response.status_code == 302
    result_import = latest()
    event = result_import.classification.event
    assert [c.slug for c in Classification.objects.filter(event=event)] == ["es3"]


def test_the_preview_says_what_the_sheet_is_and_from_where(organiser_client, club_event):
    result_import = upload(organiser_client, club_event, STAGE)
    html = organiser_client.get(reverse("uploads:preview", args=[result_import.pk])).content
    html = html.decode()
    assert "podium-scope-now" in html and "ES3" in html
    assert 'name="scope"' in html and 'value="ES3"' in html


def test_an_interim_sheet_is_the_overall_classification_labelled_as_such(
    organiser_client, club_event
):
    published(organiser_client, club_event, INTERIM)
    general = Classification.objects.get(event=club_event)
    assert (general.slug, general.after_stage) == ("general", "ES5")
    client = Client()  # a fan
    page = client.get(f"/fr/events/{club_event.slug}/").content.decode()
    assert "après ES5" in page
    english = client.get(f"/en/events/{club_event.slug}/").content.decode()
    assert "after ES5" in english
    # The final sheet replaces it, and the label goes.
    published(organiser_client, club_event, OVERALL)
    general.refresh_from_db()
    assert general.after_stage == ""
    assert "après ES5" not in client.get(f"/fr/events/{club_event.slug}/").content.decode()


def test_the_organiser_says_in_the_form_what_the_sheet_is(organiser_client, club_event):
    # An overall sheet whose title says nothing, declared the classification of stage 4.
    result_import = upload(organiser_client, club_event, OVERALL, scope="stage", stage="ES 4")
    table = result_import.classification
    assert (table.slug, table.stage_name, table.stage_order) == ("es4", "ES4", 4)
    assert result_import.scope["by"] == "organiser"
    # A stage sheet declared the overall classification stays overall.
    kept = upload(organiser_client, club_event, STAGE, scope="overall")
    assert kept.classification.slug == "general" and kept.scope["kind"] == "overall"


def test_a_stage_without_a_number_is_refused_by_the_form(organiser_client, club_event):
    response = organiser_client.post(
        UPLOAD,
        {"event": club_event.pk, "classification": "Général", "discipline": "rally",
         "scope": "after", "stage": "la dernière", "file": SimpleUploadedFile("a.txt", OVERALL)},
    )  # fmt: skip
    assert response.status_code == 200
    assert "ES3, SS 5, WP 2" in response.content.decode()
    assert not ResultImport.objects.exists()


def test_the_preview_reads_the_sheet_as_another_classification(organiser_client, club_event):
    first = upload(organiser_client, club_event, STAGE)
    assert first.classification.slug == "es3"
    response = organiser_client.post(
        reverse("uploads:rescope", args=[first.pk]), {"scope": "overall", "stage": ""}
    )
    fresh = latest()
    assert response.status_code == 302 and response["Location"].endswith(f"/{fresh.pk}/")
    assert fresh.classification.slug == "general" and fresh.scope["kind"] == "overall"
    first.refresh_from_db()
    assert first.state == ResultImport.State.SUPERSEDED
    # The old preview's address leads to the new one (the browser's back button).
    old = organiser_client.get(reverse("uploads:preview", args=[first.pk]))
    assert old.status_code == 302 and old["Location"].endswith(f"/{fresh.pk}/")
    # Interim, of the same classification: the same preview, saying so.
    again = organiser_client.post(
        reverse("uploads:rescope", args=[fresh.pk]), {"scope": "after", "stage": "ES5"}
    )
    assert again.status_code == 302
    fresh.refresh_from_db()
    assert (fresh.state, fresh.scope["kind"], fresh.scope["stage"]) == ("previewed", "after", "ES5")
    confirm(result_import=fresh)
    assert Classification.objects.get(event=club_event, slug="general").after_stage == "ES5"


@pytest.mark.parametrize(
    "data", [{}, {"scope": "stage"}, {"scope": "stage", "stage": "x"}, {"scope": "nope"}]
)
def test_a_bad_choice_on_the_preview_is_a_400_and_changes_nothing(
    organiser_client, club_event, data
):
    first = upload(organiser_client, club_event, STAGE)
    response = organiser_client.post(reverse("uploads:rescope", args=[first.pk]), data)
    assert response.status_code == 400
    assert latest() == first and ResultImport.objects.count() == 1


def test_only_a_preview_can_be_read_as_another_classification(organiser_client, club_event):
    applied = published(organiser_client, club_event, STAGE)
    url = reverse("uploads:rescope", args=[applied.pk])
    assert organiser_client.post(url, {"scope": "overall"}).status_code == 409


def test_another_clubs_organiser_cannot_change_a_preview(
    client, organiser, club_event, club_organiser
):
    client.force_login(club_organiser)
    first = upload(client, club_event, STAGE)
    client.force_login(organiser)
    url = reverse("uploads:rescope", args=[first.pk])
    assert client.post(url, {"scope": "overall"}).status_code == 403


def test_the_stage_tab_links_each_stage_classification(organiser_client, club_event):
    published(organiser_client, club_event, OVERALL)
    published(organiser_client, club_event, STAGE)
    fan = Client()
    stages = f"/fr/events/{club_event.slug}/stages/"
    html = fan.get(stages + "?classification=general&stage=3").content.decode()
    sheets = html.split('class="stage-sheets"')[1].split("</nav>")[0]
    assert f'href="/fr/events/{club_event.slug}/?classification=es3">ES3</a>' in sheets
    # The stage's classification beside the one computed from the overall sheet's times.
    caption = html.split('id="stage-caption"')[1].split("</caption>")[0]
    assert "?classification=es3" in caption
    assert "?classification=es3" not in fan.get(stages + "?stage=1").content.decode().split(
        'id="stage-caption"')[1].split("</caption>")[0]  # fmt: skip
    # The stage classification's own page leads to the stage tab.
    own = fan.get(f"/fr/events/{club_event.slug}/?classification=es3").content.decode()
    assert f'href="{stages}"' in own


def test_an_event_with_only_stage_classifications_has_a_stage_tab(organiser_client, club_event):
    published(organiser_client, club_event, STAGE)
    response = Client().get(f"/fr/events/{club_event.slug}/stages/")
    assert response.status_code == 200
    assert "?classification=es3" in response.content.decode()
    assert Client().get(f"/fr/events/{club_event.slug}/stages/?stage=1").status_code == 404


def test_the_standings_page_still_costs_five_queries_beside_stage_classifications(
    organiser_client, club_event, django_assert_max_num_queries
):
    published(organiser_client, club_event, OVERALL)
    published(organiser_client, club_event, STAGE)
    published(organiser_client, club_event, INTERIM)
    fan = Client()
    for query in ("", "?classification=es3"):
        with django_assert_max_num_queries(5):
            assert fan.get(f"/fr/events/{club_event.slug}/{query}").status_code == 200
    with django_assert_max_num_queries(6):
        assert fan.get(f"/fr/events/{club_event.slug}/stages/").status_code == 200
