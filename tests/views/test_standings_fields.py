"""The standings page, CSV and API with the fields of their own: door numbers as written and
sorted by their numeric part, retirements with their stage and reason, optional columns only
where some crew has a value."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.views.conftest import import_rows
from tests.views.test_standings import body_rows

pytestmark = pytest.mark.django_db

SHEET = (
    "Clt;N°;Equipage;Equipe;Voiture;Temps;Points\n"
    "1;12B;DUPONT Jean / MARTIN Paul;Team Vosges;Clio R3;10:00,0;25\n"
    "2;007;PETIT Luc / ROBERT Anne;;208 R2;10:05,5;18\n"
    "3;12;SIMON Eric / LAURENT Yves;Ecurie Lys;Clio R3;10:09,0;15\n"
    "4;100;LEROY Marc / GIRARD Noël;;Clio R3;10:12,0;12\n"
    "Ab. ES4 moteur;5;MOREL Alain / FOURNIER Guy;;Clio R3;;\n"
    "Abandon;30;ROUX Henri / VINCENT Paul;;208 R2;;\n"
).encode()


@pytest.fixture
def url(classification) -> str:
    import_rows(classification, data=SHEET)
    return f"/fr/events/{classification.event.slug}/"


def _numbers(html: str) -> list[str]:
    return re.findall(r'<td class="col-number">([^<]*)</td>', html)


def test_numbers_show_as_written(client, url):
    html = client.get(url).content.decode()
    assert _numbers(html) == ["12B", "007", "12", "100", "5", "30"]


def test_numbers_sort_by_their_numeric_part_then_their_text(client, url):
    html = client.get(url + "?sort=number").content.decode()
    assert _numbers(html) == ["5", "007", "12", "12B", "30", "100"]
    html = client.get(url + "?sort=-number").content.decode()
    assert _numbers(html) == ["100", "30", "12B", "12", "007", "5"]


def test_a_retirement_shows_its_stage_and_reason_after_its_mark(client, url):
    rows = body_rows(client.get(url).content.decode())
    assert rows[4].startswith("Ab. ES4 — moteur|5|MOREL Alain FOURNIER Guy|")
    assert rows[5].startswith("Ab.|30|")  # the sheet gave neither
    english = body_rows(client.get(url.replace("/fr/", "/en/")).content.decode())
    assert english[4].startswith("Ret. ES4 — moteur|5|")


def test_optional_columns_show_only_when_some_crew_has_a_value(client, url, classification):
    html = client.get(url).content.decode()
    assert 'class="col-team"' in html and 'class="col-points"' in html
    assert "col-nationality" not in html and "col-penalty" not in html
    assert "<td>Team Vosges</td>" in html
    assert '<td class="col-points">25</td>' in html


def test_the_csv_has_the_numbers_as_written_and_the_columns_the_page_shows(client, url):
    response = client.get(url + "?_export=csv&sort=number")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    head = rows[0]
    assert "Écurie" in head
    assert "Points" in head and "Nat." not in head
    numbers = [row[head.index("N°")] for row in rows[1:]]
    assert numbers == ["5", "007", "12", "12B", "30", "100"]


def test_the_api_gives_every_field_under_its_contract_name(client, url, classification):
    slug = classification.event.slug
    body = client.get(f"/api/v1/events/{slug}/classifications/{classification.slug}/").json()
    entries = body["results"]
    assert [e["number"] for e in entries] == ["12B", "007", "12", "100", "5", "30"]
    retired = entries[4]
    assert (retired["status"], retired["retired_at"], retired["reason"]) == (
        "retired",
        "ES4",
        "moteur",
    )
    assert (entries[0]["team"], entries[0]["points"]) == ("Team Vosges", 25.0)
