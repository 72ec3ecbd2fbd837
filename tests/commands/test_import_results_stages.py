"""`import_results` routes a sheet as the upload form does: a sheet whose title names one
stage goes to that stage's classification beside the one given; `--scope` says otherwise."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from results.models import Classification, Entry, Event, ResultImport

pytestmark = pytest.mark.django_db
SHEETS = Path(__file__).parents[1] / "parsing/sheets"
STAGE = SHEETS / "stages/classement_es3.txt"
INTERIM = SHEETS / "stages/apres_es5.txt"
EVENT = ("--name", "Rallye des Vins", "--date", "2024-05-12")


def run(*args: str) -> str:
    out = StringIO()
    call_command("import_results", *args, *EVENT, stdout=out)
    return out.getvalue()


def slugs() -> list[str]:
    return sorted(Classification.objects.values_list("slug", flat=True))


def test_a_stage_sheet_goes_to_its_stage_classification():
    out = run(str(STAGE))
    assert "into rallye-des-vins-2024 / ES3:" in out
    # The overall classification was not made for it: only the stage's own exists.
    assert slugs() == ["es3"]
    es3 = Classification.objects.get()
    assert (es3.stage_name, es3.stage_order) == ("ES3", 3)
    assert Entry.objects.filter(classification=es3).count() == 4
    assert ResultImport.objects.get().state == ResultImport.State.APPLIED


def test_a_stage_sheet_of_another_classification_goes_beside_it():
    out = run(str(STAGE), "--classification", "VHC")
    assert "/ VHC ES3:" in out
    assert slugs() == ["vhc-es3"]


def test_the_scope_option_keeps_a_stage_sheet_in_the_classification_given():
    out = run(str(STAGE), "--scope", "overall")
    assert "/ Général:" in out
    assert slugs() == ["general"]
    assert Classification.objects.get().stage_name == ""


def test_the_scope_option_sends_a_sheet_to_the_stage_it_names():
    run(str(INTERIM), "--scope", "stage", "--stage", "ES7")
    es7 = Classification.objects.get()
    assert (es7.name, es7.stage_name, es7.stage_order) == ("ES7", "ES7", 7)


def test_an_interim_sheet_stays_in_the_overall_classification_after_its_stage():
    run(str(INTERIM))
    general = Classification.objects.get()
    assert (general.slug, general.after_stage) == ("general", "ES5")


def test_a_dry_run_of_a_stage_sheet_leaves_nothing():
    out = run(str(STAGE), "--dry-run")
    assert "Would import 4 entries into rallye-des-vins-2024 / ES3:" in out
    assert not Event.objects.exists() and not Classification.objects.exists()


def test_a_stage_scope_without_a_stage_number_is_refused():
    with pytest.raises(CommandError, match="--stage"):
        run(str(STAGE), "--scope", "stage", "--stage", "spéciale")
    assert not Event.objects.exists()
