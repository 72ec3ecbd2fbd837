"""How a recompute stores its tables: a constant number of queries, nothing written when
nothing changed, and anything that differs from the computed tables written over."""

import gc
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from results.models import Championship, Person, Round, Standing
from results.services import standing_rows
from results.services.championship_presets import create_from_preset
from results.services.championships import _no_cycle_collection, recompute
from results.services.standing_rows import COLUMNS
from tests.services.test_championships import import_rows, make_event, row, season

pytestmark = pytest.mark.django_db


def queries_of(championship: Championship) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        recompute(championship)
    return [query["sql"] for query in queries.captured_queries]


def writes(sqls: list[str]) -> list[str]:
    return [sql for sql in sqls if sql.lstrip().upper().startswith(("DELETE", "INSERT", "UPDATE"))]


def toggle_coefficient(championship: Championship) -> None:
    """A change that moves every point of round 1 (made without recomputing)."""
    first = championship.rounds.order_by("order").first()
    Round.objects.filter(pk=first.pk).update(coefficient=first.coefficient + 1)


def test_a_recompute_that_changes_nothing_writes_nothing(car_makes):
    championship = season(3, 8, name="Same")
    before = list(Standing.objects.filter(championship=championship).values_list("pk", "total"))
    assert before
    sqls = queries_of(championship)
    assert writes(sqls) == []
    after = list(Standing.objects.filter(championship=championship).values_list("pk", "total"))
    assert sorted(after) == sorted(before)


def test_the_queries_are_the_same_for_two_or_six_events_changed_or_not(car_makes):
    small, large = season(2, 5, name="S"), season(6, 30, name="Large")
    assert (
        Standing.objects.filter(championship=large).count()
        > 5 * Standing.objects.filter(championship=small).count()
    )
    # The savepoint pair, the lock, scopes, equivalences, rounds, people, seats and entries:
    # the inputs are those of the stored tables, and nothing more is read.
    assert len(queries_of(small)) == len(queries_of(large)) == 9
    toggle_coefficient(small)
    toggle_coefficient(large)
    changed_small, changed_large = queries_of(small), queries_of(large)
    # And, as results changed, the tables replaced (one delete, one insert, on Postgres a
    # COPY, which the query log does not show) and the new digest stored.
    assert len(changed_small) == len(changed_large) <= 12
    assert len(writes(changed_small)) == len(writes(changed_large)) >= 2


def test_a_changed_round_rewrites_the_table_with_its_new_points(car_makes):
    championship = season(2, 4, name="Coef")
    old = dict(
        Standing.objects.filter(championship=championship, scope__name="Général")
        .values_list("competitor", "total")
    )  # fmt: skip
    toggle_coefficient(championship)
    recompute(championship)
    new = dict(
        Standing.objects.filter(championship=championship, scope__name="Général")
        .values_list("competitor", "total")
    )  # fmt: skip
    assert new.keys() == old.keys()
    assert any(new[key] > old[key] for key in old)


def test_tables_changed_by_hand_are_left_until_a_forced_recompute(car_makes):
    # A recompute trusts the stored tables as far as their inputs' digest goes: the admin's
    # action and `recompute_championships` (force) write them whole again.
    championship = season(2, 4, name="Hand")
    totals = set(Standing.objects.filter(championship=championship).values_list("pk", "total"))
    Standing.objects.filter(championship=championship).update(total=Decimal("0.01"))
    assert recompute(championship) is False
    stored = Standing.objects.filter(championship=championship).values_list("total", flat=True)
    assert set(stored) == {Decimal("0.01")}
    assert recompute(championship, force=True) is True
    stored = Standing.objects.filter(championship=championship).values_list("total", flat=True)
    assert sorted(stored) == sorted(total for _, total in totals)


def test_a_missing_or_extra_row_is_written_over_by_a_forced_recompute(car_makes):
    championship = season(2, 4, name="Rows")
    count = Standing.objects.filter(championship=championship).count()
    first = Standing.objects.filter(championship=championship).first()
    first.delete()
    recompute(championship, force=True)
    assert Standing.objects.filter(championship=championship).count() == count
    first.pk = None
    first.save()  # a second copy of a line
    first.pk = None
    first.save()
    recompute(championship, force=True)
    assert Standing.objects.filter(championship=championship).count() == count


def test_names_with_accents_quotes_and_backslashes_read_back_the_same(car_makes):
    # The stored JSON is compared as text: it must come back from either database exactly as
    # it was written, or every recompute would write the table again.
    events = [make_event(1)]
    championship = create_from_preset(
        preset="10-8", name="Coupe", season=2024, events=events, coefficients=[Decimal(1)]
    )
    import_rows(
        events[0],
        row(1, 1, 'NOËL Éric "Rico"/D\'ARC Jeanne', "N4"),
        row(2, 2, "ØSTERGÅRD Łukasz/BACK\\SLASH Œdipe", "N4"),
    )
    names = set(
        Standing.objects.filter(championship=championship, scope__name="Général").values_list(
            "name", flat=True
        )
    )
    assert any("NOËL Éric" in name for name in names)
    people = [
        person["name"]
        for line in Standing.objects.filter(championship=championship)
        for person in line.people
    ]
    assert any("\\" in name for name in people) and any('"' in name for name in people)
    assert writes(queries_of(championship)) == []


