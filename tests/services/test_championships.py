"""Championship standings through the database: imports, rules and merges recompute them."""

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from results.models import (
    Championship,
    ClassEquivalence,
    Classification,
    Event,
    Person,
    Round,
    ScoringScope,
    Standing,
)
from results.services.championship_presets import (
    PRESETS,
    apply_preset,
    create_from_preset,
)
from results.services.championships import recompute
from results.services.freshness import data_changed, version_of
from results.services.importing import apply_import, preview_import
from results.services.names import merge_people, rename_person
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db


def make_event(n: int, *, classification: str = "Général") -> Event:
    date = datetime.date(2024, 1, 1) + datetime.timedelta(days=n)
    event = Event.objects.create(name=f"Rallye {n}", slug=f"rallye-{n}", date=date, published=True)
    slug = "general" if classification == "Général" else classification.lower()
    Classification.objects.create(event=event, name=classification, slug=slug)
    return event


def import_rows(
    event: Event, *rows: str, classification: str | None = None, header: str | None = None
) -> None:
    table = (
        event.classifications.get(name=classification)
        if classification
        else event.classifications.first()
    )
    data = "\n".join([header, *rows, ""]).encode() if header else pipe_sheet(*rows)
    apply_import(preview_import(classification=table, data=data, source_name="r"))


def row(pos, number, crew, klass, time="05:00,0"):
    return f"| {pos} | {number} | {crew} | Peugeot 306 | {klass} | {time} | |"


def table(championship: Championship, scope: str, section: str = "") -> list[tuple]:
    rows = Standing.objects.filter(championship=championship, scope__name=scope, section=section)
    return [
        (s.position, s.name, s.total, [r["points"] for r in s.results])
        for s in rows.order_by("position", "name")
    ]


@pytest.fixture
def championship(car_makes) -> Championship:
    """Two rounds, 10-8-6-5-4-3-2-1 overall and by class; round 2 counts ×1.5."""
    events = [make_event(1), make_event(2)]
    return create_from_preset(
        preset="10-8",
        name="Coupe des Tests",
        season=2024,
        events=events,
        coefficients=[Decimal(1), Decimal("1.5")],
    )


def test_an_import_recomputes_the_championships_counting_its_event(championship):
    r1, r2 = (r.event for r in championship.rounds.order_by("order"))
    import_rows(
        r1,
        row(1, 1, "ARNAUD Alain/AUBRY Anne", "F2-14"),
        row(2, 2, "BLANC Bruno/BRUN Berthe", "F2-14", "05:10,0"),
        "| Abandon | 3 | DUVAL Denis/DUMAS Diane | Clio | A7 | | |",
    )
    # Round 1: ARNAUD 10, BLANC 8, DUVAL retired 0.
    assert table(championship, "Général") == [
        (1, "ARNAUD Alain / AUBRY Anne", Decimal(10), ["10"]),
        (2, "BLANC Bruno / BRUN Berthe", Decimal(8), ["8"]),
        (3, "DUVAL Denis / DUMAS Diane", Decimal(0), ["0"]),
    ]
    # Round 2 ×1.5, class written "F2000 14": BLANC 10 × 1.5 = 15, ARNAUD 8 × 1.5 = 12.
    # Without an equivalence, F2000 14 is a class of its own.
    import_rows(
        r2,
        "| 1 | 2 | BLANC Bruno/BRUN Berthe | Peugeot 306 | F2000 | 14 | 05:00,0 | |",
        "| 2 | 1 | ARNAUD Alain/AUBRY Anne | Peugeot 306 | F2000 | 14 | 05:10,0 | |",
        header="| Cl. | N° | Pilote/ Copilote | Voiture | Groupe | Classe | Temps | Ecart |",
    )
    assert table(championship, "Général")[:2] == [
        (1, "BLANC Bruno / BRUN Berthe", Decimal(23), ["8", "15"]),
        (2, "ARNAUD Alain / AUBRY Anne", Decimal(22), ["10", "12"]),
    ]
    assert {s.section for s in Standing.objects.filter(scope__name="Classes")} == {
        "F2 14",
        "F2000 14",
        "A 7",
    }
    # A rule change (an equivalence) is a write too: the class tables join up.
    ClassEquivalence.objects.create(
        championship=championship, group="F2000", klass="14", as_group="F2", as_klass="14"
    )
    data_changed(championships=[championship])
    assert table(championship, "Classes", "F2 14") == [
        (1, "BLANC Bruno / BRUN Berthe", Decimal(23), ["8", "15"]),
        (2, "ARNAUD Alain / AUBRY Anne", Decimal(22), ["10", "12"]),
    ]


