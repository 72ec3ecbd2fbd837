"""The API's resources. Each view gets its objects through the models' named reads, as the
pages do, and sees every caller as an anonymous visitor: nothing unpublished is reachable.

Queries per request, whatever the page size: one for the data version (all a 304 costs),
then events list 1 (2 with `q` or `championship`), event 2, classification 6 (the
classification with its event, its revisions, its active decisions, the entries with cars,
their crews, their splits), people 1 (2 with `q`: the page of search words, their people),
person 3 (it, a page of its results, their crews), championships 1, championship 4 (it,
rounds, tables, a page of the tables' lines). `tests/api/test_queries.py` pins them.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response

from results.api import serializers as s
from results.api.base import ReadView, page_class
from results.api.entries import link
from results.api.filters import EventApiFilter
from results.api.keyset import keyset_class
from results.api.splits import StagedEntrySerializer
from results.models import (
    Championship,
    Classification,
    CrewMember,
    Decision,
    Entry,
    Event,
    Person,
    PersonWord,
    Revision,
    Standing,
)
from results.models.entries import RESULTS_ORDER
from results.models.standings import TABLE_KEYS
from results.services.names import resolve_slug
from results.text import MAX_QUERY, query_words

#: Every list's: the cursor of its `next`/`previous` links, and the page size.
PAGE = [
    OpenApiParameter("cursor", str, description="As the `next` or `previous` link gives it."),
    OpenApiParameter("page_size", int, description="1 to 100; 50 by default."),
]

#: The API's one visitor: whoever asks, the API answers as to an anonymous visitor.
VISITOR = AnonymousUser()


def _page(
    view: ReadView, request: Request, queryset: Any, serializer: Any, **extra: Any
) -> Response:
    paginator = view.pagination_class()
    rows = paginator.paginate_queryset(queryset, request, view=view)
    data = serializer(rows, many=True, context={"request": request}).data
    response = paginator.get_paginated_response(data)
    if extra:
        response.data = {**extra, **response.data}
    return response


def _bad(errors: dict) -> exceptions.ValidationError:
    return exceptions.ValidationError(
        {key: [str(e) for e in value] for key, value in errors.items()}
    )


@extend_schema_view(get=extend_schema(summary="The API's resources", responses=OpenApiTypes.OBJECT))
class Root(ReadView):
    """The API's resources and its schema and docs."""

    def read(self, request: Request) -> Response:
        return Response(
            {
                "events": link(request, "events"),
                "people": link(request, "people"),
                "championships": link(request, "championships"),
                "schema": request.build_absolute_uri(reverse("api:schema")),
                "docs": request.build_absolute_uri(reverse("api:docs")),
            }
        )


@extend_schema_view(
    get=extend_schema(
        summary="Published events, newest first",
        parameters=[
            OpenApiParameter("season", int),
            OpenApiParameter(
                "discipline",
                str,
                enum=[c for c, _ in EventApiFilter.base_filters["discipline"].extra["choices"]],
            ),
            OpenApiParameter("championship", str, description="A championship's slug."),
            OpenApiParameter("club", str, description="The organising club's name."),
            OpenApiParameter("q", str, description="Words of the event's name or place."),
            *PAGE,
        ],
        operation_id="events_list",
        responses=s.page_of("Events", s.EventSerializer),
    )
)
class EventList(ReadView):
    """Published events, filtered by season, discipline, championship, club and text."""

    pagination_class = page_class("-date", "name", "pk")

    def read(self, request: Request) -> Response:
        filters = EventApiFilter(request.query_params, queryset=Event.objects.visible_to(VISITOR))
        if not filters.is_valid():
            raise _bad(filters.errors)
        return _page(self, request, filters.qs.for_api(), s.EventSerializer)


@extend_schema_view(
    get=extend_schema(
        summary="An event, its classifications and championships", responses=s.EventDetailSerializer
    )
)
class EventDetail(ReadView):
    """An event with its classifications and the championships it counts for."""

    def read(self, request: Request, slug: str) -> Response:
        event = Event.objects.visible_to(VISITOR).for_api().filter(slug=slug).first()
        if event is None:
            raise Http404("No such event.")
        # Read in one query (a UNION), handed to the serializer beside the event.
        event.found, event.links = Classification.objects.with_championships(event)
        return Response(s.EventDetailSerializer(event, context={"request": request}).data)


@extend_schema_view(
    get=extend_schema(
        summary="A classification and its entries, in sheet order",
        parameters=PAGE,
        responses=s.page_of(
            "Entries", StagedEntrySerializer, classification=s.ClassificationDetailSerializer()
        ),
    )
)
class ClassificationDetail(ReadView):
    """One results table of an event and its entries (cursor pages)."""

    pagination_class = page_class("sheet_order", "pk")

    def read(self, request: Request, event_slug: str, slug: str) -> Response:
        found = Classification.objects.visible_one(VISITOR, event_slug, slug)
        if found is None:
            raise Http404("No such classification.")
        context = {"request": request}
        # Two reads, whatever the page: its revisions and its active decisions.
        found.revision_list = list(Revision.objects.listed_for(found))
        found.decision_list = list(Decision.objects.filter(classification=found).active())
        about = s.ClassificationDetailSerializer(found, context=context).data
        return _page(
            self, request, Entry.objects.for_api(found), StagedEntrySerializer, classification=about
        )


