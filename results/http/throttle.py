"""Sign-in and password-reset throttling, per account and per client address.

Counted with `results.ratelimit` in Django's cache (Redis in production: every worker counts
together). A failed sign-in is the admin login page answering its form again (200) to a POST;
a success redirects. Past the limit the page is not even reached: a 429 that says why and
when to try again, whatever the password, so guessing on stops helping.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from results import ratelimit
from results.ratelimit import Rate

LOGIN_ACCOUNT = "login-account"
LOGIN_ADDRESS = "login-address"
RESET_EMAIL = "reset-email"
RESET_ADDRESS = "reset-address"


def login_rates() -> tuple[Rate, Rate]:
    window = settings.PODIUM_LOGIN_LOCK_MINUTES * 60
    per_account = settings.PODIUM_LOGIN_FAILURES
    # One address may fail for a few accounts (an office behind one NAT), not for many.
    return Rate(per_account, window), Rate(per_account * 3, window)


def reset_rates() -> tuple[Rate, Rate]:
    per_email = settings.PODIUM_PASSWORD_RESETS_PER_HOUR
    return Rate(per_email, 3600), Rate(per_email * 4, 3600)


class SignInThrottleMiddleware:
    """Refuses sign-ins and reset requests past their limits (after the auth middleware)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            return self.get_response(request)
        if request.path_info == reverse("admin:login"):
            return self._login(request)
        if request.path_info == reverse("uploads:password_reset"):
            return self._reset(request)
        return self.get_response(request)

    def _login(self, request: HttpRequest) -> HttpResponse:
        account, address = login_rates()
        username = request.POST.get("username", "")
        client = ratelimit.client_address(request)
        if ratelimit.exceeded(LOGIN_ACCOUNT, username, account) or ratelimit.exceeded(
            LOGIN_ADDRESS, client, address
        ):
            return throttled_response(request, account.window)
        response = self.get_response(request)
        if response.status_code == 200:  # the form again: a wrong user name or password
            ratelimit.hit(LOGIN_ACCOUNT, username, account)
            ratelimit.hit(LOGIN_ADDRESS, client, address)
        elif response.status_code == 302:
            ratelimit.reset(LOGIN_ACCOUNT, username)
        return response

    def _reset(self, request: HttpRequest) -> HttpResponse:
        per_email, per_address = reset_rates()
        email = request.POST.get("email", "")
        client = ratelimit.client_address(request)
        if ratelimit.exceeded(RESET_EMAIL, email, per_email) or ratelimit.exceeded(
            RESET_ADDRESS, client, per_address
        ):
            return throttled_response(request, per_email.window)
        ratelimit.hit(RESET_EMAIL, email, per_email)
        ratelimit.hit(RESET_ADDRESS, client, per_address)
        return self.get_response(request)


def throttled_response(request: HttpRequest, window: int) -> HttpResponse:
    ctx = {
        "title": _("Too many attempts"),
        "site_header": admin.site.site_header,
        "site_title": admin.site.site_title,
        "minutes": max(1, window // 60),
        "login_url": reverse("admin:login"),
    }
    response = HttpResponse(
        render_to_string("admin/podium/throttled.html", ctx, request=request), status=429
    )
    response["Retry-After"] = str(window)
    return response
