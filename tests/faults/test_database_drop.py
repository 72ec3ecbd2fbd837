"""A database that stops answering mid-request gets a short retry page, and nothing is
written (issue 20, finding 8)."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from tests.views.conftest import RALLY_ROWS, rally  # noqa: F401 (a fixture)


class DropAfter:
    """The database goes away after `queries` statements (or at the first that starts with
    `at`): every later one fails as a lost connection does, below the ORM (Django's own
    instrumentation hook)."""

    def __init__(self, queries: int = 10**6, at: str | tuple[str, ...] | None = None):
        self.left = queries
        self.at = at

    def __call__(self, execute, sql, params, many, context):
        if self.at is not None and sql.startswith(self.at):
            self.left = 0
        if self.left <= 0:
            raise OperationalError("server closed the connection unexpectedly")
        self.left -= 1
        return execute(sql, params, many, context)


@pytest.mark.django_db
@pytest.mark.parametrize("after", [0, 1, 3])
def test_the_events_list_answers_503_with_a_retry_page(after):
    client = Client(raise_request_exception=False)
    with connection.execute_wrapper(DropAfter(after)):
        response = client.get("/fr/events/")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    page = response.content.decode()
    assert "Podium" in page and "30" in page
    assert "Server Error" not in page


@pytest.mark.django_db
def test_an_api_request_gets_a_json_503():
    client = Client(raise_request_exception=False)
    with connection.execute_wrapper(DropAfter(0)):
        response = client.get("/api/v1/events/")
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "unavailable"


@pytest.mark.django_db(transaction=True)
def test_a_confirm_cut_off_mid_write_writes_nothing(club_organiser, classification, table_snapshot):
    from results.services.importing import preview_import
    from tests.services.sheets import pipe_sheet

    classification.event.club = club_organiser.clubs.get()
    classification.event.save()
    previewed = preview_import(
        classification=classification, data=pipe_sheet(*RALLY_ROWS), source_name="a.txt"
    )
    client = Client(raise_request_exception=False)
    client.force_login(club_organiser)
    before = table_snapshot()
    # Gone once the confirm has written people and cars, as it writes the entries (on
    # Postgres a COPY, after taking the entries' ids from their sequence).
    entries = (
        'INSERT INTO "results_entry"',
        "SELECT nextval(pg_get_serial_sequence('results_entry'",
    )
    with connection.execute_wrapper(DropAfter(at=entries)):
        response = client.post(reverse("uploads:confirm", args=[previewed.pk]))
    assert response.status_code == 503
    assert table_snapshot() == before


@pytest.mark.django_db
@pytest.mark.usefixtures("rally")
def test_other_errors_keep_the_plain_500(monkeypatch, event):
    from results.views import standings

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(standings, "load_standings", broken)
    response = Client(raise_request_exception=False).get(f"/fr/events/{event.slug}/")
    assert response.status_code == 500


@pytest.mark.django_db(transaction=True)
def test_a_postgres_server_that_went_away_gets_the_retry_page(car_makes):
    if connection.vendor != "postgresql":
        pytest.skip("Postgres only: points the connection at a closed port")
    saved = dict(connection.settings_dict)
    connection.close()
    connection.settings_dict["PORT"] = "1"  # nothing listens there
    try:
        response = Client(raise_request_exception=False).get("/fr/events/")
    finally:
        connection.close()
        connection.settings_dict.update(saved)
    assert response.status_code == 503