def test_a_re_import_replaces_the_points_of_that_round(championship):
    r1 = championship.rounds.get(order=1).event
    import_rows(r1, row(1, 1, "ARNAUD Alain/AUBRY Anne", "N4"), row(2, 2, "BLANC Bruno/X", "N4"))
    before = version_of(f"championship:{championship.pk}")
    import_rows(r1, row(1, 2, "BLANC Bruno/X", "N4"), row(2, 1, "ARNAUD Alain/AUBRY Anne", "N4"))
    assert [(p, name, total) for p, name, total, _ in table(championship, "Général")] == [
        (1, "BLANC Bruno / X", Decimal(10)),
        (2, "ARNAUD Alain / AUBRY Anne", Decimal(8)),
    ]
    assert version_of(f"championship:{championship.pk}") > before


def test_a_merged_person_s_points_join_up(championship):
    r1, r2 = (r.event for r in championship.rounds.order_by("order"))
    # The same driver, spelled two ways: two people, so two crews until someone merges them.
    import_rows(
        r1, row(1, 1, "DUPONT Jean/MARTIN Paul", "N4"), row(2, 2, "ROUX Eric/ROY Luc", "N4")
    )
    import_rows(
        r2, row(1, 1, "DUPOND Jean/MARTIN Paul", "N4"), row(2, 2, "ROUX Eric/ROY Luc", "N4")
    )
    # R1: DUPONT/MARTIN 10, ROUX/ROY 8. R2 ×1.5: DUPOND/MARTIN 15, ROUX/ROY 12.
    assert [(name, total) for _, name, total, _ in table(championship, "Général")] == [
        ("ROUX Eric / ROY Luc", Decimal(20)),
        ("DUPOND Jean / MARTIN Paul", Decimal(15)),
        ("DUPONT Jean / MARTIN Paul", Decimal(10)),
    ]
    keep = Person.objects.get(surname="DUPONT")
    merge_people(keep=keep, drop=Person.objects.get(surname="DUPOND"))
    # One crew now: 10 + 15 = 25, ahead of ROUX/ROY's 8 + 12 = 20.
    assert table(championship, "Général") == [
        (1, "DUPONT Jean / MARTIN Paul", Decimal(25), ["10", "15"]),
        (2, "ROUX Eric / ROY Luc", Decimal(20), ["8", "12"]),
    ]


def test_an_import_elsewhere_leaves_the_championships_its_people_scored_in(championship):
    r1 = championship.rounds.get(order=1).event
    import_rows(r1, row(1, 1, "DUPONT Jean/MARTIN Paul", "N4"))
    dupont = Person.objects.get(surname="DUPONT")
    before = version_of(f"championship:{championship.pk}")
    seen = version_of(f"person:{dupont.pk}")
    # The same crew at an event the championship does not count: nothing of it changes there.
    import_rows(make_event(9), row(1, 1, "DUPONT Jean/MARTIN Paul", "N4"))
    assert version_of(f"championship:{championship.pk}") == before
    assert version_of(f"person:{dupont.pk}") == seen + 1
    # A rename does change it: the table shows the new name.
    rename_person(person=dupont, surname="DUPONT", first_name="Jean-Luc")
    assert version_of(f"championship:{championship.pk}") == before + 1


def test_a_rename_shows_in_the_stored_table(championship):
    r1 = championship.rounds.get(order=1).event
    import_rows(r1, row(1, 1, "DUPONT Jean/MARTIN Paul", "N4"))
    rename_person(
        person=Person.objects.get(surname="DUPONT"), surname="DUPONT", first_name="Jean-Luc"
    )
    assert table(championship, "Général")[0][1] == "DUPONT Jean-Luc / MARTIN Paul"


def test_a_preset_applied_later_replaces_the_rules_and_recomputes(championship):
    r1 = championship.rounds.get(order=1).event
    import_rows(r1, row(1, 1, "ARNAUD Alain/AUBRY Anne", "N4"), row(2, 2, "BLANC Bruno/X", "FN4"))
    apply_preset(championship=championship, preset="regional")
    championship.refresh_from_db()
    assert championship.min_starters == 3
    assert list(championship.scopes.values_list("name", flat=True)) == ["Général", "Classes"]
    # Regional: group 5-4-3-2-1 + class 15-12-9-7-5, FN counted as N, fewer than 3 starters
    # in N 4 so class points are halved: ARNAUD 5 + 15 / 2 = 12.5, BLANC 4 + 12 / 2 = 10.
    assert [(name, total) for _, name, total, _ in table(championship, "Général")] == [
        ("ARNAUD Alain / AUBRY Anne", Decimal("12.5")),
        ("BLANC Bruno / X", Decimal(10)),
    ]


