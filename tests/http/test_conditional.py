import pytest
from django.forms.models import model_to_dict
from django.urls import reverse

from results.models import Person
from results.services.freshness import data_changed
from tests.views.conftest import RALLY_ROWS, import_rows

pytestmark = pytest.mark.django_db


def test_the_standings_page_sends_validators_and_answers_304(client, event_url):
    first = client.get(event_url)
    assert first["ETag"]
    # No date validator: whole seconds cannot tell two writes in one second apart.
    assert not first.has_header("Last-Modified")
    again = client.get(event_url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again.content == b""


def test_a_304_costs_one_query(client, event_url, django_assert_num_queries):
    etag = client.get(event_url)["ETag"]
    with django_assert_num_queries(1):
        assert client.get(event_url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_a_reimport_changes_the_etag_at_once(client, rally, classification, event_url):
    etag = client.get(event_url)["ETag"]
    import_rows(classification, *RALLY_ROWS[:3])
    response = client.get(event_url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_a_rename_changes_the_standings_and_person_validators(client, rally, event_url):
    person = Person.objects.get(slug="jean-dupont")
    person_url = "/fr/people/jean-dupont/"
    event_etag = client.get(event_url)["ETag"]
    person_etag = client.get(person_url)["ETag"]
    # What a rename service does: write, then bump what it touched.
    Person.objects.filter(pk=person.pk).update(surname="DUPOND")
    data_changed(events=[rally], people=[person])
    event_page = client.get(event_url, HTTP_IF_NONE_MATCH=event_etag)
    person_page = client.get(person_url, HTTP_IF_NONE_MATCH=person_etag)
    assert event_page.status_code == person_page.status_code == 200
    assert "DUPOND Jean" in event_page.content.decode()
    assert "DUPOND Jean" in person_page.content.decode()


def test_each_language_and_each_table_has_its_own_representation(client, event_url):
    french = client.get(event_url)["ETag"]
    english = client.get(event_url.replace("/fr/", "/en/"))["ETag"]
    assert french != english


def test_the_person_page_answers_304_on_a_matching_etag(client, rally):
    url = "/fr/people/jean-dupont/"
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_an_edit_in_the_admin_changes_every_validator_and_cached_page(
    client, admin_client, rally, event_url
):
    """A classification renamed in the admin (no write service involved): the visitor who
    revalidates, and the next one, get the new page. (Results are made official on the
    history page, through the service: the admin shows the state read-only.)"""
    classification = rally.classifications.get()
    first = client.get(event_url)
    assert "Scratch national" not in first.content.decode()
    change = reverse("admin:results_classification_change", args=[classification.pk])
    fields = ("event", "name", "slug")
    data = {**model_to_dict(classification, fields=fields), "name": "Scratch national"}
    assert admin_client.post(change, data).status_code == 302
    again = client.get(event_url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert "Scratch national" in again.content.decode()
    assert client.get(event_url).content == again.content


def test_a_deletion_in_the_admin_renews_the_page(client, admin_client, rally, event_url):
    second = rally.classifications.create(name="VHC", slug="vhc")
    assert "VHC" in client.get(event_url).content.decode()
    delete = reverse("admin:results_classification_delete", args=[second.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 302
    assert "VHC" not in client.get(event_url).content.decode()


def test_every_admin_of_podiums_models_renews_the_pages():
    from django.contrib import admin

    from results.admin.mixins import PodiumModelAdmin

    admins = {m: a for m, a in admin.site._registry.items() if m._meta.app_label == "results"}
    assert len(admins) >= 8
    for model, model_admin in admins.items():
        assert isinstance(model_admin, PodiumModelAdmin), model


def test_a_new_release_renews_every_validator_and_copy(client, settings, event_url):
    from results.http.conditional import release

    first = client.get(event_url)
    settings.PODIUM_RELEASE = "next-release"
    release.cache_clear()
    try:
        again = client.get(event_url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 200
        assert again["ETag"] != first["ETag"]
    finally:
        release.cache_clear()


def test_deleting_selected_rows_in_the_admin_renews_the_page(
    client, admin_client, rally, event_url
):
    """The admin's bulk action runs outside a transaction and logs before it deletes: the
    version moves after the rows are gone."""
    from results.models import DataVersion

    second = rally.classifications.create(name="VHC", slug="vhc")
    assert "VHC" in client.get(event_url).content.decode()
    before = DataVersion.objects.get(scope="all").version
    changelist = reverse("admin:results_classification_changelist")
    data = {"action": "delete_selected", "_selected_action": [second.pk], "post": "yes"}
    assert admin_client.post(changelist, data).status_code == 302
    assert not rally.classifications.filter(pk=second.pk).exists()
    assert DataVersion.objects.get(scope="all").version > before
    assert "VHC" not in client.get(event_url).content.decode()
