"""Renames and aliases in the admin need `results.fix_names`, like the name-fixing pages."""

import pytest
from django.contrib.auth.models import Permission

from results.models import Person

pytestmark = pytest.mark.django_db


@pytest.fixture
def editor(django_user_model):
    """Staff who may change people in the admin, but not fix names."""
    user = django_user_model.objects.create_user(username="editor", password="pw", is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_person", "change_person",
                                                 "change_personalias", "add_personalias"])
    )  # fmt: skip
    return user


def _person() -> Person:
    return Person.objects.create(surname="BABAY", first_name="Thierry.", slug="thierry-babay",
                                 search_key="babay thierry.")  # fmt: skip


def test_staff_without_fix_names_cannot_rename_a_person(client, editor):
    person = _person()
    client.force_login(editor)
    url = f"/admin/results/person/{person.pk}/change/"
    response = client.post(url, {"surname": "BABAY", "first_name": "Thierry"})
    assert response.status_code == 403
    person.refresh_from_db()
    assert person.first_name == "Thierry."


def test_staff_without_fix_names_cannot_add_an_alias(client, editor):
    person = _person()
    client.force_login(editor)
    response = client.post(
        "/admin/results/personalias/add/",
        {"person": person.pk, "surname": "BABAY", "first_name": "T."},
    )
    assert response.status_code == 403


def test_who_may_fix_names_renames_through_the_admin(client, editor):
    person = _person()
    editor.user_permissions.add(Permission.objects.get(codename="fix_names"))
    client.force_login(editor)
    url = f"/admin/results/person/{person.pk}/change/"
    data = {"surname": "BABAY", "first_name": "Thierry", "aliases-TOTAL_FORMS": "0",
            "aliases-INITIAL_FORMS": "0"}  # fmt: skip
    response = client.post(url, data)
    assert response.status_code in (200, 302)
    person.refresh_from_db()
    assert person.first_name == "Thierry"
