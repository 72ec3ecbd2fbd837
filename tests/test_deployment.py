"""docker-compose publishes gunicorn on the loopback only (issue 20, finding 11): the site
trusts X-Forwarded-Proto, so nothing but the proxy may reach it."""

from __future__ import annotations

import re

import yaml

from tests.conftest import ROOT


def env_example() -> dict[str, str]:
    pairs = re.findall(r"^([A-Z_]+)=(.*)$", (ROOT / ".env.example").read_text(), re.M)
    return dict(pairs)


def interpolate(text: str, env: dict[str, str]) -> str:
    """As docker-compose reads `${NAME:-default}`."""
    return re.sub(r"\$\{(\w+)(?::-([^}]*))?\}", lambda m: env.get(m[1]) or (m[2] or ""), text)


def test_web_is_published_on_the_loopback_only():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    for env in ({}, env_example()):
        for published in compose["services"]["web"]["ports"]:
            address = interpolate(str(published), env).split(":")[0]
            assert address == "127.0.0.1", published


def test_no_other_service_is_published():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    for name, service in compose["services"].items():
        if name != "web":
            assert "ports" not in service, name


def test_the_worker_runs_from_the_web_image_on_the_same_database():
    """Large imports need the worker (issue 20, finding 3): same image, same settings, started
    once web has migrated the database."""
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    worker, web = services["worker"], services["web"]
    assert worker["command"] == ["python", "manage.py", "import_worker"]
    assert worker["build"] == web["build"] and worker["env_file"] == web["env_file"]
    assert worker["environment"]["DATABASE_URL"] == web["environment"]["DATABASE_URL"]
    assert worker["depends_on"]["web"] == {"condition": "service_healthy"}
    assert worker["restart"] == "unless-stopped"
