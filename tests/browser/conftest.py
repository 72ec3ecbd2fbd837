"""Browser tests: a headless Chromium driven by Playwright against Django's live server.

Playwright cannot download a browser here, so the tests launch one already on the machine:
`PODIUM_CHROMIUM` if set, else Debian's chromium (`/usr/bin/chromium`, or `chromium` or
`chromium-browser` on the PATH), else a browser Playwright installed itself. Where none is
found the browser tests skip, and one line at the end of the run says how to enable them;
`PODIUM_REQUIRE_BROWSER=1` (set by .ci/run) makes that a failure instead, so CI always runs
them. Screenshots go to test-artifacts/ (kept by CI as artifacts).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Flags for a headless run as root on a machine with no network but loopback.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NOT_FOUND = (
    "no Chromium found; install one (apt-get install chromium) "
    "or point PODIUM_CHROMIUM at its executable"
)
HOW_TO_ENABLE = f"browser tests skipped: {NOT_FOUND}"


def _playwright_own_chromium() -> str | None:
    """The browser `playwright install chromium` left, where it could download one."""
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            path = playwright.chromium.executable_path
    except Exception:  # no driver, no browser build: not a browser we can use
        return None
    return path if path and Path(path).is_file() else None


def find_chromium() -> str | None:
    """The first Chromium found, in the order the module's docstring gives."""
    explicit = os.environ.get("PODIUM_CHROMIUM")
    if explicit:
        found = shutil.which(explicit)
        return found or (explicit if Path(explicit).is_file() else None)
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return _playwright_own_chromium()


def browser_required() -> bool:
    return os.environ.get("PODIUM_REQUIRE_BROWSER", "").strip().lower() in {"1", "true", "yes"}


_chromium: list[str | None] = []  # found once per run, only when a browser test is collected


def chromium() -> str | None:
    if not _chromium:
        _chromium.append(find_chromium())
    return _chromium[0]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    browser_items = [item for item in items if "tests/browser/" in str(item.fspath)]
    for item in browser_items:
        item.add_marker(pytest.mark.browser)
    if not browser_items or chromium() is not None:
        return
    if browser_required():
        # CI sets it: a run without its browser tests must not pass.
        raise pytest.UsageError(f"PODIUM_REQUIRE_BROWSER is set and {NOT_FOUND}")
    skip = pytest.mark.skip(reason=HOW_TO_ENABLE)
    for item in browser_items:
        item.add_marker(skip)


def pytest_terminal_summary(terminalreporter) -> None:
    if _chromium and _chromium[0] is None and not browser_required():
        terminalreporter.write_line(HOW_TO_ENABLE)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    executable = chromium()
    assert executable, "collection skips the browser tests when no Chromium is found"
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread while it lives; the ORM calls
    # the tests make around it are still synchronous and safe. Only while the browser runs,
    # so no later test or subprocess inherits the setting.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=executable, headless=True, args=CHROMIUM_ARGS
            )
            yield browser
            browser.close()
    finally:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


@pytest.fixture
def page(browser) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
