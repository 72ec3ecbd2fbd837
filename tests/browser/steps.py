"""Steps several browser tests take the same way."""

from __future__ import annotations

from pathlib import Path


def preview_upload(page, base_url: str, event_pk: int, sheet: Path) -> None:
    """Sign in as the club organiser of the fixtures, upload `sheet` to the event and wait for
    its preview."""
    page.goto(base_url + "/admin/podium/uploads/")
    # Not logged in: the admin's login form, then back to the upload page.
    page.fill("#id_username", "club-organiser")
    page.fill("#id_password", "pw")
    page.click("input[type=submit]")
    page.wait_for_selector("form[enctype='multipart/form-data']")
    page.select_option("#id_event", str(event_pk))
    page.set_input_files("#id_file", str(sheet))
    page.click("text=Lire et prévisualiser")
    page.wait_for_selector(".podium-entries")


def upload_more(
    page, base_url: str, event_pk: int, sheet: Path, *, classification: str | None = None
) -> None:
    """Signed in already: upload `sheet` to the event (into `classification`, else the form's
    default) and wait for its preview."""
    page.goto(base_url + f"/admin/podium/uploads/?event={event_pk}")
    page.wait_for_selector("form[enctype='multipart/form-data']")
    page.select_option("#id_event", str(event_pk))
    if classification is not None:
        page.fill("#id_classification", classification)
    page.set_input_files("#id_file", str(sheet))
    page.click("text=Lire et prévisualiser")
    page.wait_for_selector(".podium-entries")
