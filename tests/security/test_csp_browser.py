"""In a real browser: the Content Security Policy blocks nothing Podium's own pages need,
and the hostile names never run as script."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from results.models import Person
from tests.browser.conftest import artifacts, browser, page  # noqa: F401
from tests.security.test_xss import IMG, SCRIPT, _event, _import, _sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _log_in(page, client, user, live_server) -> None:  # noqa: F811
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_server.url}]
    )


def test_pages_load_under_the_policy_and_no_hostile_name_runs(
    page,  # noqa: F811
    live_server,
    client,
    superuser,
    car_makes,
    artifacts,  # noqa: F811
):
    table = _event("rallye-csp", 4)
    _import(table, _sheet((f"{SCRIPT} Jean", f"{IMG} Paul"), ("DURAND Luc", "PETIT Anne")))
    pending = _import_preview(table)
    person = Person.objects.get(surname="DURAND")
    violations: list[str] = []
    dialogs: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    _log_in(page, client, superuser, live_server)

    page.goto(live_server.url + f"/fr/events/{table.event.slug}/")
    assert "DURAND Luc" in page.inner_text("main")
    # The public stylesheet applied: the page is laid out by podium.css, not the defaults.
    assert page.evaluate("document.styleSheets.length") >= 1
    page.goto(live_server.url + f"/fr/people/{person.slug}/")
    page.goto(live_server.url + reverse("uploads:preview", args=[pending.pk]))
    applied = page.evaluate(
        "[...document.styleSheets].some(s => (s.href || '').includes('podium-admin'))"
    )
    assert applied
    page.screenshot(path=str(artifacts / "csp-preview.png"), full_page=True)
    page.goto(live_server.url + reverse("admin:results_person_changelist"))
    page.goto(live_server.url + reverse("uploads:upload"))

    assert dialogs == []
    assert violations == []


def _import_preview(table):
    from results.services.importing import preview_import

    return preview_import(classification=table, data=_sheet(("NOIR Léa", IMG)), source_name="p")
