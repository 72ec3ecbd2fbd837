"""Hostile names and texts, imported through the real import service, are escaped on every
page that shows them: public pages, the admin, the upload preview, the merge page, the
duplicate suggestions; the CSV exports carry them as inert text."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.contrib import admin
from django.urls import reverse

from results.models import Classification, Event, Person
from results.services.championship_presets import create_from_preset
from results.services.importing import apply_import, preview_import
from results.services.names import rename_person

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
# What must never reach a page as markup, and what the escaped text looks like there.
RAW = ("<script>alert(1)", "<img src=x")
ESCAPED = ("&lt;script&gt;alert(1)&lt;/script&gt;", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;")

HEADER = "| Cl. | N° | Pilote | Copilote | Voiture | Gr/Cl | Club | Temps | Ecart |"


def _sheet(*crews: tuple[str, str]) -> bytes:
    rows = [
        f"| {n} | {n + 10} | {driver} | {codriver} | {SCRIPT} | N2 | {IMG} "
        f"| 10:0{n},0 | {'' if n == 1 else f'+00:0{n - 1},0'} |"
        for n, (driver, codriver) in enumerate(crews, 1)
    ]
    return "\n".join([HEADER, *rows, ""]).encode()


def _import(classification: Classification, data: bytes):
    return apply_import(
        preview_import(classification=classification, data=data, source_name=f"{SCRIPT}.txt")
    )


def _event(slug: str, day: int) -> Classification:
    event = Event.objects.create(
        name=f"Rallye {SCRIPT}",
        slug=slug,
        date=datetime.date(2024, 5, day),
        place=IMG,
        published=True,
    )
    return Classification.objects.create(event=event, slug="general", name=f"Général {IMG}")


@pytest.fixture
def hostile(car_makes):
    """Two events whose sheets are full of markup, and two people named exactly like it."""
    first = _event("rallye-hostile", 4)
    _import(first, _sheet((f"{SCRIPT} Jean", f"{IMG} Paul"), ("DURAND Luc", "PETIT Anne")))
    second = _event("rallye-hostile-2", 11)
    _import(second, _sheet(("HOSTILE Jean", "BLANC Marc")))
    # The parser cuts a crew at "/": names exactly like the markup come through a rename,
    # the service admins use, after the import.
    driver = Person.objects.filter(
        crew_seats__entry__classification=first, crew_seats__seat=1
    ).first()
    rename_person(person=driver, surname=SCRIPT, first_name="Jean")
    twin = Person.objects.get(surname="HOSTILE")
    rename_person(person=twin, surname=SCRIPT, first_name="J.")
    championship = create_from_preset(
        preset="25-18", name=f"Coupe {SCRIPT}", season=2024, events=[first.event, second.event]
    )
    pending = preview_import(
        classification=first, data=_sheet((f"{IMG} Marc", "NOIR Léa")), source_name=IMG
    )
    return {
        "events": [first.event, second.event],
        "championship": championship,
        "people": [driver, twin],
        "preview": pending,
    }


def _assert_escaped(html: str, url: str, *, expect: tuple[str, ...] = ESCAPED) -> None:
    for raw in RAW:
        assert raw not in html, f"{url} carries raw markup {raw!r}"
    for text in expect:
        assert text in html, f"{url} does not show {text!r} escaped"


def test_the_import_kept_the_hostile_text_as_data(hostile):
    names = {str(p) for p in Person.objects.all()}
    assert f"{SCRIPT} Jean" in names
    assert any(IMG in name for name in names)


def _public_urls(hostile) -> list[str]:
    first, second = hostile["events"]
    urls = ["/fr/", "/fr/events/", "/fr/search/?q=%3Cscript%3E", "/fr/search/?q=%22%3E%3Cimg"]
    for language in ("fr", "en"):
        for event in (first, second):
            base = f"/{language}/events/{event.slug}/"
            urls += [base, base + "?class=N-2", base + "?sort=-crew"]
        urls.append(f"/{language}/championships/{hostile['championship'].slug}/")
    urls += [f"/fr/people/{p.slug}/" for p in Person.objects.all()]
    return urls


def test_every_public_page_escapes_the_hostile_text(client, hostile):
    for url in _public_urls(hostile):
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        for raw in RAW:
            assert raw not in html, f"{url} carries raw markup {raw!r}"
        assert "&lt;script&gt;alert(1)" in html or "&lt;img src=x" in html, url


def test_the_event_and_person_pages_show_both_texts_escaped(client, hostile):
    first = hostile["events"][0]
    _assert_escaped(client.get(f"/fr/events/{first.slug}/").content.decode(), "event")
    person = hostile["people"][0]
    html = client.get(f"/fr/people/{person.slug}/").content.decode()
    _assert_escaped(html, "person")


def _admin_urls(hostile) -> list[str]:
    urls = []
    for model, _model_admin in admin.site._registry.items():
        if model._meta.app_label != "results":
            continue
        name = f"admin:results_{model._meta.model_name}"
        urls.append(reverse(f"{name}_changelist"))
        urls += [reverse(f"{name}_change", args=[obj.pk]) for obj in model.objects.all()[:30]]
    return urls


def test_the_admin_changelists_and_change_pages_escape_it(client, superuser, hostile):
    client.force_login(superuser)
    shown = set()
    for url in _admin_urls(hostile):
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        for raw in RAW:
            assert raw not in html, f"{url} carries raw markup {raw!r}"
        shown |= {text for text in ESCAPED if text in html}
    assert shown == set(ESCAPED)


def test_the_upload_preview_and_history_escape_it(client, superuser, hostile):
    client.force_login(superuser)
    preview = client.get(reverse("uploads:preview", args=[hostile["preview"].pk]))
    assert preview.status_code == 200
    _assert_escaped(preview.content.decode(), "preview")
    history = client.get(reverse("uploads:history", args=[hostile["events"][0].pk]))
    assert history.status_code == 200
    _assert_escaped(history.content.decode(), "history")


def test_the_merge_page_escapes_it(client, superuser, hostile):
    client.force_login(superuser)
    ids = ",".join(str(p.pk) for p in hostile["people"])
    response = client.get(reverse("names:merge") + f"?ids={ids}")
    assert response.status_code == 200
    html = response.content.decode()
    _assert_escaped(html, "merge", expect=(ESCAPED[0],))


def test_the_suggestions_page_escapes_it(client, superuser, hostile):
    client.force_login(superuser)
    response = client.get(reverse("names:suggestions"))
    assert response.status_code == 200
    html = response.content.decode()
    # The two people renamed alike, in two events, are a likely pair.
    _assert_escaped(html, "suggestions", expect=(ESCAPED[0],))


def _csv_cells(response) -> list[str]:
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"].startswith("attachment")
    assert response["X-Content-Type-Options"] == "nosniff"
    text = response.content.decode("utf-8-sig")
    return [cell for line in csv.reader(io.StringIO(text), delimiter=";") for cell in line]


def test_the_csv_exports_carry_it_as_inert_text(client, hostile):
    first = hostile["events"][0]
    standings = _csv_cells(client.get(f"/fr/events/{first.slug}/", {"_export": "csv"}))
    assert any(SCRIPT in cell for cell in standings)
    championship = hostile["championship"]
    table = _csv_cells(client.get(f"/fr/championships/{championship.slug}/", {"_export": "csv"}))
    assert any(SCRIPT in cell for cell in table)
    # Sheet text is never handed to a spreadsheet as a formula.
    for cell in standings + table:
        if "alert" in cell:
            assert cell[:1] not in ("=", "+", "-", "@"), cell
