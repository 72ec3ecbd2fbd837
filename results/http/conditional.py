"""Conditional GET for the public pages: an ETag from the site's data version.

A public page is a function of the data and of its request: path and query string, language,
and who asks (staff see unpublished events). Every write bumps the site's version in its own
transaction (`results.services.freshness`), so `(version, request)` names one answer: that is
the ETag. A revalidation costs one small query and no lookup of the page's objects; a 404
keeps its validator too, which is right, since the page is still missing at that version.

The version is read once per request and shared with the page cache
(`results.http.caching`), whose copies carry the validators they were built with. Pages send
no Last-Modified: a date has whole seconds, and two writes in one second, or a database
restored from a backup, would make a stale page look current.

Both the ETag and the copies' keys also carry the release (`release`): a new version of Podium
(its code, templates, translations or static files) renews every page, as would a write.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language

from results.http.version import SiteVersion, read_site_version

_ATTR = "_podium_site_version"
#: Set in the WSGI environ by the page cache's front, which read the version first.
VERSION_READ = "podium.site_version"


def site_version(request: HttpRequest) -> SiteVersion | None:
    """`read_site_version`, once per request (the front may have read it already)."""
    if not hasattr(request, _ATTR):
        found = request.META.get(VERSION_READ) or read_site_version()
        setattr(request, _ATTR, found)
    return getattr(request, _ATTR)


@functools.cache
def release() -> str:
    """What this deployment of Podium is: `PODIUM_RELEASE` when the deployment names it (a
    commit), else a digest of the code, templates, translations and static files' manifest,
    read once per process."""
    if settings.PODIUM_RELEASE:
        return settings.PODIUM_RELEASE
    digest = hashlib.blake2b(digest_size=8)
    base = Path(settings.BASE_DIR)
    files = [
        *sorted((base / "results").rglob("*.py")),
        *sorted((base / "config").rglob("*.py")),
        *sorted((base / "templates").rglob("*")),
        *sorted((base / "locale").rglob("*.mo")),
        Path(settings.STATIC_ROOT) / "staticfiles.json",
    ]
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(base) if base in path.parents else path).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def page_etag(request: HttpRequest, *args, **kwargs) -> str | None:
    """A strong validator: the version, the release, the full path, the language and the
    visitor's account (a staff member's page is theirs alone)."""
    found = site_version(request)
    if found is None:
        return None
    user = request.user.pk if request.user.is_authenticated else ""
    version, stamp = found
    basis = f"{version}\n{stamp}\n{release()}\n{request.get_full_path()}\n{get_language()}\n{user}"
    return f'"{hashlib.blake2s(basis.encode(), digest_size=12).hexdigest()}"'


def api_etag(request: HttpRequest) -> str | None:
    """The API's validator: as `page_etag`, but the API has no language and sees every caller
    as anonymous; its links are absolute, so the host is part of the answer too."""
    found = site_version(request)
    if found is None:
        return None
    version, stamp = found
    basis = f"api\n{version}\n{stamp}\n{release()}\n{request.get_host()}\n{request.get_full_path()}"
    return f'"{hashlib.blake2s(basis.encode(), digest_size=12).hexdigest()}"'
