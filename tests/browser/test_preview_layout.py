"""The preview at 1,280 and 360 px: no horizontal scroll of the page, plain French words, confirm
after the doubts."""

from __future__ import annotations

from results.models import ResultImport
from tests.browser.steps import preview_upload

SAMPLE = "003_28a2079d1fbfe24f.txt"
WIDE = """
Array.from(document.querySelectorAll('body *'))
  .filter(e => !e.closest('.podium-entries, .podium-summary'))
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth)
  .slice(0, 5)
  .map(e => e.tagName + ' ' + Math.round(e.getBoundingClientRect().right) + ' '
       + e.innerText.slice(0, 40))
"""


def test_the_preview_fits_1280_px_and_puts_confirm_below_the_warnings(
    page, live_server, client, club_organiser, club_event, samples_dir, artifacts
):
    preview_upload(page, live_server.url, club_event.pk, samples_dir / SAMPLE)

    assert page.viewport_size["width"] == 1280
    scroll, client_width = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    # What sticks out, named in the failure: the element, where it ends, its first words.
    wide = page.evaluate(WIDE)
    assert scroll <= client_width, f"the page is {scroll} px wide: {wide}"
    assert "Ce que Podium a lu et ce qu'il faut vérifier" in page.inner_text(".podium-doubts")
    assert "Nom du pilote" in page.inner_text(".podium-hints")

    def top(selector: str) -> float:
        return page.locator(selector).first.bounding_box()["y"]

    confirm = top("#podium-confirm input[type=submit]")
    assert top(".podium-doubts .podium-issue.warning") < confirm
    assert top(".podium-hints") < confirm
    page.screenshot(path=str(artifacts / "preview-1280.png"), full_page=True)

    # The rows with a doubt alone, at one click.
    flagged = page.locator("tr.podium-row.has-warning").count()
    assert 0 < flagged < page.locator("tr.podium-row").count()
    page.check("#podium-only-doubts")
    assert page.locator("tr.podium-row:visible").count() == flagged
    assert ResultImport.objects.get().state == ResultImport.State.PREVIEWED


def test_the_preview_stays_usable_at_360_px(
    page, live_server, client, club_organiser, club_event, samples_dir, artifacts
):
    page.set_viewport_size({"width": 360, "height": 800})
    preview_upload(page, live_server.url, club_event.pk, samples_dir / SAMPLE)
    scroll, client_width = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    # The rows table scrolls in its box: the page is no wider than the screen.
    assert scroll <= client_width, f"the page is {scroll} px wide: {page.evaluate(WIDE)}"
    rows = page.locator(".podium-entries").first
    assert rows.evaluate("e => e.scrollWidth > e.clientWidth")
    confirm = page.locator("#podium-confirm input[type=submit]")
    confirm.scroll_into_view_if_needed()
    box = confirm.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= client_width
    page.screenshot(path=str(artifacts / "preview-360.png"), full_page=True)
