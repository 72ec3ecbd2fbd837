"""The front door: `make test` runs on a machine without a browser, and CI cannot skip them."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from tests.conftest import ROOT

BROWSER_TEST = "tests/browser/test_smoke.py"
# A command as the README writes it for this checkout: `DEBUG=1 .venv/bin/python manage.py X`.
README_COMMAND = re.compile(r"((?:\b[A-Z_]+=\S+\s+)*)\.venv/bin/python manage\.py (\w+)")


def outside_env(*dropped: str) -> dict[str, str]:
    """This process's environment less what the test run itself set (pytest-django's settings)."""
    drop = {"DJANGO_SETTINGS_MODULE", *dropped}
    return {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("PODIUM_")}


def run_pytest(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *args],
        cwd=ROOT,
        env={**outside_env(), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_without_a_browser_the_browser_tests_skip_with_one_line_saying_how_to_enable_them():
    ran = run_pytest({"PODIUM_CHROMIUM": "/nonexistent/chromium"}, BROWSER_TEST)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "skipped" in ran.stdout and "passed" not in ran.stdout
    lines = [line for line in ran.stdout.splitlines() if "browser tests skipped" in line]
    assert lines == [
        "browser tests skipped: no Chromium found; install one (apt-get install chromium) "
        "or point PODIUM_CHROMIUM at its executable"
    ]


def test_ci_turns_the_missing_browser_into_a_failure():
    ran = run_pytest(
        {"PODIUM_CHROMIUM": "/nonexistent/chromium", "PODIUM_REQUIRE_BROWSER": "1"},
        "--collect-only",
        BROWSER_TEST,
    )
    assert ran.returncode != 0
    assert "PODIUM_REQUIRE_BROWSER is set and no Chromium found" in ran.stdout + ran.stderr


def readme_commands() -> list[tuple[dict[str, str], list[str]]]:
    """Each `manage.py` command the README shows for this checkout: its env prefix and words."""
    commands = []
    for prefix, name in README_COMMAND.findall((ROOT / "README.md").read_text()):
        commands.append((dict(word.split("=", 1) for word in prefix.split()), [name]))
    return commands


def test_the_readme_shows_its_manage_commands():
    names = {words[0] for _, words in readme_commands()}
    assert {"import_results", "load_samples", "purge_previews", "parse_results"} <= names


def test_every_manage_command_the_readme_shows_starts_as_written():
    clean = outside_env("DEBUG", "SECRET_KEY", "DATABASE_URL")
    for env, words in readme_commands():
        ran = subprocess.run(
            [sys.executable, "manage.py", *words, "--help"],
            cwd=ROOT,
            env={**clean, **env},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert ran.returncode == 0, (words, ran.stderr)


def test_a_command_without_its_settings_says_what_to_set_without_a_traceback():
    ran = subprocess.run(
        [sys.executable, "manage.py", "load_samples"],
        cwd=ROOT,
        env=outside_env("DEBUG", "SECRET_KEY"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 1
    assert "Traceback" not in ran.stderr
    assert "SECRET_KEY is not set" in ran.stderr and "DEBUG=1" in ran.stderr


def test_make_run_serves_on_the_port_it_is_given():
    ran = subprocess.run(
        ["make", "-n", "run", "PORT=8001"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert "runserver 127.0.0.1:8001" in ran.stdout
