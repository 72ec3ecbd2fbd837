"""Championship standings: load a season in a constant number of queries, compute, store.

`results.standings.compute_standings` does the arithmetic on plain data;
`championship_loading` reads that data as tuples and `standing_rows` turns the computed lines
into the stored table's rows, written only when they changed. `results.services.freshness
.data_changed` calls `recompute_many` for every championship a write touched, so nothing else
needs to remember to.
"""

from __future__ import annotations

import gc
import hashlib
import importlib
import os
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import transaction

from results.models import Championship, Round
from results.services.championship_loading import RULE_FIELDS, Digest, load_season
from results.services.standing_rows import (
    replace_rows,
    stored_difference,
    stored_rows,
    write_difference,
)
from results.standings import compute_standings

# Keeps IN lists of people well under every backend's bound on query parameters.
_CHUNK = 1000


def recompute(championship: Championship | int, *, force: bool = False) -> bool:
    """Compute the championship's tables and store the lines that changed; returns whether
    they were computed (False: their inputs were those of the stored tables).

    Everything the tables are computed from is read and digested first: the same digest as
    the stored tables' (`Championship.tables_digest`) means the same tables, and nothing
    more is done (most recomputes: a rename elsewhere, the same sheet imported twice). When
    only people's names changed, the stored lines are compared with the new ones and those
    that differ written again; when results changed, the tables are written whole. `force`
    writes them whole whatever the digest: the admin's action and `recompute_championships`,
    to repair tables changed by hand.

    Locks the championship's row so two writers recomputing it at once queue rather than
    interleave their delete and insert. A constant number of queries whatever the season's
    size: the lock, six to load (seven with the first-stage tie-break); when the inputs
    changed, at most three to write the lines (names alone: one more, to compare) and one to
    store the digest.
    """
    pk = championship if isinstance(championship, int) else championship.pk
    with transaction.atomic(), _no_cycle_collection():
        locked = Championship.objects.select_for_update().only(*RULE_FIELDS, "tables_digest")
        found = locked.filter(pk=pk).first()
        if found is None:
            return False
        digest = Digest(CODE_VERSION)
        rules, season = load_season(found, digest)
        inputs = digest.hexdigest()
        if inputs == found.tables_digest and not force:
            return False
        rows = stored_rows(compute_standings(rules, season))
        if force or not digest.same_results(found.tables_digest):
            # Points or places moved: most lines change, and the table is written whole
            # rather than read back first.
            replace_rows(pk, rows)
        else:
            # Only names changed: the lines that show them are written again.
            gone, new = stored_difference(pk, rows)
            if gone or new:
                write_difference(pk, rows, gone, new)
        Championship.objects.filter(pk=pk).update(tables_digest=inputs)
    return True


def _code_version() -> bytes:
    """The source of the code that turns a season into stored lines, digested: an upgrade
    that changes how tables are computed or stored computes every table again once. Where a
    module's source cannot be read, a digest of this process alone (every table computed
    again rather than one kept by mistake)."""
    code = hashlib.blake2b(digest_size=16)
    for name in _COMPUTING:
        try:
            code.update(Path(importlib.import_module(name).__file__ or "").read_bytes())
        except OSError:
            code.update(os.urandom(16))
    return code.digest()


#: The modules a season's stored lines depend on.
_COMPUTING = (
    "results.standings.compute",
    "results.standings.digest",
    "results.standings.ranking",
    "results.standings.rules",
    "results.standings.scoring",
    "results.stages.compute",
    "results.services.championship_loading",
    "results.services.standing_rows",
)
CODE_VERSION = _code_version()


_pausing = threading.Lock()
_paused = 0


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The cyclic garbage collector paused for the block.

    A season's recompute makes some hundred thousand tuples (rows read, results, lines) that
    hold no cycle and live until it ends; the collector would scan them, and the rest of the
    process's heap, a few hundred times over for nothing: a third of the recompute's time.
    Counted, so that recomputes in several threads at once leave it as they found it.
    """
    global _paused
    with _pausing:
        if _paused == 0 and not gc.isenabled():
            counted = False  # turned off by someone else: theirs to turn on
        else:
            counted = True
            _paused += 1
            gc.disable()
    try:
        yield
    finally:
        if counted:
            with _pausing:
                _paused -= 1
                if _paused == 0:
                    gc.enable()


def recompute_many(pks: Iterable[int], *, force: bool = False) -> None:
    for pk in sorted(set(pks)):
        recompute(pk, force=force)


def championships_touched(*, events: Iterable[int] = (), people: Iterable[int] = ()) -> set[int]:
    """Championships a write to these events or people may change: one query (a UNION), plus
    one per further 1,000 people.

    Points move only with the events' results, but people count too: a rename or a merge
    changes the names shown in every championship those people scored in.
    """
    events, people = sorted(set(events)), sorted(set(people))
    chunks = [people[start : start + _CHUNK] for start in range(0, len(people), _CHUNK)]
    queries = []
    if events:
        queries.append(Round.objects.filter(event_id__in=events))
    queries += [
        Round.objects.filter(event__classifications__entries__crew__person_id__in=chunk)
        for chunk in chunks
    ]
    found: set[int] = set()
    if queries:
        first, *others = [q.order_by().values_list("championship_id", flat=True) for q in queries]
        # The events and the first people in one round trip: every write pays for this lookup.
        found |= set(first.union(others[0]) if others else first)
        for query in others[1:]:
            found |= set(query)
    return found
