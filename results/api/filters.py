"""The events list's filters. Unlike the page's, a bad value is a 400 naming it."""

from __future__ import annotations

import django_filters
from django import forms
from django.db.models import QuerySet

from results.models import Championship, Event
from results.text import MAX_QUERY, query_words
from results.views.formatting import DISCIPLINE_LABELS


class YearFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField


class EventApiFilter(django_filters.FilterSet):
    season = YearFilter(field_name="date__year", min_value=1900, max_value=2999)
    discipline = django_filters.ChoiceFilter(choices=list(DISCIPLINE_LABELS.items()))
    championship = django_filters.ModelChoiceFilter(
        field_name="rounds__championship", to_field_name="slug", queryset=Championship.objects
    )
    club = django_filters.CharFilter(
        field_name="club__name", lookup_expr="iexact", max_length=150, help_text="Its name."
    )
    q = django_filters.CharFilter(
        method="filter_text", max_length=MAX_QUERY, help_text="Words of the name or place."
    )

    class Meta:
        model = Event
        fields = ("season", "discipline", "championship", "club", "q")

    def filter_text(self, queryset: QuerySet[Event], name: str, value: str) -> QuerySet[Event]:
        return queryset.matching(query_words(value))