@extend_schema_view(
    get=extend_schema(
        summary="People with a published result, by name",
        parameters=[OpenApiParameter("q", str, description="Words the name starts with."), *PAGE],
        operation_id="people_list",
        responses=s.page_of("People", s.PersonSerializer),
    )
)
class PersonList(ReadView):
    """People with a published result, searched by the words their name (or a former
    spelling) starts with."""

    pagination_class = page_class("search_key", "pk")
    #: A search pages on the search words (`PersonWord`): the same order, read from one index.
    search_pagination_class = page_class("order_key", "person_id")

    def read(self, request: Request) -> Response:
        text = request.query_params.get("q")
        if text is None:
            return _page(self, request, Person.objects.with_published_results(), s.PersonSerializer)
        words = query_words(text)
        if not words or len(text) > MAX_QUERY:
            raise exceptions.ValidationError(
                {"q": [f"words to search, up to {MAX_QUERY} characters"]}
            )
        paginator = self.search_pagination_class()
        rows = paginator.paginate_queryset(PersonWord.objects.pages(words), request, view=self)
        # Checked on their seats: a stale flag shows nobody (the page is one shorter).
        people = Person.objects.in_order_of([row["person_id"] for row in rows])
        data = s.PersonSerializer(people, many=True, context={"request": request}).data
        return paginator.get_paginated_response(data)


@extend_schema_view(
    get=extend_schema(
        summary="A person and their published results, newest first",
        parameters=PAGE,
        responses=s.PersonDetailSerializer,
    )
)
class PersonDetail(ReadView):
    """A person and the published entries they sat in, newest first, with the crews (cursor
    pages: a regular's career runs to hundreds of results)."""

    pagination_class = page_class(*RESULTS_ORDER)

    def read(self, request: Request, slug: str) -> HttpResponseBase:
        person = resolve_slug(slug)
        if person is None:
            raise Http404("No such person.")
        if person.slug != slug:
            # Temporary, as the page's: undoing the merge brings the old person back.
            return redirect("api:person", slug=person.slug)
        seats = CrewMember.objects.published_results_of(person)
        paginator = self.pagination_class()
        rows = paginator.paginate_queryset(seats, request, view=self)
        # An empty page may be a cursor past the end: the person is shown only if they have
        # a published result (the extra query only then).
        if not rows and not seats.exists():
            raise Http404("No published result.")
        crews = CrewMember.objects.crews_by_entry(seat.entry_id for seat in rows)
        for seat in rows:
            seat.entry.seats = crews[seat.entry_id]
        context = {"request": request}
        results = s.ResultSerializer(rows, many=True, context=context).data
        response = paginator.get_paginated_response(results)
        response.data = {**s.PersonSerializer(person, context=context).data, **response.data}
        return response


@extend_schema_view(
    get=extend_schema(
        summary="Championships with a published event",
        operation_id="championships_list",
        parameters=PAGE,
        responses=s.page_of("Championships", s.ChampionshipSerializer),
    )
)
class ChampionshipList(ReadView):
    """Championships that count a published event, newest season first."""

    pagination_class = page_class("-season", "name", "pk")

    def read(self, request: Request) -> Response:
        return _page(
            self, request, Championship.objects.with_published_events(), s.ChampionshipSerializer
        )


@extend_schema_view(
    get=extend_schema(
        summary="A championship, its rounds and its tables",
        parameters=PAGE,
        responses=s.ChampionshipDetailSerializer,
    )
)
class ChampionshipDetail(ReadView):
    """A championship, its published rounds and its stored tables, whose lines come in
    cursor pages (over every table in turn: a page may end one table and start the next)."""

    pagination_class = keyset_class(TABLE_KEYS)

    def read(self, request: Request, slug: str) -> Response:
        championship = Championship.objects.published_one(slug)
        if championship is None:
            raise Http404("No such championship.")
        rounds = list(championship.rounds.in_season_order())
        for number, item in enumerate(rounds, 1):
            item.number = number
        # Rounds of unpublished events are left out, and so are their results.
        championship.rounds_shown = [item for item in rounds if item.event.published]
        shown = {item.number for item in championship.rounds_shown}
        tables = {scope.pk: scope for scope in championship.scopes.in_order()}
        for scope in tables.values():
            scope.rows = []
        paginator = self.pagination_class()
        # Plain tuples, not model instances, and a page of them: a federation's tables hold
        # thousands of lines.
        lines = paginator.paginate_queryset(Standing.objects.keyed_rows(championship), request)
        for row in lines:
            results = [r for r in row.results if r.get("round") in shown]
            people = [
                {**p, "url": link(request, "person", slug=p["slug"]) if p.get("slug") else None}
                for p in row.people
            ]
            tables[row.scope_id].rows.append(row._replace(results=results, people=people))
        championship.tables = list(tables.values())
        championship.provisional_rounds = [
            item.number for item in championship.rounds_shown if item.scoring_state == "provisional"
        ]
        championship.next_link = paginator.get_next_link()
        championship.previous_link = paginator.get_previous_link()
        return Response(
            s.ChampionshipDetailSerializer(championship, context={"request": request}).data
        )
