"""A real background worker (`manage.py import_worker`) in its own process, for the tests that
need one: it reads the test database, so that database must be one another process can open
(PostgreSQL; the SQLite test database lives in the test process's memory)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}

requires_shared_database = pytest.mark.skipif(
    "postgresql" not in settings.DATABASES["default"]["ENGINE"],
    reason="a worker process needs a database it can open too: run with DATABASE_URL=postgres://…",
)


def _database_url() -> str:
    from django.db import connection

    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@contextmanager
def worker_process(*, batch: bool = False, env: dict[str, str] | None = None) -> Iterator:
    """`manage.py import_worker` on the test database; stopped (or waited for) on leaving."""
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    log = open(ROOT / "test-artifacts" / "worker.log", "ab")  # noqa: SIM115
    command = [sys.executable, "manage.py", "import_worker", "--interval", "0.2"]
    process = subprocess.Popen(
        [*command, *(["--batch"] if batch else [])],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.test_settings",
            "DATABASE_URL": _database_url(),
            "PODIUM_TEST_TASKS": "database",
            **(env or {}),
        },
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


def wait_until(check: Callable[[], bool], *, seconds: float, what: str) -> None:
    """Poll `check` until it holds; a generous guard against a hang, not a timing test."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not {what} after {seconds:.0f} s")
        time.sleep(0.2)
