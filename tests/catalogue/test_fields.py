"""The field catalogue against what it describes: the model, the parse contract, the site's
translations, and the module's own promise to import no Django."""

from __future__ import annotations

import gettext
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import models

from results.catalogue import COLUMN, COLUMNS, CONTRACT_NAMES, FIELDS, MODEL_FIELDS, STATUSES, Kind
from results.catalogue.fields import Csv, Sort
from results.models import Entry
from results.parsing import Entry as ContractEntry
from results.parsing import Person

ROOT = Path(__file__).resolve().parents[2]
# Entry fields that are the record's bookkeeping, not a result a sheet gives.
BOOKKEEPING = {
    "id",
    "classification",
    "result_import",
    "sheet_order",
    "line",
    "page",
    "car",
    "raw",
    "issues",
}
KIND_OF_MODEL_FIELD = {
    Kind.TIME: models.BigIntegerField,
    Kind.GAP: models.BigIntegerField,
    Kind.INTEGER: models.IntegerField,
    Kind.DECIMAL: models.FloatField,
    Kind.TEXT: models.CharField,
    Kind.STATUS: models.CharField,
}


def test_every_result_field_of_the_entry_model_has_a_declaration():
    fields = {f.name for f in Entry._meta.concrete_fields} - BOOKKEEPING
    assert fields == set(MODEL_FIELDS)


@pytest.mark.parametrize("field", [f for f in FIELDS if f.model], ids=lambda f: f.model)
def test_a_declared_kind_matches_its_model_field(field):
    model_field = Entry._meta.get_field(field.model)
    assert type(model_field) is KIND_OF_MODEL_FIELD[field.kind]
    # Text the sheet leaves out is stored blank, everything else as null.
    assert model_field.null is (field.kind not in (Kind.TEXT, Kind.STATUS))


def test_every_field_of_the_parse_contract_is_declared():
    record = ContractEntry(line=1, crew=(Person("DUPONT", "Jean"),)).to_dict()
    contract = set(record) - {"line", "page"}
    assert contract == {f.contract for f in FIELDS if f.contract}


def test_the_preview_shows_every_stored_field_once():
    assert len(CONTRACT_NAMES) == len(set(CONTRACT_NAMES))
    assert "crew" not in CONTRACT_NAMES  # seats are crew members, shown apart
    assert {"best_lap_no", "class", "car"} <= set(CONTRACT_NAMES)


def test_columns_have_one_name_label_and_a_row_key_each():
    names = [f.column for f in COLUMNS]
    assert len(names) == len(set(names))
    assert all(f.label is not None for f in COLUMNS)
    # A row holds a column's value and its text under keys no other column uses.
    keys = [f.value_key for f in COLUMNS] + [
        f.text_key for f in COLUMNS if f.text_key != f.value_key
    ]
    assert len(keys) == len(set(keys))


def test_a_column_that_follows_another_names_a_column():
    assert {f.follows for f in COLUMNS if f.follows} <= set(COLUMN)


def test_rules_fit_the_kinds():
    for f in COLUMNS:
        if f.sort in (Sort.NATURAL, Sort.CLASS):
            assert f.kind is Kind.TEXT, f.column
        if f.csv is Csv.UNSIGNED:
            assert f.kind is Kind.GAP, f.column
        if f.precision:
            assert f.kind in (Kind.TIME, Kind.GAP), f.column


def _catalog(language: str) -> dict:
    path = ROOT / "locale" / language / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_column_label_is_translated(language):
    catalog = _catalog(language)
    for f in COLUMNS:
        assert f.label is not None
        key = f"{f.label.context}\x04{f.label.message}" if f.label.context else f.label.message
        assert catalog.get(key), f"{f.column}: {f.label} has no {language} translation"


def test_the_catalogue_imports_no_django():
    code = (
        "import sys, results.catalogue; "
        "sys.exit(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="xgettext (gettext) not installed")
def test_makemessages_finds_every_label_of_the_catalogue():
    # The keywords `makemessages` gives xgettext for Python files.
    keywords = ["gettext_noop", "gettext_lazy", "pgettext:1c,2", "pgettext_lazy:1c,2"]
    files = sorted(str(p) for p in (ROOT / "results" / "catalogue").glob("*.py"))
    found = subprocess.run(
        ["xgettext", "-L", "Python", "--from-code=UTF-8", "-o", "-"]
        + [f"--keyword={k}" for k in keywords]
        + files,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    labels = [f.label for f in COLUMNS] + [f.detail.before for f in FIELDS if f.detail]
    labels += [s.short for s in STATUSES] + [s.label for s in STATUSES]
    for text in filter(None, labels):
        entry = f'msgid "{text.message}"'
        if text.context:
            entry = f'msgctxt "{text.context}"\n' + entry
        assert entry in found, text.message
