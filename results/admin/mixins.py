"""Admin permissions shared by several model admins."""

from django.http import HttpRequest

from results.views.names.access import can_fix_names


class FixNamesOnly:
    """People and their spellings change only through those who may fix names: a rename or an
    alias decides where every later import lands."""

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return can_fix_names(request.user) and super().has_change_permission(request, obj)

    def has_add_permission(self, request: HttpRequest, *args) -> bool:
        return can_fix_names(request.user) and super().has_add_permission(request, *args)

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return can_fix_names(request.user) and super().has_delete_permission(request, obj)
