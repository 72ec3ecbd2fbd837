"""Admin: Clubs and their members (the organisers who upload their events' results)."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from results.access import can_edit_every_event, clubs_of
from results.admin.mixins import PodiumModelAdmin
from results.models import Club


@admin.register(Club)
class ClubAdmin(PodiumModelAdmin):
    list_display = ("name", "short_name", "region", "members_count", "events_count")
    list_filter = ("region",)
    search_fields = ("name", "short_name", "region")
    filter_horizontal = ("members",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Club]:
        clubs = (
            super()
            .get_queryset(request)
            .annotate(
                members_total=Count("members", distinct=True),
                events_total=Count("events", distinct=True),
            )
        )
        # An organiser sees the clubs they belong to, as the events of those clubs.
        if can_edit_every_event(request.user):
            return clubs
        return clubs.filter(pk__in=clubs_of(request.user).values("pk"))

    @admin.display(description=_("members"), ordering="members_total")
    def members_count(self, club: Club) -> int:
        return club.members_total

    @admin.display(description=_("events"), ordering="events_total")
    def events_count(self, club: Club) -> int:
        return club.events_total
