"""`make run` starts the background worker beside the development server, and stops it with
the server: on Ctrl+C, and when the server cannot start at all."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow
#: Generous guards (migrate and the samples on a shared machine), not timings.
START_SECONDS = 600


def group_commands(pgid: int) -> list[str]:
    """The command lines of the processes still in the process group."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except (OSError, IndexError, ValueError):
            continue
    return found


def make_run(tmp_path: Path, port: int) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.Popen(
        ["make", "--no-print-directory", "run", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own process group, as a terminal gives it
    )


def wait_for(check, what: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while not check():
        assert time.monotonic() < deadline, f"still not {what}"
        time.sleep(0.5)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def test_ctrl_c_stops_the_server_and_its_worker(tmp_path):
    port = free_port()
    make = make_run(tmp_path, port)
    try:
        wait_for(lambda: answers(port), "serving")
        wait_for(
            lambda: any("import_worker" in c for c in group_commands(make.pid)), "a worker running"
        )
        os.killpg(make.pid, signal.SIGINT)
        make.wait(timeout=120)
        wait_for(lambda: not group_commands(make.pid), "every process stopped")
    finally:
        if make.poll() is None or group_commands(make.pid):
            os.killpg(make.pid, signal.SIGKILL)


def test_a_server_that_cannot_start_takes_its_worker_down(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        make = make_run(tmp_path, taken.getsockname()[1])
        try:
            assert make.wait(timeout=START_SECONDS) != 0
            wait_for(lambda: not group_commands(make.pid), "every process stopped")
        finally:
            if make.poll() is None or group_commands(make.pid):
                os.killpg(make.pid, signal.SIGKILL)
