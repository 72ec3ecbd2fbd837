"""Template helpers of the public pages: times in the site's one notation, language links."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url

from results.views import formatting

register = template.Library()


@register.filter
def race_time(ms: int | None, decimals: int = 1) -> str:
    """`{{ entry.time_ms|race_time:1 }}` → `1:05:21,1` in French, `1:05:21.1` in English."""
    if ms is None or ms == "":
        return ""
    return formatting.clock(int(ms), decimals=int(decimals), sep=formatting.decimal_separator())


@register.filter
def race_gap(ms: int | None, decimals: int = 1) -> str:
    """`{{ entry.gap_ms|race_gap:1 }}` → `+0:08,3`."""
    if ms is None or ms == "":
        return ""
    return formatting.gap(int(ms), decimals=int(decimals), sep=formatting.decimal_separator())


@register.filter
def status_label(status: str) -> str:
    return str(formatting.STATUS_LABELS.get(status, status))


@register.filter
def discipline_label(discipline: str) -> str:
    return str(formatting.DISCIPLINE_LABELS.get(discipline, discipline))


@register.simple_tag(takes_context=True)
def language_links(context: template.Context) -> list[dict[str, str]]:
    """The current page in every language: for the switcher and the `hreflang` alternates."""
    request: HttpRequest | None = context.get("request")
    if request is None:
        return []
    path = request.get_full_path()
    current = context.get("LANGUAGE_CODE")
    return [
        {
            "code": code,
            "name": name,
            "url": (url := translate_url(path, code)),
            "absolute": request.build_absolute_uri(url),
            "current": code == current,
        }
        for code, name in settings.LANGUAGES
    ]
