"""What a sheet is (overall, interim after a stage, one stage's) and where it goes."""

from pathlib import Path

import pytest

from results.models import Classification
from results.services.scoping import (
    BadScope,
    Scope,
    base_name,
    chosen_scope,
    name_for,
    read_scope,
)
from results.services.uploads import start_upload

SHEETS = Path(__file__).parents[1] / "parsing/sheets/stages"


@pytest.mark.parametrize(
    ("kind", "typed", "stage", "order"),
    [
        ("stage", "ES3", "ES3", 3),
        ("stage", "es 3", "ES3", 3),
        ("stage", "Stage 4", "SS4", 4),
        ("after", "WP 5", "WP5", 5),
        ("after", "7", "ES7", 7),
        ("stage", "Montée 2", "Montée 2", 2),
        ("stage", "Prologue 1", "Prologue 1", 1),
    ],
)
def test_the_organiser_names_a_stage_with_its_number(kind, typed, stage, order):
    assert chosen_scope(kind, typed, base="Général") == Scope(kind, stage, order, "organiser")


@pytest.mark.parametrize(
    ("kind", "typed"), [("stage", ""), ("after", "la dernière"), ("stage", "ES1 ES2"),
                        ("stage", "0"), ("stage", "ES 400"), ("final", "ES3")],
)  # fmt: skip
def test_a_stage_without_one_number_or_an_unknown_kind_is_refused(kind, typed):
    with pytest.raises(BadScope):
        chosen_scope(kind, typed, base="Général")


def test_overall_needs_no_stage():
    assert chosen_scope("overall", "anything", base="VHC") == Scope(
        "overall", by="organiser", base="VHC"
    )


def test_a_stage_classification_stands_beside_the_classification_named():
    assert name_for(Scope("stage", "ES3", 3)) == "ES3"
    assert name_for(Scope("stage", "ES3", 3, base="VHC")) == "VHC ES3"
    assert name_for(Scope("after", "ES5", 5, base="VHC")) == "VHC"
    assert base_name(Classification(name="VHC ES3", stage_name="ES3", stage_order=3)) == "VHC"
    assert base_name(Classification(name="ES3", stage_name="ES3", stage_order=3)) == "Général"
    assert base_name(Classification(name="VHC")) == "VHC"


def test_the_first_table_naming_a_stage_decides():
    sheet = {"tables": [{"stage": None, "after_stage": None},
                        {"stage": None, "after_stage": {"name": "ES5", "order": 5}},
                        {"stage": {"name": "ES2", "order": 2}, "after_stage": None}]}  # fmt: skip
    assert read_scope(sheet) == Scope("after", "ES5", 5, "sheet")
    assert read_scope({"tables": []}, base="VHC") == Scope(base="VHC")
    assert Scope.from_json(Scope("stage", "ES3", 3).to_json()) == Scope("stage", "ES3", 3)
    assert Scope.from_json({}) is None and Scope.from_json({"kind": "nope"}) is None


@pytest.mark.django_db
def test_a_stage_sheet_for_vhc_goes_beside_vhc(event, superuser):
    result_import = start_upload(
        user=superuser,
        data=(SHEETS / "classement_es3.txt").read_bytes(),
        source_name="es3.txt",
        classification_name="VHC",
        event=event,
    )
    table = result_import.classification
    assert (table.name, table.slug, table.stage_name, table.stage_order) == (
        "VHC ES3", "vhc-es3", "ES3", 3
    )  # fmt: skip
    # The VHC classification was made for nothing: it is gone with the first reading.
    assert list(Classification.objects.filter(event=event).values_list("slug", flat=True)) == [
        "vhc-es3"
    ]


@pytest.mark.django_db
def test_an_unreadable_stage_sheet_leaves_no_classification(event, superuser):
    from results.services.uploads import UnreadableSheet

    with pytest.raises(UnreadableSheet):
        start_upload(user=superuser, data=b"Classement ES3\n\n", source_name="x.txt", event=event)
    assert not Classification.objects.filter(event=event).exists()
