"""Admin: Events, classifications, entries and imports."""

from django.contrib import admin

from results.models import (
    Classification,
    CrewMember,
    DataVersion,
    Entry,
    Event,
    ResultImport,
)


class ClassificationInline(admin.TabularInline):
    model = Classification
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "place", "discipline", "published")
    list_filter = ("discipline", "published")
    search_fields = ("name", "place", "slug")
    date_hierarchy = "date"
    prepopulated_fields = {"slug": ("name",)}  # noqa: RUF012
    inlines = (ClassificationInline,)


@admin.register(Classification)
class ClassificationAdmin(admin.ModelAdmin):
    list_display = ("name", "event", "state")
    list_filter = ("state",)
    list_select_related = ("event",)
    search_fields = ("name", "event__name")


class CrewMemberInline(admin.TabularInline):
    model = CrewMember
    extra = 0
    autocomplete_fields = ("person",)


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = (
        "classification",
        "position",
        "number",
        "status",
        "group",
        "klass",
        "class_position",
        "car_text",
        "time_ms",
    )
    list_filter = ("status",)
    list_select_related = ("classification__event",)
    search_fields = ("car_text", "crew__person__search_key", "classification__event__name")
    raw_id_fields = ("classification", "result_import", "car")
    inlines = (CrewMemberInline,)


@admin.register(ResultImport)
class ResultImportAdmin(admin.ModelAdmin):
    list_display = ("source_name", "classification", "state", "created_at", "applied_at", "user")
    list_filter = ("state",)
    list_select_related = ("classification__event", "user")
    search_fields = ("source_name", "sha256", "classification__event__name")
    # The source bytes and the plan are large; they stay out of the form.
    exclude = ("source", "sheet", "plan")
    readonly_fields = (
        "classification",
        "user",
        "source_name",
        "sha256",
        "parser_version",
        "hints",
        "issues",
        "error",
        "counts",
        "state",
        "created_at",
        "applied_at",
    )

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(DataVersion)
class DataVersionAdmin(admin.ModelAdmin):
    list_display = ("scope", "version", "changed_at")
    search_fields = ("scope",)
    readonly_fields = ("scope", "version", "changed_at")
