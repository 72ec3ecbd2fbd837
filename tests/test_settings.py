"""Settings come from the environment; a malformed variable stops start-up naming it."""

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

GOOD_KEY = "a-production-key-that-is-long-enough-" + "x" * 20
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": GOOD_KEY,
    "ALLOWED_HOSTS": "podium.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://podium.example.org",
}


def start(env: dict[str, str | None], code: str = "import django; django.setup()"):
    """Start Django in a child process; a None value leaves that variable unset."""
    clean = {k: v for k, v in os.environ.items() if k not in {*PRODUCTION, "DATABASE_URL"}}
    clean.update({k: v for k, v in env.items() if v is not None})
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_settings_start():
    started = start(PRODUCTION)
    assert started.returncode == 0, started.stderr


def test_development_starts_with_nothing_but_debug():
    started = start({"DEBUG": "1"})
    assert started.returncode == 0, started.stderr


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"DEBUG": "maybe"}, "DEBUG"),
        ({"DEBUG": "0", "SECRET_KEY": None}, "SECRET_KEY"),
        ({"DEBUG": "0", "SECRET_KEY": "too-short"}, "SECRET_KEY"),
        ({"DEBUG": "0", "SECRET_KEY": "a" * 64}, "SECRET_KEY"),
        ({"DEBUG": "0", "SECRET_KEY": "abcd" * 16}, "SECRET_KEY"),
        ({"ADMINS": "nobody"}, "ADMINS"),
        (
            {
                "DEBUG": "0",
                "SECRET_KEY": "django-insecure-podium-development-key-never-use-in-production",
            },
            "SECRET_KEY",
        ),
        ({"PODIUM_MAX_UPLOAD_MB": "five"}, "PODIUM_MAX_UPLOAD_MB"),
        ({"PODIUM_MAX_UPLOAD_MB": "0"}, "PODIUM_MAX_UPLOAD_MB"),
        ({"SECURE_HSTS_SECONDS": "1 year"}, "SECURE_HSTS_SECONDS"),
        ({"SECURE_SSL_REDIRECT": "perhaps"}, "SECURE_SSL_REDIRECT"),
        ({"ALLOWED_HOSTS": "a.org,,b.org"}, "ALLOWED_HOSTS"),
        ({"CSRF_TRUSTED_ORIGINS": "podium.example.org"}, "CSRF_TRUSTED_ORIGINS"),
        ({"DATABASE_URL": "mysql://u@h/db"}, "DATABASE_URL"),
        ({"DATABASE_URL": "postgres://u@h:5432/"}, "DATABASE_URL"),
        ({"DATABASE_URL": "postgres://u@h:5432/db", "CONN_MAX_AGE": "forever"}, "CONN_MAX_AGE"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"PODIUM_API_RATE": "lots"}, "PODIUM_API_RATE"),
        ({"PODIUM_API_RATE": "0/minute"}, "PODIUM_API_RATE"),
        ({"PODIUM_RENDER_RATE": "120 a minute"}, "PODIUM_RENDER_RATE"),
        ({"PODIUM_RENDER_RATE": "-1/second"}, "PODIUM_RENDER_RATE"),
        ({"PODIUM_PROXIES": "one"}, "PODIUM_PROXIES"),
    ],
)
def test_a_malformed_variable_stops_start_up_naming_it(env, named):
    started = start({**PRODUCTION, **env})
    assert started.returncode != 0
    last = started.stderr.strip().splitlines()[-1]
    assert "ImproperlyConfigured" in last
    assert named in last


def test_admins_come_from_the_environment():
    started = start(
        {**PRODUCTION, "ADMINS": "chief@example.org, ops@example.org"},
        code="import django; django.setup(); from django.conf import settings; "
        "print([a for _, a in settings.ADMINS])",
    )
    assert started.returncode == 0, started.stderr
    assert started.stdout.strip() == "['chief@example.org', 'ops@example.org']"


def test_passwords_need_12_characters():
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="12"):
        validate_password("Xq7#vLp2!sd")  # 11 characters
    validate_password("Xq7#vLp2!sdW")


def test_the_deploy_check_passes_with_production_settings():
    checked = start(
        PRODUCTION,
        code=(
            "import sys; from django.core.management import execute_from_command_line; "
            "execute_from_command_line(['manage.py', 'check', '--deploy', "
            "'--fail-level', 'WARNING'])"
        ),
    )
    assert checked.returncode == 0, checked.stderr


def test_sqlite_queues_writers_instead_of_failing():
    from django.conf import settings

    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("SQLite only")
    assert settings.DATABASES["default"]["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_a_sqlite_file_keeps_a_write_ahead_log(tmp_path):
    """Readers never wait for a writer, and the data version every request reads takes no
    file lock."""
    code = (
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "with connection.cursor() as cursor:\n"
        "    cursor.execute('PRAGMA journal_mode')\n"
        "    print(cursor.fetchone()[0])"
    )
    started = start({**PRODUCTION, "DATABASE_URL": f"sqlite:///{tmp_path}/podium.sqlite3"}, code)
    assert started.returncode == 0, started.stderr
    assert started.stdout.split() == ["wal"]


@pytest.mark.django_db
def test_postgres_pages_run_without_parallel_workers():
    """A page reads a few thousand rows by index: a parallel worker's start-up costs more
    than it saves. Set on each connection; an `options` in the URL is kept instead."""
    from django.conf import settings

    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("Postgres only")
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW max_parallel_workers_per_gather")
        assert cursor.fetchone()[0] == "0"
    url = os.environ["DATABASE_URL"].split("?")[0]
    code = (
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "with connection.cursor() as cursor:\n"
        "    cursor.execute('SHOW max_parallel_workers_per_gather')\n"
        "    print(cursor.fetchone()[0])"
    )
    own = start(
        {**PRODUCTION, "DATABASE_URL": f"{url}?options=-c%20max_parallel_workers_per_gather%3D3"},
        code,
    )
    assert own.returncode == 0, own.stderr
    assert own.stdout.split() == ["3"]


@pytest.mark.parametrize(
    ("given", "options"),
    [
        (None, "-c max_parallel_workers_per_gather=0"),
        (
            {"options": "-c statement_timeout=5000"},
            "-c statement_timeout=5000 -c max_parallel_workers_per_gather=0",
        ),
        (
            {"options": "-c max_parallel_workers_per_gather=2"},
            "-c max_parallel_workers_per_gather=2",
        ),
    ],
)
def test_postgres_options_add_no_parallel_workers_to_the_urls_own(given, options):
    from config.env import _no_parallel_workers

    assert _no_parallel_workers(given)["options"] == options
