"""An organiser puts sample 003 online through a real browser: log in, upload, check, confirm."""

from __future__ import annotations

from results.models import Entry, ResultImport
from tests.browser.steps import preview_upload

SAMPLE = "003_28a2079d1fbfe24f.txt"


def test_an_organiser_uploads_a_sample_sees_its_warnings_and_publishes_it(
    page, live_server, club_organiser, club_event, samples_dir, artifacts
):
    preview_upload(page, live_server.url, club_event.pk, samples_dir / SAMPLE)
    assert page.inner_text(".podium-format") == "pipe"
    assert page.locator("tr.podium-row").count() == 31
    warnings = page.locator("tr.has-warning .podium-issue.warning")
    assert warnings.count() >= 1
    assert warnings.first.is_visible()
    # The rows with a doubt come first; the winner is on the page with them.
    assert "has-warning" in page.get_attribute("tr.podium-row >> nth=0", "class")
    assert "MERLEVEDE" in page.inner_text(".podium-entries")
    page.screenshot(path=str(artifacts / "upload-preview.png"), full_page=True)
    assert not Entry.objects.exists()  # nothing stored before the confirm

    page.click("text=Confirmer et publier")
    page.wait_for_load_state()
    body = page.inner_text("body")
    assert "MERLEVEDE" in body and "VERMEULEN" in body
    page.screenshot(path=str(artifacts / "upload-published.png"), full_page=True)
    assert ResultImport.objects.get().state == ResultImport.State.APPLIED
    assert Entry.objects.filter(classification__event=club_event).count() == 31
