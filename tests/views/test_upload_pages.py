"""The upload pages end to end through Django's test client: upload, preview, confirm."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from results.models import Entry, Event, ResultImport, Round
from results.services.previews import preview_rows
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db
State = ResultImport.State
UPLOAD = reverse("uploads:upload")

ROWS = [
    "| 1 | 12 | MARTIN Jean/DUBOIS Marie | Peugeot 106 S16 | N2 | 05:00,0 | |",
    "| 2 | 7 | PETIT Luc/ROBERT Anne | Citroën Saxo VTS | A6 | 05:08,3 | +8,3 |",
    "| 3 | 3 | DURAND Paul/THOMAS Claire | BMW M3 E30 | N2 | 05:10,0 | +10,0 |",
]
TABLE = [
    ["Cl.", "N°", "Pilote/ Copilote", "Voiture", "Gr/Cl", "Temps"],
    ["1", "12", "MARTIN Jean/DUBOIS Marie", "Peugeot 106 S16", "N2", "05:00,0"],
    ["2", "7", "PETIT Luc/ROBERT Anne", "Citroën Saxo VTS", "A6", "05:08,3"],
    ["3", "3", "DURAND Paul/THOMAS Claire", "BMW M3 E30", "N2", "05:10,0"],
]


def xlsx_bytes() -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    for row in TABLE:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def html_bytes() -> bytes:
    rows = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in TABLE)
    return f"<html><body><table>{rows}</table></body></html>".encode()


def pdf_bytes() -> bytes:
    from tests.parsing.pdf.typeset import Table, to_pdf

    return to_pdf(Table("Classement général", TABLE[0], TABLE[1:]))


SHEETS = {
    "pipe": ("resultats.txt", pipe_sheet(*ROWS)),
    "pdf": ("resultats.pdf", pdf_bytes()),
    "csv": ("resultats.csv", "\n".join(";".join(r) for r in TABLE).encode()),
    "tsv": ("resultats.tsv", "\n".join("\t".join(r) for r in TABLE).encode()),
    "xlsx": ("resultats.xlsx", xlsx_bytes()),
    "html": ("resultats.html", html_bytes()),
}


def post_file(client, event, name: str, data: bytes, **extra):
    fields = {"event": event.pk, "classification": "Général", "discipline": "rally"}
    return client.post(UPLOAD, {**fields, "file": SimpleUploadedFile(name, data), **extra})


def post_paste(client, event, text: str):
    fields = {"event": event.pk, "classification": "Général", "discipline": "rally"}
    return client.post(UPLOAD, {**fields, "paste": text})


def latest() -> ResultImport:
    return ResultImport.objects.order_by("-pk").first()


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


@pytest.mark.parametrize("fmt", sorted(SHEETS))
def test_each_file_type_reaches_a_preview_of_its_rows(organiser_client, club_event, fmt):
    name, data = SHEETS[fmt]
    response = post_file(organiser_client, club_event, name, data)
    result_import = latest()
    assert response.status_code == 302
    assert response["Location"] == reverse("uploads:preview", args=[result_import.pk])
    assert result_import.state == State.PREVIEWED
    assert result_import.sheet["format"] == fmt
    assert Entry.objects.count() == 0  # nothing but the ResultImport is written

    page = organiser_client.get(response["Location"]).content.decode()
    assert f'<td class="podium-format">{fmt}</td>' in page
    # Each crew member on their own, marked new: none of them is in the database yet.
    assert 'MARTIN Jean <span class="podium-match-new">' in page
    assert "<br>DUBOIS Marie" in page
    assert page.count('class="podium-row') == 3


def test_a_paste_is_read_like_a_file(organiser_client, club_event):
    text = "\n".join("\t".join(row) for row in TABLE)
    response = post_paste(organiser_client, club_event, text)
    assert response.status_code == 302
    result_import = latest()
    assert result_import.source_name == "collage.txt"
    assert result_import.sheet["format"] == "tsv"
    assert result_import.counts["entries"] == 3


def test_the_preview_shows_warnings_on_their_rows_above_the_infos(
    organiser_client, club_event, samples_dir
):
    data = (samples_dir / "003_28a2079d1fbfe24f.txt").read_bytes()
    post_file(organiser_client, club_event, "003.txt", data)
    result_import = latest()
    rows = preview_rows(result_import)
    flagged = [row for row in rows if row.has_warning]
    assert flagged, "sample 003 has warnings on some rows"
    for row in rows:
        levels = [issue["level"] for issue in row.issues]
        assert levels == sorted(levels, key=lambda level: level != "warning")
    page = organiser_client.get(reverse("uploads:preview", args=[result_import.pk]))
    html = page.content.decode()
    assert html.count("podium-row has-warning") == len(flagged)
    assert "MERLEVEDE" in html
    assert f"{result_import.counts['people_new']}</td>" in html


def test_an_unreadable_sheet_shows_its_line_text_and_reason_on_the_form(
    organiser_client, club_event, classification
):
    # A header but no results row: the parser names the line it stopped at.
    text = "| Cl. | N° | Pilote | Voiture | Temps |\n| | | | | |\n"
    response = post_paste(organiser_client, club_event, text)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="podium-parse-error' in html
    assert "ligne 1" in html
    assert '<pre class="podium-line">| Cl. | N° | Pilote | Voiture | Temps |</pre>' in html
    # In French, what happened and what to do; the reader's English reason is not quoted,
    # its code stays in the title.
    assert '<p class="podium-reason" title="no-rows">Podium a trouvé un tableau' in html
    assert "nothing below the first line reads as a result" not in html
    # An existing classification keeps the failed import in its history; no entries.
    assert latest().state == State.FAILED
    assert (latest().error["line"], latest().error["code"]) == (1, "no-rows")
    assert Entry.objects.count() == 0
    # The history says it in the same words.
    history = organiser_client.get(reverse("uploads:history", args=[club_event.pk]))
    assert 'title="no-rows">Podium a trouvé un tableau' in history.content.decode()


def test_an_english_page_quotes_the_readers_reason_after_the_sentence(
    organiser_client, club_event, classification
):
    text = "| Cl. | N° | Pilote | Voiture | Temps |\n| | | | | |\n"
    fields = {"event": club_event.pk, "classification": "Général", "discipline": "rally"}
    response = organiser_client.post(UPLOAD, {**fields, "paste": text}, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert "Podium found a table, but no row of it reads as a result" in html
    assert (
        '<q class="podium-issue-detail">no results rows found: nothing below the first line '
        "reads as a result</q>"
    ) in html


def _preview_times(html: str) -> list[str]:
    return re.findall(r'<td class="podium-(?:time|gap)">([^<]*)</td>', html)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", ["5:00,0", "", "5:08,3", "+0:08,3", "5:10,0", "+0:10,0"]),
        ("en", ["5:00.0", "", "5:08.3", "+0:08.3", "5:10.0", "+0:10.0"]),
    ],
)
def test_the_preview_writes_times_as_the_public_pages_do(
    organiser_client, club_event, language, expected
):
    post_paste(organiser_client, club_event, pipe_sheet(*ROWS).decode())
    result_import = latest()
    preview = organiser_client.get(
        reverse("uploads:preview", args=[result_import.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert _preview_times(preview.content.decode()) == expected
    # Once published, the standings show the very same times and gaps.
    organiser_client.post(reverse("uploads:confirm", args=[result_import.pk]))
    club_event.refresh_from_db()
    standings = organiser_client.get(f"/{language}/events/{club_event.slug}/").content.decode()
    for text in filter(None, expected):
        assert f">{text}<" in standings


def test_a_parse_error_quotes_the_line_it_names(organiser_client, club_event):
    lines = ["| Cl. | N° | Pilote | Voiture | Temps |", "| " + " | ".join(["x"] * 600) + " |"]
    response = post_paste(organiser_client, club_event, "\n".join(lines))
    error = response.context["parse_error"]
    assert error["line"] == 2
    assert error["refusal"].code == "too-large"
    assert error["text"].startswith("| x | x") and error["text"].endswith("…")


def zip_bomb() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", b" " * 150_000_000)
    return out.getvalue()


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("photo.csv", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "une image (PNG)"),
        ("resultats.xlsx", b"PK\x03\x04" + b"garbage" * 50, "Ce classeur est endommagé"),
        ("bombe.xlsx", zip_bomb(), "trop grand pour un tableau de résultats"),
    ],
)
def test_an_unsupported_or_corrupt_file_gets_a_clear_form_error(
    organiser_client, club_event, name, data, reason
):
    response = post_file(organiser_client, club_event, name, data)
    assert response.status_code == 200
    assert reason in response.content.decode()
    assert 'class="podium-parse-error' in response.content.decode()
    assert not ResultImport.objects.filter(state=State.PREVIEWED).exists()


def test_an_encoding_fallback_is_a_visible_warning_on_the_preview(organiser_client, club_event):
    data = pipe_sheet("| 1 | 12 | CRÉPIN Jérôme/DUBOIS Hélène | Peugeot 106 | N2 | 05:00,0 | |")
    post_file(organiser_client, club_event, "cp1252.txt", data.decode().encode("cp1252"))
    html = organiser_client.get(reverse("uploads:preview", args=[latest().pk])).content.decode()
    assert "podium-issue warning" in html
    assert "decoded-cp1252" in html
    assert "CRÉPIN" in html


@override_settings(PODIUM_MAX_UPLOAD_MB=1)
def test_a_file_over_the_limit_is_refused_by_the_form(organiser_client, club_event):
    data = pipe_sheet(*ROWS) + b" " * (1024 * 1024)
    response = post_file(organiser_client, club_event, "big.txt", data)
    assert response.status_code == 200
    assert "plus que la limite de 1 Mo" in response.content.decode()
    assert response.context["form"].errors["file"]
    assert not ResultImport.objects.exists()


@override_settings(PODIUM_MAX_UPLOAD_MB=1)
def test_a_paste_over_the_limit_is_refused_by_the_form(organiser_client, club_event):
    text = pipe_sheet(*ROWS).decode() + " " * (1024 * 1024)
    response = post_paste(organiser_client, club_event, text)
    assert response.status_code == 200
    assert response.context["form"].errors["paste"]
    assert not ResultImport.objects.exists()


@override_settings(PODIUM_MAX_UPLOAD_MB=1, DATA_UPLOAD_MAX_MEMORY_SIZE=2 * 1024 * 1024)
def test_a_paste_over_the_request_limit_ends_on_a_friendly_page(organiser_client, club_event):
    text = "x" * (3 * 1024 * 1024)
    response = post_paste(organiser_client, club_event, text)
    assert response.status_code == 413
    html = response.content.decode()
    assert "dépasse 1 Mo" in html
    assert UPLOAD in html
    assert not ResultImport.objects.exists()


def test_a_new_event_is_created_in_the_form_and_published_on_confirm(
    organiser_client, club_organiser, club
):
    from results.models import Championship

    championship = Championship.objects.create(name="Coupe", slug="coupe-2024", season=2024)
    response = organiser_client.post(
        UPLOAD,
        {
            "event": "",
            "classification": "VHC",
            "name": "Rallye du Val",
            "date": "2024-10-05",
            "place": "Lure (70)",
            "discipline": "historic_rally",
            "championship": championship.pk,
            "paste": pipe_sheet(*ROWS).decode(),
        },
    )
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(slug="rallye-du-val-2024")
    assert (event.club, event.published, event.discipline) == (club, False, "historic_rally")
    # An organiser cannot change a championship's table: the field is not theirs to set.
    assert not Round.objects.filter(event=event).exists()
    result_import = latest()
    assert result_import.classification.name == "VHC"

    organiser_client.post(reverse("uploads:confirm", args=[result_import.pk]))
    event.refresh_from_db()
    assert event.published
    assert Entry.objects.filter(classification__event=event).count() == 3


def test_a_new_event_may_not_take_an_existing_events_address(organiser_client, club_event):
    response = organiser_client.post(
        UPLOAD,
        {
            "event": "",
            "classification": "Général",
            "name": club_event.name,
            "date": club_event.date.isoformat(),
            "discipline": "rally",
            "paste": pipe_sheet(*ROWS).decode(),
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors["name"]
    assert Event.objects.count() == 1


def test_a_new_event_rolls_back_when_its_sheet_cannot_be_read(organiser_client):
    response = organiser_client.post(
        UPLOAD,
        {
            "event": "",
            "classification": "Général",
            "name": "Rallye Illisible",
            "date": "2024-10-05",
            "discipline": "rally",
            "paste": "rien à lire ici\n",
        },
    )
    assert response.status_code == 200
    assert response.context["parse_error"]
    assert not Event.objects.exists()
    assert not ResultImport.objects.exists()


def test_a_file_or_a_paste_is_required_and_not_both(organiser_client, club_event):
    neither = organiser_client.post(UPLOAD, {"event": club_event.pk, "classification": "G"})
    assert neither.context["form"].errors["file"]
    both = post_file(organiser_client, club_event, "a.txt", pipe_sheet(*ROWS), paste="x")
    assert both.context["form"].errors["paste"]
    assert not ResultImport.objects.exists()


def test_the_admin_index_and_the_event_page_link_to_the_upload(organiser_client, club_event):
    index = organiser_client.get(reverse("admin:index")).content.decode()
    assert f'href="{UPLOAD}"' in index
    page = organiser_client.get(reverse("admin:results_event_change", args=[club_event.pk]))
    assert page.status_code == 200
    assert f'href="{UPLOAD}?event={club_event.pk}"' in page.content.decode()


def test_a_big_sheet_previews_every_row(organiser_client, club_event):
    post_paste(organiser_client, club_event, pipe_sheet(*generated_rows(120)).decode())
    html = organiser_client.get(reverse("uploads:preview", args=[latest().pk])).content.decode()
    assert html.count('class="podium-row') == 120


def test_who_manages_championships_may_count_a_new_event_for_one(client, superuser, club):
    from results.models import Championship

    championship = Championship.objects.create(name="Coupe", slug="coupe-2024", season=2024)
    client.force_login(superuser)
    response = client.post(
        UPLOAD,
        {
            "event": "",
            "classification": "Général",
            "name": "Rallye du Val",
            "date": "2024-10-05",
            "discipline": "rally",
            "club": club.pk,
            "championship": championship.pk,
            "paste": pipe_sheet(*ROWS).decode(),
        },
    )
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(slug="rallye-du-val-2024")
    assert Round.objects.get(event=event).championship == championship
