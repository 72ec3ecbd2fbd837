"""Revisions of published results: what a re-upload changes, official results and reasons."""

import pytest

from results.models import Classification, Revision
from results.services.diffing import VersionDiff
from results.services.errors import ImportRefused, ReasonRequired
from results.services.importing import apply_import, preview_import
from results.services.revising import make_official
from results.services.snapshots import imports_changes, preview_changes
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db

ROWS = (
    "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | F2-14 | 10:00,0 | |",
    "| 2 | 7 | DURAND Luc/PETIT Anne | Citroën Saxo VTS | A6 | 10:05,5 | +00:05,5 |",
    "| 3 | 9 | ROBERT Anne/LEROY Paul | Citroën Saxo VTS | A6 | 10:09,0 | +00:09,0 |",
)
#: Crew 7 two seconds slower (now behind 9), crew 9 second and first of its class, crew 12's
#: co-driver changed, a new crew 44.
REVISED = (
    "| 1 | 12 | DUPONT Jean/MARTINE Paul | Peugeot 306 S16 | F2-14 | 10:00,0 | |",
    "| 2 | 9 | ROBERT Anne/LEROY Paul | Citroën Saxo VTS | A6 | 10:09,0 | +00:09,0 |",
    "| 3 | 7 | DURAND Luc/PETIT Anne | Citroën Saxo VTS | A6 | 10:12,5 | +00:12,5 |",
    "| 4 | 44 | NEUF Marc/NEUVE Léa | BMW M3 | A6 | 10:20,0 | +00:20,0 |",
)


def preview(classification, *rows, **kwargs):
    return preview_import(
        classification=classification, data=pipe_sheet(*rows), source_name="r.txt", **kwargs
    )


def test_a_re_uploads_preview_lists_exactly_the_fields_that_change(classification):
    apply_import(preview(classification, *ROWS))
    diff = preview_changes(preview(classification, *REVISED))
    assert diff.counts == {"added": 1, "removed": 0, "changed": 3, "unchanged": 0}
    changed = {crew.label: {c.field: (c.old, c.new) for c in crew.changes} for crew in diff.changed}
    assert changed == {
        "#12 Jean DUPONT / Paul MARTINE": {
            "crew": (("Jean DUPONT", "Paul MARTIN"), ("Jean DUPONT", "Paul MARTINE"))
        },
        "#9 Anne ROBERT / Paul LEROY": {"position": (3, 2), "class_position": (2, 1)},
        "#7 Luc DURAND / Anne PETIT": {
            "position": (2, 3),
            "time_ms": (605500, 612500),
            "gap_ms": (5500, 12500),
            "class_position": (1, 2),
        },
    }
    assert [item.label for item in diff.added] == ["#44 Marc NEUF / Léa NEUVE"]


def test_a_first_upload_has_nothing_to_compare(classification):
    assert preview_changes(preview(classification, *ROWS)) is None


def test_two_versions_of_the_history_compare_as_the_preview_did(classification):
    first = apply_import(preview(classification, *ROWS))
    second = apply_import(preview(classification, *ROWS[:2]))
    diff = imports_changes(first, second)
    assert diff.counts == {"added": 0, "removed": 1, "changed": 0, "unchanged": 2}
    assert imports_changes(second, first).counts["added"] == 1
    assert imports_changes(first, first).is_empty


def test_every_apply_writes_a_revision_with_what_changed(classification):
    apply_import(preview(classification, *ROWS))
    apply_import(preview(classification, *REVISED), reason="Chronométrage corrigé")
    published, revised = Revision.objects.filter(classification=classification).order_by("pk")
    assert (published.kind, published.changes) == ("published", {})
    assert (revised.kind, revised.reason) == ("revised", "Chronométrage corrigé")
    assert VersionDiff.from_json(revised.changes).counts == {
        "added": 1, "removed": 0, "changed": 3, "unchanged": 0,
    }  # fmt: skip


def test_official_results_are_replaced_only_with_a_reason(classification, superuser):
    apply_import(preview(classification, *ROWS))
    make_official(classification=classification, user=superuser)
    classification.refresh_from_db()
    assert classification.state == Classification.State.OFFICIAL
    assert classification.official_by == superuser
    assert classification.official_at is not None

    replacing = preview(classification, *REVISED)
    with pytest.raises(ReasonRequired):
        apply_import(replacing, reason="  ")
    assert Revision.objects.filter(classification=classification).count() == 2  # nothing new
    apply_import(replacing, reason="Réclamation n° 3 acceptée")
    classification.refresh_from_db()
    assert classification.state == Classification.State.OFFICIAL
    latest = Revision.objects.filter(classification=classification).order_by("-pk").first()
    assert (latest.kind, latest.reason) == ("revised", "Réclamation n° 3 acceptée")
    assert [r.kind for r in Revision.objects.filter(classification=classification)
            .order_by("pk")] == ["published", "official", "revised"]  # fmt: skip


def test_results_are_made_official_once_and_only_with_results(classification, superuser):
    with pytest.raises(ImportRefused):
        make_official(classification=classification, user=superuser)
    apply_import(preview(classification, *ROWS))
    make_official(classification=classification, user=superuser)
    with pytest.raises(ImportRefused):
        make_official(classification=classification, user=superuser)


def test_an_organiser_of_another_club_cannot_make_results_official(classification, organiser):
    from results.access import AccessDenied

    apply_import(preview(classification, *ROWS))
    with pytest.raises(AccessDenied):
        make_official(classification=classification, user=organiser)
    classification.refresh_from_db()
    assert classification.state == Classification.State.PROVISIONAL
