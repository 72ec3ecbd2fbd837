"""A merged-away person's page follows the kept person, and stops once the merge is undone."""

import pytest

from results.models import Person, PersonAlias
from results.services.names import merge_people, rename_person
from results.services.undoing import undo_change

pytestmark = pytest.mark.django_db


def test_a_dropped_persons_page_redirects_to_the_kept_person_until_the_merge_is_undone(
    client, rally
):
    keep = Person.objects.get(surname="DUPONT")
    drop = Person.objects.get(surname="DURAND")
    old_url = f"/fr/people/{drop.slug}/"
    assert client.get(old_url).status_code == 200

    change = merge_people(keep=keep, drop=drop)
    response = client.get(old_url)
    assert response.status_code == 302
    assert response["Location"] == f"/fr/people/{keep.slug}/"

    undo_change(change=change)
    assert client.get(old_url).status_code == 200


def test_renaming_a_person_changes_their_team_mates_pages(client, rally):
    driver = Person.objects.get(surname="DUPONT")
    mate_url = f"/fr/people/{Person.objects.get(surname='MARTIN').slug}/"
    etag = client.get(mate_url)["ETag"]
    rename_person(person=driver, surname="DUPONT-AIGNAN", first_name="Jean")
    response = client.get(mate_url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert "DUPONT-AIGNAN" in response.content.decode()


def test_an_unknown_slug_is_still_a_404(client, rally):
    assert client.get("/fr/people/nobody-at-all/").status_code == 404


def test_a_new_person_never_takes_the_slug_of_a_merged_away_person(client, rally):
    from results.services.importing import apply_import, preview_import
    from tests.services.sheets import pipe_sheet

    keep = Person.objects.get(surname="DUPONT")
    drop = Person.objects.get(surname="DURAND")
    old_slug = drop.slug
    merge_people(keep=keep, drop=drop)
    # An admin removes the spelling from the kept person (they were two people after all):
    # the next sheet with that spelling creates a new person, who must get a new slug.
    PersonAlias.objects.filter(person=keep, surname="DURAND").delete()
    classification = rally.classifications.get()
    apply_import(
        preview_import(
            classification=classification,
            data=pipe_sheet("| 1 | 77 | DURAND Luc/NOUVEAU Paul | Clio | N3 | 10:00,0 | |"),
            source_name="later.txt",
        )
    )
    newcomer = Person.objects.get(surname="DURAND")
    assert newcomer.slug != old_slug
    assert client.get(f"/fr/people/{old_slug}/")["Location"] == f"/fr/people/{keep.slug}/"
