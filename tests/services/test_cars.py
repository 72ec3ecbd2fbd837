import pytest

from results.models import Car, Entry
from results.services.importing import apply_import, preview_import
from results.services.resolving import make_spellings, split_car
from tests.services.sheets import pipe_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("car_makes")]


@pytest.mark.parametrize(
    ("text", "make", "model"),
    [
        ("B.M.W. 318 iS", "BMW", "318 iS"),
        ("BMW M3 E30", "BMW", "M3 E30"),
        ("Peugeot 306 S16", "Peugeot", "306 S16"),
        ("PEUGEOT 207 S2000", "Peugeot", "207 S2000"),
        ("CITROËN C4 WRC", "Citroën", "C4 WRC"),
        ("Citroen Saxo", "Citroën", "Saxo"),
        ("SKODA Fabia R5", "Škoda", "Fabia R5"),
        ("Škoda Octavia", "Škoda", "Octavia"),
        ("VW Golf 2 Gti", "Volkswagen", "Golf 2 Gti"),
        ("Volkswagen Golf 2 Gti", "Volkswagen", "Golf 2 Gti"),
        ("Alfa Romeo 75", "Alfa Romeo", "75"),
        ("Mercedes-Benz 190 E", "Mercedes", "190 E"),
        ("Alpine Renault A110", "Alpine", "A110"),
        ("Talbot Samba Rallye", "Talbot", "Samba Rallye"),
        ("MG Metro 6R4", "MG", "Metro 6R4"),
        ("Proto Maison 2", None, "Proto Maison 2"),
    ],
)
def test_a_car_text_splits_into_make_and_model(text, make, model):
    spellings = make_spellings()
    make_id, found_model = split_car(text, spellings)
    names = {pk: name for name, pk in _make_ids().items()}
    assert (names.get(make_id), found_model) == (make, model)


def _make_ids():
    from results.models import CarMake

    return dict(CarMake.objects.values_list("name", "pk"))


@pytest.mark.parametrize(
    ("first", "second", "cars", "shown"),
    [
        ("Peugeot 306 S16", "Peugeot 306 s16", 1, "Peugeot 306 S16"),
        ("PEUGEOT 306 S16", "Peugeot 306 S16", 1, "Peugeot 306 S16"),
        ("Citroën Saxo VTS", "CITROEN SAXO VTS", 1, "Citroën Saxo VTS"),
        ("B.M.W. 318 iS", "BMW 318 IS", 1, "BMW 318 iS"),
        ("Peugeot 306 S16", "Peugeot 306 XS", 2, "Peugeot 306 S16"),
        ("Renault 5 GT Turbo", "Renault 5", 2, "Renault 5 GT Turbo"),
    ],
)
def test_cars_are_told_apart_without_case_or_accents(classification, first, second, cars, shown):
    sheet = pipe_sheet(
        f"| 1 | 1 | DUPONT Jean/MARTIN Paul | {first} | A7 | 10:00,0 | |",
        f"| 2 | 2 | DURAND Luc/PETIT Anne | {second} | A7 | 10:01,0 | +00:01,0 |",
    )
    apply_import(preview_import(classification=classification, data=sheet, source_name="r"))
    assert Car.objects.count() == cars
    # The make's own name, the model in the first spelling seen; entries keep their text.
    assert Car.objects.select_related("make").order_by("pk").first().name == shown
    assert list(Entry.objects.order_by("sheet_order").values_list("car_text", flat=True)) == [
        first,
        second,
    ]


def test_an_existing_car_is_reused_in_its_first_spelling(classification):
    apply_import(
        preview_import(
            classification=classification,
            data=pipe_sheet(
                "| 1 | 1 | DUPONT Jean/MARTIN Paul | Peugeot 306 S16 | A7 | 10:00,0 | |"
            ),
            source_name="r",
        )
    )
    later = preview_import(
        classification=classification,
        data=pipe_sheet("| 1 | 1 | DUPONT Jean/MARTIN Paul | PEUGEOT 306 s16 | A7 | 10:00,0 | |"),
        source_name="r",
    )
    assert later.counts["cars_new"] == 0
    apply_import(later)
    assert [car.name for car in Car.objects.select_related("make")] == ["Peugeot 306 S16"]
