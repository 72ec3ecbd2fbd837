"""The staff pages speak the browser's language: English to an English browser, French to a
French one and to any other (French is the site's default).

Staff pages live outside the `/fr/` and `/en/` prefixes: Django's LocaleMiddleware picks their
language from the `django_language` cookie, then `Accept-Language`, then LANGUAGE_CODE.
"""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from results.models import Classification, Event, Person, ResultImport
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db

UPLOAD = reverse("uploads:upload")
ROWS = (
    "| 1 | 12 | MARTIN Jean/DUBOIS Marie | Peugeot 106 S16 | N2 | 05:00,0 | |",
    "| 2 | 7 | PETIT Luc/ROBERT Anne | Citroën Saxo VTS | A6 | 05:08,3 | +8,3 |",
    "| 3 | 3 | DURAND Paul/THOMAS Claire | BMW M3 E30 | N2 | 05:10,0 | +10,0 |",
)
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


def shows(html: str, present: list[str], absent: list[str]) -> None:
    missing = [text for text in present if text not in html]
    stray = [text for text in absent if text in html]
    assert not missing and not stray, f"missing {missing}, should not show {stray}"


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


@pytest.fixture
def previewed(organiser_client, club_event) -> ResultImport:
    fields = {"event": club_event.pk, "classification": "Général", "discipline": "rally"}
    organiser_client.post(UPLOAD, {**fields, "paste": pipe_sheet(*ROWS).decode()})
    return ResultImport.objects.get()


# Upload pages ---------------------------------------------------------------------------------

# The discipline choices are the model's labels: English in English too.
UPLOAD_EN = [
    "Publish results",
    "Where to publish",
    "Organising club",
    "Read and preview",
    "Hill climb",
]
UPLOAD_FR = [
    "Publier des résultats",
    "Où publier",
    "Club organisateur",
    "Lire et prévisualiser",
    "Course de côte",
]


@pytest.mark.parametrize(
    ("accept", "english"),
    [
        ("en", True),
        ("en-GB,en;q=0.9,fr;q=0.5", True),
        ("fr-FR,fr;q=0.9,en;q=0.8", False),
        ("de-DE,de;q=0.9", False),  # neither: the site's default, French
        (None, False),
    ],
)
def test_the_upload_form_speaks_the_browsers_language_french_by_default(
    organiser_client, accept, english
):
    headers = {"HTTP_ACCEPT_LANGUAGE": accept} if accept else {}
    html = organiser_client.get(UPLOAD, **headers).content.decode()
    if english:
        shows(html, UPLOAD_EN, UPLOAD_FR)
    else:
        shows(html, UPLOAD_FR, UPLOAD_EN)


def test_the_language_cookie_wins_over_the_browser(organiser_client, settings):
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    html = organiser_client.get(UPLOAD, **ENGLISH).content.decode()
    shows(html, UPLOAD_FR, UPLOAD_EN)


def test_the_upload_forms_errors_are_in_english(organiser_client, club_event):
    response = organiser_client.post(
        UPLOAD, {"event": club_event.pk, "classification": "Général"}, **ENGLISH
    )
    shows(
        response.content.decode(),
        ["Choose a file or paste the table."],
        ["Choisissez un fichier ou collez le tableau."],
    )


PREVIEW_EN = [
    "Check before publishing",
    "Format detected",
    "Results replaced",
    "Confirm and publish",
    "Columns as read",
    "let Podium guess",
    "The results as they will be published",
]
PREVIEW_FR = [
    "Vérifier avant de publier",
    "Format détecté",
    "Résultats remplacés",
    "Confirmer et publier",
    "Colonnes lues",
    "à deviner",
    "Les résultats tels qu'ils seront publiés",
]


def test_the_preview_in_english_and_in_french(organiser_client, previewed):
    url = reverse("uploads:preview", args=[previewed.pk])
    shows(organiser_client.get(url, **ENGLISH).content.decode(), PREVIEW_EN, PREVIEW_FR)
    shows(organiser_client.get(url, **FRENCH).content.decode(), PREVIEW_FR, PREVIEW_EN)


def test_the_confirm_message_is_in_english(organiser_client, previewed):
    response = organiser_client.post(reverse("uploads:confirm", args=[previewed.pk]), **ENGLISH)
    said = [str(m) for m in response.wsgi_request._messages]
    assert said == ["3 results published for “Rallye des Tests — Général”."]


HISTORY_EN = ["Imports of Rallye des Tests", "Applied", "Read again", "When", "Warn."]
HISTORY_FR = ["Imports de Rallye des Tests", "Appliqué", "Relire", "Quand", "Avert."]


def test_the_import_history_in_english_and_in_french(organiser_client, previewed, club_event):
    organiser_client.post(reverse("uploads:confirm", args=[previewed.pk]))
    url = reverse("uploads:history", args=[club_event.pk])
    shows(organiser_client.get(url, **ENGLISH).content.decode(), HISTORY_EN, HISTORY_FR)
    shows(organiser_client.get(url, **FRENCH).content.decode(), HISTORY_FR, HISTORY_EN)


