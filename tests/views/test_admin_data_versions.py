"""The data versions are the write services' own: the admin shows them, never edits them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from results.models import DataVersion
from results.services.freshness import data_changed

pytestmark = pytest.mark.django_db


def test_a_superuser_sees_the_data_versions_but_cannot_change_or_delete_them(
    client, superuser, event
):
    data_changed(events=[event])
    version = DataVersion.objects.first()
    client.force_login(superuser)
    listing = client.get(reverse("admin:results_dataversion_changelist"))
    assert listing.status_code == 200
    before = (version.scope, version.version)
    change = reverse("admin:results_dataversion_change", args=[version.pk])
    client.post(change, {"scope": "x", "version": 99})
    version.refresh_from_db()
    assert (version.scope, version.version) == before
    delete = reverse("admin:results_dataversion_delete", args=[version.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    assert client.get(reverse("admin:results_dataversion_add")).status_code == 403


def test_the_club_list_offers_clubs_not_permission_groups(superuser, club):
    from django.contrib.auth.models import Group, Permission

    from results.forms.uploads import UploadForm

    editors, _ = Group.objects.get_or_create(name="Name editors")
    editors.permissions.add(Permission.objects.get(codename="change_person"))
    Group.objects.create(name="Bénévoles")  # a group granting nothing is no club either
    form = UploadForm(user=superuser)
    assert list(form.fields["club"].queryset) == [club]
    html = str(form["club"])
    assert "ASA Vesoul" in html
    assert "Name editors" not in html and "Bénévoles" not in html
