"""Who may do what (`results.access`): the rules every page, form, admin and service reads."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from results.access import (
    AccessDenied,
    can_fix_names,
    can_upload,
    can_upload_to,
    clubs_of,
)
from results.models import Event
from results.services.uploads import start_upload
from tests.services.sheets import generated_rows, pipe_sheet

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.django_db


def test_scope_follows_the_events_club(club_organiser, club_event, superuser, organiser):
    elsewhere = Event.objects.create(name="Ailleurs", slug="ailleurs", date=club_event.date)
    assert list(Event.objects.uploadable_by(club_organiser)) == [club_event]
    assert can_upload_to(club_organiser, club_event)
    assert not can_upload_to(club_organiser, elsewhere)
    assert can_upload_to(superuser, elsewhere)
    assert not can_upload_to(organiser, club_event)  # staff, but no permission
    assert not Event.objects.uploadable_by(organiser).exists()


def test_each_persona_sees_its_own_events(
    anonymous, organiser, club_organiser, superuser, club_event, django_user_model
):
    Event.objects.filter(pk=club_event.pk).update(published=False)
    public = Event.objects.create(
        name="Public", slug="public", date=club_event.date, published=True
    )
    other = Event.objects.create(name="Autre", slug="autre", date=club_event.date)
    fan = django_user_model.objects.create_user(username="fan", password="pw")

    def seen(user) -> set[str]:
        return set(Event.objects.visible_to(user).values_list("slug", flat=True))

    assert seen(anonymous) == seen(fan) == seen(organiser) == {"public"}
    assert seen(club_organiser) == {"public", club_event.slug}
    assert seen(superuser) == {"public", club_event.slug, other.slug}
    assert public.slug in seen(anonymous)


def test_the_permissions_and_the_clubs(anonymous, organiser, club_organiser, superuser, club):
    assert not can_upload(anonymous) and not can_fix_names(anonymous)
    assert not can_upload(organiser) and not can_fix_names(organiser)
    assert can_upload(club_organiser) and not can_fix_names(club_organiser)
    assert can_upload(superuser) and can_fix_names(superuser)
    assert list(clubs_of(club_organiser)) == [club]  # the Organisers group is not a club


def test_a_club_is_its_membership_not_a_group_of_its_name(
    club_organiser, club, club_event, anonymous, superuser
):
    from django.contrib.auth.models import Group

    from results.models import Club

    # A group named like the club grants nothing; leaving the club takes its events away.
    club_organiser.groups.add(Group.objects.create(name=club.name))
    club.members.remove(club_organiser)
    assert not can_upload_to(club_organiser, club_event)
    assert list(clubs_of(club_organiser)) == []
    assert list(Event.objects.uploadable_by(club_organiser)) == []
    other = Club.objects.create(name="ASA Autre")
    other.members.add(club_organiser)
    assert list(clubs_of(club_organiser)) == [other]
    assert list(clubs_of(anonymous)) == []
    assert list(clubs_of(superuser)) == [other, club]  # by name
    # An event without a club is for superusers only.
    orphan = Event.objects.create(name="Sans club", slug="sans-club", date=club_event.date)
    assert can_upload_to(superuser, orphan) and not can_upload_to(club_organiser, orphan)


def test_the_upload_service_refuses_another_clubs_event(club_organiser, club_event):
    elsewhere = Event.objects.create(name="Ailleurs", slug="ailleurs", date=datetime.date.today())
    with pytest.raises(AccessDenied):
        start_upload(
            user=club_organiser,
            data=pipe_sheet(*generated_rows(2)),
            source_name="a.txt",
            event=elsewhere,
        )
    assert not elsewhere.classifications.exists()


def test_no_service_or_admin_module_reaches_into_views_or_djangos_403():
    """The admin and the services read the rules from `results.access`, never from view code,
    and services refuse with their own error, which the views turn into a 403."""
    for folder in ("admin", "services", "forms"):
        for path in (ROOT / "results" / folder).rglob("*.py"):
            text = path.read_text()
            assert "results.views" not in text, path
            if folder == "services":
                assert "PermissionDenied" not in text, path
