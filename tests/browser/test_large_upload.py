"""A 100,000-row sheet through the browser: read and published by a real worker process while
the page shows a progress bar, then its preview in pages, the rows with a doubt first."""

from __future__ import annotations

from playwright.sync_api import expect

from results.models import Entry, ImportJob, ResultImport
from tests.services.sheets import letters
from tests.worker import DATABASE_QUEUE, requires_shared_database, worker_process

ROWS = 100_000
#: Generous guards against a hang (the machine is shared): no timing is asserted.
JOB_TIMEOUT_MS = 15 * 60 * 1000
PAGE_TIMEOUT_MS = 3 * 60 * 1000

pytestmark = requires_shared_database


def compact_sheet(count: int) -> bytes:
    """A hill-climb style sheet, one driver a row (within the 5 MB upload limit)."""
    lines = ["Clt;N°;Pilote;Temps"]
    for i in range(1, count + 1):
        tenths = 36_000 + i
        clock = f"{tenths // 36_000}:{tenths // 600 % 60:02d}:{tenths // 10 % 60:02d},{tenths % 10}"
        lines.append(f"{i};{i};{letters(i)} Jean;{clock}")
    return ("\n".join(lines) + "\n").encode()


def test_a_100000_row_sheet_is_read_and_published_with_a_progress_bar(
    page, live_server, club_organiser, club_event, artifacts, settings, tmp_path
):
    settings.TASKS = DATABASE_QUEUE
    # The preview and the confirm of 100,000 rows each read the whole stored reading: seconds.
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    sheet = tmp_path / "hill-climb.csv"
    sheet.write_bytes(compact_sheet(ROWS))
    with worker_process():
        page.goto(live_server.url + "/admin/podium/uploads/")
        page.fill("#id_username", "club-organiser")
        page.fill("#id_password", "pw")
        page.click("input[type=submit]")
        page.select_option("#id_event", str(club_event.pk))
        page.set_input_files("#id_file", str(sheet))
        page.click("text=Lire et prévisualiser")

        bar = page.locator("progress.podium-progress-bar")
        bar.wait_for(state="visible")
        page.screenshot(path=str(artifacts / "large-upload-reading.png"))
        page.wait_for_selector(".podium-entries", timeout=JOB_TIMEOUT_MS)
        # The table is there as soon as it starts; its rows still arrive: wait for all of them.
        rows = page.locator("tr.podium-row")
        expect(rows).to_have_count(settings.PODIUM_PREVIEW_ROWS_PER_PAGE)
        page.wait_for_load_state("load")
        assert "100000" in page.inner_text(".podium-count-entries").replace("\u202f", "")
        assert page.locator(".podium-pager").first.is_visible()
        page.screenshot(path=str(artifacts / "large-upload-preview.png"))
        assert not Entry.objects.exists()

        page.click("text=Confirmer et publier")
        page.locator("progress.podium-progress-bar").wait_for(state="visible")
        page.screenshot(path=str(artifacts / "large-upload-publishing.png"))
        # Done, the page leads to the public standings: 100,000 rows there are that page's
        # own matter (megabytes of HTML), so the test stops as the answer starts.
        page.wait_for_url(
            f"**/events/{club_event.slug}/**", wait_until="commit", timeout=JOB_TIMEOUT_MS
        )
        page.goto("about:blank")
    assert ResultImport.objects.get().state == ResultImport.State.APPLIED
    assert Entry.objects.filter(classification__event=club_event).count() == ROWS
    assert set(ImportJob.objects.values_list("kind", "state")) == {
        (ImportJob.Kind.READ, ImportJob.State.DONE),
        (ImportJob.Kind.APPLY, ImportJob.State.DONE),
    }
