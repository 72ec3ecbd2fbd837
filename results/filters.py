"""The events list's filters: season, discipline, championship and text, all query strings.

Invalid values (a season of `abc`, an unknown championship) are form errors: the filter is
dropped and the rest still applies, so every filtered view is a permalink and none is a 500.
"""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from results.forms.fast_select import FastSelect
from results.models import Championship, Event
from results.text import MAX_QUERY, query_words
from results.views.formatting import DISCIPLINE_LABELS


class EventFilter(django_filters.FilterSet):
    season = django_filters.ChoiceFilter(
        field_name="date__year",
        label=_("Season"),
        empty_label=_("All seasons"),
        widget=FastSelect,
    )
    discipline = django_filters.ChoiceFilter(
        choices=list(DISCIPLINE_LABELS.items()),
        label=_("Discipline"),
        empty_label=_("All disciplines"),
        widget=FastSelect,
    )
    championship = django_filters.ModelChoiceFilter(
        field_name="rounds__championship",
        to_field_name="slug",
        queryset=Championship.objects.all(),
        label=_("Championship"),
        empty_label=_("All championships"),
        widget=FastSelect,
    )
    q = django_filters.CharFilter(
        method="filter_text", label=_("Name or place"), max_length=MAX_QUERY
    )

    class Meta:
        model = Event
        fields = ("season", "discipline", "championship", "q")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        years = Event.objects.published_seasons()
        self.filters["season"].extra["choices"] = [(str(year), str(year)) for year in years]

    def filter_text(self, queryset: QuerySet[Event], name: str, value: str) -> QuerySet[Event]:
        return queryset.matching(query_words(value))
