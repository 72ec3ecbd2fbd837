"""The pages that say no (too many sign-ins, too many pages built, a body too large, the
database away) speak the visitor's language: French at `/fr/` and to a French browser on the
staff pages, English at `/en/` and to an English browser."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from tests.faults.test_database_drop import DropAfter

pytestmark = pytest.mark.django_db

ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


def says(page: str, wanted: list[str], unwanted: list[str]) -> None:
    assert [w for w in wanted if w not in page] == []
    assert [u for u in unwanted if u in page] == []


SIGN_IN_FR = ["Trop de tentatives", "Réessayez dans 15 minutes", "même avec le bon mot de passe",
              "Revenir à la connexion"]  # fmt: skip
SIGN_IN_EN = ["Too many attempts", "Try again in 15 minutes", "even with the right password",
              "Back to sign-in"]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "wanted", "unwanted"),
    [(FRENCH, SIGN_IN_FR, SIGN_IN_EN), (ENGLISH, SIGN_IN_EN, SIGN_IN_FR)],
)
@override_settings(PODIUM_LOGIN_FAILURES=1)
def test_the_sign_in_throttle_page(language, wanted, unwanted):
    client = Client()
    url = reverse("admin:login")
    for _ in range(2):
        response = client.post(url, {"username": "chief", "password": "wrong"}, **language)
    assert response.status_code == 429
    says(response.content.decode(), wanted, unwanted)


RENDERS_FR = ["Trop de pages demandées", "réessayez dans"]
RENDERS_EN = ["Too many pages requested", "try again in"]


@pytest.mark.parametrize(
    ("prefix", "wanted", "unwanted"),
    [("fr", RENDERS_FR, RENDERS_EN), ("en", RENDERS_EN, RENDERS_FR)],
)
@override_settings(PODIUM_RENDER_RATE="1/minute")
def test_the_too_many_renders_page(client, prefix, wanted, unwanted):
    client.get(f"/{prefix}/events/?season=2001")
    response = client.get(f"/{prefix}/events/?season=2002")
    assert response.status_code == 429
    says(response.content.decode(), [*wanted, f"{response['Retry-After']} "], unwanted)


BODY_FR = ["Requête trop volumineuse : Podium lit au plus 64 Ko ici."]
BODY_EN = ["Request too large: Podium reads at most 64 KB here."]


@pytest.mark.parametrize(
    ("prefix", "wanted", "unwanted"),
    [("fr", BODY_FR, BODY_EN), ("en", BODY_EN, BODY_FR)],
)
def test_the_too_large_answer_of_the_public_pages(client, prefix, wanted, unwanted):
    response = client.generic(
        "POST", f"/{prefix}/", b"x", CONTENT_TYPE="text/plain", CONTENT_LENGTH=str(10**6)
    )
    assert response.status_code == 413
    says(response.content.decode(), wanted, unwanted)


UNAVAILABLE_FR = ["Podium est indisponible pour un instant", "rechargez la page dans 30 secondes"]
UNAVAILABLE_EN = ["Podium is unavailable for a moment", "reload the page in 30 seconds"]


@pytest.mark.parametrize(
    ("prefix", "wanted", "unwanted"),
    [("fr", UNAVAILABLE_FR, UNAVAILABLE_EN), ("en", UNAVAILABLE_EN, UNAVAILABLE_FR)],
)
def test_the_database_away_page(prefix, wanted, unwanted):
    client = Client(raise_request_exception=False)
    with connection.execute_wrapper(DropAfter(1)):
        response = client.get(f"/{prefix}/events/")
    assert response.status_code == 503
    says(response.content.decode(), wanted, unwanted)