def test_the_first_stage_tie_break_costs_one_query_more_whatever_the_season(car_makes):
    small, large = season(2, 5, name="S"), season(6, 30, name="Large")
    Championship.objects.filter(pk__in=[small.pk, large.pk]).update(
        tie_breaks="countback,first_stage"
    )
    recompute(small), recompute(large)
    assert len(queries_of(small)) == len(queries_of(large)) == 10


def test_a_recompute_leaves_the_garbage_collector_as_it_found_it(car_makes):
    championship = season(2, 4, name="Collector")
    assert gc.isenabled()
    recompute(championship)
    assert gc.isenabled()
    gc.disable()
    try:
        recompute(championship)
        assert not gc.isenabled()  # turned off by the caller: left off
    finally:
        gc.enable()
    with _no_cycle_collection():
        with _no_cycle_collection():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer block still runs
    assert gc.isenabled()
    with pytest.raises(ZeroDivisionError), _no_cycle_collection():
        1 / 0  # noqa: B018
    assert gc.isenabled()


def stored_lines(championship: Championship) -> dict[int, tuple]:
    """Every stored line of the championship by id: all that a recompute writes."""
    lines = Standing.objects.filter(championship=championship)
    return {line.pk: tuple(getattr(line, name) for name in COLUMNS) for line in lines}


def test_a_rename_rewrites_only_the_lines_that_name_the_person(car_makes):
    championship = season(2, 6, name="Rename")
    before = stored_lines(championship)
    first = Standing.objects.filter(championship=championship).first()
    person_id = first.people[0]["id"]
    naming = {
        line.pk
        for line in Standing.objects.filter(championship=championship)
        if any(member["id"] == person_id for member in line.people)
    }
    assert 0 < len(naming) < len(before)
    Person.objects.filter(pk=person_id).update(surname="RENOMMÉ")  # not recomputed yet

    sqls = queries_of(championship)

    after = stored_lines(championship)
    assert len(after) == len(before)
    # The other lines are left as they were, ids and all; the person's are written anew.
    assert {pk: before[pk] for pk in before.keys() - naming} == {
        pk: line for pk, line in after.items() if pk in before.keys() - naming
    }
    assert not naming & after.keys()
    written = [after[pk] for pk in after.keys() - before.keys()]
    assert len(written) == len(naming)
    people = COLUMNS.index("people")
    assert all(
        any(m["id"] == person_id and "RENOMMÉ" in m["name"] for m in line[people])
        for line in written
    )
    deletes = [sql for sql in writes(sqls) if sql.lstrip().upper().startswith("DELETE")]
    assert len(deletes) == 1


def test_the_lines_written_make_the_table_a_full_write_makes(car_makes):
    championship = season(3, 8, name="Whole")
    before = stored_lines(championship)
    person_id = Standing.objects.filter(championship=championship).first().people[0]["id"]
    Person.objects.filter(pk=person_id).update(first_name="Zoé")
    recompute(championship)
    by_difference = stored_lines(championship)
    # Some lines kept their id (they do not name her), others were written again.
    assert 0 < len(before.keys() & by_difference.keys()) < len(by_difference)
    Standing.objects.filter(championship=championship).delete()
    recompute(championship, force=True)
    assert sorted(stored_lines(championship).values()) == sorted(by_difference.values())


def test_a_change_of_results_replaces_the_table_whole(car_makes):
    championship = season(2, 6, name="Most")
    before = stored_lines(championship)
    toggle_coefficient(championship)
    sqls = queries_of(championship)
    after = stored_lines(championship)
    assert not before.keys() & after.keys()  # every line written anew
    assert len(after) == len(before)
    deletes = [sql for sql in writes(sqls) if sql.lstrip().upper().startswith("DELETE")]
    assert len(deletes) == 1
    # Nothing read back to compare: the stored lines are only deleted.
    assert not [sql for sql in sqls if "SELECT" in sql.upper() and "results_standing" in sql]


def test_a_rename_of_most_lines_replaces_the_table_whole(car_makes, monkeypatch):
    championship = season(2, 6, name="Names")
    monkeypatch.setattr(standing_rows, "_DELETE_BY_ID", 0)
    before = stored_lines(championship)
    person_id = Standing.objects.filter(championship=championship).first().people[0]["id"]
    Person.objects.filter(pk=person_id).update(first_name="Zoé")
    sqls = queries_of(championship)
    after = stored_lines(championship)
    assert not before.keys() & after.keys()
    assert len(after) == len(before)
    deletes = [sql for sql in writes(sqls) if sql.lstrip().upper().startswith("DELETE")]
    assert len(deletes) == 1
