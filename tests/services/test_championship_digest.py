"""A recompute digests what the tables are computed from, and computes only when that
changed: every input counts, the digest is the same in every process, and new code counts."""

import subprocess
import sys
from decimal import Decimal

import pytest

from results.models import (
    Championship,
    ClassEquivalence,
    CrewMember,
    Entry,
    Event,
    Person,
    Round,
    ScoringScope,
    Standing,
)
from results.services import championships
from results.services.championships import recompute
from results.services.standing_rows import COLUMNS
from results.standings.digest import Digest
from tests.services.test_championships import season

pytestmark = pytest.mark.django_db


def lines(championship: Championship) -> list[tuple]:
    found = Standing.objects.filter(championship=championship)
    return sorted(tuple(str(getattr(line, name)) for name in COLUMNS) for line in found)


def first_entries(championship: Championship) -> list[Entry]:
    table = championship.rounds.order_by("order").first().event.classifications.first()
    return list(table.entries.order_by("sheet_order")[:2])


def change_rules(championship):
    Championship.objects.filter(pk=championship.pk).update(best_results=1)


def change_scale(championship):
    ScoringScope.objects.filter(championship=championship, name="Classes").update(
        class_points="30-20-10"
    )


def add_equivalence(championship):
    ClassEquivalence.objects.create(
        championship=championship, group="N", klass="3", as_group="A", as_klass="7"
    )


def change_coefficient(championship):
    Round.objects.filter(championship=championship, order=1).update(coefficient=Decimal(3))


def unpublish(championship):
    Event.objects.filter(rounds__championship=championship, rounds__order=1).update(published=False)


def swap_places(championship):
    first, second = first_entries(championship)
    Entry.objects.filter(pk=first.pk).update(position=second.position)
    Entry.objects.filter(pk=second.pk).update(position=first.position)


def change_class(championship):
    Entry.objects.filter(pk=first_entries(championship)[0].pk).update(klass="14")


def retire(championship):
    Entry.objects.filter(pk=first_entries(championship)[0].pk).update(
        status="retired", position=None
    )


def change_seat(championship):
    first, second = first_entries(championship)
    other = CrewMember.objects.get(entry=second, seat=1).person_id
    CrewMember.objects.filter(entry=first, seat=1).update(person_id=other)


def rename(championship):
    person = CrewMember.objects.get(entry=first_entries(championship)[0], seat=1).person_id
    Person.objects.filter(pk=person).update(surname="RENOMMÉ")


def change_slug(championship):
    person = CrewMember.objects.get(entry=first_entries(championship)[0], seat=1).person_id
    Person.objects.filter(pk=person).update(slug="nouvelle-adresse")


@pytest.mark.parametrize(
    "change",
    [
        change_rules,
        change_scale,
        add_equivalence,
        change_coefficient,
        unpublish,
        swap_places,
        change_class,
        retire,
        change_seat,
        rename,
        change_slug,
    ],
)
def test_every_input_changes_the_digest_and_the_tables_follow(car_makes, change):
    championship = season(2, 6, name="Inputs")
    before = lines(championship)
    digest = Championship.objects.get(pk=championship.pk).tables_digest
    assert digest
    change(championship)  # written without recomputing
    assert recompute(championship) is True
    assert Championship.objects.get(pk=championship.pk).tables_digest != digest
    after = lines(championship)
    assert after != before
    # What a recompute from nothing writes.
    Standing.objects.filter(championship=championship).delete()
    recompute(championship, force=True)
    assert lines(championship) == after
    assert recompute(championship) is False


def test_new_computing_code_computes_every_table_again(car_makes, monkeypatch):
    championship = season(2, 4, name="Code")
    assert recompute(championship) is False
    monkeypatch.setattr(championships, "CODE_VERSION", b"another version")
    assert recompute(championship) is True
    assert recompute(championship) is False


def test_the_digest_is_the_same_in_every_process():
    # Python's own hashes of strings change from one process to the next: the digest must
    # not, or every worker would find the tables of another changed.
    rows = [(1, "MARTIN Jean", None, True), (2, "ÉLODIE", "N", False)]
    script = (
        "from results.standings.digest import Digest;"
        f"d = Digest(b'salt'); d.results({rows!r}); d.names([('x',)]); print(d.hexdigest())"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed, "PATH": ""},
            cwd=".",
        ).stdout.strip()
        for seed in ("1", "2", "3")
    }
    local = Digest(b"salt")
    local.results(rows)
    local.names([("x",)])
    assert digests == {local.hexdigest()}


def test_the_digest_is_that_of_the_values_not_of_the_objects():
    # The same text as one shared string, two strings or an interned one digests the same.
    shared = "".join(["MAR", "TIN"])
    one, other = Digest(), Digest()
    one.results([(shared, shared, sys.intern("N"))])
    other.results([("".join(["MAR", "TIN"]), sys.intern("MARTIN"), "".join(["N"]))])
    assert one.hexdigest() == other.hexdigest()


def test_decimals_are_digested_by_their_text():
    one, other = Digest(), Digest()
    one.results([(Decimal("1.50"),)])
    other.results([(Decimal("1.5"),)])
    assert one.hexdigest() != other.hexdigest()
    assert one.same_results(one.hexdigest()) and not one.same_results(other.hexdigest())
