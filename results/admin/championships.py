"""Admin: Championships, their rounds and their points rules (created from a preset or not)."""

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from results.access import can_edit_every_event
from results.admin.mixins import PodiumModelAdmin
from results.models import (
    Championship,
    ClassEquivalence,
    Event,
    Round,
    ScoringScope,
)
from results.services.championship_loading import RULE_FIELDS
from results.services.championship_presets import PRESETS, preset_choices, set_rules
from results.services.championships import recompute_many
from results.services.freshness import data_changed


class ChampionshipForm(forms.ModelForm):
    preset = forms.ChoiceField(
        choices=[("", "—"), *preset_choices()],
        required=False,
        label=_("Preset"),
        help_text=_(
            "Fills in the points rules and replaces the tables below with the preset's "
            "(everything stays editable afterwards). Attach the events under « Rounds »."
        ),
    )

    class Meta:
        model = Championship
        fields = "__all__"  # noqa: DJ007


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("order", "event", "coefficient", "classification")
    autocomplete_fields = ("event",)
    raw_id_fields = ("classification",)

    def get_queryset(self, request):
        # A championship may count events of several clubs: an organiser sees the rounds of
        # published events and of their own, never another club's unpublished event.
        rows = super().get_queryset(request)
        if can_edit_every_event(request.user):
            return rows
        return rows.filter(event__in=Event.objects.visible_to(request.user))


class ScoringScopeInline(admin.TabularInline):
    model = ScoringScope
    extra = 0
    fields = ("order", "name", "overall_points", "group_points", "class_points", "split_by")


class ClassEquivalenceInline(admin.TabularInline):
    model = ClassEquivalence
    extra = 0
    fields = ("group", "klass", "as_group", "as_klass")


@admin.register(Championship)
class ChampionshipAdmin(PodiumModelAdmin):
    form = ChampionshipForm
    list_display = ("name", "season", "slug", "public_page")
    list_filter = ("season",)
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}  # noqa: RUF012
    fieldsets = (
        (None, {"fields": ("name", "slug", "season", "preset")}),
        (
            _("Points rules"),
            {"fields": RULE_FIELDS},
        ),
    )
    inlines = (RoundInline, ScoringScopeInline, ClassEquivalenceInline)
    actions = ("recompute_standings",)

    @admin.display(description=_("Public page"))
    def public_page(self, obj: Championship) -> str:
        try:
            url = reverse("championships:detail", kwargs={"slug": obj.slug})
        except NoReverseMatch:
            return "—"
        return format_html('<a href="{}">{}</a>', url, url)

    def save_related(self, request, form, formsets, change):
        with transaction.atomic():
            super().save_related(request, form, formsets, change)
            preset = form.cleaned_data.get("preset")
            if preset:
                set_rules(championship=form.instance, preset=PRESETS[preset])
            # A rule change is a write like any other: the tables are recomputed at once.
            data_changed(championships=[form.instance])

    @admin.action(description=_("Recompute the standings of the selected championships"))
    def recompute_standings(self, request, queryset):
        pks = list(queryset.values_list("pk", flat=True))
        with transaction.atomic():
            # Whole, whatever their inputs' digest says: the action repairs tables.
            recompute_many(pks, force=True)
            data_changed(championships=pks)
        count = queryset.count()
        messages.success(
            request,
            ngettext(
                "Standings recomputed for %(count)d championship.",
                "Standings recomputed for %(count)d championships.",
                count,
            )
            % {"count": count},
        )
