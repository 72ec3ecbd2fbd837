"""Security headers on every kind of page, and a Content Security Policy that no template
needs to loosen: no inline script, no inline style, no event-handler attribute."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.django_db

TEMPLATES = ROOT / "templates"
# `<script>` without a src, `<style>`, `style="..."` and `onclick=`-like attributes.
INLINE = re.compile(
    r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle\s*=|\son[a-z]+\s*=", re.IGNORECASE
)


def _directives(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {words[0]: words[1:] for words in parts}


@pytest.fixture
def pages(client, superuser, event_url):
    """A public page twice (built, then from the cache), the admin login and index."""
    public = [client.get(event_url), client.get(event_url), client.get("/fr/")]
    login = client.get("/admin/login/")
    client.force_login(superuser)
    return [*public, login, client.get("/admin/"), client.get("/admin/podium/uploads/")]


def test_every_page_sends_the_security_headers(pages):
    for response in pages:
        assert response.status_code == 200
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["X-Frame-Options"] == "DENY"
        assert response["Referrer-Policy"] == "same-origin"
        assert response["Cross-Origin-Opener-Policy"] == "same-origin"


def test_the_content_security_policy_allows_no_inline_script_or_style(pages):
    for response in pages:
        policy = _directives(response["Content-Security-Policy"])
        assert policy["default-src"] == ["'self'"]
        assert policy["script-src"] == ["'self'"]
        assert policy["style-src"] == ["'self'"]
        assert policy["object-src"] == ["'none'"]
        assert policy["frame-ancestors"] == ["'none'"]
        assert policy["base-uri"] == ["'self'"]
        assert not [words for words in policy.values() if "'unsafe-inline'" in words]


def test_no_template_holds_inline_script_style_or_handlers():
    offenders = [
        f"{path.relative_to(ROOT)}: {match.group(0)!r}"
        for path in TEMPLATES.rglob("*.html")
        for match in INLINE.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_policy_can_be_tried_in_report_only_mode(tmp_path):
    import os
    import subprocess
    import sys

    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'\n"
        "from django.conf import settings\n"
        "print(bool(settings.CONTENT_SECURITY_POLICY),"
        " settings.CONTENT_SECURITY_POLICY_REPORT_ONLY['DIRECTIVES']['report-uri'][0])"
    )
    env = {**os.environ, "DEBUG": "1", "CSP_REPORT_ONLY": "1", "CSP_REPORT_URI": "/csp-report"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "/csp-report"]


def test_https_requests_get_hsts_under_production_settings(client, settings, event_url):
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_HSTS_PRELOAD = True
    response = client.get(event_url, secure=True)
    assert response["Strict-Transport-Security"] == ("max-age=31536000; includeSubDomains; preload")
