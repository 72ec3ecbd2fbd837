"""`results.http.copies` reads the WSGI environ before Django has made a request of it.

It copies what `HttpRequest.get_host()`, `scheme` and `is_secure()` decide (private logic of
Django's), so a copy is only ever served where Django would have answered the same page. These
tests hold the two readings equal over every combination of the headers and settings that
change them; a Django upgrade that changes its reading fails here first.
"""

from __future__ import annotations

import itertools

import pytest
from django.core.exceptions import DisallowedHost
from django.core.handlers.wsgi import WSGIRequest
from django.test import RequestFactory

from results.http.copies import _raw_host, is_secure, request_basis

PATH = "/fr/events/x/"

#: What a proxy, a client or the WSGI server may put in the environ that changes host or scheme.
ENVIRONS = [
    {"HTTP_HOST": "podium.example"},
    {"HTTP_HOST": "podium.example:8443", "HTTP_X_FORWARDED_PROTO": "https"},
    {"HTTP_HOST": "podium.example", "HTTP_X_FORWARDED_PROTO": "https, http"},
    {"HTTP_HOST": "podium.example", "HTTP_X_FORWARDED_PROTO": " https "},
    {"HTTP_HOST": "podium.example", "HTTP_X_FORWARDED_PROTO": "HTTPS"},
    {"HTTP_HOST": "podium.example", "HTTP_X_FORWARDED_PROTO": "http", "wsgi.url_scheme": "https"},
    {"HTTP_HOST": "podium.example", "HTTP_X_FORWARDED_PROTO": "", "wsgi.url_scheme": "https"},
    {"HTTP_HOST": "podium.example", "wsgi.url_scheme": "https"},
    {"HTTP_HOST": "PODIUM.example"},
    {"HTTP_HOST": "podium.example."},
    {"HTTP_HOST": "sub.podium.example"},
    {"HTTP_HOST": "evil.example"},
    {"HTTP_HOST": "podium.example:notaport"},
    {"HTTP_HOST": "podium.example@evil.example"},
    {"HTTP_HOST": ""},
    {"HTTP_HOST": "localhost:8000"},
    {"HTTP_HOST": "127.0.0.1"},
    {"HTTP_HOST": "[::1]:8000"},
    {"HTTP_HOST": "evil.example", "HTTP_X_FORWARDED_HOST": "podium.example"},
    {"HTTP_HOST": "podium.example", "HTTP_X_FORWARDED_HOST": "evil.example"},
    {"HTTP_X_FORWARDED_HOST": "podium.example:8000"},
    {"SERVER_NAME": "podium.example", "SERVER_PORT": "8000"},
    {"SERVER_NAME": "podium.example", "SERVER_PORT": "80"},
    {"SERVER_NAME": "podium.example", "SERVER_PORT": "443"},
    {"SERVER_NAME": "podium.example", "SERVER_PORT": "443", "wsgi.url_scheme": "https"},
    {"SERVER_NAME": "podium.example", "SERVER_PORT": "80", "wsgi.url_scheme": "https"},
    {"SERVER_NAME": "podium.example", "SERVER_PORT": "443", "HTTP_X_FORWARDED_PROTO": "https"},
]

#: The settings that change the reading: (USE_X_FORWARDED_HOST, SECURE_PROXY_SSL_HEADER,
#: ALLOWED_HOSTS, DEBUG).
SETTINGS = list(
    itertools.product(
        [False, True],
        [None, ("HTTP_X_FORWARDED_PROTO", "https")],
        [["podium.example"], [".podium.example"], ["*"], []],
        [False, True],
    )
)


def _environ(meta: dict[str, str]) -> dict:
    environ = RequestFactory()._base_environ(**meta)
    if "HTTP_HOST" not in meta:
        environ.pop("HTTP_HOST", None)
    return environ


def _django_host(request: WSGIRequest) -> str | None:
    try:
        return request.get_host()
    except DisallowedHost:
        return None


@pytest.mark.parametrize("meta", ENVIRONS, ids=lambda meta: repr(sorted(meta.items())))
@pytest.mark.parametrize(
    ("forwarded_host", "proxy_header", "allowed", "debug"),
    SETTINGS,
    ids=lambda value: repr(value),
)
def test_the_copies_read_host_and_scheme_as_django_does(
    settings, meta, forwarded_host, proxy_header, allowed, debug
):
    settings.USE_X_FORWARDED_HOST = forwarded_host
    settings.SECURE_PROXY_SSL_HEADER = proxy_header
    settings.ALLOWED_HOSTS = allowed
    settings.DEBUG = debug
    settings.SECURE_SSL_REDIRECT = False
    environ = _environ(meta)
    request = WSGIRequest(dict(environ))

    secure = is_secure(environ)
    assert secure == request.is_secure()
    assert ("https" if secure else "http") == request.scheme
    assert _raw_host(environ, secure) == request._get_raw_host()

    # A copy is named exactly where Django accepts the host, after the same scheme and host.
    host = _django_host(request)
    basis = request_basis(environ, PATH)
    if host is None:
        assert basis is None
    else:
        assert basis == f"{request.scheme}://{host}{PATH}?"


@pytest.mark.parametrize("meta", ENVIRONS[:8], ids=lambda meta: repr(sorted(meta.items())))
def test_no_copy_for_a_plain_http_request_django_sends_to_https(settings, meta):
    settings.ALLOWED_HOSTS = ["podium.example"]
    settings.SECURE_SSL_REDIRECT = True
    environ = _environ(meta)
    request = WSGIRequest(dict(environ))
    basis = request_basis(environ, PATH)
    if not request.is_secure():
        assert basis is None
    else:
        assert basis == f"https://{request.get_host()}{PATH}?"


@pytest.mark.parametrize(
    ("meta", "force_script_name"),
    [
        ({}, None),
        ({"SCRIPT_NAME": "/podium"}, None),
        ({"SCRIPT_NAME": "/podium/"}, None),
        ({"SCRIPT_URL": "/mounted/fr/events/x/"}, None),
        ({"REDIRECT_URL": "/moved/fr/events/x/"}, None),
        ({}, "/forced"),
        ({"SCRIPT_NAME": "/pódium".encode().decode("latin-1")}, None),
        ({"PATH_INFO": "/fr/people/hélène/".encode().decode("latin-1")}, None),
        ({"PATH_INFO": b"/fr/people/\xe9/".decode("latin-1")}, None),
        ({"PATH_INFO": ""}, None),
    ],
    ids=repr,
)
def test_the_copies_read_the_path_as_django_does(settings, meta, force_script_name):
    from results.http.copies import wsgi_path

    settings.FORCE_SCRIPT_NAME = force_script_name
    environ = {**_environ({"HTTP_HOST": "podium.example"}), "PATH_INFO": PATH, **meta}
    assert wsgi_path(dict(environ)) == WSGIRequest(dict(environ)).path


def test_hosts_refused_are_never_remembered_and_those_allowed_few(settings):
    from results.http import copies

    settings.ALLOWED_HOSTS = ["podium.example"]
    for n in range(200):
        assert request_basis(_environ({"HTTP_HOST": f"junk{n}.example"}), PATH) is None
    assert request_basis(_environ({"HTTP_HOST": "podium.example"}), PATH) is not None
    assert list(copies._allowed) == ["podium.example"]
    settings.ALLOWED_HOSTS = ["*"]
    assert copies._allowed == {}  # a change of settings forgets them
    for n in range(200):
        assert request_basis(_environ({"HTTP_HOST": f"any{n}.example"}), PATH) is not None
    assert len(copies._allowed) <= copies._ALLOWED_KEPT
