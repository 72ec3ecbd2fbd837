"""The ceilings `bench/load.sh` measures beside Podium: WSGI apps that do no work at all and
answer every request with the page under test, in the same gunicorn, on the same machine, in
the same minute. What gunicorn, the kernel and wrk cost by themselves; Podium's cached figure
is read against them.

`application` answers the same response as Podium's cached page: its body (read once from
`LOAD_BARE_BODY`) and every header it carries (read once from `LOAD_BARE_HEADERS`, as `curl -D`
wrote them; the headers gunicorn writes itself left out), so the two put the same bytes on
the wire. `bare_application` answers the same body with two headers only: the floor of
gunicorn with nothing to say, shown for comparison.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

BODY = Path(os.environ.get("LOAD_BARE_BODY", os.devnull)).read_bytes()
#: Headers gunicorn writes itself on every response, or that describe the connection.
GUNICORN_OWN = frozenset({"date", "server", "connection", "keep-alive", "transfer-encoding"})


def page_headers(raw: str, body: bytes) -> list[tuple[str, str]]:
    """The headers of the response `curl -D` saved in `raw` (the last response, should there
    be several), less gunicorn's own, with the length of `body`."""
    blocks = [block for block in raw.replace("\r\n", "\n").split("\n\n") if block.strip()]
    lines = blocks[-1].splitlines()[1:] if blocks else []
    headers = []
    for line in lines:
        name, _, value = (part.strip() for part in line.partition(":"))
        if name.lower() in GUNICORN_OWN:
            continue
        headers.append((name, str(len(body)) if name.lower() == "content-length" else value))
    names = {name.lower() for name, _ in headers}
    if "content-type" not in names:
        headers.append(("Content-Type", "text/html; charset=utf-8"))
    if "content-length" not in names:
        headers.append(("Content-Length", str(len(body))))
    return headers


HEADERS = page_headers(Path(os.environ.get("LOAD_BARE_HEADERS", os.devnull)).read_text(), BODY)
BARE_HEADERS = [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(BODY)))]


def _answer(headers: list[tuple[str, str]]) -> Callable[[dict, Callable], Iterable[bytes]]:
    def app(environ: dict, start_response: Callable) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == "/healthz":
            start_response("200 OK", [("Content-Length", "2")])
            return [b"ok"]
        start_response("200 OK", headers)
        return [BODY]

    return app


application = _answer(HEADERS)
bare_application = _answer(BARE_HEADERS)
