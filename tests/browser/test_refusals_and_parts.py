"""What an organiser reads when a file cannot be read (a picture, a scan, a protected PDF):
French, saying what to do, with no English reason quoted; and, for a table sent into another
classification, what confirming changes there, field by field, as for the main table."""

from __future__ import annotations

import io

from results.models import Classification
from tests.browser.steps import upload_more
from tests.browser.test_tables_and_fixes import HEADINGS, _confirm, _fits, _reread
from tests.parsing.unreadable import unreadable_files

SHOWN = {"photo.png", "scan.pdf", "protege.pdf", "resultats.xlsb"}


def _sign_in(page, base_url: str) -> None:
    page.goto(base_url + "/admin/podium/uploads/")
    page.fill("#id_username", "club-organiser")
    page.fill("#id_password", "pw")
    page.click("input[type=submit]")
    page.wait_for_selector("form[enctype='multipart/form-data']")


def test_an_unreadable_file_is_refused_in_french_with_what_to_do(
    page, live_server, club_organiser, club_event, artifacts, tmp_path
):
    _sign_in(page, live_server.url)
    for unreadable in unreadable_files():
        if unreadable.name not in SHOWN:
            continue
        path = tmp_path / unreadable.name
        path.write_bytes(unreadable.data)
        page.goto(live_server.url + f"/admin/podium/uploads/?event={club_event.pk}")
        page.select_option("#id_event", str(club_event.pk))
        page.set_input_files("#id_file", str(path))
        page.click("text=Lire et prévisualiser")
        error = page.wait_for_selector(".podium-parse-error")
        reason = page.locator(".podium-parse-error .podium-reason")
        assert reason.get_attribute("title") == unreadable.code
        text = error.inner_text()
        assert "Podium n’a pas pu lire ce tableau" in text or "Podium n'a pas pu lire" in text
        assert page.locator(".podium-parse-error q").count() == 0, text
        for english in ("this is", "not a results table", "PDF has", "password", "workbook"):
            assert english not in text, (unreadable.name, text)
        for name in unreadable.params.values():
            assert str(name) in text
        if unreadable.name == "photo.png":
            assert "Ce fichier est une image (PNG)" in text
            page.screenshot(path=str(artifacts / "refused-png-1280.png"), full_page=True)
        if unreadable.name == "protege.pdf":
            assert "protégé par un mot de passe" in text


def _workbook(path, vhc_rows) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    scratch = book.active
    scratch.title = "Scratch"
    for row in (
        HEADINGS,
        [1, 12, "DUPONT Jean", "MARTIN Paul", "Peugeot 208", "R2", "10:00.0"],
        [2, 7, "DURAND Luc", "PETIT Anne", "Renault Clio", "R3", "10:05.5"],
    ):
        scratch.append(row)
    historic = book.create_sheet("VHC")
    for row in (HEADINGS, *vhc_rows):
        historic.append(row)
    data = io.BytesIO()
    book.save(data)
    path.write_bytes(data.getvalue())


def test_a_table_sent_into_another_classification_shows_what_changes_there(
    page, live_server, club_organiser, club_event, artifacts, tmp_path
):
    first, second = tmp_path / "vhc-1.xlsx", tmp_path / "vhc-2.xlsx"
    _workbook(
        first,
        [
            [1, 101, "LEROY Marc", "SIMON Lea", "Porsche 911", "4", "11:00.0"],
            [2, 102, "GIRARD Eric", "BLANC Zoe", "Alpine A110", "3", "11:10.0"],
        ],
    )
    # The same layout, a week later: LEROY's time is corrected, GIRARD gives way to FAURE.
    _workbook(
        second,
        [
            [1, 101, "LEROY Marc", "SIMON Lea", "Porsche 911", "4", "10:58.0"],
            [2, 103, "FAURE Paul", "ROUX Ines", "Alpine A110", "3", "11:20.0"],
        ],
    )
    _sign_in(page, live_server.url)
    upload_more(page, live_server.url, club_event.pk, first)
    page.fill("#id_into_1", "VHC")
    _reread(page)
    # Nothing published in VHC yet: nothing to compare.
    assert page.locator(".podium-part .podium-changes").count() == 0
    _confirm(page)
    assert Classification.objects.get(event=club_event, name="VHC").entries.count() == 2

    upload_more(page, live_server.url, club_event.pk, second)
    part = page.locator(".podium-part")
    changes = part.locator(".podium-changes")
    assert "Ce qui change dans « VHC »" in changes.locator("h2").inner_text()
    assert changes.locator(".podium-changes-added").inner_text() == "1"
    assert changes.locator(".podium-changes-removed").inner_text() == "1"
    assert changes.locator(".podium-changes-changed").inner_text() == "1"
    change = changes.locator("tr.podium-change")
    assert change.count() == 1
    assert "LEROY" in change.inner_text() and "Temps" in change.inner_text()
    assert change.locator(".podium-change-old").inner_text() == "11:00,0"
    assert change.locator(".podium-change-new").inner_text() == "10:58,0"
    assert "FAURE" in changes.locator(".podium-changes-added-list").inner_text()
    assert "GIRARD" in changes.locator(".podium-changes-removed-list").inner_text()
    _fits(page)
    part.screenshot(path=str(artifacts / "preview-part-changes-1280.png"))
    page.set_viewport_size({"width": 360, "height": 800})
    part.screenshot(path=str(artifacts / "preview-part-changes-360.png"))
