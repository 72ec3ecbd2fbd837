"""Template helpers of the public pages: times in the site's one notation, language links."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils import formats

from results.catalogue import DETAILS, FIELDS, EntryField, Kind
from results.services import refusal_words as refusal_words_
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
def refusal_words(error: Mapping[str, Any]) -> refusal_words_.Refusal:
    """Why a stored import failed, in the reader's language (`refusal_words.refusal`)."""
    return refusal_words_.refusal(error)


@register.filter
def status_label(status: str) -> str:
    return str(formatting.STATUS_LABELS.get(status, status))


@register.filter
def preview_details(values: Mapping[str, Any], precisions: Mapping[str, int]) -> str:
    """`{{ row.values|preview_details:precisions }}`: the import preview's `Other` cell, the
    fields the catalogue gives a detail (`Scratch ASA 12 laps best lap 1:02.3 (9)`), each
    where the sheet gives a value. `precisions` is the decimals of each precision of times."""
    sep = formatting.decimal_separator()
    parts = []
    for field in DETAILS:
        value = values.get(field.contract or "")
        if value in (None, "") or field.detail is None:
            continue
        text = _detail_value(field, value, precisions, sep)
        detail = field.detail
        then = values.get(detail.then) if detail.then else None
        if then not in (None, ""):
            text += f" ({_detail_value(_BY_CONTRACT[detail.then], then, precisions, sep)})"
        if detail.before:
            text = f"{detail.before} {text}"
        if detail.after:
            text = f"{text} {detail.after}"
        parts.append(text)
    return " ".join(parts)


_BY_CONTRACT = {field.contract: field for field in FIELDS if field.contract}


def _detail_value(field: EntryField, value: Any, precisions: Mapping[str, int], sep: str) -> str:
    if field.kind in (Kind.TIME, Kind.GAP):
        decimals = precisions.get(field.precision, 1)
        return formatting.clock(int(value), decimals=decimals, sep=sep)
    # Numbers as the template engine prints them (`101,5` in French).
    return str(formats.localize(value))


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
