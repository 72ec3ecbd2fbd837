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


def _po_entries(path):
    """(context, msgid) → msgstr for every translated entry of a .po file."""
    import ast

    entries, current, field = {}, {}, None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = line.strip()
        if not line or line.startswith("#"):
            if current.get("msgstr") and current.get("msgid") and "msgid_plural" not in current:
                entries[(current.get("msgctxt"), current["msgid"])] = current["msgstr"]
            if not line:
                current, field = {}, None
            continue
        if line.startswith('"'):
            current[field] += ast.literal_eval(line)
            continue
        field, _, value = line.partition(" ")
        current[field] = ast.literal_eval(value)
    return entries


def test_the_compiled_catalogues_match_their_sources():
    # The site loads the committed .mo files (no gettext at run time): they must hold every
    # translation of the .po files they are compiled from.
    import gettext
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "locale"
    for language in ("fr", "en"):
        folder = root / language / "LC_MESSAGES"
        with (folder / "django.mo").open("rb") as mo:
            compiled = gettext.GNUTranslations(mo)._catalog
        for (context, msgid), msgstr in _po_entries(folder / "django.po").items():
            key = f"{context}\x04{msgid}" if context else msgid
            assert compiled.get(key) == msgstr, (language, msgid)
