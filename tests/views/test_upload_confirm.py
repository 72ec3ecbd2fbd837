"""Hints, confirm, cancel, history and re-apply through the upload pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from results.models import Entry, ResultImport
from results.services.previews import ENTRY_FIELDS, preview_rows
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db
State = ResultImport.State
UPLOAD = reverse("uploads:upload")

FIRST = [
    "| 1 | 12 | MARTIN Jean/DUBOIS Marie | Peugeot 106 S16 | N2 | 05:00,0 | |",
    "| 2 | 7 | PETIT Luc/ROBERT Anne | Citroën Saxo VTS | A6 | 05:08,3 | +8,3 |",
    "| 3 | 3 | DURAND Paul/THOMAS Claire | BMW M3 E30 | N2 | 05:10,0 | +10,0 |",
]
# A wrong upload: another event's sheet.
WRONG = [
    "| 1 | 40 | LEROY Marc/SIMON Lea | Renault Clio R3 | R3 | 04:00,0 | |",
    "| 2 | 41 | GIRARD Eric/BLANC Zoe | Ford Fiesta R5 | R5 | 04:30,0 | +30,0 |",
]


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


def upload(client, event, rows) -> ResultImport:
    fields = {"event": event.pk, "classification": "Général", "discipline": "rally"}
    response = client.post(UPLOAD, {**fields, "paste": pipe_sheet(*rows).decode()})
    assert response.status_code == 302
    return ResultImport.objects.order_by("-pk").first()


def stored_rows(classification) -> list[tuple]:
    """Every stored value of the classification's entries and crews, ids aside."""
    rows = []
    for entry in Entry.objects.standings(classification).order_by("sheet_order"):
        crew = tuple((m.seat, m.surname, m.first_name, m.person.slug) for m in entry.crew.all())
        values = (
            entry.line,
            entry.position,
            entry.number,
            entry.status,
            entry.group,
            entry.klass,
            entry.class_position,
            entry.time_ms,
            entry.gap_ms,
            entry.car_text,
            str(entry.car) if entry.car else None,
        )
        rows.append((values, crew, tuple(i["code"] for i in entry.issues)))
    return rows


def test_the_applied_rows_are_the_previewed_rows(organiser_client, club_event, samples_dir):
    fields = {"event": club_event.pk, "classification": "Général", "discipline": "rally"}
    data = (samples_dir / "003_28a2079d1fbfe24f.txt").read_bytes()
    organiser_client.post(UPLOAD, {**fields, "paste": data.decode()})
    result_import = ResultImport.objects.get()
    previewed = preview_rows(result_import)

    response = organiser_client.post(reverse("uploads:confirm", args=[result_import.pk]))
    assert response.status_code == 302
    stored = list(Entry.objects.filter(result_import=result_import).order_by("sheet_order"))
    assert len(stored) == len(previewed) == result_import.counts["entries"]
    for row, entry in zip(previewed, stored, strict=True):
        contract = {name: entry.raw[name] for name in ENTRY_FIELDS}
        assert row.values == contract
        assert (row.line, row.class_position) == (entry.line, entry.class_position)
        assert [(s.surname, s.first_name) for s in row.crew] == [
            (m.surname, m.first_name) for m in entry.crew.order_by("seat")
        ]
        assert sorted(i["code"] for i in row.issues) == sorted(i["code"] for i in entry.issues)
        assert row.values["position"] == entry.position
        assert row.values["time_ms"] == entry.time_ms


def test_confirm_redirects_to_the_standings_with_a_message(organiser_client, club_event):
    result_import = upload(organiser_client, club_event, FIRST)
    response = organiser_client.post(
        reverse("uploads:confirm", args=[result_import.pk]), follow=False
    )
    assert response.status_code == 302
    assert club_event.slug in response["Location"]
    result_import.refresh_from_db()
    assert result_import.state == State.APPLIED
    messages = [str(m) for m in response.wsgi_request._messages]
    assert messages == ["3 résultats publiés pour « Rallye des Tests — Général »."]


