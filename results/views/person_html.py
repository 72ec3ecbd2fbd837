"""The rows of a person's results table, written in Python rather than by the template engine.

A person's page is mostly its table: eight cells a row, fifty rows a page. Through the template
engine each cell cost variable lookups through model instances, an `{% url %}` and a date
filter, which made the rows the largest cost of the page. Here each row is built from the
person's seat (`CrewMember.objects.published_seats_of`, a named tuple) and its team-mates'
names; every value goes through `escape`, and the rows are marked safe only once, at the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe

from results.models.cars import car_as_written
from results.models.people import person_name
from results.views import formatting

#: The name of the classification a row does not name (the event's main table).
_MAIN = "Général"
_RALLIES = ("rally", "historic_rally")

#: A team-mate as the rows take them: `(surname, first_name, slug)`.
Mate = tuple[str, str | None, str]


def seat_label(seat: int, discipline: str) -> str:
    """Rallies have a driver and a co-driver; races and endurance have drivers."""
    if seat == 1 or discipline not in _RALLIES:
        return str(formatting.DRIVER)
    return str(formatting.CODRIVER if seat == 2 else formatting.CREW_MEMBER)


def _url_maker(name: str) -> Any:
    # One reverse() per page, not per row: a slug is the only part that changes.
    head, _slug, tail = reverse(name, kwargs={"slug": "slug-placeholder"}).rpartition(
        "slug-placeholder"
    )
    return lambda slug: f"{head}{quote(slug)}{tail}"


def result_rows(seats: Sequence[Any], mates: Mapping[int, Iterable[Mate]]) -> SafeString:
    """`<tr>` rows for `seats` (the person's, in page order, one row per entry) with the
    team-mates of each entry (`mates`, by entry id, in seat order)."""
    event_url = _url_maker("results:event_detail")
    person_url = _url_maker("results:person_detail")
    statuses = {code: str(label) for code, label in formatting.STATUS_LABELS.items()}
    dates: dict[Any, str] = {}
    out = []
    for seat in seats:
        link = event_url(seat.event_slug)
        if seat.classification_slug != "general":
            link += "?classification=" + quote(seat.classification_slug, safe="/")
        event = f'<a href="{escape(link)}">{escape(seat.event_name)}</a>'
        if seat.classification_name != _MAIN:
            event += f' <span class="classification">({escape(seat.classification_name)})</span>'
        day = seat.event_date
        if day not in dates:
            dates[day] = escape(date_format(day, "SHORT_DATE_FORMAT"))
        team = "<br>".join(
            f'<a href="{escape(person_url(slug))}">{escape(person_name(surname, first))}</a>'
            for surname, first, slug in mates.get(seat.entry_id, ())
        )
        car = (
            seat.car_text
            if seat.car_model is None
            else car_as_written(seat.car_text, seat.car_make, seat.car_model)
        )
        position = "" if seat.position is None else str(seat.position)
        in_class = ""
        if seat.class_position is not None:
            in_class = str(seat.class_position)
            if seat.klass:
                name = escape(f"{seat.group} {seat.klass}")
                in_class += f' <span class="class-name">({name})</span>'
        status = statuses.get(seat.status, seat.status)
        out.append(
            f'<tr><td class="col-event">{event}</td>'
            f'<td class="col-date"><time datetime="{day.isoformat()}">{dates[day]}</time></td>'
            f'<td class="col-seat">{escape(seat_label(seat.seat, seat.discipline))}</td>'
            f'<td class="col-mates">{team}</td>'
            f'<td class="col-car">{escape(car)}</td>'
            f'<td class="num col-pos">{position}</td>'
            f'<td class="num col-class_pos">{in_class}</td>'
            f'<td class="col-status">{escape(status)}</td></tr>\n'
        )
    # Safe: every value above went through escape() (numbers and ISO dates need none).
    return mark_safe("".join(out))
