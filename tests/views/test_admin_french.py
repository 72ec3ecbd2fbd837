"""The admin in French for French admins: every admin list, add and change page and every
upload and name-fixing page, read by a French-speaking staff member, holds no English
sentence (see `french_check`); and the French catalogue has no untranslated or fuzzy entry."""

from __future__ import annotations

import re

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import NoReverseMatch, reverse

from results.models import (
    Car,
    Championship,
    Classification,
    Club,
    NameChange,
    Person,
    ResultImport,
    Round,
)
from results.services.freshness import data_changed
from results.services.importing import preview_import
from results.services.names import rename_person
from tests.parsing.unreadable import unreadable_files
from tests.services.sheets import pipe_sheet
from tests.views.conftest import RALLY_ROWS, import_rows
from tests.views.french_check import ROOT, english_left, english_words, visible_texts

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


@pytest.fixture
def world(club_event, club_organiser, superuser, car_makes):
    """Something on every admin page: an event of a club with its results, a preview, a
    championship, a renamed person, a group, data versions."""
    general = Classification.objects.create(event=club_event, slug="general")
    applied = import_rows(general, *RALLY_ROWS)
    vhc = Classification.objects.create(event=club_event, slug="vhc", name="VHC")
    preview = preview_import(
        classification=vhc, data=pipe_sheet(*RALLY_ROWS[:3]), source_name="vhc.txt"
    )
    championship = Championship.objects.create(name="Coupe Régionale", slug="coupe", season=2024)
    Round.objects.create(championship=championship, event=club_event, order=1)
    person = Person.objects.get(search_key="dupont jean")
    rename_person(person=person, surname="DUPONT", first_name="Jean-Marc", user=superuser)
    data_changed(events=[club_event])
    return {
        "event": club_event,
        "classification": general,
        "applied": applied,
        "preview": preview,
        "person": person,
        "change": NameChange.objects.first(),
        "cars": list(Car.objects.order_by("pk").values_list("pk", flat=True)[:2]),
    }


def admin_pages():
    """Every registered model's list, add and change page (its first row)."""
    for model in admin.site._registry:
        meta = model._meta
        prefix = f"admin:{meta.app_label}_{meta.model_name}"
        try:
            yield reverse(f"{prefix}_changelist")
        except NoReverseMatch:
            continue
        yield reverse(f"{prefix}_add")
        first = model._default_manager.order_by("pk").first()
        if first is not None:
            yield reverse(f"{prefix}_change", args=[first.pk])
    yield reverse("admin:index")
    yield reverse("admin:app_list", args=["results"])
    yield reverse("admin:app_list", args=["auth"])


def staff_pages(world):
    event, classification = world["event"], world["classification"]
    yield reverse("uploads:upload")
    yield reverse("uploads:preview", args=[world["preview"].pk])
    yield reverse("uploads:history", args=[event.pk])
    yield reverse("uploads:compare", args=[event.pk])
    yield reverse("uploads:decisions", args=[classification.pk])
    yield reverse("names:suggestions")
    yield reverse("names:split", args=[world["person"].pk])
    yield reverse("names:anonymise", args=[world["person"].pk])
    yield reverse("names:undo", args=[world["change"].pk])
    ids = ",".join(str(pk) for pk in world["cars"])
    yield reverse("names:merge_cars") + f"?ids={ids}"
    people = Person.objects.order_by("pk").values_list("pk", flat=True)[:2]
    yield reverse("names:merge") + "?ids=" + ",".join(str(pk) for pk in people)


#: What the test wrote that pages show alike in both languages (names, not sentences).
#: The Organisers group is made by a migration under that name (`access.ORGANISERS`).
DATA = frozenset({"admin", "Organisers"})


