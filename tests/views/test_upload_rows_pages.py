"""The preview's rows in pages (issue 20, finding 3: 199,997 rows made 107 MB of HTML): the
rows with a doubt first, then the others in the sheet's order; any `page` value answers."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from results.models import ResultImport
from results.services.uploads import start_upload
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db
PER_PAGE = 10


@pytest.fixture
def preview(club_event, club_organiser, settings):
    settings.PODIUM_PREVIEW_ROWS_PER_PAGE = PER_PAGE
    rows = generated_rows(25)
    # Two rows whose time cannot be read: lines 5 and 19 of the sheet (its header is line 1).
    for index in (3, 17):
        rows[index] = rows[index].replace(",0 | |", "abc | |")
    return start_upload(
        user=club_organiser, data=pipe_sheet(*rows), source_name="s.txt", event=club_event
    )


def lines_shown(client, result_import: ResultImport, query: str = "") -> list[int]:
    url = reverse("uploads:preview", args=[result_import.pk]) + query
    response = client.get(url)
    assert response.status_code == 200
    return [int(n) for n in re.findall(r'class="podium-row[^"]*" data-line="(\d+)"', response.text)]


def test_the_rows_with_a_doubt_come_first_then_the_sheet_in_order(client, club_organiser, preview):
    client.force_login(club_organiser)
    first = lines_shown(client, preview)
    assert first == [5, 19, 2, 3, 4, 6, 7, 8, 9, 10]
    second = lines_shown(client, preview, "?page=2")
    third = lines_shown(client, preview, "?page=3")
    assert len(second) == PER_PAGE and len(third) == 5
    assert sorted(first + second + third) == list(range(2, 27))  # every row once


def test_the_page_says_where_it_is_and_links_on(client, club_organiser, preview):
    client.force_login(club_organiser)
    html = client.get(reverse("uploads:preview", args=[preview.pk]) + "?page=2").text
    assert 'href="?page=1" rel="prev"' in html and 'href="?page=3" rel="next"' in html
    assert "page 2 sur 3" in html
    # Both doubts are counted on every page, not only on the page that shows them.
    assert "N'afficher que les 2 lignes avec un doute" in html.replace("&#x27;", "'")


@pytest.mark.parametrize("junk", ["0", "-1", "abc", "99999999999999999999", "²", "4", "%00"])
def test_any_page_value_answers_with_a_page_within_the_rows(client, club_organiser, preview, junk):
    client.force_login(club_organiser)
    lines = lines_shown(client, preview, f"?page={junk}")
    assert lines in (
        lines_shown(client, preview, "?page=1"),
        lines_shown(client, preview, "?page=3"),
    )
