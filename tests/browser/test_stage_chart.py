"""The stage tab and its chart of positions on a 360 px phone and a 1,280 px screen.

The chart is in view at the full width of its box and never wider than the screen, its crew
labels stay readable, the page runs under the site's CSP with nothing refused (no inline
script or style), and axe-core finds no serious or critical violation. Screenshots go to
test-artifacts/ (`stages-<page>-<width>.png`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from results.services.importing import apply_import, preview_import
from tests.browser.test_phone import WIDTHS, _serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHEET = Path(__file__).parents[1] / "parsing/sheets/splits/rallye_es_pipe.txt"


@pytest.fixture
def stages_url(live_server, classification) -> str:
    apply_import(
        preview_import(classification=classification, data=SHEET.read_bytes(), source_name="es.txt")
    )
    return f"{live_server.url}/fr/events/{classification.event.slug}/stages/"


def open_stages(browser, url: str, width: int):
    """The stage tab at `width` px in a French browser, and the CSP refusals it logs."""
    context = browser.new_context(
        viewport={"width": width, "height": WIDTHS[width]}, locale="fr-FR"
    )
    page = context.new_page()
    refused: list[str] = []
    page.on(
        "console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None
    )
    page.goto(url)
    return page, refused


@pytest.mark.parametrize("width", sorted(WIDTHS), ids=lambda w: f"{w}px")
def test_the_chart_reads_at_both_widths_under_the_csp(browser, stages_url, artifacts, width):
    page, refused = open_stages(browser, stages_url, width)
    chart = page.locator("svg.stage-chart")
    box = chart.bounding_box()
    assert box is not None and box["width"] > 0.8 * min(width, 768) - 40
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # The leader's label: its text at least 8 px tall on the screen.
    label = page.locator("svg.stage-chart g.chart-lead-1 text").first
    assert label.text_content().startswith("1. MARTIN")
    assert label.bounding_box()["height"] >= 8
    # The lines are coloured by the stylesheet: the leader's stands out from the others.
    colours = page.evaluate(
        "() => [...document.querySelectorAll('svg.stage-chart g.chart-crew polyline')]"
        ".map(p => getComputedStyle(p).stroke)"
    )
    assert len(set(colours)) >= 3
    assert refused == []
    page.screenshot(path=str(artifacts / f"stages-tab-{width}.png"), full_page=True)
    page.goto(stages_url + "?classification=general&crew=7")
    assert page.locator("table.stage-times tbody tr").count() == 3
    page.screenshot(path=str(artifacts / f"stages-crew-{width}.png"), full_page=True)
    assert refused == []
    page.context.close()


@pytest.mark.parametrize("width", sorted(WIDTHS), ids=lambda w: f"{w}px")
def test_the_stage_pages_pass_an_accessibility_check(browser, stages_url, width):
    context = browser.new_context(
        viewport={"width": width, "height": WIDTHS[width]}, locale="fr-FR", bypass_csp=True
    )
    page = context.new_page()
    for query in ("", "?classification=general&crew=7", "?classification=general&class=R-2"):
        page.goto(stages_url + query)
        assert _serious_violations(page) == [], query
    context.close()


@pytest.mark.parametrize("width", sorted(WIDTHS), ids=lambda w: f"{w}px")
def test_a_class_chart_reads_at_both_widths_under_the_csp(browser, stages_url, artifacts, width):
    page, refused = open_stages(browser, stages_url, width)
    # Reached from the event's chart by its class tab.
    page.locator("nav.chart-tabs a", has_text="R 2").click()
    page.wait_for_url("**class=R-2**")
    chart = page.locator("svg.stage-chart")
    box = chart.bounding_box()
    assert box is not None and box["width"] > 0.8 * min(width, 768) - 40
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Positions within the class: LEROY leads R2, BLANC (retired on ES2) is second after ES1.
    label = page.locator("svg.stage-chart g.chart-lead-1 text").first
    assert label.text_content().startswith("1. LEROY")
    assert label.bounding_box()["height"] >= 8
    assert page.locator("svg.stage-chart g.chart-crew").count() == 2
    assert "R 2" in page.locator("svg.stage-chart title").first.text_content()
    assert refused == []
    page.screenshot(path=str(artifacts / f"stages-class-{width}.png"), full_page=True)
    page.context.close()
