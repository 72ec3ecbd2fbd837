"""The data version every write bumps; caches, ETags and recomputes key on it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import Model
from django.utils import timezone

from results.http import version_memo
from results.models import DataVersion

ALL = "all"
#: Scopes per upsert where parameters are bound one by one (SQLite's bound is 999 of them).
_CHUNK = 450


@dataclass(slots=True)
class _Pending:
    """What the `data_changed` calls of a `one_data_change` block touched, so far."""

    called: bool = False
    events: set[int] = field(default_factory=set)
    people: set[int] = field(default_factory=set)
    seated: set[int] = field(default_factory=set)
    championships: set[int] = field(default_factory=set)
    publication: set[int] = field(default_factory=set)


_pending: ContextVar[_Pending | None] = ContextVar("podium_pending_data_change", default=None)


def _pk(item: Model | int) -> int:
    return item if isinstance(item, int) else item.pk


@contextmanager
def one_data_change() -> Iterator[None]:
    """Make the writes of the block end with a single `data_changed`, for all they touched.

    Inside the block, `data_changed` only notes its events, people and championships; the block
    then calls it once, if anything was noted, with the union. A write made of several services
    that each end with their own call (the command-line import: the event, the classification,
    the apply) so bumps the version and recomputes the championships once. Open it inside the
    transaction: the call is made before the commit, and not at all when the block raises or
    the transaction is marked for rollback (a dry run). A block nested in another leaves the
    call to the outer one.
    """
    if _pending.get() is not None:
        yield
        return
    pending = _Pending()
    token = _pending.set(pending)
    try:
        yield
    finally:
        _pending.reset(token)
    rolled_back = transaction.get_connection().in_atomic_block and transaction.get_rollback()
    if pending.called and not rolled_back:
        data_changed(
            events=pending.events,
            people=pending.people,
            seated=pending.seated - pending.people,
            championships=pending.championships,
            publication=pending.publication,
        )


def data_changed(
    *,
    events: Iterable[Model | int] = (),
    people: Iterable[Model | int] = (),
    championships: Iterable[Model | int] = (),
    seated: Iterable[Model | int] = (),
    publication: Iterable[Model | int] = (),
) -> int:
    """Bump the global version and those of the events and people a write touched, and
    recompute the championships concerned (those given, and those counting these events or
    where these people scored). The people's "has a published result" flags are checked
    again (`results.services.listing`), and those of everyone seated in the events of
    `publication`: events this write published or unpublished (they count as touched too).

    `seated` are people whose seats in these events the write changed, but not their names
    (an import): their versions are bumped and their flags checked as `people`'s (their
    search words written again only where the flag changed: their names did not), and the
    championships they scored in elsewhere are left alone, as nothing of them changed there.

    Every write service ends by calling this, inside its transaction, so a reader never sees
    new rows under an old version. Returns the new global version; inside a
    `one_data_change` block, only notes what changed and returns the version unchanged.
    """
    pending = _pending.get()
    if pending is not None:
        pending.called = True
        pending.events.update(_pk(e) for e in events)
        pending.people.update(_pk(p) for p in people)
        pending.seated.update(_pk(p) for p in seated)
        pending.championships.update(_pk(c) for c in championships)
        pending.publication.update(_pk(e) for e in publication)
        return version_of(ALL)
    # Imported here: the championship service imports the models this module is loaded with.
    from results.services.championships import championships_touched, recompute_many
    from results.services.listing import refresh_published_flags

    published_ids = {_pk(e) for e in publication}
    event_ids = {_pk(e) for e in events} | published_ids
    person_ids = {_pk(p) for p in people}
    seated_ids = {_pk(p) for p in seated}
    refresh_published_flags(people=person_ids, seated=seated_ids, events=published_ids)
    championship_ids = {_pk(c) for c in championships}
    championship_ids |= championships_touched(events=event_ids, people=person_ids)
    scopes = [ALL]
    scopes += sorted(f"event:{pk}" for pk in event_ids)
    scopes += sorted(f"person:{pk}" for pk in person_ids | seated_ids)
    scopes += sorted(f"championship:{pk}" for pk in championship_ids)
    _bump(scopes)
    recompute_many(championship_ids)
    return version_of(ALL)


def _bump(scopes: list[str]) -> None:
    """Add one to each scope's version (a scope never bumped starts at 1): one upsert, so a
    write touching 20,000 people costs one statement on Postgres, not two per thousand.

    This process's page-cache front stops trusting the version it read, now and at the
    commit (`results.http.version_memo`): its next hit reads the new one."""
    version_memo.forget()
    transaction.on_commit(version_memo.forget)
    now = timezone.now()
    table = connection.ops.quote_name(DataVersion._meta.db_table)
    upsert = (
        f"ON CONFLICT (scope) DO UPDATE SET version = {table}.version + 1, "
        "changed_at = EXCLUDED.changed_at"
    )
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"INSERT INTO {table} (scope, version, changed_at) "
                f"SELECT scope, 1, %s FROM unnest(%s::text[]) AS scope {upsert}",
                [now, scopes],
            )
            return
        stamp = connection.ops.adapt_datetimefield_value(now)
        for start in range(0, len(scopes), _CHUNK):
            chunk = scopes[start : start + _CHUNK]
            values = ", ".join(["(%s, 1, %s)"] * len(chunk))
            cursor.execute(
                f"INSERT INTO {table} (scope, version, changed_at) VALUES {values} {upsert}",
                [param for scope in chunk for param in (scope, stamp)],
            )


def site_changed() -> None:
    """Bump the site's version alone: for an edit made outside the write services (in the
    admin), whose reach is not worth working out. Renews every page and validator."""
    _bump([ALL])


def version_of(scope: str = ALL) -> int:
    """The current version of a scope (`all`, `event:<pk>`, `person:<pk>`, `championship:<pk>`);
    0 if never bumped."""
    found = DataVersion.objects.filter(scope=scope).values_list("version", flat=True).first()
    return found or 0
