"""Admin: Car makes with their spellings, cars, and the car fixes (rename, merge)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from results.access import can_fix_names
from results.admin.mixins import FixNamesOnly, PodiumModelAdmin
from results.models import Car, CarAlias, CarMake, CarMakeSpelling, NameChange
from results.services.cars import rename_car
from results.text import fold


class CarMakeSpellingForm(forms.ModelForm):
    class Meta:
        model = CarMakeSpelling
        fields = ("spelling",)

    def clean_spelling(self) -> str:
        # Imports look spellings up folded: store them that way whatever is typed.
        return fold(self.cleaned_data["spelling"])


class CarMakeSpellingInline(admin.TabularInline):
    model = CarMakeSpelling
    form = CarMakeSpellingForm
    extra = 1


@admin.register(CarMake)
class CarMakeAdmin(PodiumModelAdmin):
    list_display = ("name", "spelling_list", "cars_count")
    search_fields = ("name", "spellings__spelling")
    inlines = (CarMakeSpellingInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[CarMake]:
        return super().get_queryset(request).annotate(cars_total=Count("cars", distinct=True))

    @admin.display(description=gettext_lazy("spellings"))
    def spelling_list(self, make: CarMake) -> str:
        return ", ".join(s.spelling for s in make.spellings.all())

    @admin.display(description=gettext_lazy("cars"), ordering="cars_total")
    def cars_count(self, make: CarMake) -> int:
        return make.cars_total


class CarAliasInline(admin.TabularInline):
    model = CarAlias
    fk_name = "car"
    fields = ("make", "model_key")
    readonly_fields = ("make", "model_key")
    extra = 0
    can_delete = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class CarForm(forms.ModelForm):
    class Meta:
        model = Car
        fields = ("make", "model")

    def clean(self):
        data = super().clean()
        if "model" in data:
            make = data.get("make")
            clash = (
                Car.objects.filter(make=make, model_key=fold(data["model"]))
                .exclude(pk=self.instance.pk)
                .first()
            )
            if clash is not None:
                raise forms.ValidationError(
                    _("%(car)s already exists: merge the two cars instead") % {"car": clash}
                )
        return data


@admin.register(Car)
class CarAdmin(FixNamesOnly, PodiumModelAdmin):
    form = CarForm
    list_display = ("__str__", "make", "model", "entries_count")
    list_filter = ("make",)
    list_select_related = ("make",)
    search_fields = ("model_key", "make__name")
    fields = ("make", "model", "model_key", "car_log")
    readonly_fields = ("model_key", "car_log")
    inlines = (CarAliasInline,)
    actions = ("merge_selected",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Car]:
        return super().get_queryset(request).annotate(entries_total=Count("entries"))

    def get_search_results(self, request, queryset, search_term):
        return super().get_search_results(request, queryset, fold(search_term))

    @admin.display(description=gettext_lazy("entries"), ordering="entries_total")
    def entries_count(self, car: Car) -> int:
        return car.entries_total

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_fix_names_permission(self, request: HttpRequest) -> bool:
        return can_fix_names(request.user)

    @admin.action(description=gettext_lazy("Merge selected cars"), permissions=["fix_names"])
    def merge_selected(self, request: HttpRequest, queryset: QuerySet[Car]):
        ids = ",".join(str(pk) for pk in queryset.order_by("pk").values_list("pk", flat=True))
        return HttpResponseRedirect(f"{reverse('names:merge_cars')}?ids={ids}")

    def save_model(self, request, obj: Car, form, change: bool) -> None:
        if not change:
            return super().save_model(request, obj, form, change)
        # Through the service: the old spelling becomes an alias, so imports follow; logged.
        rename_car(
            car=Car.objects.get(pk=obj.pk), make=obj.make, model=obj.model, user=request.user
        )

    @admin.display(description=gettext_lazy("log of fixes"))
    def car_log(self, car: Car) -> str:
        changes = NameChange.objects.about_car(car) if car.pk else []
        return (
            format_html_join(
                "",
                "<div>{} · {} · {} · {}</div>",
                (
                    (
                        c.created_at.strftime("%Y-%m-%d %H:%M"),
                        c.user or "—",
                        c.get_kind_display(),
                        c.summary,
                    )
                    for c in changes
                ),
            )
            or "—"
        )