def english_on(client: Client, url: str) -> list[str]:
    french = client.get(url, **FRENCH)
    # A refusal (409: two people who cannot be merged) is a page to read in French too.
    assert french.status_code in (200, 403, 409), (url, french.status_code)
    if french.status_code == 403:  # not for this user (an add page of a read-only table)
        return []
    english = client.get(url, **ENGLISH)
    return english_left(french.content.decode(), english.content.decode(), data=DATA)


def test_every_admin_and_staff_page_is_french_for_a_french_admin(world, superuser):
    client = Client()
    client.force_login(superuser)
    found = {}
    walked = 0
    for url in [*admin_pages(), *staff_pages(world)]:
        walked += 1
        left = english_on(client, url)
        if left:
            found[url] = left
    assert walked > 40
    texts = sorted({text for left in found.values() for text in left})
    assert not found, (texts, sorted(found))


def test_an_organiser_sees_the_admin_and_upload_pages_in_french(world, club_organiser):
    client = Client()
    client.force_login(club_organiser)
    found = {}
    for url in [
        reverse("admin:index"),
        reverse("admin:results_event_changelist"),
        reverse("admin:results_event_change", args=[world["event"].pk]),
        reverse("uploads:upload"),
        reverse("uploads:preview", args=[world["preview"].pk]),
        reverse("uploads:history", args=[world["event"].pk]),
    ]:
        left = english_on(client, url)
        if left:
            found[url] = left
    assert not found, found


def _refused_upload(client: Client, event, unreadable, **language) -> str:
    fields = {"event": event.pk, "classification": "Général", "discipline": "rally"}
    upload = SimpleUploadedFile(unreadable.name, unreadable.data)
    response = client.post(reverse("uploads:upload"), {**fields, "file": upload}, **language)
    if response.status_code == 302:  # read in the background: the job's page says why
        response = client.get(response["Location"], **language)
    assert response.status_code == 200, (unreadable.name, response.status_code)
    html = response.content.decode()
    assert "podium-parse-error" in html and f'title="{unreadable.code}"' in html, unreadable.name
    return html


@pytest.mark.parametrize("background", [False, True], ids=["form", "job"])
def test_every_kind_of_unreadable_file_is_refused_in_french(
    world, club_organiser, settings, background
):
    """A picture, an archive, a scan, a protected PDF, a damaged workbook…: the upload form,
    or the background reading's page, says what happened and what to do in French, without
    the reader's English reason; so does the history that keeps the failed imports."""
    if background:
        settings.PODIUM_BACKGROUND_UPLOAD_KB = 0
    client = Client()
    client.force_login(club_organiser)
    found = {}
    for unreadable in unreadable_files():
        french = _refused_upload(client, world["event"], unreadable, **FRENCH)
        english = _refused_upload(client, world["event"], unreadable, **ENGLISH)
        left = english_left(french, english, data=DATA)
        if left:
            found[unreadable.name] = left
    assert not found, found
    history = reverse("uploads:history", args=[world["event"].pk])
    assert not english_on(client, history)


# The check itself ------------------------------------------------------------------------


def test_the_check_flags_an_english_sentence_and_passes_names_and_translations():
    french = "<p>Ajouter un événement</p><p>Peugeot 306</p><p>Save and continue</p>"
    english = "<p>Add event</p><p>Peugeot 306</p><p>Save and continue</p>"
    assert english_left(french, english, data=frozenset()) == ["Save and continue"]


def test_the_check_reads_buttons_and_tooltips_not_scripts():
    html = (
        '<input type="submit" value="Delete"><span title="Show all">x</span>'
        "<script>var label = 'Hidden text';</script><input type=hidden value=Secret>"
        '<p>Lu <q class="podium-issue-detail">as <b>read</b></q> ici<br>› Home</p>'
    )
    # A quoted parser message is read as well: a French page must not quote English.
    assert visible_texts(html) == ["Delete", "Show all", "x", "Lu", "as", "read", "ici", "Home"]


def test_the_check_passes_identifiers_but_not_words():
    french = "<p>resultats.txt</p><p>column-unknown</p><p>Organisers</p><p>Search</p>"
    assert english_left(french, french, data=frozenset({"Organisers"})) == ["Search"]


