"""Previews read again are purged like the previews they were."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from results.models import ResultImport
from results.services.purging import purge_previews

pytestmark = pytest.mark.django_db
State = ResultImport.State


def _import(classification, state, applied_at=None) -> ResultImport:
    return ResultImport.objects.create(
        classification=classification, source_name="s.txt", sha256="0" * 64, source=b"x",
        parser_version="t", state=state, applied_at=applied_at,
    )  # fmt: skip


def test_a_preview_read_again_is_purged_but_a_superseded_version_stays(classification):
    read_again = _import(classification, State.SUPERSEDED)
    version = _import(classification, State.SUPERSEDED, applied_at=timezone.now())
    later = timezone.now() + datetime.timedelta(hours=100)
    assert purge_previews(older_than=datetime.timedelta(hours=72), now=later) == 1
    assert not ResultImport.objects.filter(pk=read_again.pk).exists()
    assert ResultImport.objects.filter(pk=version.pk).exists()


def test_a_preview_read_again_keeps_its_address_while_its_newest_reading_is_kept(
    classification, client, admin_user
):
    """Every preview keeps its address until confirmed, cancelled or purged: the address of
    one read again leads to its newest reading, so it is not purged before that reading."""
    from django.urls import reverse

    old = _import(classification, State.SUPERSEDED)
    ResultImport.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - datetime.timedelta(hours=80)
    )
    newest = _import(classification, State.PREVIEWED)
    assert purge_previews(older_than=datetime.timedelta(hours=72)) == 0
    client.force_login(admin_user)
    response = client.get(reverse("uploads:preview", args=[old.pk]))
    assert response["Location"] == reverse("uploads:preview", args=[newest.pk])
    # Once the newest reading is purged too, both go.
    later = timezone.now() + datetime.timedelta(hours=100)
    assert purge_previews(older_than=datetime.timedelta(hours=72), now=later) == 2
