"""An organiser puts sample 003 online through a real browser: log in, upload, check, confirm."""

from __future__ import annotations

from results.models import Entry, ResultImport

SAMPLE = "003_28a2079d1fbfe24f.txt"


def test_an_organiser_uploads_a_sample_sees_its_warnings_and_publishes_it(
    page, live_server, club_organiser, club_event, samples_dir, artifacts
):
    page.goto(live_server.url + "/admin/podium/uploads/")
    # Not logged in: the admin's login form, then back to the upload page.
    page.fill("#id_username", "club-organiser")
    page.fill("#id_password", "pw")
    page.click("input[type=submit]")
    page.wait_for_selector("form[enctype='multipart/form-data']")

    page.select_option("#id_event", str(club_event.pk))
    page.set_input_files("#id_file", str(samples_dir / SAMPLE))
    page.click("text=Lire et prévisualiser")

    page.wait_for_selector(".podium-entries")
    assert page.inner_text(".podium-format") == "pipe"
    assert page.locator("tr.podium-row").count() == 31
    warnings = page.locator("tr.has-warning .podium-issue.warning")
    assert warnings.count() >= 1
    assert warnings.first.is_visible()
    assert "MERLEVEDE" in page.inner_text("tr.podium-row >> nth=0")
    page.screenshot(path=str(artifacts / "upload-preview.png"), full_page=True)
    assert not Entry.objects.exists()  # nothing stored before the confirm

    page.click("text=Confirmer et publier")
    page.wait_for_load_state()
    body = page.inner_text("body")
    assert "MERLEVEDE" in body and "VERMEULEN" in body
    page.screenshot(path=str(artifacts / "upload-published.png"), full_page=True)
    assert ResultImport.objects.get().state == ResultImport.State.APPLIED
    assert Entry.objects.filter(classification__event=club_event).count() == 31
