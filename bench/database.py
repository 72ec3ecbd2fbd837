"""A throwaway database for benches, so they never touch anyone's data."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def throwaway_database() -> Iterator[None]:
    """Set Django up on a fresh, migrated database and drop it afterwards.

    A SQLite file in a temporary directory by default; with a Postgres `DATABASE_URL`, a
    separate `<name>_bench` database on that server.
    """
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    url = os.environ.get("DATABASE_URL", "")
    on_postgres = url.startswith(("postgres://", "postgresql://", "pgsql://"))
    with tempfile.TemporaryDirectory(prefix="podium-bench-") as tmp:
        if not on_postgres:
            os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
        import django
        from django.core.management import call_command
        from django.db import connection

        django.setup()
        from django.test.utils import override_settings

        # One client asking for hundreds of pages is what a bench does: no limit on renders.
        unlimited = override_settings(PODIUM_RENDER_RATE="1000000/second")
        unlimited.enable()
        try:
            if on_postgres:
                connection.settings_dict["TEST"]["NAME"] = (
                    f"{connection.settings_dict['NAME']}_bench"
                )
                original = connection.creation.create_test_db(
                    verbosity=0, autoclobber=True, serialize=False
                )
                try:
                    yield
                finally:
                    connection.creation.destroy_test_db(original, verbosity=0)
            else:
                # Settings are read once per process: a second bench module gets its own file
                # by pointing the connection at it, not through the environment.
                connection.close()
                connection.settings_dict["NAME"] = f"{tmp}/bench.sqlite3"
                call_command("migrate", verbosity=0)
                try:
                    yield
                finally:
                    connection.close()
        finally:
            unlimited.disable()
            if url:
                os.environ["DATABASE_URL"] = url
            else:
                os.environ.pop("DATABASE_URL", None)
