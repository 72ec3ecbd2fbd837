"""A fan on the standings page, in a real browser: sorting, class tabs, phone width, English."""

from __future__ import annotations

import pytest

from results.models import Classification, Event
from results.services.importing import apply_import, preview_import
from tests.services.sheets import generated_rows, pipe_sheet

UNPLACED = (
    "| Abandon | 901 | MOREAU Jean/SIMON Paul | BMW M3 | N2 | | |",
    "| NP | 902 | VINCENT Jean/MOREL Paul | BMW M3 | A7 | | |",
)


@pytest.fixture
def standings_url(live_server, car_makes) -> str:
    event = Event.objects.create(
        name="Rallye de la Lozère", slug="rallye-lozere-2024", date="2024-05-12",
        place="Mende (48)", published=True,
    )  # fmt: skip
    classification = Classification.objects.create(event=event, slug="general")
    sheet = pipe_sheet(*generated_rows(40), *UNPLACED)
    apply_import(preview_import(classification=classification, data=sheet, source_name="s.txt"))
    return f"{live_server.url}/fr/events/{event.slug}/"


def numbers(page) -> list[str]:
    return page.eval_on_selector_all(
        "table.standings tbody tr[class^=st-] td.col-number",
        "cells => cells.map(c => c.textContent)",
    )


def test_clicking_the_time_header_reorders_rows_and_sets_aria_sort(page, standings_url):
    page.goto(standings_url)
    before = numbers(page)
    assert before[0] == "1" and before[-2:] == ["901", "902"]
    time_header = page.locator("th.col-time")
    assert time_header.get_attribute("aria-sort") is None
    time_header.locator("a").click()
    page.wait_for_url("**sort=time")
    assert page.locator("th.col-time").get_attribute("aria-sort") == "ascending"
    page.locator("th.col-time a").click()
    page.wait_for_url("**sort=-time")
    assert page.locator("th.col-time").get_attribute("aria-sort") == "descending"
    after = numbers(page)
    assert after[0] == "40" and after[-2:] == ["901", "902"]  # no time: last both ways


def test_a_class_tab_shows_only_that_class(page, standings_url):
    page.goto(standings_url)
    page.locator("nav.class-tabs a", has_text="FN 2").click()
    page.wait_for_url("**class=FN-2")
    classes = page.eval_on_selector_all(
        "table.standings tbody tr[class^=st-]",
        "rows => rows.map(r => r.children[4].textContent + ' ' + r.children[5].textContent)",
    )
    assert classes and set(classes) == {"FN 2"}


def test_at_360_px_the_page_never_scrolls_sideways(page, standings_url, artifacts):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(standings_url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    region = page.locator(".table-scroll")
    assert region.get_attribute("role") == "region"
    assert region.get_attribute("tabindex") == "0"
    # Each crew is a card that fits; every column is one tap away.
    assert region.evaluate("el => el.scrollWidth <= el.clientWidth")
    page.screenshot(path=str(artifacts / "standings-360.png"), full_page=True)
    page.locator("label.all-columns").click()
    assert region.evaluate("el => el.scrollWidth > el.clientWidth")  # all columns kept
    # Scrolled to the far right, position and crew are still in view.
    region.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    crew_box = page.locator("tbody td.col-crew").first.bounding_box()
    pos_box = page.locator("tbody td.col-pos").first.bounding_box()
    assert 0 <= pos_box["x"] < 40 and crew_box["x"] < 120
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_wide_screenshot_for_the_record(page, standings_url, artifacts):
    page.goto(standings_url)
    page.screenshot(path=str(artifacts / "standings-1280.png"), full_page=True)
    assert page.locator("table.standings caption").inner_text().startswith("Général")


def test_switching_to_english_changes_the_labels(page, standings_url):
    page.goto(standings_url + "?class=N-2")
    assert page.locator("th.col-crew").inner_text() == "Équipage"
    page.locator("nav.languages a[hreflang=en]").click()
    page.wait_for_url("**/en/events/**")
    assert "class=N-2" in page.url
    assert page.locator("th.col-crew").inner_text() == "Crew"
    assert page.locator("html").get_attribute("lang") == "en"
    # Times follow the locale: a decimal point in English.
    assert "." in page.locator("tbody td.col-time").first.inner_text()


def test_a_fan_reaches_a_crew_from_the_home_page_in_three_taps(page, standings_url, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/")
    page.locator("a.event-name", has_text="Rallye de la Lozère").click()  # tap 1
    page.locator("tbody td.col-crew a").first.click()  # tap 2
    page.wait_for_url("**/fr/people/**")
    assert "Rallye de la Lozère" in page.locator("table.person-results").inner_text()


def test_the_print_view_hides_navigation_and_prints_every_row(page, standings_url):
    page.goto(standings_url)
    page.emulate_media(media="print")
    assert not page.locator("header.site-header").is_visible()
    assert not page.locator("nav.class-tabs").is_visible()
    assert page.locator(".table-scroll").evaluate("el => getComputedStyle(el).overflowX") == (
        "visible"
    )
    rows = page.locator("table.standings tbody tr[class^=st-]")
    assert rows.count() == 42
    assert all(rows.nth(i).is_visible() for i in (0, 20, 41))