def test_confirming_twice_applies_once_and_says_so(organiser_client, club_event):
    result_import = upload(organiser_client, club_event, FIRST)
    url = reverse("uploads:confirm", args=[result_import.pk])
    organiser_client.post(url)
    rows = stored_rows(result_import.classification)
    second = organiser_client.post(url)
    assert second.status_code == 302
    said = [str(m) for m in second.wsgi_request._messages]
    assert said[-1] == "Cet import était déjà publié : rien n'a été modifié."
    assert stored_rows(result_import.classification) == rows
    assert Entry.objects.count() == 3


def test_cancel_discards_the_preview(organiser_client, club_event):
    result_import = upload(organiser_client, club_event, FIRST)
    response = organiser_client.post(reverse("uploads:cancel", args=[result_import.pk]))
    assert response.status_code == 302
    assert not ResultImport.objects.filter(pk=result_import.pk).exists()
    assert Entry.objects.count() == 0


def test_a_role_hint_changes_the_reading_and_replaces_the_preview(organiser_client, club_event):
    result_import = upload(organiser_client, club_event, FIRST)
    columns = result_import.sheet["columns"]
    car = columns.index("car")
    post = {f"role_{i}": role for i, role in enumerate(columns)}
    post[f"role_{car}"] = "club"  # "this column is the club, not the car"
    post["header"] = ""
    response = organiser_client.post(reverse("uploads:reparse", args=[result_import.pk]), post)
    fresh = ResultImport.objects.order_by("-pk").first()
    assert response.status_code == 302
    assert response["Location"] == reverse("uploads:preview", args=[fresh.pk])
    # The earlier preview is replaced, not deleted: its address leads to the new reading.
    result_import.refresh_from_db()
    assert result_import.was_read_again
    assert ResultImport.objects.history().filter(pk=result_import.pk).exists() is False
    assert fresh.hints == {"roles": {str(car): "club"}, "header": None}
    assert fresh.source == result_import.source
    first = fresh.sheet["entries"][0]
    assert (first["car"], first["club"]) == (None, "Peugeot 106 S16")
    page = organiser_client.get(response["Location"]).content.decode()
    assert "role-hinted" in page


def test_marking_the_first_row_as_data_reads_it_as_a_result(organiser_client, club_event):
    # No header: the first row is a result, which a header hint must not swallow.
    rows = [r.replace("| |", "| 0 |") for r in FIRST]
    fields = {"event": club_event.pk, "classification": "Général", "discipline": "rally"}
    organiser_client.post(UPLOAD, {**fields, "paste": "\n".join(rows)})
    result_import = ResultImport.objects.get()
    assert result_import.counts["entries"] == 3
    columns = result_import.sheet["columns"]
    post = {f"role_{i}": role for i, role in enumerate(columns)}
    organiser_client.post(
        reverse("uploads:reparse", args=[result_import.pk]), {**post, "header": "1"}
    )
    fresh = ResultImport.objects.order_by("-pk").first()
    assert fresh.hints["header"] is True
    assert fresh.counts["entries"] == 2  # the first row became the header
    organiser_client.post(reverse("uploads:reparse", args=[fresh.pk]), {**post, "header": "0"})
    again = ResultImport.objects.order_by("-pk").first()
    assert again.hints["header"] is False
    assert again.counts["entries"] == 3


def test_reapplying_an_earlier_import_restores_it_exactly(organiser_client, club_event):
    good = upload(organiser_client, club_event, FIRST)
    organiser_client.post(reverse("uploads:confirm", args=[good.pk]))
    classification = good.classification
    before = stored_rows(classification)

    wrong = upload(organiser_client, club_event, WRONG)
    organiser_client.post(reverse("uploads:confirm", args=[wrong.pk]))
    assert stored_rows(classification) != before
    good.refresh_from_db()
    assert good.state == State.SUPERSEDED

    history = organiser_client.get(reverse("uploads:history", args=[club_event.pk]))
    assert reverse("uploads:reapply", args=[good.pk]) in history.content.decode()
    response = organiser_client.post(reverse("uploads:reapply", args=[good.pk]))
    restored = ResultImport.objects.order_by("-pk").first()
    assert response["Location"] == reverse("uploads:preview", args=[restored.pk])
    assert restored.state == State.PREVIEWED and restored.source == good.source
    assert restored.counts["entries_replaced"] == 2
    organiser_client.post(reverse("uploads:confirm", args=[restored.pk]))
    assert stored_rows(classification) == before


