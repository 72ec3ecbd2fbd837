"""Admin: users and groups, their permissions named in the admin's language.

Django stores a permission's name in English when it creates it ("Can add event"). The
permission lists of the user and group pages name them from the model's verbose name and
the action instead, translated, so a French admin reads "Peut ajouter : épreuve"."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, Permission, User
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

#: Django's default permissions, by the codename's first word.
ACTIONS = {
    "add": _("Can add %(model)s"),
    "change": _("Can change %(model)s"),
    "delete": _("Can delete %(model)s"),
    "view": _("Can view %(model)s"),
}
PERMISSION_FIELDS = ("permissions", "user_permissions")


def permission_label(permission: Permission) -> str:
    """`application | model | action`, in the active language."""
    model = permission.content_type.model_class()
    if model is None:  # a model since removed: its stored words
        return str(permission)
    meta = model._meta
    action, _sep, model_name = permission.codename.partition("_")
    if action in ACTIONS and model_name == meta.model_name:
        what = str(ACTIONS[action]) % {"model": meta.verbose_name}
    else:
        # Podium's own permissions are declared with gettext_lazy (their msgid is the name).
        what = gettext(permission.name)
    return f"{meta.app_config.verbose_name} | {meta.verbose_name} | {what}"


class TranslatedPermissions:
    def formfield_for_manytomany(self, db_field, request, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)  # type: ignore[misc]
        if db_field.name in PERMISSION_FIELDS and field is not None:
            field.label_from_instance = permission_label
        return field


admin.site.unregister(Group)
admin.site.unregister(User)


@admin.register(Group)
class PodiumGroupAdmin(TranslatedPermissions, GroupAdmin):
    pass


@admin.register(User)
class PodiumUserAdmin(TranslatedPermissions, UserAdmin):
    pass
