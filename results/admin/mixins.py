"""What every model admin of Podium shares: renewing the pages, and who may fix names."""

from django.contrib import admin
from django.db import transaction
from django.http import HttpRequest

from results.access import can_edit_every_event, can_fix_names
from results.models import Classification, Event
from results.services.freshness import site_changed
from results.services.listing import refresh_published_flags, seated_in_rows


class PodiumModelAdmin(admin.ModelAdmin):
    """A model admin whose every addition, change and deletion renews the public pages.

    Edits made here bypass the write services, which end with `data_changed`. An addition or a
    change is logged in the admin's transaction, after the save: the site's version is bumped
    there, so no page or validator outlives what an admin changed (a classification made
    official, a make renamed...). Inlines are logged with their parent. Deletions bump after
    the delete, in its transaction, with the "has a published result" flags of the people
    seated in what went checked again.
    """

    def log_addition(self, request, obj, message):
        site_changed()
        return super().log_addition(request, obj, message)

    def log_change(self, request, obj, message):
        site_changed()
        return super().log_change(request, obj, message)

    # The admin logs deletions before it deletes, and its "delete selected" action runs
    # outside a transaction: the bump comes after the rows are gone, in one transaction with
    # them, or a visitor could store the page as it was under the new version.
    def delete_model(self, request, obj) -> None:
        with transaction.atomic():
            seated = seated_in_rows(type(obj), [obj.pk])
            super().delete_model(request, obj)
            refresh_published_flags(people=seated)
            site_changed()

    def delete_queryset(self, request, queryset) -> None:
        with transaction.atomic():
            seated = seated_in_rows(queryset.model, list(queryset.values_list("pk", flat=True)))
            super().delete_queryset(request, queryset)
            refresh_published_flags(people=seated)
            site_changed()


class FixNamesOnly:
    """People and their spellings change only through those who may fix names: a rename or an
    alias decides where every later import lands."""

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return can_fix_names(request.user) and super().has_change_permission(request, obj)

    def has_add_permission(self, request: HttpRequest, *args) -> bool:
        return can_fix_names(request.user) and super().has_add_permission(request, *args)

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return can_fix_names(request.user) and super().has_delete_permission(request, obj)


class ClubScoped:
    """The rows of an event's aggregate (classifications, entries, imports) as the Events page
    lists their events: an organiser sees and picks only their clubs' ones
    (`Event.objects.editable_by`), on the list, the change page (another club's row is not
    found) and in the event and classification choices of a form."""

    #: The path from this admin's model to its event.
    event_path = "event"

    def get_queryset(self, request: HttpRequest):
        rows = super().get_queryset(request)  # type: ignore[misc]
        if can_edit_every_event(request.user):
            return rows
        return rows.filter(**{f"{self.event_path}__in": Event.objects.editable_by(request.user)})

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs):
        events = Event.objects.editable_by(request.user)
        if db_field.related_model is Event:
            kwargs["queryset"] = events
        elif db_field.related_model is Classification:
            kwargs["queryset"] = Classification.objects.filter(event__in=events)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)  # type: ignore[misc]
