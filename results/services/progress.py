"""Where a long import is: the phases it reports, for the job that runs it to show.

The import services call `phase(name)` as they pass from one step to the next; it does
nothing unless a background job listens (`listening`), so a request or the command line
pays nothing for it. Django-free on purpose: the listener decides where progress goes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Listener = Callable[[str], None]

_listener: ContextVar[Listener | None] = ContextVar("podium_progress", default=None)


def phase(name: str) -> None:
    """Say that the step `name` starts now (see `results.services.job_progress.PHASES`)."""
    listener = _listener.get()
    if listener is not None:
        listener(name)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    token = _listener.set(listener)
    try:
        yield
    finally:
        _listener.reset(token)
