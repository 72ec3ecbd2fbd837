import pytest

from results.models import CarMake, CarMakeSpelling
from results.text import fold

pytestmark = pytest.mark.usefixtures("car_makes")


def test_the_migration_seeds_the_common_makes():
    names = set(CarMake.objects.values_list("name", flat=True))
    assert {"Peugeot", "Citroën", "BMW", "Škoda", "Volkswagen", "Alfa Romeo", "MG"} <= names


@pytest.mark.parametrize(
    ("spelling", "make"),
    [("b.m.w.", "BMW"), ("vw", "Volkswagen"), ("skoda", "Škoda"), ("citroen", "Citroën")],
)
def test_spellings_route_to_their_make(spelling, make):
    assert CarMakeSpelling.objects.get(spelling=spelling).make.name == make


def test_every_seeded_spelling_is_already_folded():
    spellings = CarMakeSpelling.objects.values_list("spelling", flat=True)
    assert [s for s in spellings if fold(s) != s] == []


def test_every_make_is_found_by_its_own_folded_name():
    spellings = set(CarMakeSpelling.objects.values_list("spelling", flat=True))
    missing = [
        m for m in CarMake.objects.values_list("name", flat=True) if fold(m) not in spellings
    ]
    assert missing == []