def test_a_superseded_import_cannot_be_confirmed(organiser_client, club_event):
    first = upload(organiser_client, club_event, FIRST)
    second = upload(organiser_client, club_event, WRONG)
    organiser_client.post(reverse("uploads:confirm", args=[second.pk]))
    response = organiser_client.post(reverse("uploads:confirm", args=[first.pk]))
    # The error is on the page, not in a flash message; nothing changed.
    assert response.status_code == 409
    assert "preview again" in response.content.decode()
    assert Entry.objects.filter(result_import=second).count() == 2
    assert not Entry.objects.filter(result_import=first).exists()


def test_the_history_lists_every_import_with_its_file(organiser_client, club_event):
    result_import = upload(organiser_client, club_event, FIRST)
    organiser_client.post(reverse("uploads:confirm", args=[result_import.pk]))
    html = organiser_client.get(reverse("uploads:history", args=[club_event.pk])).content
    html = html.decode()
    assert "collage.txt" in html and result_import.sha256[:10] in html
    assert "club-organiser" in html and "Appliqué" in html
    change = organiser_client.get(reverse("admin:results_event_change", args=[club_event.pk]))
    assert reverse("uploads:source", args=[result_import.pk]) in change.content.decode()

    source = organiser_client.get(reverse("uploads:source", args=[result_import.pk]))
    assert source.content == bytes(result_import.source)
    assert source["Content-Disposition"] == 'attachment; filename="collage.txt"'


TWO_TABLES = """Classe A
| Cl. | Pilote | Voiture | Temps |
| 1 | DUPONT Jean | Peugeot 208 | 10:00,0 |
| 2 | MARTIN Paul | Renault Clio | 10:05,0 |

Classe B
| Pilote | Cl. | Temps | Voiture |
| DURAND Luc | 1 | 11:00,0 | Citroën Saxo |
| PETIT Marc | 2 | 11:10,0 | Peugeot 106 |
"""


def test_each_table_gets_its_own_role_menus_and_a_hint_fixes_only_its_table(
    organiser_client, club_event
):
    fields = {"event": club_event.pk, "classification": "Général", "discipline": "rally"}
    organiser_client.post(UPLOAD, {**fields, "paste": TWO_TABLES})
    result_import = ResultImport.objects.get()
    page = organiser_client.get(reverse("uploads:preview", args=[result_import.pk]))
    html = page.content.decode()
    assert html.count('class="podium-hints-table"') == 2
    assert "<caption>Classe A</caption>" in html and "<caption>Classe B</caption>" in html
    assert 'name="role_2"' in html and 'name="role_1_3"' in html
    post = {"header": ""}
    for table in result_import.sheet["tables"]:
        for i, role in enumerate(table["columns"]):
            post[f"role_{i}" if table["table"] == 0 else f"role_{table['table']}_{i}"] = role
    post["role_1_3"] = "club"  # table B's last column is the club, not the car
    organiser_client.post(reverse("uploads:reparse", args=[result_import.pk]), post)
    fresh = ResultImport.objects.order_by("-pk").first()
    assert fresh.hints == {"roles": {}, "header": None, "tables": {"1": {"3": "club"}}}
    cars = [(e["table"], e["car"], e["club"]) for e in fresh.sheet["entries"]]
    assert cars == [
        (0, "Peugeot 208", None),
        (0, "Renault Clio", None),
        (1, None, "Citroën Saxo"),
        (1, None, "Peugeot 106"),
    ]