def test_the_check_passes_a_digest_whose_letters_spell_a_word():
    # A file's sha256 in a tooltip: `dec` among its letters (Django's "Dec.") is not text.
    digest = "b94baa6e32dec3b4114255d4dddfa1196eef0a6b463f6e21574759751f4a2219"
    assert "dec" in english_words()
    html = f'<code title="{digest}">{digest[:12]}…</code><p>ES12 : 2 entries</p>'
    assert english_left(html, html, data=frozenset()) == ["ES12 : 2 entries"]


def test_the_lexicon_holds_english_not_french():
    lexicon = english_words()
    assert {"save", "delete", "history", "entries", "search"} <= lexicon
    assert not {"date", "discipline", "version", "position", "club"} & lexicon


def test_the_data_versions_are_read_only_for_every_admin(world, superuser):
    client = Client()
    client.force_login(superuser)
    page = client.get(reverse("admin:results_dataversion_changelist"), **FRENCH)
    html = page.content.decode()
    assert "Versions des données" in html
    assert reverse("admin:results_dataversion_add") not in html


def test_the_club_admin_in_french(world, superuser, club):
    client = Client()
    client.force_login(superuser)
    html = client.get(reverse("admin:results_club_change", args=[club.pk]), **FRENCH)
    text = html.content.decode()
    assert "Nom court" in text and "Région" in text and "Membres" in text


# The catalogue ---------------------------------------------------------------------------


def po_entries(path):
    """Each entry of a .po file as (flags, msgid, [msgstr, ...])."""
    entries, flags, fields, key = [], set(), {}, None
    for raw in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = raw.strip()
        if not line:
            if "msgid" in fields:
                strings = [v for k, v in fields.items() if k.startswith("msgstr")]
                entries.append((flags, fields["msgid"], strings))
            flags, fields, key = set(), {}, None
        elif line.startswith("#,"):
            flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#~"):
            fields["obsolete"] = ""
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            fields[key] += line[1:-1]
        else:
            key, _, value = line.partition(" ")
            fields[key] = value[1:-1]
    return entries


def test_the_french_catalogue_has_no_untranslated_or_fuzzy_entry():
    entries = po_entries(ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po")
    assert len(entries) > 500
    header = [e for e in entries if e[1] == ""]
    assert len(header) == 1
    fuzzy = [msgid for flags, msgid, _ in entries if "fuzzy" in flags]
    untranslated = [msgid for _, msgid, strings in entries if msgid and not all(strings)]
    assert not fuzzy and not untranslated, (fuzzy, untranslated)


def test_the_catalogue_check_sees_a_fuzzy_and_an_empty_entry(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n\n#, fuzzy\nmsgid "Save"\nmsgstr "Enregistrer"\n\n'
        'msgid "Delete"\nmsgstr ""\n\nmsgid "one"\nmsgid_plural "many"\n'
        'msgstr[0] "un"\nmsgstr[1] ""\n',
        encoding="utf-8",
    )
    entries = po_entries(po)
    assert [e[1] for e in entries if "fuzzy" in e[0]] == ["Save"]
    assert [e[1] for e in entries if e[1] and not all(e[2])] == ["Delete", "one"]


def test_permission_groups_are_not_clubs_in_the_admin(world, superuser):
    client = Client()
    client.force_login(superuser)
    Group.objects.get_or_create(name="Bénévoles")
    html = client.get(reverse("admin:results_event_change", args=[world["event"].pk]))
    select = re.search(r'<select name="club".*?</select>', html.content.decode(), re.S)
    assert select and "ASA Vesoul" in select.group(0) and "Bénévoles" not in select.group(0)
    assert "Organisers" not in select.group(0)
    assert list(Club.objects.values_list("name", flat=True)) == ["ASA Vesoul"]
    assert ResultImport.objects.count() == 2
