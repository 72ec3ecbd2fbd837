"""Championship standings: load a season in a constant number of queries, compute, store.

`results.standings.compute_standings` does the arithmetic on plain data;
`championship_loading` reads that data as tuples and `standing_rows` turns the computed lines
into the stored table's rows, written only when they changed. `results.services.freshness
.data_changed` calls `recompute_many` for every championship a write touched, so nothing else
needs to remember to.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.db import transaction

from results.models import Championship, Round
from results.services.championship_loading import RULE_FIELDS, load_season
from results.services.standing_rows import stored_difference, stored_rows, write_difference
from results.standings import compute_standings

# Keeps IN lists of people well under every backend's bound on query parameters.
_CHUNK = 1000


def recompute(championship: Championship | int) -> int:
    """Compute the championship's tables and store them if they changed; returns the number
    of rows they hold.

    Locks the championship's row so two writers recomputing it at once queue rather than
    interleave their delete and insert. A constant number of queries whatever the season's
    size: the lock, six to load (seven with the first-stage tie-break), one to compare with
    the stored table and, when it changed, at most two to write the lines that differ.
    """
    pk = championship if isinstance(championship, int) else championship.pk
    with transaction.atomic(), _no_cycle_collection():
        locked = Championship.objects.select_for_update().only(*RULE_FIELDS).filter(pk=pk)
        found = locked.first()
        if found is None:
            return 0
        rules, season = load_season(found)
        rows = stored_rows(compute_standings(rules, season))
        gone, new = stored_difference(pk, rows)
        if gone or new:
            write_difference(pk, rows, gone, new)
    return len(rows)


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


def recompute_many(pks: Iterable[int]) -> None:
    for pk in sorted(set(pks)):
        recompute(pk)


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
