import pytest

pytestmark = pytest.mark.django_db


def test_french_by_default_english_available(client, event_url):
    french = client.get(event_url).content.decode()
    english = client.get(event_url.replace("/fr/", "/en/")).content.decode()
    assert '<html lang="fr">' in french and '<html lang="en">' in english
    assert ">Équipage</a>" in french and ">Crew</a>" in english
    assert ">Abandons<" in french and ">Retirements<" in english
    assert ">Non-partants<" in french and ">Non-starters<" in english


def test_names_and_cars_are_never_translated(client, event_url):
    english = client.get(event_url.replace("/fr/", "/en/")).content.decode()
    assert "Citroën Saxo VTS" in english and "SŒUR Christian" in english


def test_every_page_names_its_alternates_and_switches_language_in_place(client, event_url):
    html = client.get(event_url + "?class=N-2").content.decode()
    assert (
        '<link rel="alternate" hreflang="en" '
        'href="http://testserver/en/events/rallye-des-tests-2024/?class=N-2">' in html
    )
    assert '<link rel="alternate" hreflang="fr"' in html
    assert '<a href="/en/events/rallye-des-tests-2024/?class=N-2" hreflang="en"' in html


def test_the_catalogues_are_compiled_in_the_repository():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "locale"
    for language in ("fr", "en"):
        po = root / language / "LC_MESSAGES" / "django.po"
        mo = root / language / "LC_MESSAGES" / "django.mo"
        assert mo.exists() and mo.stat().st_size > 0
        # Stale if the source is newer than what the site loads (no gettext at run time).
        assert mo.stat().st_mtime >= po.stat().st_mtime