@override_settings(PODIUM_MAX_UPLOAD_MB=1, DATA_UPLOAD_MAX_MEMORY_SIZE=2 * 1024 * 1024)
def test_the_too_big_page_is_in_english(organiser_client, club_event):
    response = organiser_client.post(
        UPLOAD, {"event": club_event.pk, "paste": "x" * (3 * 1024 * 1024)}, **ENGLISH
    )
    assert response.status_code == 413
    shows(
        response.content.decode(),
        ["Upload too large", "What you sent is over 1 MB", "Back to the form"],
        ["Envoi trop volumineux", "dépasse", "Revenir au formulaire"],
    )


def test_the_password_reset_mail_is_in_english(client, club_organiser):
    client.post(reverse("uploads:password_reset"), {"email": "club@example.org"}, **ENGLISH)
    [sent] = mail.outbox
    assert sent.subject.startswith("Podium: new password on ")
    assert "Someone (you, no doubt) asked for a new password" in sent.body
    assert "mot de passe" not in sent.subject + sent.body


# Name-fixing pages ----------------------------------------------------------------------------
# Like the upload pages: English all round to an English browser, the entries' statuses
# included; French to a French one, inside the admin's own French.


def load(classification: Classification, *rows: str) -> None:
    data = pipe_sheet(*rows)
    apply_import(preview_import(classification=classification, data=data, source_name="r.txt"))


@pytest.fixture
def two_martins(classification, car_makes) -> tuple[Person, Person]:
    other = Classification.objects.create(
        event=Event.objects.create(name="Deux", slug="deux", date=datetime.date(2024, 6, 1)),
        slug="general",
    )
    load(classification, "| Abandon | 5 | MARTIN J./PETIT Anne | BMW M3 | A8 | | |")
    load(other, "| 1 | 7 | MARTIN Jean/ROUX Luc | BMW M3 | A8 | 10:00,0 | |")
    return Person.objects.get(search_key="martin jean"), Person.objects.get(search_key="martin j.")


@pytest.fixture
def admin_client(client, superuser):
    client.force_login(superuser)
    return client


SUGGESTIONS_EN = [
    "Duplicate suggestions",
    "Not the same person",
    "Merge into MARTIN",
    "initials",
    "No likely duplicates",
]
SUGGESTIONS_FR = [
    "Suggestions de doublons",
    "Pas la même personne",
    "Fusionner dans MARTIN",
    "initiales",
    "Aucun doublon probable",
]


def test_the_duplicate_suggestions_in_english_and_in_french(admin_client, two_martins):
    url = reverse("names:suggestions")
    # Only one pair: "No likely duplicates" must not show in either language.
    english = admin_client.get(url, **ENGLISH).content.decode()
    shows(english, [*SUGGESTIONS_EN[:-1], "View site"], [*SUGGESTIONS_FR, "Voir le site"])
    french = admin_client.get(url, **FRENCH).content.decode()
    shows(french, [*SUGGESTIONS_FR[:-1], "Voir le site"], [*SUGGESTIONS_EN, "View site"])


def test_the_merge_confirmation_in_english_and_in_french(admin_client, two_martins):
    url = reverse("names:merge") + "?ids=" + ",".join(str(p.pk) for p in two_martins)
    en = ["Which person to keep?", "Every entry concerned", "1 entry", 'value="Merge"', "Cancel"]
    fr = [
        "Quelle personne garder ?",
        "Tous les engagements concernés",
        "1 engagement",
        'value="Fusionner"',
        "Annuler",
    ]
    english = admin_client.get(url, **ENGLISH).content.decode()
    # The retired entry shows its status: the model's label, in the page's language.
    shows(english, [*en, "<td>Retired</td>", "View site"], [*fr, "<td>Abandon</td>"])
    french = admin_client.get(url, **FRENCH).content.decode()
    shows(french, [*fr, "<td>Abandon</td>", "Voir le site"], [*en, "<td>Retired</td>"])


def test_the_merge_message_in_english_and_in_french(admin_client, two_martins):
    keep, drop = two_martins
    url = reverse("names:merge") + f"?ids={keep.pk},{drop.pk}"
    response = admin_client.post(url, {"keep": keep.pk}, **FRENCH)
    said = [str(m) for m in response.wsgi_request._messages]
    assert said == [
        "Personnes fusionnées dans MARTIN Jean. "
        "Le journal de cette page permet d'annuler la fusion."
    ]
    page = admin_client.get(reverse("admin:results_person_change", args=[keep.pk]), **ENGLISH)
    shows(page.content.decode(), ["Merge", "Undo…"], ["Fusion", "Annuler…"])
    page = admin_client.get(reverse("admin:results_person_change", args=[keep.pk]), **FRENCH)
    shows(page.content.decode(), ["Fusion", "Annuler…"], ["Undo…"])


def test_the_person_admin_page_in_english_and_in_french(admin_client, two_martins):
    url = reverse("admin:results_person_change", args=[two_martins[0].pk])
    en = ["Split (homonyms)…", "Anonymise…", "Duplicate suggestions", "Log of name fixes"]
    fr = ["Scinder (homonymes)…", "Anonymiser…", "Suggestions de doublons", "Corriger"]
    english = admin_client.get(url, **ENGLISH).content.decode()
    shows(english, [*en, 'value="Save"'], [*fr, 'value="Enregistrer"'])
    french = admin_client.get(url, **FRENCH).content.decode()
    shows(french, [*fr, 'value="Enregistrer"'], [*en, 'value="Save"'])
