"""Decisions on entries: applied over every reading of the sheet, flagged on re-import."""

import datetime

import pytest

from results.models import Classification, Decision, Entry, Revision, Standing
from results.services.championship_presets import create_from_preset
from results.services.decisions import DecisionRefused, record_decision, retire_decision
from results.services.importing import apply_import, preview_import
from results.services.previews import preview_rows
from results.services.revising import make_official
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db
Kind = Decision.Kind
DAY = datetime.date(2024, 5, 4)

ROWS = (
    "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | A6 | 10:00,0 | |",
    "| 2 | 7 | DURAND Luc/PETIT Anne | Citroën Saxo VTS | A6 | 10:05,0 | +00:05,0 |",
    "| 3 | 9 | ROBERT Anne/LEROY Paul | Citroën Saxo VTS | A6 | 10:09,0 | +00:09,0 |",
    "| 4 | 3 | SIMON Marc/GIRARD Léa | BMW M3 | N4 | 10:20,0 | +00:20,0 |",
)
#: The organiser's next sheet: same results, crew 3's name fixed.
ROWS_AGAIN = (*ROWS[:3], "| 4 | 3 | SIMON Marc/GIRARD Lea | BMW M3 | N4 | 10:20,0 | +00:20,0 |")
#: The stewards' sheet: crew 12 with its 10 s penalty already in its time.
WITH_PENALTY = (
    "| 1 | 7 | DURAND Luc/PETIT Anne | Citroën Saxo VTS | A6 | 10:05,0 | |",
    "| 2 | 9 | ROBERT Anne/LEROY Paul | Citroën Saxo VTS | A6 | 10:09,0 | +00:04,0 |",
    "| 3 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | A6 | 10:10,0 | +00:05,0 |",
    "| 4 | 3 | SIMON Marc/GIRARD Léa | BMW M3 | N4 | 10:20,0 | +00:15,0 |",
)


def load(classification, *rows, reason=""):
    return apply_import(
        preview_import(classification=classification, data=pipe_sheet(*rows), source_name="r"),
        reason=reason,
    )


def table(classification):
    return [
        (e.number, e.position, e.class_position, e.time_ms, e.gap_ms, e.status)
        for e in Entry.objects.standings(classification)
    ]


def entry(classification, number):
    return Entry.objects.get(classification=classification, number=number)


def penalise(classification, superuser, number=12, seconds=10):
    return record_decision(
        entry=entry(classification, number),
        kind=Kind.TIME_PENALTY,
        value=seconds * 1000,
        reason="Départ anticipé",
        reference="Décision n° 4",
        decided_on=DAY,
        user=superuser,
    )


@pytest.fixture
def season(classification):
    championship = create_from_preset(
        preset="25-18", name="Coupe", season=2024, events=[classification.event]
    )
    load(classification, *ROWS)
    return championship


def points_of(championship):
    """Every line of every table of the championship: (scope, role, section, name) → points."""
    return {
        (s.scope_id, s.role, s.section, s.name): (s.position, s.total)
        for s in Standing.objects.filter(championship=championship)
    }


def test_a_penalty_survives_two_re_imports_and_recomputes_classes_and_championships(
    classification, season, superuser
):
    # The event counts for a second championship too: both are recomputed.
    other = create_from_preset(
        preset="10-8", name="Trophée", season=2024, events=[classification.event]
    )
    before, other_before = points_of(season), points_of(other)
    assert other_before, "the second championship has its tables before the decision"
    penalise(classification, superuser)
    expected = [
        ("7", 1, 1, 605000, 0, "classified"),
        ("9", 2, 2, 609000, 4000, "classified"),
        ("12", 3, 3, 610000, 5000, "classified"),
        ("3", 4, 1, 620000, 15000, "classified"),
    ]
    assert table(classification) == expected
    after, other_after = points_of(season), points_of(other)
    assert after != before and other_after != other_before
    # In every table of both where both score, crew 7 now leads crew 12.
    for (scope, role, section, name), (position, _points) in (after | other_after).items():
        if "DURAND" in name:
            rival = next(v for k, v in (after | other_after).items()
                         if k[:3] == (scope, role, section)
                         and ("DUPONT" in k[3] or "MARTIN" in k[3]))  # fmt: skip
            assert position < rival[0]

    for _ in range(2):
        load(classification, *ROWS_AGAIN)
        assert table(classification) == expected
        assert points_of(season) == after and points_of(other) == other_after
    # The sheet as read is kept on the entry; the published values carry the decision.
    assert entry(classification, 12).raw["time_ms"] == 600000