def test_a_round_counts_the_classification_it_names(championship, car_makes):
    r1 = championship.rounds.get(order=1)
    Classification.objects.create(event=r1.event, name="VHC", slug="vhc")
    import_rows(r1.event, row(1, 1, "MODERNE Max/X", "N4"), classification="Général")
    import_rows(r1.event, row(1, 7, "ANCIEN Alain/Y", "N4"), classification="VHC")
    assert [name for _, name, *_ in table(championship, "Général")] == ["MODERNE Max / X"]
    r1.classification = r1.event.classifications.get(name="VHC")
    r1.save()
    data_changed(championships=[championship])
    assert [name for _, name, *_ in table(championship, "Général")] == ["ANCIEN Alain / Y"]


def test_every_preset_builds_valid_tables():
    for key, preset in PRESETS.items():
        championship = create_from_preset(preset=key, name=f"Coupe {key}", season=2025)
        assert championship.scopes.count() == len(preset.scopes)
        for scope in championship.scopes.all():
            scope.full_clean()


def season(events: int, entries: int, *, name: str) -> Championship:
    championship = create_from_preset(preset="regional", name=name, season=2024)
    for n in range(1, events + 1):
        event = make_event(n + 100 * len(name))
        Round.objects.create(championship=championship, event=event, order=n)
        import_rows(event, *generated_rows(entries))
    return championship


def recompute_queries(championship: Championship) -> int:
    with CaptureQueriesContext(connection) as queries:
        recompute(championship)
    return len(queries.captured_queries)


def test_the_recompute_costs_the_same_queries_for_a_small_or_a_large_season(car_makes):
    small, large = season(2, 5, name="S"), season(6, 30, name="Large")
    assert (
        Standing.objects.filter(championship=large).count()
        > 5 * Standing.objects.filter(championship=small).count()
    )
    # Lock, scopes, equivalences, rounds (each with the table that scores), people, seats,
    # entries and the stored table to compare; plus the savepoint pair. Nothing changed since
    # the last import's recompute, so nothing is written.
    assert recompute_queries(small) == recompute_queries(large) <= 11


def test_a_deleted_scope_takes_its_rows_with_it(championship):
    r1 = championship.rounds.get(order=1).event
    import_rows(r1, row(1, 1, "ARNAUD Alain/AUBRY Anne", "N4"))
    ScoringScope.objects.filter(championship=championship, name="Classes").delete()
    data_changed(championships=[championship])
    assert set(Standing.objects.values_list("scope__name", flat=True)) == {"Général"}


def test_the_first_stage_tie_break_reads_the_stored_stage_times(car_makes):
    # Points 10-8, both rounds ×1: ARNAUD wins R1, BLANC R2, 18 each. On R2's first stage
    # ARNAUD was fastest (ES1 5:00,0 against 5:05,0): with `first_stage` he is ahead, with
    # the last event BLANC would be.
    events = [make_event(1), make_event(2)]
    championship = create_from_preset(
        preset="10-8", name="Coupe ES", season=2024, events=events,
        coefficients=[Decimal(1), Decimal(1)],
    )  # fmt: skip
    header = "| Cl. | N° | Pilote/ Copilote | Voiture | Gr/Cl | ES1 | ES2 | Temps |"
    import_rows(
        events[0],
        "| 1 | 1 | ARNAUD Alain/AUBRY Anne | Clio | A7 | 05:00,0 | 05:00,0 | 10:00,0 |",
        "| 2 | 2 | BLANC Bruno/BRUN Berthe | Clio | A7 | 05:01,0 | 05:02,0 | 10:03,0 |",
        header=header,
    )
    import_rows(
        events[1],
        "| 1 | 2 | BLANC Bruno/BRUN Berthe | Clio | A7 | 05:05,0 | 04:50,0 | 09:55,0 |",
        "| 2 | 1 | ARNAUD Alain/AUBRY Anne | Clio | A7 | 05:00,0 | 04:58,0 | 09:58,0 |",
        header=header,
    )
    championship.tie_breaks = "first_stage"
    championship.save()
    recompute(championship)
    assert [name for _, name, *_ in table(championship, "Général")] == [
        "ARNAUD Alain / AUBRY Anne",
        "BLANC Bruno / BRUN Berthe",
    ]
    championship.tie_breaks = "last_event"
    championship.save()
    recompute(championship)
    assert table(championship, "Général")[0][1] == "BLANC Bruno / BRUN Berthe"
