"""One table at a time, a value fixed on its row, and the fixes offered again: an organiser
uploads a workbook of two results sheets and a file of three category tables, publishes each
table into its classification, fixes a role in one table and a name on its row, then uploads
the same layouts again and finds the fixes offered."""

from __future__ import annotations

import io

from results.models import Classification, CrewMember, Entry, ResultImport
from tests.browser.steps import preview_upload, upload_more

HEADINGS = ["Pos", "N°", "Pilote", "Copilote", "Voiture", "Classe", "Temps"]
CATEGORIES = """Catégorie 1
| Cl. | Pilote | Voiture | Temps |
| 1 | DUPONT Jean | Peugeot 208 | 10:00,0 |
| 2 | MARTIN Paul | Renault Clio | 10:05,0 |

Catégorie 2
| Pilote | Cl. | Temps | Voiture |
| DURAND Luc | 1 | 11:00,0 | ASA Vesoul |
| PETTIT Marc | 2 | 11:10,0 | ASA Mulhouse |

Catégorie 3
| Cl. | Pilote | Voiture | Temps |
| 1 | LEROY Marc | BMW M3 | 12:00,0 |
| 2 | SIMON Luc | Ford Escort | 12:30,0 |
"""


def _workbook(path) -> None:
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
    for row in (
        HEADINGS,
        [1, 101, "LEROY Marc", "SIMON Lea", "Porsche 911", "4", "11:00.0"],
        [2, 102, "GIRARD Eric", "BLANC Zoe", "Alpine A110", "3", "11:10.0"],
    ):
        historic.append(row)
    data = io.BytesIO()
    book.save(data)
    path.write_bytes(data.getvalue())


def _reread(page) -> None:
    page.click(".podium-hints input[type=submit]")
    page.wait_for_selector(".podium-entries")


def _confirm(page) -> None:
    page.click("#podium-confirm input[type=submit]")
    page.wait_for_load_state()


def _fits(page) -> None:
    scroll, width = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll <= width, f"the page is {scroll} px wide on a {width} px screen"


def test_tables_into_their_classifications_a_name_fixed_and_the_fixes_offered_again(
    page, live_server, club_organiser, club_event, artifacts, tmp_path
):
    workbook = tmp_path / "resultats.xlsx"
    _workbook(workbook)
    categories = tmp_path / "categories.txt"
    categories.write_text(CATEGORIES, encoding="utf-8")

    # The workbook: its first sheet into Général, its second into VHC, one confirm.
    preview_upload(page, live_server.url, club_event.pk, workbook)
    page.fill("#id_into_1", "VHC")
    _reread(page)
    assert "VHC" in page.inner_text(".podium-part h2")
    _fits(page)
    page.screenshot(path=str(artifacts / "preview-tables-1280.png"), full_page=True)
    _confirm(page)
    published = {c.name: c.entries.count() for c in Classification.objects.filter(event=club_event)}
    assert published == {"Général": 2, "VHC": 2}

    # The category tables, into one classification: the second table's last column is the
    # crew's club, not the car; the third table keeps its cars.
    upload_more(page, live_server.url, club_event.pk, categories, classification="Coupe")
    page.select_option("#id_role_1_3", "club")
    _reread(page)
    assert page.locator("#id_role_1_3").input_value() == "club"
    assert page.locator("#id_role_2_2").input_value() == "car"
    # A name misspelt on its row: fixed there.
    row = page.locator("tr.podium-row", has_text="PETTIT")
    row.locator("summary").click()
    row.locator("select[name=field]").select_option("surname:1")
    row.locator("input[name=value]").fill("PETIT")
    row.locator("button[type=submit]").click()
    page.wait_for_selector("tr.podium-row.is-fixed")
    assert "PETIT Marc" in page.inner_text("tr.podium-row.is-fixed")
    _confirm(page)
    coupe = Classification.objects.get(event=club_event, name="Coupe")
    assert Entry.objects.filter(classification=coupe).count() == 6
    clubs = set(Entry.objects.filter(classification=coupe).values_list("club", flat=True))
    assert clubs == {"", "ASA Vesoul", "ASA Mulhouse"}
    assert CrewMember.objects.filter(entry__classification=coupe, surname="PETIT").exists()
    assert not CrewMember.objects.filter(surname="PETTIT").exists()

    # The same layouts again: the fixes are offered, said so, and applied.
    upload_more(page, live_server.url, club_event.pk, categories, classification="Coupe")
    assert "Les corrections faites pour cette présentation" in page.inner_text(".podium-remembered")
    assert page.locator("#id_role_1_3").input_value() == "club"
    assert "PETIT Marc" in page.inner_text("tr.podium-row.is-fixed")
    page.set_viewport_size({"width": 360, "height": 800})
    page.screenshot(path=str(artifacts / "preview-fixes-360.png"), full_page=True)
    assert page.locator("#podium-confirm input[type=submit]").is_enabled()
    page.set_viewport_size({"width": 1280, "height": 900})

    upload_more(page, live_server.url, club_event.pk, workbook)
    assert page.locator("#id_into_1").input_value() == "VHC"
    assert "VHC" in page.inner_text(".podium-part h2")
    page.screenshot(path=str(artifacts / "preview-remembered-1280.png"), full_page=True)
    # One click reads it without them: every table into Général again.
    page.click(".podium-remembered button[name=forget]")
    page.wait_for_selector(".podium-entries")
    assert page.locator(".podium-part").count() == 0
    assert page.locator("#id_into_1").input_value() == "Général"
    lead = ResultImport.objects.filter(lead=None).order_by("-pk").first()
    assert lead.state == ResultImport.State.PREVIEWED and lead.targets == {}
