"""The ceiling `bench/load.sh` measures beside Podium: a WSGI app that does no work at all and
answers every request with the bytes of the page under test (read once from
`LOAD_BARE_BODY`), in the same gunicorn, on the same machine, in the same minute. What
gunicorn, the kernel and wrk cost by themselves; Podium's cached figure is read against it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

BODY = Path(os.environ.get("LOAD_BARE_BODY", os.devnull)).read_bytes()
HEADERS = [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(BODY)))]


def application(environ: dict, start_response: Callable) -> Iterable[bytes]:
    if environ.get("PATH_INFO") == "/healthz":
        start_response("200 OK", [("Content-Length", "2")])
        return [b"ok"]
    start_response("200 OK", HEADERS)
    return [BODY]
