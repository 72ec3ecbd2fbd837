"""Public pages kept whole in Django's cache, under keys that carry the site's data version.

Views mark the pages they may share (`shared_page`); `PageCacheMiddleware`, first in the
middleware stack, stores those answers and serves them again to later visitors without running
the rest of the stack: no session, no URL resolving, no view, no template. (In production the
WSGI front, `results.http.cache_front`, serves them even before Django's handler, trusting
the version it read for `PODIUM_VERSION_TRUST_MS`.) Here a copy is served only if it is still
current, which costs one query (`results.http.version`): the
site's data version (`DataVersion` scope `all`), which every write bumps in its transaction
(`data_changed`, and `PodiumModelAdmin` for what admins edit in the admin). The version is
part of the key (`results.http.copies`), so a write makes every worker build new pages at its
next request: nothing is ever invalidated, old keys age out, and a stale page is never served.

One version for the whole site means an import anywhere renews every page. That suits results
sites: writes come in bursts after events, reads are many and between them.

Only visitors without a session cookie are served copies: staff see unpublished events and
pages of their own, and their pages are never stored. Being first, the middleware stores the
answer with every header the stack gave it (security headers and CSP included) and serves a
copy only where the stack would have answered the same: never to a plain HTTP request that the
security middleware sends to HTTPS, never for a host not allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response

from results.http.conditional import site_version
from results.http.copies import (
    MISSED,
    VALIDATORS,
    Frozen,
    find_copy,
    keep_copy,
    page_key,
    request_basis,
)

#: Headers of the stored answer that a copy must not carry: they are per request.
_NOT_KEPT = frozenset({"set-cookie", "date"})
_SHARED = "_podium_shared"
_RENDER_ONLY = "_podium_render_only"


def shared_page(*, params: Iterable[str] = ()) -> Callable:
    """Mark the view's answers to anonymous visitors as pages every such visitor may get.

    Only requests whose query string names nothing but `params` (what the view reads), each
    once, with a value, written as the site's own links write it; and only when the view did
    not say a value was unknown (`render_only`): a copy per junk query string would let
    anyone fill the cache, so such answers are rendered and not stored.
    """
    allowed = frozenset(params)

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            response = view(request, *args, **kwargs)
            if (
                not request.user.is_authenticated
                and allowed.issuperset(request.GET)
                and _canonical(request)
                and not getattr(request, _RENDER_ONLY, False)
            ):
                setattr(response, _SHARED, True)
            return response

        return wrapped

    return decorator


def render_only(request: HttpRequest) -> None:
    """The view read a query value it does not know (a sort key, a scope, an export format):
    its answer is rendered but never stored."""
    setattr(request, _RENDER_ONLY, True)


def _canonical(request: HttpRequest) -> bool:
    """The query string is the one way the site's links write it: each name once, with a
    value, encoded as `urlencode` does. Otherwise one page would have endless spellings
    (`?sort=time&sort=time…`, `?sort=%74ime`), each its own key."""
    items = [(key, values[-1]) for key, values in request.GET.lists() if len(values) == 1]
    if len(items) != len(request.GET) or any(not value for _key, value in items):
        return False
    return urlencode(items) == request.META.get("QUERY_STRING", "")


def _storable(request: HttpRequest, response: HttpResponse) -> bool:
    vary = {part.strip().lower() for part in response.get("Vary", "").split(",") if part.strip()}
    return (
        getattr(response, _SHARED, False)
        # A HEAD gets the copy of its GET; a view's answer to a HEAD is never stored.
        and request.method == "GET"
        and response.status_code == 200
        and not response.streaming
        and not response.cookies
        # Only visitors without a session cookie are served copies: Vary: Cookie holds for them.
        and vary <= {"cookie"}
        # A page that printed a CSRF token must set its cookie: never served from a copy.
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and "private" not in response.get("Cache-Control", "")
    )


def _frozen(response: HttpResponse) -> Frozen:
    headers = [(k, v) for k, v in response.items() if k.lower() not in _NOT_KEPT]
    return response.status_code, response.content, headers


def _thawed(request: HttpRequest, frozen: Frozen) -> HttpResponse:
    status, content, headers = frozen
    response = HttpResponse(content, status=status, headers=dict(headers))
    if not any(name in request.META for name in VALIDATORS):
        return response
    return get_conditional_response(request, etag=response.get("ETag"), response=response)


class PageCacheMiddleware:
    """Serve stored shared pages to visitors without a session; store the ones views marked."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        basis = request_basis(request.META, request.path)
        found = site_version(request) if basis is not None else None
        if found is None:
            return self.get_response(request)
        page = page_key(basis, *found)
        frozen = find_copy(page) if request.META.get(MISSED) != basis else None
        if frozen is not None:
            return _thawed(request, frozen)
        response = self.get_response(request)
        if _storable(request, response):
            keep_copy(page, _frozen(response))
        return response
