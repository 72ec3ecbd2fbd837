"""Sign-in and password-reset throttling: guessing on stops helping (issue 20, finding 2);
idle sessions end (finding 10)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db

RIGHT = "the-right-password-12"


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user(
        username="chief", email="chief@example.org", password=RIGHT, is_staff=True
    )


def sign_in(client: Client, username: str, password: str):
    return client.post(reverse("admin:login"), {"username": username, "password": password})


def test_250_wrong_passwords_then_the_right_one_does_not_sign_in(staff):
    client = Client()
    answers = [sign_in(client, "chief", f"guess-{n}").status_code for n in range(250)]
    assert answers.count(200) == 10  # the form again, ten times; then refused
    assert set(answers[10:]) == {429}

    final = sign_in(client, "chief", RIGHT)

    assert final.status_code == 429
    assert "_auth_user_id" not in client.session
    assert final["Retry-After"] == str(15 * 60)
    assert "Trop de tentatives" in final.content.decode()  # French by default


def test_one_address_guessing_many_accounts_is_refused(staff):
    client = Client()
    answers = [sign_in(client, f"user{n}", "wrong").status_code for n in range(40)]
    assert answers.count(200) == 30
    assert sign_in(client, "chief", RIGHT).status_code == 429


def test_the_account_stays_locked_from_another_address(staff):
    for n in range(10):
        sign_in(Client(REMOTE_ADDR=f"10.0.0.{n}"), "chief", "wrong")
    other = Client(REMOTE_ADDR="10.9.9.9")
    assert sign_in(other, "chief", RIGHT).status_code == 429


def test_a_few_mistakes_then_the_right_password_signs_in(staff):
    client = Client()
    for _ in range(3):
        assert sign_in(client, "chief", "wrong").status_code == 200
    assert sign_in(client, "chief", RIGHT).status_code == 302
    assert client.session["_auth_user_id"] == str(staff.pk)


def test_20_reset_requests_for_one_address_are_not_all_accepted(staff):
    client = Client()
    url = reverse("uploads:password_reset")
    answers = [client.post(url, {"email": "chief@example.org"}).status_code for _ in range(20)]
    assert answers.count(302) == 5
    assert answers[5:] == [429] * 15
    assert len(mail.outbox) == 5


def test_a_cache_that_does_not_answer_lets_sign_in_through(staff, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.1, "socket_timeout": 0.1},
        }
    }
    from django.core.cache import caches

    assert "Redis" in type(caches["default"]).__name__
    client = Client()
    assert sign_in(client, "chief", RIGHT).status_code == 302


def test_a_session_idle_for_over_an_hour_ends(staff):
    from django.contrib.auth.models import User

    client = Client()
    assert sign_in(client, "chief", RIGHT).status_code == 302
    index = reverse("admin:index")
    assert client.get(index).status_code == 200
    # Two hours pass without a request.
    User.objects.filter(pk=staff.pk).update(last_login=timezone.now() - timedelta(hours=2))
    session = client.session
    session["podium_seen"] = int(time.time()) - 2 * 3600
    session.save()
    response = client.get(index)
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]
    assert "_auth_user_id" not in client.session


def test_activity_keeps_a_session_alive(staff):
    client = Client()
    sign_in(client, "chief", RIGHT)
    session = client.session
    session["podium_seen"] = int(time.time()) - 50 * 60  # 50 minutes ago
    session.save()
    assert client.get(reverse("admin:index")).status_code == 200
    assert client.session["podium_seen"] >= int(time.time()) - 5  # renewed
