"""Admin: People and the spellings (aliases) that lead to them."""

from django.contrib import admin

from results.models import (
    Person,
    PersonAlias,
)


class PersonAliasInline(admin.TabularInline):
    model = PersonAlias
    extra = 0


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ("surname", "first_name", "slug")
    search_fields = ("search_key", "surname", "first_name", "slug")
    readonly_fields = ("search_key",)
    inlines = (PersonAliasInline,)


@admin.register(PersonAlias)
class PersonAliasAdmin(admin.ModelAdmin):
    list_display = ("key", "surname", "first_name", "person")
    list_select_related = ("person",)
    search_fields = ("key", "person__search_key")
    autocomplete_fields = ("person",)
