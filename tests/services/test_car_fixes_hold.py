"""A car fix holds: re-imports that leave the fixed car without entries keep it and its
aliases, so the next sheet with the old spelling lands on it again."""

import pytest

from results.models import Car, Entry
from results.services.cars import merge_cars
from results.services.importing import apply_import, preview_import
from tests.services.sheets import pipe_sheet

pytestmark = pytest.mark.django_db

TYPO = "| 1 | 35 | MONTIGNY Arnaud/MONTIGNY Nathalie | Renault Clio WiIlliams | N3 | 12:32,7 | |"
RIGHT = "| 2 | 9 | JOVELIN Joel/DANDRIEUX Virginie | Renault Clio Williams | A7 | 13:04,3 | |"
OTHER = "| 1 | 26 | COMMERE Yann/CHRETIEN Laurent | Citroën Saxo Vts | A6 | 13:20,9 | |"


def _import(classification, *rows):
    return apply_import(
        preview_import(classification=classification, data=pipe_sheet(*rows), source_name="r")
    )


def test_a_merged_car_survives_a_reimport_without_it_and_catches_the_old_spelling(
    classification,
):
    _import(classification, TYPO, RIGHT)
    keep = Car.objects.get(model="Clio Williams")
    merge_cars(keep=keep, drop=Car.objects.get(model="Clio WiIlliams"))

    _import(classification, OTHER)  # the fixed car has no entry left
    assert Car.objects.filter(pk=keep.pk).exists()

    _import(classification, TYPO)
    assert Entry.objects.get().car_id == keep.pk
    assert not Car.objects.filter(model="Clio WiIlliams").exists()
