"""The preview at 1,280 px: no horizontal scroll, plain French words, confirm after the doubts."""

from __future__ import annotations

from results.models import ResultImport

SAMPLE = "003_28a2079d1fbfe24f.txt"
WIDE = """
Array.from(document.querySelectorAll('#content-main table, #content-main td'))
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth)
  .slice(0, 5)
  .map(e => e.tagName + ' ' + Math.round(e.getBoundingClientRect().right) + ' '
       + e.innerText.slice(0, 40))
"""


def test_the_preview_fits_1280_px_and_puts_confirm_below_the_warnings(
    page, live_server, client, club_organiser, club_event, samples_dir, artifacts
):
    page.goto(live_server.url + "/admin/podium/uploads/")
    page.fill("#id_username", "club-organiser")
    page.fill("#id_password", "pw")
    page.click("input[type=submit]")
    page.wait_for_selector("form[enctype='multipart/form-data']")
    page.select_option("#id_event", str(club_event.pk))
    page.set_input_files("#id_file", str(samples_dir / SAMPLE))
    page.click("text=Lire et prévisualiser")
    page.wait_for_selector(".podium-entries")

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
