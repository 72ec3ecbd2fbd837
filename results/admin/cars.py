"""Admin: Car makes with their spellings, and cars."""

from django.contrib import admin

from results.models import (
    Car,
    CarMake,
    CarMakeSpelling,
)


class CarMakeSpellingInline(admin.TabularInline):
    model = CarMakeSpelling
    extra = 1


@admin.register(CarMake)
class CarMakeAdmin(admin.ModelAdmin):
    list_display = ("name",)
    search_fields = ("name", "spellings__spelling")
    inlines = (CarMakeSpellingInline,)


@admin.register(Car)
class CarAdmin(admin.ModelAdmin):
    list_display = ("__str__", "make", "model", "model_key")
    list_filter = ("make",)
    list_select_related = ("make",)
    search_fields = ("model_key", "make__name")
