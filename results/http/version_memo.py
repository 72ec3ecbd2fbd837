"""The site's data version as this process read it last, trusted for a bounded time.

A stored copy served by the WSGI front (`results.http.cache_front`) costs little but the data
version read: on Postgres a round trip, and the backend's CPU, on every hit. So the front
keeps the version it read for `PODIUM_VERSION_TRUST_MS` (250 by default) and serves copies
of that era without asking again; the first hit after the window reads it anew. What that
costs, said plainly: a write made by **another** process (another worker, another machine,
a command) is seen by this one within that window after its commit, a fan's new page at most
that late, and an unpublished event's copy served at most that long. A write made in this
process is seen at once: every bump of the version (`results.services.freshness`) forgets
the memo, when it is made and again when its transaction commits (a thread of this process
that read the old version in between cannot keep it). 0 turns the memo off: every hit reads.

Only the front trusts the memo. Django's middleware, validators and views read the version
each request, so a page built after a write never carries data older than its key: a page
the front missed is built on the version the front used, with data at least that new.
"""

from __future__ import annotations

import itertools
import time

#: (trusted until, on the monotonic clock; the version and its stamp), replaced whole so that
#: threads of one process never see the one without the other.
_kept: tuple[float, tuple[int, str] | None] = (0.0, None)
#: Moved by every `forget`: a reading begun before one is never remembered after it.
_forgets = itertools.count()
_generation = next(_forgets)

#: The clock the window is measured on (tests move it).
clock = time.monotonic


def recalled(now: float) -> tuple[int, str] | None:
    """The version read last, if read less than the window ago; else None."""
    until, found = _kept
    return found if now < until else None


def generation() -> int:
    """Taken before reading the version, given back to `remember`."""
    return _generation


def remember(found: tuple[int, str], now: float, seconds: float, since: int) -> None:
    """Trust `found`, read at `now`, for `seconds`; unless this process forgot the version
    since the reading began (generation `since`): a write committed meanwhile."""
    global _kept
    if seconds > 0 and since == _generation:
        _kept = (now + seconds, found)


def forget() -> None:
    """The next hit reads the version (a write of this process bumped it, or a test starts)."""
    global _kept, _generation
    _generation = next(_forgets)
    _kept = (0.0, None)
