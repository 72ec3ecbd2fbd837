"""Settings read from the environment. A malformed value stops start-up naming the variable."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}"
    )


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number; got {raw!r}") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}; got {value}")
    return value


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default or [])
    items = [item.strip() for item in raw.split(",")]
    if any(not item for item in items if raw.strip()):
        raise ImproperlyConfigured(f"{name} must be a comma-separated list; got {raw!r}")
    return [item for item in items if item]


#: A rate as the settings write it: `<n>/<second|minute|hour|day>`, n at least 1.
_RATE = re.compile(r"([1-9][0-9]*)/(second|minute|hour|day)")
PERIOD_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


def parse_rate(text: str) -> tuple[int, int] | None:
    """`"120/minute"` -> (120, 60): hits and the window's seconds; None if malformed."""
    match = _RATE.fullmatch(text.strip())
    if match is None:
        return None
    return int(match[1]), PERIOD_SECONDS[match[2]]


def env_rate(name: str, default: str) -> str:
    """A rate limit, `<n>/<second|minute|hour|day>` (read by `results.ratelimit.Rate.parse`)."""
    raw = os.environ.get(name, "").strip() or default
    if parse_rate(raw) is None:
        raise ImproperlyConfigured(f"{name} must read <n>/<second|minute|hour|day>; got {raw!r}")
    return raw


def env_choice(name: str, default: str, choices: list[str]) -> str:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().upper()
    if value not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}; got {raw!r}")
    return value


def env_database(name: str, *, sqlite_path: Path) -> dict[str, Any]:
    """`DATABASE_URL` unset: a SQLite file that queues writers instead of failing."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return _sqlite(str(sqlite_path))
    import dj_database_url

    scheme = raw.split("://", 1)[0] if "://" in raw else ""
    if scheme not in {"postgres", "postgresql", "pgsql", "sqlite"}:
        raise ImproperlyConfigured(
            f"{name} must look like postgres://user:password@host:5432/name "
            f"or sqlite:///path; got {raw!r}"
        )
    try:
        config = dj_database_url.parse(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} is malformed: {exc}") from None
    if config["ENGINE"] == "django.db.backends.sqlite3":
        return _sqlite(config["NAME"])
    if not config.get("NAME"):
        raise ImproperlyConfigured(f"{name} names no database; got {raw!r}")
    return {**config, "OPTIONS": _no_parallel_workers(config.get("OPTIONS")), **_persistent()}


def _no_parallel_workers(options: dict[str, Any] | None) -> dict[str, Any]:
    """A page reads a few thousand rows through indexes: a parallel worker's start costs more
    than it saves (the crews of a 1,000-entry table: 18 ms with one, 9 ms without, on a
    federation's archive). Added to the URL's own `options`; one setting it keeps its value."""
    options = dict(options or {})
    given = options.get("options", "")
    if "max_parallel_workers_per_gather" not in given:
        options["options"] = f"{given} -c max_parallel_workers_per_gather=0".strip()
    return options


def _sqlite(path: str) -> dict[str, Any]:
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": path,
        # Write-ahead log: readers never wait for a writer, and a read takes no file lock
        # (every request reads the data version: with the rollback journal, that read is
        # eight system calls). Set on the file, once; an in-memory database ignores it.
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL",
        },
        **_persistent(),
    }


def _persistent() -> dict[str, Any]:
    """Connections kept between requests (opening one costs more than a cached page), checked
    before reuse so a restarted database costs no failed request."""
    return {"CONN_MAX_AGE": env_int("CONN_MAX_AGE", 60), "CONN_HEALTH_CHECKS": True}
