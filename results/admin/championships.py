"""Admin: Championships and their rounds."""

from django.contrib import admin

from results.models import (
    Championship,
    Round,
)


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    autocomplete_fields = ("event",)


@admin.register(Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    list_display = ("name", "season", "slug")
    list_filter = ("season",)
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}  # noqa: RUF012
    inlines = (RoundInline,)
