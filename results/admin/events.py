"""Admin: Events, classifications, entries and imports."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from results.access import can_edit_every_event, can_upload_to, clubs_of
from results.admin.mixins import ClubScoped, PodiumModelAdmin
from results.models import (
    Classification,
    CrewMember,
    DataVersion,
    Entry,
    Event,
    ResultImport,
    Split,
)
from results.services.freshness import data_changed
from results.services.uploads import REAPPLICABLE

#: Made official on the event's history page (`services.revising.make_official`: who, when,
#: a revision), never by editing the state.
REVISION_FIELDS = ("state", "official_at", "official_by")


class ClassificationInline(admin.TabularInline):
    model = Classification
    extra = 0
    readonly_fields = REVISION_FIELDS


@admin.register(Event)
class EventAdmin(PodiumModelAdmin):
    list_display = ("name", "date", "place", "discipline", "club", "published")
    # The clubs of the events listed, not every club.
    list_filter = ("discipline", "published", ("club", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("club",)
    search_fields = ("name", "place", "slug")
    date_hierarchy = "date"
    prepopulated_fields = {"slug": ("name",)}  # noqa: RUF012
    inlines = (ClassificationInline,)
    # Links to the upload pages and the event's import history.
    change_form_template = "admin/podium/event_change_form.html"

    def get_queryset(self, request):
        # An organiser sees the events of their clubs only, as on the upload pages; those
        # who may edit any event see them all.
        return super().get_queryset(request).editable_by(request.user)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        # An organiser gives their events one of their own clubs.
        if db_field.name == "club" and not can_edit_every_event(request.user):
            kwargs["queryset"] = clubs_of(request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        event = self.get_object(request, object_id)
        if event is not None and can_upload_to(request.user, event):
            extra_context.update(
                podium_can_upload=True,
                podium_imports=ResultImport.objects.history_of(event),
                podium_reapplicable=REAPPLICABLE,
            )
        return super().change_view(request, object_id, form_url, extra_context)

    def save_related(self, request, form, formsets, change) -> None:
        # Publishing or renaming an event (saved just before, with its classifications now)
        # changes public pages and championship tables.
        super().save_related(request, form, formsets, change)
        published = [form.instance] if "published" in form.changed_data else []
        data_changed(events=[form.instance], publication=published)


@admin.register(Classification)
class ClassificationAdmin(ClubScoped, PodiumModelAdmin):
    list_display = ("name", "event", "state")
    list_filter = ("state",)
    list_select_related = ("event",)
    search_fields = ("name", "event__name")
    readonly_fields = REVISION_FIELDS


class CrewMemberInline(admin.TabularInline):
    model = CrewMember
    extra = 0
    autocomplete_fields = ("person",)

    def has_change_permission(self, request, obj=None):
        # Seen with the entry, fixed through the name fixes (rename, merge, split).
        return False

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SplitInline(admin.TabularInline):
    """The entry's stage, run or lap times, as the sheet gave them: read-only, as the entry
    (they change with a new import of the sheet)."""

    model = Split
    verbose_name = _("stage or run time")
    verbose_name_plural = _("Stage and run times")
    extra = 0
    fields = ("order", "name", "time_ms", "penalty_ms", "status", "counted")
    readonly_fields = fields
    can_delete = False

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Entry)
class EntryAdmin(ClubScoped, PodiumModelAdmin):
    event_path = "classification__event"
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
    inlines = (CrewMemberInline, SplitInline)
    # Results change through decisions (`results.services.decisions`), which re-rank the crews,
    # recompute class positions, gaps and championships, and keep a revision; an entry edited
    # here would do none of that and be lost at the next import. The entry's page links there.
    change_form_template = "admin/podium/entry_change_form.html"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    # The parsed record and its issues are the parser's JSON: the import's preview and
    # history show them in words.
    exclude = ("raw", "issues")


@admin.register(ResultImport)
class ResultImportAdmin(ClubScoped, PodiumModelAdmin):
    event_path = "classification__event"
    list_display = ("source_name", "classification", "state", "created_at", "applied_at", "user")
    list_filter = ("state",)
    list_select_related = ("classification__event", "user")
    search_fields = ("source_name", "sha256", "classification__event__name")
    # The source bytes, the reading and the plan are large, and the settings, issues and
    # counts are the services' JSON: the import's history page shows them in words.
    fields = (
        "classification",
        "user",
        "source_name",
        "sha256",
        "parser_version",
        "warnings",
        "state",
        "created_at",
        "applied_at",
    )
    readonly_fields = fields

    @admin.display(description=_("warnings"))
    def warnings(self, result_import: ResultImport) -> int:
        return sum(1 for issue in result_import.issues if issue.get("level") == "warning")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(DataVersion)
class DataVersionAdmin(PodiumModelAdmin):
    """Read only: the versions are the write services' to bump (`data_changed`); an edit or
    a deletion here would leave caches serving pages for a version that no longer holds."""

    list_display = ("what", "version", "changed_at")
    search_fields = ("scope",)
    fields = ("what", "version", "changed_at")
    readonly_fields = ("what", "version", "changed_at")

    @admin.display(description=_("what changed"), ordering="scope")
    def what(self, version: DataVersion) -> str:
        return version.described()

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
