"""Admin: People and the spellings (aliases) that lead to them, with the name fixes."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.db.models import Count, Max, QuerySet
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from results.access import can_fix_names
from results.admin.mixins import FixNamesOnly, PodiumModelAdmin
from results.models import (
    NameChange,
    NotSamePerson,
    Person,
    PersonAlias,
    PersonRedirect,
    person_key,
)
from results.services.names import rename_person, rename_refusal
from results.text import fold


class PersonAliasForm(forms.ModelForm):
    """The key is computed from the spelling, as imports compute it."""

    class Meta:
        model = PersonAlias
        fields = ("surname", "first_name")

    def clean(self):
        data = super().clean()
        if data.get("surname"):
            key = person_key(data["surname"], data.get("first_name") or None)
            taken = PersonAlias.objects.filter(key=key).exclude(pk=self.instance.pk).first()
            if taken is not None:
                raise forms.ValidationError(
                    _("this spelling already leads to %(person)s") % {"person": taken.person}
                )
            self.instance.key = key
        return data


class PersonAliasInline(FixNamesOnly, admin.TabularInline):
    model = PersonAlias
    form = PersonAliasForm
    fields = ("surname", "first_name", "key")
    readonly_fields = ("key",)
    extra = 0


class PersonForm(forms.ModelForm):
    class Meta:
        model = Person
        fields = ("surname", "first_name")

    def clean(self):
        data = super().clean()
        if self.instance.pk and data.get("surname") is not None:
            refusal = rename_refusal(
                person=self.instance, surname=data["surname"], first_name=data.get("first_name")
            )
            if refusal:
                raise forms.ValidationError(refusal)
        return data


@admin.register(Person)
class PersonAdmin(FixNamesOnly, PodiumModelAdmin):
    form = PersonForm
    list_display = ("surname", "first_name", "entries_count", "events_count", "last_event")
    search_fields = ("search_key", "slug")
    fields = ("surname", "first_name", "slug", "search_key", "fixes", "name_log")
    readonly_fields = ("slug", "search_key", "fixes", "name_log")
    inlines = (PersonAliasInline,)
    actions = ("merge_selected",)
    change_list_template = "admin/podium/names/person_change_list.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Person]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                entries_total=Count("crew_seats", distinct=True),
                events_total=Count("crew_seats__entry__classification__event", distinct=True),
                last_date=Max("crew_seats__entry__classification__event__date"),
            )
        )

    def get_search_results(self, request, queryset, search_term):
        # Search keys are folded: `andre` and `ANDRÉ` find the same people.
        return super().get_search_results(request, queryset, fold(search_term))

    @admin.display(description=gettext_lazy("entries"), ordering="entries_total")
    def entries_count(self, person: Person) -> int:
        return person.entries_total

    @admin.display(description=gettext_lazy("events"), ordering="events_total")
    def events_count(self, person: Person) -> int:
        return person.events_total

    @admin.display(description=gettext_lazy("last event"), ordering="last_date")
    def last_event(self, person: Person):
        return person.last_date

    def has_add_permission(self, request: HttpRequest) -> bool:
        # People come from imports; a fix starts from an existing person.
        return False

    def has_fix_names_permission(self, request: HttpRequest) -> bool:
        return can_fix_names(request.user)

    @admin.action(description=gettext_lazy("Merge selected people"), permissions=["fix_names"])
    def merge_selected(self, request: HttpRequest, queryset: QuerySet[Person]):
        ids = ",".join(str(pk) for pk in queryset.order_by("pk").values_list("pk", flat=True))
        return HttpResponseRedirect(f"{reverse('names:merge')}?ids={ids}")

    def save_model(self, request, obj: Person, form, change: bool) -> None:
        if not change:
            return super().save_model(request, obj, form, change)
        # Through the service: the old spelling becomes an alias, the slug stays, logged.
        rename_person(
            person=Person.objects.get(pk=obj.pk),
            surname=obj.surname,
            first_name=obj.first_name,
            user=request.user,
        )

    @admin.display(description=gettext_lazy("fix"))
    def fixes(self, person: Person) -> str:
        if not person.pk:
            return "—"
        links = [
            (reverse("names:split", args=[person.pk]), _("Split (homonyms)…")),
            (reverse("names:anonymise", args=[person.pk]), _("Anonymise…")),
            (reverse("names:suggestions"), _("Duplicate suggestions")),
        ]
        redirects = PersonRedirect.objects.filter(person=person).values_list("old_slug", flat=True)
        html = format_html_join(" · ", '<a href="{}">{}</a>', links)
        if redirects:
            html += format_html("<br>{} {}", _("Old addresses leading here:"), ", ".join(redirects))
        different = NotSamePerson.objects.filter(first=person).count() + (
            NotSamePerson.objects.filter(second=person).count()
        )
        if different:
            marked = ngettext(
                "Marked different from %(n)d person.",
                "Marked different from %(n)d people.",
                different,
            )
            html += format_html("<br>{}", marked % {"n": different})
        return html

    @admin.display(description=gettext_lazy("log of name fixes"))
    def name_log(self, person: Person) -> str:
        changes = list(NameChange.objects.about_person(person)) if person.pk else []
        if not changes:
            return "—"
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (
                    change.created_at.strftime("%Y-%m-%d %H:%M"),
                    change.user or "—",
                    change.get_kind_display(),
                    change.summary,
                    format_html(
                        '<a href="{}">{}</a>', reverse("names:undo", args=[change.pk]), _("Undo…")
                    )
                    if change.can_undo
                    else (
                        _("undone %(date)s") % {"date": f"{change.undone_at:%Y-%m-%d}"}
                        if change.undone_at
                        else ""
                    ),
                )
                for change in changes
            ),
        )
        head = format_html(
            "<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th></th></tr>",
            pgettext("name fixes", "When"),
            pgettext("name fixes", "Who"),
            pgettext("name fixes", "What"),
            pgettext("name fixes", "Change"),
        )
        return format_html('<table class="podium-name-log">{}{}</table>', head, rows)


class PersonAliasAdminForm(PersonAliasForm):
    class Meta(PersonAliasForm.Meta):
        fields = ("person", "surname", "first_name")


@admin.register(PersonAlias)
class PersonAliasAdmin(FixNamesOnly, PodiumModelAdmin):
    form = PersonAliasAdminForm
    fields = ("person", "surname", "first_name", "key")
    readonly_fields = ("key",)
    list_display = ("key", "surname", "first_name", "person")
    list_select_related = ("person",)
    search_fields = ("key", "person__search_key")
    autocomplete_fields = ("person",)

    def get_search_results(self, request, queryset, search_term):
        return super().get_search_results(request, queryset, fold(search_term))


__all__ = ["PersonAdmin", "PersonAliasAdmin"]
