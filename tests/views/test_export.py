import csv
import io

import pytest

from tests.views.conftest import import_rows

pytestmark = pytest.mark.django_db


def exported(client, url: str) -> tuple[bytes, list[list[str]], object]:
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    delimiter = ";" if url.startswith("/fr/") else ","
    text = response.content.decode("utf-8")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=delimiter))
    return response.content, rows, response


def test_the_csv_is_utf8_with_a_bom_and_the_page_columns(client, event_url):
    raw, rows, response = exported(client, event_url + "?_export=csv")
    assert raw.startswith("\ufeff".encode())
    assert "attachment" in response["Content-Disposition"]
    assert rows[0] == [
        "Pos.", "N°", "Équipage", "Voiture", "Groupe", "Classe", "Temps", "Écart",
        "Écart préc.", "Pos. cl.",
    ]  # fmt: skip
    assert rows[1] == [
        "1", "12", "DUPONT Jean / MARTIN Paul", "Peugeot 306 S16", "F2", "14", "10:00,0", "",
        "", "1",
    ]  # fmt: skip
    assert rows[3][2] == "ANDRÉ Gérard / SŒUR Christian"
    assert [row[0] for row in rows[6:]] == ["Ab.", "NC", "Exc.", "NP"]


def test_the_csv_is_the_table_shown_class_tab_and_sort_included(client, event_url):
    _raw, rows, _response = exported(client, event_url + "?class=N-2&sort=-time&_export=csv")
    assert [row[1] for row in rows[1:]] == ["21", "9", "7", "31"]


def test_gaps_are_exported_as_times_not_as_text_starting_with_plus(client, event_url):
    _raw, rows, _response = exported(client, event_url + "?_export=csv")
    assert rows[2][6:9] == ["10:05,5", "0:05,5", "0:05,5"]
    _raw, english, _response = exported(client, event_url.replace("/fr/", "/en/") + "?_export=csv")
    assert english[2][6:9] == ["10:05.5", "0:05.5", "0:05.5"]


def test_text_cells_that_a_spreadsheet_would_run_are_neutralised(client, classification):
    import_rows(
        classification,
        '| 1 | 1 | DUPONT Jean/MARTIN Paul | =HYPERLINK("http://x") | N2 | 10:00,0 | |',
        "| 2 | 2 | DURAND Luc/PETIT Anne | +cmd /C calc!A0 | N2 | 10:01,0 | +00:01,0 |",
        "| 3 | 3 | THOMAS Luc/ROBERT Anne | @SUM(1+1) | N2 | 10:02,0 | +00:02,0 |",
        "| 4 | 4 | LEROY Luc/SIMON Anne | -2+3 Peugeot | N2 | 10:03,0 | +00:03,0 |",
    )
    _raw, rows, _response = exported(client, f"/fr/events/{classification.event.slug}/?_export=csv")
    cars = [row[3] for row in rows[1:]]
    assert all(car.startswith("'") for car in cars), cars
    assert cars[0] == '\'=HYPERLINK("http://x")'
    for row in rows[1:]:
        for cell in row:
            assert not cell.startswith(("=", "+", "@")), row
