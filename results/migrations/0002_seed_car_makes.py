"""Seed the car makes and the spellings sheets use for them.

The list is literal on purpose: a migration must give the same rows whatever the code becomes.
Each spelling is already folded (lower case, no accents), as the importer looks it up.
"""

from django.db import migrations

MAKES = [
    ("Abarth", ["abarth"]),
    ("Alfa Romeo", ["alfa romeo", "alfa-romeo", "alfaromeo"]),
    ("Alpine", ["alpine", "alpine renault", "alpine-renault"]),
    ("Audi", ["audi"]),
    ("Austin", ["austin"]),
    ("Autobianchi", ["autobianchi", "a. bianchi"]),
    ("BMW", ["bmw", "b.m.w.", "b.m.w", "b m w"]),
    ("Caterham", ["caterham"]),
    ("Chevrolet", ["chevrolet"]),
    ("Citroën", ["citroen"]),
    ("Dacia", ["dacia"]),
    ("Datsun", ["datsun"]),
    ("DS", ["ds", "ds automobiles"]),
    ("Ferrari", ["ferrari"]),
    ("Fiat", ["fiat"]),
    ("Ford", ["ford"]),
    ("Honda", ["honda"]),
    ("Hyundai", ["hyundai"]),
    ("Jaguar", ["jaguar"]),
    ("Lada", ["lada"]),
    ("Lancia", ["lancia"]),
    ("Lotus", ["lotus"]),
    ("Matra", ["matra", "matra simca", "matra-simca"]),
    ("Mazda", ["mazda"]),
    ("Mercedes", ["mercedes", "mercedes-benz", "mercedes benz"]),
    ("MG", ["mg", "m.g."]),
    ("Mini", ["mini", "austin mini", "morris mini"]),
    ("Mitsubishi", ["mitsubishi", "mitsu"]),
    ("Nissan", ["nissan"]),
    ("Opel", ["opel"]),
    ("Peugeot", ["peugeot"]),
    ("Porsche", ["porsche"]),
    ("Renault", ["renault"]),
    ("Saab", ["saab"]),
    ("Seat", ["seat"]),
    ("Simca", ["simca"]),
    ("Škoda", ["skoda"]),
    ("Subaru", ["subaru"]),
    ("Sunbeam", ["sunbeam"]),
    ("Suzuki", ["suzuki"]),
    ("Talbot", ["talbot"]),
    ("Toyota", ["toyota"]),
    ("Triumph", ["triumph"]),
    ("Volkswagen", ["volkswagen", "vw", "v.w.", "volkswagon"]),
    ("Volvo", ["volvo"]),
]


def seed(apps, schema_editor):
    CarMake = apps.get_model("results", "CarMake")
    CarMakeSpelling = apps.get_model("results", "CarMakeSpelling")
    for name, spellings in MAKES:
        make, _ = CarMake.objects.get_or_create(name=name)
        for spelling in spellings:
            CarMakeSpelling.objects.get_or_create(spelling=spelling, defaults={"make": make})


def unseed(apps, schema_editor):
    CarMake = apps.get_model("results", "CarMake")
    CarMake.objects.filter(name__in=[name for name, _ in MAKES], cars__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("results", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
