"""Car, motorcycle and moped makes, so a car column and a crew column can be told apart."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType

from results.parsing.fields._limits import MAX_CELL, quick_fold
from results.parsing.fields.first_names import is_first_name

# Canonical name -> other spellings seen on sheets (the canonical one is matched too).
_MAKES: dict[str, tuple[str, ...]] = {
    "Abarth": (),
    "AC": (),
    "Alfa Romeo": ("Alfa", "Alfa-Romeo"),
    "Alpine": ("Alpine Renault", "Alpine-Renault"),
    "Aprilia": (),
    "Aston Martin": ("Aston-Martin",),
    "Audi": (),
    "Austin": ("Austin Healey", "Austin-Healey"),
    "Autobianchi": (),
    "Bentley": (),
    "Birel": (),
    "BMW": ("B.M.W.", "B.M.W"),
    "BRC": (),
    "Bugatti": (),
    "Cadillac": (),
    "Caterham": (),
    "Chevrolet": ("Chevy",),
    "Chevron": (),
    "Chrysler": (),
    "Citroën": ("Citroen", "Citröen"),
    "CRG": (),
    "Cupra": (),
    "Dacia": (),
    "Daewoo": (),
    "Daihatsu": (),
    "Datsun": (),
    "Derbi": (),
    "Donkervoort": (),
    "DS": (),
    "Ducati": (),
    "Ferrari": (),
    "Fiat": (),
    "Ford": (),
    "Funyo": (),
    "GasGas": ("Gas Gas",),
    "Gilera": (),
    "Ginetta": (),
    "Honda": (),
    "Husaberg": (),
    "Husqvarna": (),
    "Hyundai": (),
    "Jaguar": (),
    "Jeep": (),
    "Kawasaki": (),
    "Kia": (),
    "Kosmic": (),
    "KTM": (),
    "Lada": (),
    "Lamborghini": (),
    "Lancia": (),
    "Land Rover": ("Land-Rover", "Range Rover"),
    "Lexus": (),
    "Lotus": (),
    "Maserati": (),
    "Matra": ("Matra Simca", "Matra-Simca"),
    "Mazda": (),
    "MBK": ("Motobécane", "Motobecane"),
    "McLaren": (),
    "Mercedes": ("Mercedes-Benz", "Mercedes Benz", "Benz"),
    "MG": ("M.G.",),
    "Mini": ("Mini Cooper", "Morris Mini"),
    "Mitsubishi": ("Mitsu",),
    "Morgan": (),
    "Mygale": (),
    "Nissan": (),
    "NSU": (),
    "Opel": (),
    "Peugeot": ("Peugot", "Pgt"),
    "Piaggio": (),
    "Polski Fiat": (),
    "Porsche": (),
    "Praga": (),
    "Proton": (),
    "Radical": (),
    "Renault": ("Rnault",),
    "Rover": (),
    "Saab": (),
    "Seat": (),
    "Sherco": (),
    "Silver Car": (),
    "Simca": ("Simca Rallye",),
    "Škoda": ("Skoda",),
    "Smart": (),
    "Solex": ("VéloSolex", "Velosolex"),
    "Speed Car": (),
    "Subaru": (),
    "Sunbeam": (),
    "Suzuki": (),
    "Talbot": ("Talbot Simca", "Talbot Sunbeam"),
    "Tatra": (),
    "Tatuus": (),
    "Tesla": (),
    "Tomos": (),
    "Tony Kart": ("Tonykart",),
    "Toyota": (),
    "Trabant": (),
    "Triumph": (),
    "Vauxhall": (),
    "Vespa": (),
    "Volkswagen": ("VW", "V.W.", "Volkswagon"),
    "Volvo": (),
    "Wartburg": (),
    "Yamaha": (),
    "Zastava": (),
    "Zündapp": ("Zundapp",),
}
_STRIP_DOTS = re.compile(r"\.")
_MAX_WORDS = 3


def _key(text: str) -> str:
    return _STRIP_DOTS.sub("", quick_fold(text.replace("-", " ")))


def _table() -> dict[str, str]:
    table: dict[str, str] = {}
    for canonical, spellings in _MAKES.items():
        for spelling in (canonical, *spellings):
            table[_key(spelling)] = canonical
    return table


#: Folded spelling (dots dropped, hyphens as spaces) -> canonical make.
MAKES: Mapping[str, str] = MappingProxyType(_table())


def make_of(text: str) -> str | None:
    """The canonical make of a car text (`B.M.W. 318 iS` -> BMW), from its first word(s)."""
    if not text or len(text) > MAX_CELL:
        return None
    return _make_of(text)


# A car column repeats the same few models on every line.
@lru_cache(maxsize=4096)
def _make_of(text: str) -> str | None:
    words = _key(" ".join(text.split(None, _MAX_WORDS)[:_MAX_WORDS])).split(" ")
    for n in range(min(_MAX_WORDS, len(words)), 0, -1):
        make = MAKES.get(" ".join(words[:n]))
        if make:
            return make
    return None


def cars_on_last_lines(cells: Sequence[str]) -> bool:
    """Whether a column's cells of several lines end, most of them, with a car (`DURAND
    Paul / MARTIN Léa / Renault Clio RS`, one a line, under `Pilote / Copilote / Voiture`):
    settled by the column, so that a column of crews alone, some named after makes, gives no
    car."""
    several = [c for c in cells if "\n" in c]
    cars = sum(1 for c in several if is_car_line(c.rpartition("\n")[2]))
    return cars >= 2 and cars * 3 >= len(several) * 2


def is_car_line(text: str) -> bool:
    """A car's make and model (`Renault Clio RS`, `Alfa Romeo Giulia`), not a person named
    after a make: `FERRARI Marco` (a surname in capitals, then a first name), `Mercedes
    GARCIA` (a first name, then a surname in capitals)."""
    if make_of(text) is None:
        return False
    words = text.split()
    if len(words) < 2:
        return True
    capitals = [w.isupper() and w.isalpha() and len(w) > 1 for w in words]
    if capitals[0] and not any(capitals[1:]):
        return not any(is_first_name(w) for w in words[1:])
    if not capitals[0] and all(capitals[1:]):
        return not is_first_name(words[0])
    return True
