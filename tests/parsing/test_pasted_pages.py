"""A regional rally's classification copied out of a PDF viewer, page after page with no page
break in the text: at each page's foot a line naming the timekeeper, when it was printed and
the page, cut by the table's gutters into several cells; over each page the header again, on
two lines (`Copilote` under `Pilote`). The second page goes on with the first one's columns:
the header's second line repeated is no new table, and the foot of the page is no record."""

from __future__ import annotations

from results.parsing import parse
from tests.parsing.made import warnings

HEADER = (
    "Clt   N°  Pilote                         A.S.A.              Voiture                  "
    "Gr.    Cl.         Temps",
    "          Copilote                       A.S.A.",
)
FOOT = (
    "Chronométrage : Chrono'Layon - ChronoRallye 5.2            Edité le 22/06/2024 à 21:47"
    "            Page {page} / 2"
)
SURNAMES = ("LOISEAU", "PICHON", "GOURMELON", "BOUCHET", "SALAÜN", "VERDIER", "HAMON", "COLLET")
FIRST_NAMES = ("Alexis", "Élodie", "Hugo", "Pascal", "Adrien", "Gaëlle", "Loïc")
CLUBS = ("ASA Anjou", "ASA du Perche", "ASA Vendée", "ASA Loire Atlantique", "ASA Océane")
CARS = (("SKODA Fabia RS Rally2", "RC2", "Rally2"), ("PEUGEOT 306 S16", "F2000", "F2/14"),
        ("RENAULT Clio Williams", "A", "A7"), ("PEUGEOT 208 Rally4", "RC4", "Rally4"))  # fmt: skip
#: A page of the viewer holds this many records.
PER_PAGE = 12


def _crews() -> list[tuple]:
    """(place, number, driver, club, co-driver, car, group, class, time in ms)"""
    crews, elapsed = [], 3_243_500
    for i in range(2 * PER_PAGE):
        driver = f"{SURNAMES[i % 8]} {FIRST_NAMES[i % 7]}"
        codriver = f"{SURNAMES[(i + 3) % 8]} {FIRST_NAMES[(i + 4) % 7]}"
        car, group, klass = CARS[i % 4]
        crews.append((i + 1, str(3 + i * 7 % 60), driver, CLUBS[i % 5], codriver, car, group,
                      klass, elapsed))  # fmt: skip
        elapsed += 4_100 + i * 300
    return crews


def _clock(ms: int) -> str:
    return f"{ms // 60_000}:{ms // 1000 % 60:02d}.{ms // 100 % 10}"


def _record(crew: tuple) -> list[str]:
    place, number, driver, club, codriver, car, group, klass, time_ms = crew
    first = f"{place:>3}{number:>5} {driver:<31}{club:<21}{car:<24}{group:<6}{klass:<12}"
    return [first + f"{_clock(time_ms):>7}", f"{'':9}{codriver:<31}{CLUBS[(place + 2) % 5]}"]


def _text(crews: list[tuple]) -> str:
    lines = []
    for number in (1, 2):
        page = crews[(number - 1) * PER_PAGE : number * PER_PAGE]
        lines += ["Rallye Régional des Coteaux du Layon 2024", "CLASSEMENT GÉNÉRAL OFFICIEL", ""]
        lines += [*HEADER, *(line for crew in page for line in _record(crew))]
        lines += ["", FOOT.format(page=number), ""]
    return "\n".join(lines) + "\n"


def test_the_second_page_goes_on_under_the_header_repeated_on_two_lines() -> None:
    crews = _crews()
    sheet = parse(_text(crews).encode(), filename="classement.txt")
    assert len(sheet.entries) == len(crews)
    leader = crews[0][-1]
    for crew, entry in zip(crews, sheet.entries, strict=True):
        place, number, driver, club, codriver, car, group, klass, time_ms = crew
        assert (entry.position, entry.number) == (place, number)
        assert [f"{m.surname} {m.first_name}" for m in entry.crew] == [driver, codriver]
        assert (entry.club, entry.car, entry.group, entry.klass) == (club, car, group, klass)
        assert entry.time_ms == time_ms
        assert entry.gap_ms == time_ms - leader
    feet = [i for i in sheet.issues if "Page" in i.message and i.code == "line-skipped"]
    assert len(feet) == 2
    assert not [i for i in sheet.issues if i.code == "columns-realigned"]
    assert warnings(sheet) == []
