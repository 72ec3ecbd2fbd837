from django.contrib import admin

from results.models import (
    Car,
    CarMake,
    CarMakeSpelling,
    Championship,
    Classification,
    CrewMember,
    DataVersion,
    Entry,
    Event,
    Person,
    PersonAlias,
    ResultImport,
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
