"""What every model admin of Podium shares: renewing the pages, and who may fix names."""

from django.contrib import admin
from django.db import transaction
from django.http import HttpRequest

from results.access import can_fix_names
from results.services.freshness import site_changed


class PodiumModelAdmin(admin.ModelAdmin):
    """A model admin whose every addition, change and deletion renews the public pages.

    Edits made here bypass the write services, which end with `data_changed`. An addition or a
    change is logged in the admin's transaction, after the save: the site's version is bumped
    there, so no page or validator outlives what an admin changed (a classification made
    official, a make renamed...). Inlines are logged with their parent. Deletions bump after
    the delete, in its transaction.
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
            super().delete_model(request, obj)
            site_changed()

    def delete_queryset(self, request, queryset) -> None:
        with transaction.atomic():
            super().delete_queryset(request, queryset)
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
