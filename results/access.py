"""Who may do what: the one place Podium answers it, read by views, forms, admin and services.

- A visitor sees published events. Staff also see the unpublished events they may upload to,
  to check an import before publishing it; those who may edit every event see them all.
- Uploading needs the `results.upload_results` permission (and staff status). A superuser
  uploads to every event; anyone else to the events of the clubs they are a member of
  (`Club.members`; permission groups such as Organisers are roles, never clubs).
- Fixing names (renames, merges, splits, anonymising) needs `results.fix_names`.

The rules on sets of events are here too, as functions on an event QuerySet; the models reach
them as `Event.objects.visible_to(user)` and `Event.objects.uploadable_by(user)`. Services
refuse with `AccessDenied`, a domain error; the staff pages turn it into a 403.

This module imports no Podium model, so the models may import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from django.apps import apps
from django.db.models import Q, QuerySet

if TYPE_CHECKING:
    from results.models import Club, Event

#: A user or the anonymous visitor (`request.user`).
Visitor = Any
Events = TypeVar("Events", bound=QuerySet)

UPLOAD_PERMISSION = "results.upload_results"
FIX_NAMES_PERMISSION = "results.fix_names"
EDIT_EVENTS_PERMISSION = "results.change_event"
MANAGE_ROUNDS_PERMISSION = "results.add_round"
#: The group the data migration creates; it holds the upload permission (a role, not a club).
ORGANISERS = "Organisers"

UPLOAD_REFUSAL = f"uploading results needs the {UPLOAD_PERMISSION} permission"
FIX_NAMES_REFUSAL = f"fixing names needs the {FIX_NAMES_PERMISSION} permission"
OTHER_CLUB_REFUSAL = "this event belongs to another club"


class AccessDenied(Exception):
    """Someone asked for what they may not do; nothing was done."""


# Checks on one person --------------------------------------------------------------------------


def can_upload(user: Visitor) -> bool:
    """May upload results sheets at all (to some event)."""
    return bool(user.is_active and user.is_staff and user.has_perm(UPLOAD_PERMISSION))


def can_fix_names(user: Visitor) -> bool:
    """May rename, merge, split and anonymise people and cars."""
    return bool(user.is_active and user.is_staff and user.has_perm(FIX_NAMES_PERMISSION))


def can_edit_every_event(user: Visitor) -> bool:
    """Sees and edits every event, whichever club organises it."""
    return bool(user.is_superuser or user.has_perm(EDIT_EVENTS_PERMISSION))


def can_manage_rounds(user: Visitor) -> bool:
    """May count an event for a championship (which changes that championship's table)."""
    return bool(user.has_perm(MANAGE_ROUNDS_PERMISSION))


def can_upload_to(user: Visitor, event: Event) -> bool:
    """May upload results to this event: the permission, and the event's club or superuser."""
    if not can_upload(user):
        return False
    if user.is_superuser:
        return True
    return event.club_id is not None and user.clubs.filter(pk=event.club_id).exists()


def check_upload_to(user: Visitor, event: Event) -> None:
    """Raises `AccessDenied` unless the user may upload to the event."""
    if not can_upload_to(user, event):
        raise AccessDenied(OTHER_CLUB_REFUSAL)


def clubs_of(user: Visitor) -> QuerySet[Club]:
    """The clubs a user organises for: those they are a member of (every club, for a
    superuser; none for the anonymous visitor)."""
    clubs = apps.get_model("results", "Club").objects.order_by("name")
    if user.is_superuser:
        return clubs
    if not user.is_authenticated:
        return clubs.none()
    return clubs.filter(members=user)


# Rules on sets of events (behind `EventQuerySet`) ---------------------------------------------


def uploadable_events(events: Events, user: Visitor) -> Events:
    """Of `events`, those the user may upload to: their clubs', or all for a superuser."""
    if not can_upload(user):
        return events.none()
    if user.is_superuser:
        return events.all()
    return events.filter(club__in=clubs_of(user))


def visible_events(events: Events, user: Visitor) -> Events:
    """Of `events`, those the public pages show the user."""
    if not user.is_staff:
        return events.filter(published=True)
    if can_edit_every_event(user):
        return events.all()
    mine = uploadable_events(events.model.objects.all(), user)
    return events.filter(Q(published=True) | Q(pk__in=mine.values("pk")))


def editable_events(events: Events, user: Visitor) -> Events:
    """Of `events`, those the admin lists for the user: all, or their clubs' ones."""
    if can_edit_every_event(user):
        return events
    return events.filter(club__in=clubs_of(user))