def test_an_exclusion_after_official_results_makes_a_revision_with_its_reason(
    classification, superuser
):
    load(classification, *ROWS)
    make_official(classification=classification, user=superuser)
    record_decision(
        entry=entry(classification, 7),
        kind=Kind.EXCLUSION,
        reason="Poids non conforme",
        reference="Décision n° 7",
        decided_on=DAY,
        user=superuser,
    )
    assert table(classification) == [
        ("12", 1, 1, 600000, 0, "classified"),
        ("9", 2, 2, 609000, 9000, "classified"),
        ("3", 3, 1, 620000, 20000, "classified"),
        ("7", None, None, 605000, None, "dsq"),
    ]
    revision = Revision.objects.filter(classification=classification).order_by("-pk").first()
    assert (revision.kind, revision.reason) == ("decision", "Poids non conforme (Décision n° 7)")
    changed = {
        item["label"]: [c[0] for c in item["changes"]] for item in revision.changes["changed"]
    }
    assert changed == {
        "#7 Luc DURAND / Anne PETIT": ["position", "gap_ms", "class_position", "status"],
        "#9 Anne ROBERT / Paul LEROY": ["position", "class_position"],
        "#3 Marc SIMON / Léa GIRARD": ["position"],
    }
    classification.refresh_from_db()
    assert classification.state == Classification.State.OFFICIAL


def test_a_re_import_already_containing_a_penalty_is_flagged_on_its_row(classification, superuser):
    load(classification, *ROWS)
    penalise(classification, superuser)
    published = table(classification)
    stewards = preview_import(
        classification=classification, data=pipe_sheet(*WITH_PENALTY), source_name="s"
    )
    flagged = {
        row.values["number"]: [i["code"] for i in row.issues] for row in preview_rows(stewards)
    }
    assert flagged == {"7": [], "9": [], "12": ["decision-included"], "3": []}
    apply_import(stewards)
    # Not applied twice: the same table as with the decision over the first sheet.
    assert table(classification) == published


def test_a_re_import_that_changes_the_decided_value_is_flagged_and_still_applied(
    classification, superuser
):
    load(classification, *ROWS)
    penalise(classification, superuser)
    changed = ("| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | A6 | 10:01,0 | |", *ROWS[1:])
    again = preview_import(
        classification=classification, data=pipe_sheet(*changed), source_name="c"
    )
    (row,) = [row for row in preview_rows(again) if row.values["number"] == "12"]
    assert [i["code"] for i in row.issues] == ["decision-contradicted"]
    apply_import(again)
    assert entry(classification, 12).time_ms == 611000


def test_retiring_a_decision_publishes_the_sheet_again_without_it(classification, superuser):
    load(classification, *ROWS)
    decision = penalise(classification, superuser)
    retire_decision(decision=decision, user=superuser)
    assert [row[:2] for row in table(classification)] == [("12", 1), ("7", 2), ("9", 3), ("3", 4)]
    with pytest.raises(DecisionRefused):
        retire_decision(decision=decision, user=superuser)


def test_a_position_change_moves_the_crew_and_those_between_it(classification, superuser):
    load(classification, *ROWS)
    record_decision(
        entry=entry(classification, 9),
        kind=Kind.POSITION_CHANGE,
        value=1,
        reason="Temps d'un secteur neutralisé",
        decided_on=DAY,
        user=superuser,
    )
    assert [row[:3] for row in table(classification)] == [
        ("9", 1, 1), ("12", 2, 2), ("7", 3, 3), ("3", 4, 1),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "value", "reason"),
    [
        (Kind.TIME_PENALTY, None, "sans valeur"),
        (Kind.EXCLUSION, None, "  "),
        (Kind.POSITION_CHANGE, 0, "place zéro"),
        ("unknown", None, "inconnu"),
    ],
)
def test_a_decision_without_what_it_needs_is_refused_and_writes_nothing(
    classification, superuser, table_snapshot, kind, value, reason
):
    load(classification, *ROWS)
    snapshot = table_snapshot()
    with pytest.raises(DecisionRefused):
        record_decision(entry=entry(classification, 7), kind=kind, value=value, reason=reason,
                        decided_on=DAY, user=superuser)  # fmt: skip
    assert table_snapshot() == snapshot


def test_an_organiser_of_another_club_cannot_record_a_decision(classification, organiser):
    from results.access import AccessDenied

    load(classification, *ROWS)
    with pytest.raises(AccessDenied):
        penalise(classification, organiser)
    assert not Decision.objects.exists()
