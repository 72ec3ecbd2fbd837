"""Request bodies are refused from their declared size, before anything parses them
(issue 20, findings 6 and 9)."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

MULTIPART = "multipart/form-data; boundary=podium"


class Unread(io.BytesIO):
    """A request body that records whether anything read it."""

    touched = False

    def read(self, *args):
        Unread.touched = True
        return super().read(*args)

    def readline(self, *args):
        Unread.touched = True
        return super().readline(*args)


def multipart(size: int) -> bytes:
    head = b'--podium\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\n'
    return head + b"x" * size + b"\r\n--podium--\r\n"


def test_a_large_anonymous_post_to_a_public_page_is_refused_unread():
    Unread.touched = False
    response = Client().generic(
        "POST",
        "/fr/",
        b"",
        content_type=MULTIPART,
        CONTENT_LENGTH=str(1024**3),
        **{"wsgi.input": Unread(multipart(10))},
    )
    assert response.status_code == 413
    assert not Unread.touched


def test_a_body_over_64_kb_is_refused_before_the_csrf_check():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/fr/", multipart(100 * 1024), content_type=MULTIPART)
    assert response.status_code == 413  # not the CSRF check's 403: nothing parsed it


def test_a_small_post_still_reaches_the_csrf_check():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/fr/", multipart(1024), content_type=MULTIPART).status_code == 403


def test_every_method_is_bounded(client):
    for method in ("PUT", "PATCH", "DELETE"):
        response = client.generic(method, "/api/v1/events/", b"x" * (65 * 1024))
        assert response.status_code == 413, method


def test_the_upload_pages_take_a_sheet_up_to_their_own_limit(client, settings):
    settings.PODIUM_MAX_UPLOAD_MB = 1
    url = reverse("uploads:upload")
    under = client.post(url, multipart(512 * 1024), content_type=MULTIPART)
    assert under.status_code != 413  # read, then the staff check answers
    over = client.post(url, b"", content_type=MULTIPART, CONTENT_LENGTH=str(3 * 1024**2))
    assert over.status_code == 413


def test_the_413_page_never_links_to_the_posted_path(client, settings):
    settings.PODIUM_MAX_UPLOAD_MB = 1
    for path in ("//evil.example/", "/admin/podium/uploads//evil.example/"):
        response = client.post(path, b"", content_type=MULTIPART, CONTENT_LENGTH=str(3 * 1024**2))
        assert response.status_code == 413
        page = response.content.decode()
        assert "evil.example" not in page
        if "href" in page:
            assert 'href="/admin/podium/uploads/"' in page
